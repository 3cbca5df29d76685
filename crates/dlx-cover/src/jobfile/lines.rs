//! The lines themselves: each kind's fields, how it is written ([`Display`]) and read
//! ([`parse_job_line`], [`parse_result_line`]), and [`LineError`] for a faulty line.

use std::fmt::{self, Display};

use crate::BigCount;

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

/// The job-file format written here: the `format` field of the `split` line. Format 1
/// (before split identities and line checks) is refused.
pub const FORMAT: u64 = 2;

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
    /// The split's identity, 32 lowercase hexadecimal digits: a hash of this line's other
    /// fields and of every job and finished line ([`super::identity`]).
    pub id: String,
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
    /// The identity of the split the job belongs to ([`Header::id`]).
    pub split: String,
}

/// A `finished` line: a subtree the split finished itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// The options chosen from the root, in order.
    pub path: Vec<usize>,
    /// Solutions counted in the subtree.
    pub count: BigCount,
    /// SHA-256 of the problem text, 64 lowercase hexadecimal digits.
    pub sha256: String,
    /// The version of the engine that cut the split.
    pub version: String,
    /// The identity of the split ([`Header::id`]).
    pub split: String,
}

/// A `result` line: what one job found.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The job's number.
    pub job: u64,
    /// Solutions counted in the subtree, exact at any size (a job counted with memo may
    /// pass 2^64).
    pub count: BigCount,
    /// Search nodes the job spent.
    pub nodes: u64,
    /// Seconds the job took.
    pub seconds: f64,
    /// SHA-256 of the problem text, 64 lowercase hexadecimal digits.
    pub sha256: String,
    /// The identity of the split the job belongs to ([`Header::id`]).
    pub split: String,
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

impl Header {
    /// The fields the split's identity covers: all but `id` (and the check).
    pub(super) fn identified(&self) -> String {
        format!(
            "split format {FORMAT} jobs {} finished {} nodes {} sha256 {} version {}",
            self.jobs, self.finished, self.nodes, self.sha256, self.version
        )
    }
}

impl Job {
    /// The fields the split's identity covers: all but `split` (and the check).
    pub(super) fn identified(&self) -> String {
        format!(
            "job {} path {} sha256 {} version {}",
            self.number,
            PathText(&self.path),
            self.sha256,
            self.version
        )
    }
}

impl Finished {
    /// The fields the split's identity covers: all but `split` (and the check).
    pub(super) fn identified(&self) -> String {
        format!(
            "finished path {} count {} sha256 {} version {}",
            PathText(&self.path),
            self.count,
            self.sha256,
            self.version
        )
    }
}

/// Writes `fields`, then ` check C`: `C` the CRC-32 of `fields` as written.
fn checked(f: &mut fmt::Formatter<'_>, fields: &str) -> fmt::Result {
    write!(f, "{fields} check {:08x}", crc32(fields.as_bytes()))
}

impl Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        checked(f, &format!("{} id {}", self.identified(), self.id))
    }
}

impl Display for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        checked(f, &format!("{} split {}", self.identified(), self.split))
    }
}

impl Display for Finished {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        checked(f, &format!("{} split {}", self.identified(), self.split))
    }
}

impl Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fields = format!(
            "result {} count {} nodes {} seconds {:.3} sha256 {} split {}",
            self.job, self.count, self.nodes, self.seconds, self.sha256, self.split
        );
        checked(f, &fields)
    }
}

/// CRC-32 (the polynomial of zlib, PNG and Ethernet) of `bytes`: any change confined to
/// 32 consecutive bits of a line, a changed digit among them, changes it.
pub(super) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xedb8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

/// The message for a line of the job-file format 1, which had no split identity and no
/// check.
const FORMAT_1: &str = "the line ends before its split identity: it was cut short, or it is \
     of job-file format 1 (no split identity, no check), written by an older sudoku-dlx: cut \
     the problem again with --split and run its jobs again";

/// The fields of one line, taken in order as `keyword value` pairs.
struct Fields<'a> {
    words: std::str::SplitAsciiWhitespace<'a>,
    /// The words read so far, which the closing check covers.
    read: Vec<&'a str>,
}

impl<'a> Fields<'a> {
    fn new(text: &'a str) -> Fields<'a> {
        Fields {
            words: text.split_ascii_whitespace(),
            read: Vec::new(),
        }
    }

    fn next(&mut self) -> Option<&'a str> {
        let word = self.words.next()?;
        self.read.push(word);
        Some(word)
    }

