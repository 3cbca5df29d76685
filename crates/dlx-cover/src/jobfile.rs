//! Job lines and result lines: the plain-text format of `sudoku-dlx cover --split`,
//! `--job(s)` and `--merge` (and of the Python package's `split`, `run_job` and `merge`),
//! written and read here and nowhere else, and the checked sum of a split's results
//! ([`Merge`]). Pure text in and out: the callers read the files and hash the problem.
//!
//! ```text
//! split jobs 3 finished 1 nodes 17 sha256 9f86…08 version 0.1.0
//! job 0 path 0,4 sha256 9f86…08 version 0.1.0
//! finished path 0,5 count 0 sha256 9f86…08 version 0.1.0
//! job 1 path 1 sha256 9f86…08 version 0.1.0
//! job 2 path 2 sha256 9f86…08 version 0.1.0
//! result 0 count 12 nodes 345 seconds 0.012 sha256 9f86…08
//! ```
//!
//! A job file opens with one `split` line (how many jobs and finished subtrees follow, and
//! the search nodes the split itself spent), then the job and finished lines in tree order.
//! A path is the option numbers chosen from the root (options numbered from 0 in the order
//! of the problem file), separated by commas, `-` for the root itself. Fields are separated
//! by spaces; empty lines and lines starting with `#` are ignored everywhere.

use std::collections::BTreeMap;
use std::fmt::{self, Display};

mod merge;

pub use merge::{Merge, MergeFault, Merged};

/// The version written into job lines: paths are only meaningful to the version (and so
/// the item choice) of the engine that made them.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What is wrong with a line; the caller adds the file name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// Line number, from 1.
    pub line: usize,
    /// The fault, for people.
    pub fault: String,
}

impl LineError {
    fn new(line: usize, fault: impl Into<String>) -> LineError {
        LineError {
            line,
            fault: fault.into(),
        }
    }
}

/// The `split` line that opens a job file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// How many job lines follow.
    pub jobs: u64,
    /// How many finished lines follow.
    pub finished: u64,
    /// Search nodes spent by the split itself (above the jobs' subtrees).
    pub nodes: u64,
    /// SHA-256 of the problem text, 64 lowercase hexadecimal digits.
    pub sha256: String,
    /// The version of the engine that cut the split.
    pub version: String,
}

/// A `job` line: one subtree to search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// The job's number, from 0.
    pub number: u64,
    /// The options chosen from the root, in order.
    pub path: Vec<usize>,
    /// SHA-256 of the problem text, 64 lowercase hexadecimal digits.
    pub sha256: String,
    /// The version of the engine that cut the split.
    pub version: String,
}

/// A `finished` line: a subtree the split finished itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// The options chosen from the root, in order.
    pub path: Vec<usize>,
    /// Solutions counted in the subtree.
    pub count: u64,
    /// SHA-256 of the problem text, 64 lowercase hexadecimal digits.
    pub sha256: String,
    /// The version of the engine that cut the split.
    pub version: String,
}

/// A `result` line: what one job found.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The job's number.
    pub job: u64,
    /// Solutions counted in the subtree.
    pub count: u64,
    /// Search nodes the job spent.
    pub nodes: u64,
    /// Seconds the job took.
    pub seconds: f64,
    /// SHA-256 of the problem text, 64 lowercase hexadecimal digits.
    pub sha256: String,
}

impl Job {
    /// Refuses a job cut from another problem (`problem`, named so in the message, has
    /// hash `sha256`) or by another version, whose path may name another subtree.
    pub fn check(&self, problem: &str, sha256: &str) -> Result<(), String> {
        if self.sha256 != sha256 {
            return Err(format!(
                "was cut from a problem with SHA-256 {}, but {problem} has SHA-256 {sha256}",
                self.sha256
            ));
        }
        if self.version != VERSION {
            return Err(format!(
                "was cut by sudoku-dlx {}, this is {VERSION} (its item choice may differ, \
                 so the path may name another subtree): split again",
                self.version
            ));
        }
        Ok(())
    }
}

/// A path as written: option numbers separated by commas, `-` for the root.
struct PathText<'a>(&'a [usize]);

