//! The lines themselves: each kind's fields, how it is written ([`Display`]) and read
//! ([`parse_job_line`], [`parse_result_line`]), and [`LineError`] for a faulty line.

use std::fmt::{self, Display};

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
    pub(super) fn new(line: usize, fault: impl Into<String>) -> LineError {
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
pub(super) fn skipped(text: &str) -> bool {
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