    fn keyword(&mut self, keyword: &str) -> Result<(), String> {
        match self.next() {
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
            .next()
            .ok_or_else(|| format!("`{keyword}` has no value"))?;
        parse(value).map_err(|e| format!("{keyword}: {e}"))
    }

    /// The `sha256 H version V` of job, finished and split lines.
    fn stamp(&mut self) -> Result<(String, String), String> {
        Ok((
            self.field("sha256", sha256)?,
            self.field("version", version)?,
        ))
    }

    /// `keyword ID`, a split's identity; a line that ends before it is of format 1.
    fn identity(&mut self, keyword: &str) -> Result<String, String> {
        if self.words.clone().next().is_none() {
            return Err(FORMAT_1.to_string());
        }
        self.field(keyword, identity)
    }

    /// The closing `check C`: the CRC-32 of the words before it, separated by one space.
    fn check(&mut self) -> Result<(), String> {
        let covered = self.read.join(" ");
        let check = self.field("check", hex32)?;
        if check != crc32(covered.as_bytes()) {
            return Err(format!(
                "the line's check {check:08x} does not match its fields: the line was changed \
                 or cut short (run its job again, or split again)"
            ));
        }
        Ok(())
    }

    fn end(mut self) -> Result<(), String> {
        match self.next() {
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

/// The most digits of a count read: far past any count a search can reach (2^66,000),
/// and few enough that reading one costs nothing.
pub const MAX_COUNT_DIGITS: usize = 20_000;

/// A count of solutions: decimal digits, as many as it takes (up to [`MAX_COUNT_DIGITS`]).
fn solutions(text: &str) -> Result<BigCount, String> {
    if text.len() > MAX_COUNT_DIGITS && text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "a number of {} digits is more than the {MAX_COUNT_DIGITS} digits a count may have",
            text.len()
        ));
    }
    text.parse()
        .map_err(|_| format!("`{}` is not a whole number", shorten(text)))
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

/// A split's identity: 32 lowercase hexadecimal digits.
fn identity(text: &str) -> Result<String, String> {
    if text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        Ok(text.to_string())
    } else {
        Err(format!(
            "`{}` is not a split identity (32 lowercase hexadecimal digits)",
            shorten(text)
        ))
    }
}

/// A line's check: 8 lowercase hexadecimal digits.
fn hex32(text: &str) -> Result<u32, String> {
    if text.len() == 8 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        u32::from_str_radix(text, 16).map_err(|e| e.to_string())
    } else {
        Err(format!(
            "`{}` is not a line check (8 lowercase hexadecimal digits)",
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

impl Display for JobLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JobLine::Header(h) => h.fmt(f),
            JobLine::Job(j) => j.fmt(f),
            JobLine::Finished(x) => x.fmt(f),
        }
    }
}

/// Parses a job, finished or split line, checking its check.
pub fn parse_job_line(text: &str) -> Result<JobLine, String> {
    let mut f = Fields::new(text);
    let line = match text.split_ascii_whitespace().next() {
        Some("job") => {
            let number = f.field("job", whole_number)?;
            let path = f.field("path", path)?;
            let (sha256, version) = f.stamp()?;
            let split = f.identity("split")?;
            JobLine::Job(Job {
                number,
                path,
                sha256,
                version,
                split,
            })
        }
        Some("finished") => {
            f.keyword("finished")?;
            let path = f.field("path", path)?;
            let count = f.field("count", solutions)?;
            let (sha256, version) = f.stamp()?;
            let split = f.identity("split")?;
            JobLine::Finished(Finished {
                path,
                count,
                sha256,
                version,
                split,
            })
        }
        Some("split") => {
            f.keyword("split")?;
            if text.split_ascii_whitespace().nth(1) == Some("jobs") {
                return Err(FORMAT_1.to_string());
            }
            let format = f.field("format", whole_number)?;
            if format != FORMAT {
                return Err(format!(
                    "job-file format {format}: this sudoku-dlx reads format {FORMAT}; cut the \
                     problem again with --split"
                ));
            }
            let jobs = f.field("jobs", whole_number)?;
            let finished = f.field("finished", whole_number)?;
            let nodes = f.field("nodes", whole_number)?;
            let (sha256, version) = f.stamp()?;
            let id = f.identity("id")?;
            JobLine::Header(Header {
                jobs,
                finished,
                nodes,
                sha256,
                version,
                id,
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
    f.check()?;
    f.end()?;
    Ok(line)
}

/// Parses a `result` line, checking its check.
pub fn parse_result_line(text: &str) -> Result<Outcome, String> {
    let mut f = Fields::new(text);
    let job = f.field("result", whole_number)?;
    let count = f.field("count", solutions)?;
    let nodes = f.field("nodes", whole_number)?;
    let seconds = f.field("seconds", seconds)?;
    let sha256 = f.field("sha256", sha256)?;
    let split = f.identity("split")?;
    f.check()?;
    f.end()?;
    Ok(Outcome {
        job,
        count,
        nodes,
        seconds,
        sha256,
        split,
    })
}