impl Display for PathText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("-");
        }
        for (k, o) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

impl Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "split jobs {} finished {} nodes {} sha256 {} version {}",
            self.jobs, self.finished, self.nodes, self.sha256, self.version
        )
    }
}

impl Display for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "job {} path {} sha256 {} version {}",
            self.number,
            PathText(&self.path),
            self.sha256,
            self.version
        )
    }
}

impl Display for Finished {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "finished path {} count {} sha256 {} version {}",
            PathText(&self.path),
            self.count,
            self.sha256,
            self.version
        )
    }
}

impl Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "result {} count {} nodes {} seconds {:.3} sha256 {}",
            self.job, self.count, self.nodes, self.seconds, self.sha256
        )
    }
}

/// The fields of one line, taken in order as `keyword value` pairs.
struct Fields<'a> {
    words: std::str::SplitAsciiWhitespace<'a>,
}

impl<'a> Fields<'a> {
    fn new(text: &'a str) -> Fields<'a> {
        Fields {
            words: text.split_ascii_whitespace(),
        }
    }

    fn keyword(&mut self, keyword: &str) -> Result<(), String> {
        match self.words.next() {
            Some(w) if w == keyword => Ok(()),
            Some(w) => Err(format!("expected `{keyword}`, found `{}`", shorten(w))),
            None => Err(format!("expected `{keyword}`, found the end of the line")),
        }
    }

    /// `keyword value`, the value read by `parse`.
    fn field<T>(
        &mut self,
        keyword: &str,
        parse: fn(&str) -> Result<T, String>,
    ) -> Result<T, String> {
        self.keyword(keyword)?;
        let value = self
            .words
            .next()
            .ok_or_else(|| format!("`{keyword}` has no value"))?;
        parse(value).map_err(|e| format!("{keyword}: {e}"))
    }

    /// The closing `sha256 H version V` of job, finished and split lines.
    fn stamp(&mut self) -> Result<(String, String), String> {
        Ok((
            self.field("sha256", sha256)?,
            self.field("version", version)?,
        ))
    }

    fn end(mut self) -> Result<(), String> {
        match self.words.next() {
            None => Ok(()),
            Some(w) => Err(format!("unexpected `{}` after the last field", shorten(w))),
        }
    }
}

/// At most 40 characters of a word, for messages.
fn shorten(word: &str) -> String {
    if word.chars().count() <= 40 {
        word.to_string()
    } else {
        format!("{}…", word.chars().take(40).collect::<String>())
    }
}

fn whole_number(text: &str) -> Result<u64, String> {
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{}` is not a whole number", shorten(text)));
    }
    text.parse()
        .map_err(|_| format!("`{}` is not a whole number below 2^64", shorten(text)))
}

fn path(text: &str) -> Result<Vec<usize>, String> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|o| {
            if o.is_empty() || !o.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            o.parse().ok()
        })
        .collect::<Option<Vec<usize>>>()
        .ok_or_else(|| {
            format!(
                "`{}` is not a path (option numbers separated by commas, or - for the root)",
                shorten(text)
            )
        })
}

fn sha256(text: &str) -> Result<String, String> {
    if text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        Ok(text.to_string())
    } else {
        Err(format!(
            "`{}` is not a SHA-256 (64 lowercase hexadecimal digits)",
            shorten(text)
        ))
    }
}

fn version(text: &str) -> Result<String, String> {
    Ok(text.to_string())
}

fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s)
            if s.is_finite()
                && s >= 0.0
                && text.bytes().all(|b| b.is_ascii_digit() || b == b'.') =>
        {
            Ok(s)
        }
        _ => Err(format!("`{}` is not a number of seconds", shorten(text))),
    }
}

/// Is this line to be skipped (empty or a comment)?
fn skipped(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t.starts_with('#')
}

/// One line of a job file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobLine {
    /// A `split` line.
    Header(Header),
    /// A `job` line.
    Job(Job),
    /// A `finished` line.
    Finished(Finished),
}

/// Parses a job, finished or split line.
pub fn parse_job_line(text: &str) -> Result<JobLine, String> {
    let mut f = Fields::new(text);
    let line = match text.split_ascii_whitespace().next() {
        Some("job") => {
            let number = f.field("job", whole_number)?;
            let path = f.field("path", path)?;
            let (sha256, version) = f.stamp()?;
            JobLine::Job(Job {
                number,
                path,
                sha256,
                version,
            })
        }
        Some("finished") => {
            f.keyword("finished")?;
            let path = f.field("path", path)?;
            let count = f.field("count", whole_number)?;
            let (sha256, version) = f.stamp()?;
            JobLine::Finished(Finished {
                path,
                count,
                sha256,
                version,
            })
        }
        Some("split") => {
            f.keyword("split")?;
            let jobs = f.field("jobs", whole_number)?;
            let finished = f.field("finished", whole_number)?;
            let nodes = f.field("nodes", whole_number)?;
            let (sha256, version) = f.stamp()?;
            JobLine::Header(Header {
                jobs,
                finished,
                nodes,
                sha256,
                version,
            })
        }
        Some(other) => {
            return Err(format!(
                "expected a line starting `job`, `finished` or `split`, found `{}`",
                shorten(other)
            ));
        }
        None => return Err("the line is empty".to_string()),
    };
    f.end()?;
    Ok(line)
}

/// Parses a `result` line.
pub fn parse_result_line(text: &str) -> Result<Outcome, String> {
    let mut f = Fields::new(text);
    let job = f.field("result", whole_number)?;
    let count = f.field("count", whole_number)?;
    let nodes = f.field("nodes", whole_number)?;
    let seconds = f.field("seconds", seconds)?;
    let sha256 = f.field("sha256", sha256)?;
    f.end()?;
    Ok(Outcome {
        job,
        count,
        nodes,
        seconds,
        sha256,
    })
}

/// A whole job file, checked: one `split` line first, then jobs numbered `0..jobs` each
/// once and the finished lines, all with the split line's hash and version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobFile {
    /// The `split` line.
    pub header: Header,
    /// Indexed by job number.
    pub jobs: Vec<Job>,
    /// The line of each job, by job number.
    pub job_lines: Vec<usize>,
    /// The finished lines, in file order.
    pub finished: Vec<Finished>,
}

/// Reads a job file written by `--split`.
pub fn read_job_file(text: &str) -> Result<JobFile, LineError> {
    let mut header: Option<(usize, Header)> = None;
    let mut jobs: Vec<(usize, Job)> = Vec::new();
    let mut finished = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        if skipped(raw) {
            continue;
        }
        let parsed = parse_job_line(raw).map_err(|e| LineError::new(line, e))?;
        let (sha, ver) = match &parsed {
            JobLine::Header(h) => (&h.sha256, &h.version),
            JobLine::Job(j) => (&j.sha256, &j.version),
            JobLine::Finished(f) => (&f.sha256, &f.version),
        };
        if let Some((at, h)) = &header {
            if *sha != h.sha256 {
                return Err(LineError::new(
                    line,
                    format!(
                        "sha256 {sha} differs from the split line's {} (line {at})",
                        h.sha256
                    ),
                ));
            }
            if *ver != h.version {
                return Err(LineError::new(
                    line,
                    format!("version {ver} differs from the split line's (line {at})"),
                ));
            }
        }
        match parsed {
            JobLine::Header(h) => {
                if let Some((at, _)) = header {
                    return Err(LineError::new(
                        line,
                        format!("a second split line (the first is line {at})"),
                    ));
                }
                header = Some((line, h));
            }
            _ if header.is_none() => {
                return Err(LineError::new(
                    line,
                    "the file must open with a split line, as --split writes it",
                ));
            }
            JobLine::Job(j) => jobs.push((line, j)),
            JobLine::Finished(f) => finished.push(f),
        }
    }
    let Some((header_line, header)) = header else {
        return Err(LineError::new(
            text.lines().count().max(1),
            "no split line: this is not a job file written by --split",
        ));
    };
    let n = header.jobs;
    // By number, in a map: a split line may promise up to 2^64 jobs, and only the lines
    // the file holds may cost memory or time.
    let mut slots: BTreeMap<u64, (usize, Job)> = BTreeMap::new();
    for (line, job) in jobs {
        if job.number >= n {
            return Err(LineError::new(
                line,
                format!(
                    "job {} is past the split line's {n} jobs (line {header_line})",
                    job.number
                ),
            ));
        }
        if let Some((first, _)) = slots.get(&job.number) {
            return Err(LineError::new(
                line,
                format!(
                    "job {} appears twice (lines {first} and {line})",
                    job.number
                ),
            ));
        }
        slots.insert(job.number, (line, job));
    }
    let last = text.lines().count().max(1);
    if slots.len() as u64 != n {
        let missing = gaps(slots.keys().copied(), n);
        return Err(LineError::new(
            last,
            format!(
                "the split line (line {header_line}) promises {n} jobs, but {} {} missing: {}",
                n - slots.len() as u64,
                if n - slots.len() as u64 == 1 {
                    "is"
                } else {
                    "are"
                },
                range_list(&missing)
            ),
        ));
    }
    if finished.len() as u64 != header.finished {
        return Err(LineError::new(
            last,
            format!(
                "the split line (line {header_line}) promises {} finished lines, but the file has {}",
                header.finished,
                finished.len()
            ),
        ));
    }
    let (job_lines, jobs) = slots.into_values().unzip();
    Ok(JobFile {
        header,
        jobs,
        job_lines,
        finished,
    })
}

/// Reads the result lines of one file (empty and `#` lines skipped), with their lines.
pub fn read_results(text: &str) -> Result<Vec<(usize, Outcome)>, LineError> {
    text.lines()
        .enumerate()
        .filter(|(_, raw)| !skipped(raw))
        .map(|(k, raw)| {
            parse_result_line(raw)
                .map(|o| (k + 1, o))
                .map_err(|e| LineError::new(k + 1, e))
        })
        .collect()
}

/// Sorted numbers as ranges for messages: `1, 4-7, 9`, at most 20 ranges, then `…`.
pub fn ranges(numbers: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &k in numbers {
        match runs.last_mut() {
            Some((_, end)) if end.checked_add(1) == Some(k) => *end = k,
            _ => runs.push((k, k)),
        }
    }
    range_list(&runs)
}

/// The runs of numbers in `0..n` missing from `present` (sorted, each below `n`), at most
/// 21 of them (one more than [`range_list`] shows), in time proportional to `present`.
fn gaps(present: impl Iterator<Item = u64>, n: u64) -> Vec<(u64, u64)> {
    let mut runs = Vec::new();
    let mut next = 0;
    for k in present.chain(std::iter::once(n)) {
        if k > next {
            runs.push((next, k - 1));
            if runs.len() > 20 {
                break;
            }
        }
        next = k.saturating_add(1);
    }
    runs
}

/// Runs of numbers as `1, 4-7, 9`: at most 20, then `…`.
fn range_list(runs: &[(u64, u64)]) -> String {
    let mut parts: Vec<String> = runs
        .iter()
        .take(20)
        .map(|&(start, end)| {
            if start == end {
                start.to_string()
            } else {
                format!("{start}-{end}")
            }
        })
        .collect();
    if runs.len() > 20 {
        parts.push("…".to_string());
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const H: &str = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

    fn sample_file() -> String {
        format!(
            "split jobs 2 finished 1 nodes 9 sha256 {H} version 0.1.0\n\
             # a comment\n\
             job 0 path 0,4 sha256 {H} version 0.1.0\n\
             finished path 0,5 count 1 sha256 {H} version 0.1.0\n\
             \n\
             job 1 path 1 sha256 {H} version 0.1.0\n"
        )
    }

    #[test]
    fn a_job_file_reads_back() {
        let f = read_job_file(&sample_file()).unwrap();
        assert_eq!(f.header.jobs, 2);
        assert_eq!(f.header.nodes, 9);
        assert_eq!(f.jobs[0].path, vec![0, 4]);
        assert_eq!(f.jobs[1].path, vec![1]);
        assert_eq!(f.job_lines, vec![3, 6]);
        assert_eq!(f.finished[0].count, 1);
    }

    /// Each fault of a job file: the line it names and words of the message.
    #[test]
    fn job_file_faults_name_their_line() {
        let good = sample_file();
        let cases: Vec<(String, usize, &str)> = vec![
            (
                good.replace("job 1 path", "jab 1 path"),
                6,
                "expected a line starting",
            ),
            (
                good.replace("job 1 path 1", "job x path 1"),
                6,
                "job: `x` is not a whole number",
            ),
            (good.replace("path 1 ", "path 1,,2 "), 6, "is not a path"),
            (good.replace("path 1 ", "path 1,-2 "), 6, "is not a path"),
            (
                good.replace("path 1 ", "route 1 "),
                6,
                "expected `path`, found `route`",
            ),
            (
                good.replacen(H, "abc", 2).replacen("abc", H, 1),
                3,
                "is not a SHA-256",
            ),
            (
                good.replace("version 0.1.0\n\njob 1", "version 0.1.0\n\njob 1 extra"),
                6,
                "expected `path`",
            ),
            (
                format!("{good}job 1 path 2 sha256 {H} version 0.1.0\n"),
                7,
                "job 1 appears twice (lines 6 and 7)",
            ),
            (
                good.replace("job 1 path 1", "job 7 path 1"),
                6,
                "past the split line's 2 jobs",
            ),
            (
                good.replace("split jobs 2", "split jobs 3"),
                6,
                "1 is missing: 2",
            ),
            (
                good.replace("finished 1 nodes", "finished 2 nodes"),
                6,
                "promises 2 finished lines",
            ),
            (
                good.replacen(H, &H.replace('2', "3"), 2)
                    .replacen(&H.replace('2', "3"), H, 1),
                3,
                "differs from the split line's",
            ),
            (
                good.replacen("version 0.1.0", "version 9", 2).replacen(
                    "version 9",
                    "version 0.1.0",
                    1,
                ),
                3,
                "version 9 differs",
            ),
            (
                good.lines().skip(1).collect::<Vec<_>>().join("\n"),
                2,
                "must open with a split line",
            ),
            (
                format!("{good}{}\n", good.lines().next().unwrap()),
                7,
                "a second split line",
            ),
            (String::new(), 1, "no split line"),
            (
                good.replace("nodes 9", "nodes 99999999999999999999999"),
                1,
                "below 2^64",
            ),
            (
                good.replace("version 0.1.0\n# a", "version 0.1.0 more\n# a"),
                1,
                "unexpected `more`",
            ),
        ];
        for (text, line, words) in cases {
            match read_job_file(&text) {
                Ok(_) => panic!("accepted, wanted {words:?}:\n{text}"),
                Err(e) => {
                    assert_eq!(e.line, line, "{e:?} for\n{text}");
                    assert!(e.fault.contains(words), "{e:?} lacks {words:?}");
                }
            }
        }
    }

    #[test]
    fn result_line_faults() {
        let good = format!("result 3 count 5 nodes 70 seconds 0.250 sha256 {H}");
        assert_eq!(parse_result_line(&good).unwrap().count, 5);
        for (bad, words) in [
            (good.replace("result 3", "result"), "is not a whole number"),
            (good.replace("count 5", "count -5"), "count: `-5`"),
            (
                good.replace("seconds 0.250", "seconds 1e9"),
                "not a number of seconds",
            ),
            (
                good.replace("seconds 0.250", "seconds NaN"),
                "not a number of seconds",
            ),
            (
                good.replace("nodes 70 ", ""),
                "expected `nodes`, found `seconds`",
            ),
            (format!("{good} 1"), "unexpected `1`"),
            (good.replace(H, "z"), "not a SHA-256"),
            ("job 1".to_string(), "expected `result`, found `job`"),
        ] {
            let e = parse_result_line(&bad).unwrap_err();
            assert!(e.contains(words), "{bad:?}: {e}");
        }
        let e = read_results(&format!("{good}\n\n# c\nresult 1\n")).unwrap_err();
        assert_eq!(e.line, 4);
    }

    #[test]
    fn ranges_compress() {
        assert_eq!(ranges(&[1, 4, 5, 6, 7, 9]), "1, 4-7, 9");
        assert_eq!(ranges(&[]), "");
        let many: Vec<u64> = (0..100).map(|k| k * 2).collect();
        assert!(ranges(&many).ends_with(", …"));
    }

    /// Found by the `jobfile` fuzz target: a split line promising 2^64 - 1 jobs made the
    /// reader list every missing number (a hang) or size a table by a job's number.
    #[test]
    fn huge_promises_cost_nothing() {
        let sha = "a".repeat(64);
        let head =
            format!("split jobs 18446744073709551615 finished 0 nodes 0 sha256 {sha} version v\n");
        let started = std::time::Instant::now();
        let e = read_job_file(&head).unwrap_err();
        assert_eq!(
            e.fault,
            "the split line (line 1) promises 18446744073709551615 jobs, but \
             18446744073709551615 are missing: 0-18446744073709551614"
        );
        let far = format!("{head}job 18446744073709551000 path - sha256 {sha} version v\n");
        let e = read_job_file(&far).unwrap_err();
        assert!(
            e.fault.ends_with(
                "missing: 0-18446744073709550999, 18446744073709551001-18446744073709551614"
            ),
            "{}",
            e.fault
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    fn sha() -> impl Strategy<Value = String> {
        "[0-9a-f]{64}"
    }

    proptest! {
        /// Every job, finished and result line reads back as what was written.
        #[test]
        fn lines_round_trip(
            number in any::<u64>(),
            path in prop::collection::vec(0usize..1_000_000, 0..12),
            count in any::<u64>(),
            nodes in any::<u64>(),
            millis in 0u64..10_000_000,
            sha256 in sha(),
            version in "[0-9a-z.+-]{1,12}",
        ) {
            let job = Job { number, path: path.clone(), sha256: sha256.clone(), version: version.clone() };
            prop_assert_eq!(parse_job_line(&job.to_string()), Ok(JobLine::Job(job)));
            let fin = Finished { path, count, sha256: sha256.clone(), version: version.clone() };
            prop_assert_eq!(parse_job_line(&fin.to_string()), Ok(JobLine::Finished(fin)));
            let head = Header { jobs: number, finished: count, nodes, sha256: sha256.clone(), version };
            prop_assert_eq!(parse_job_line(&head.to_string()), Ok(JobLine::Header(head)));
            let out = Outcome { job: number, count, nodes, seconds: millis as f64 / 1000.0, sha256 };
            let back = parse_result_line(&out.to_string()).unwrap();
            prop_assert_eq!((back.job, back.count, back.nodes), (out.job, out.count, out.nodes));
            prop_assert!((back.seconds - out.seconds).abs() < 1e-9);
        }

        /// Any text at all: the readers answer or name a line inside the text, never panic.
        #[test]
        fn arbitrary_text_never_panics(text in "(split |job |finished |result |path |count |sha256 |[0-9a-f,.\\- #\\n]|\\PC){0,200}") {
            let lines = text.lines().count().max(1);
            if let Err(e) = read_job_file(&text) {
                prop_assert!(e.line >= 1 && e.line <= lines, "{:?}", e);
                prop_assert!(!e.fault.is_empty());
            }
            if let Err(e) = read_results(&text) {
                prop_assert!(e.line >= 1 && e.line <= lines, "{:?}", e);
            }
        }

        /// A valid job file with one character changed is either read or refused with a
        /// line of the file: never a panic, never a job that was not there.
        #[test]
        fn one_character_changed(at in 0usize..400, byte in prop::sample::select(b"0123456789abcdefjx ,-\n#".to_vec())) {
            let mut text = format!(
                "split jobs 2 finished 1 nodes 9 sha256 {H} version 0.1.0\n\
                 job 0 path 0,4 sha256 {H} version 0.1.0\n\
                 finished path 0,5 count 1 sha256 {H} version 0.1.0\n\
                 job 1 path 1 sha256 {H} version 0.1.0\n"
            ).into_bytes();
            let at = at % text.len();
            text[at] = byte;
            let text = String::from_utf8(text).unwrap();
            match read_job_file(&text) {
                Ok(f) => prop_assert_eq!(f.jobs.len() as u64, f.header.jobs),
                Err(e) => prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1)),
            }
        }
    }
}
