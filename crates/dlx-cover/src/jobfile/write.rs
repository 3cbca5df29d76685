//! A problem cut into a job file ([`cut`]), the split's identity ([`identity`]) and the
//! problem's hash ([`sha256_hex`]): one writer for the CLI's `--split` and the Python
//! package's `Problem.split`, so that both cut alike and refuse alike.

use sha2::{Digest, Sha256};

use super::lines::{Finished, Header, Job, JobLine, VERSION};
use crate::BigCount;
use crate::Cancel;
use crate::problem::Problem;
use crate::search::Solver;
use crate::split::{Part, Split};

/// SHA-256 of `bytes` as 64 lowercase hexadecimal digits: the problem's hash in every line.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A split's identity: the first 128 bits of the SHA-256 of its `split` line's fields
/// (all but the identity itself) and of each job and finished line's (all but the
/// identity), in file order, each ended by a newline; 32 lowercase hexadecimal digits.
/// Two splits differ in identity when they differ in any job, path, count or node count.
pub fn identity<'a>(header: &Header, parts: impl IntoIterator<Item = &'a JobLine>) -> String {
    let mut hasher = Sha256::new();
    hasher.update(header.identified().as_bytes());
    hasher.update(b"\n");
    for part in parts {
        let fields = match part {
            JobLine::Header(h) => h.identified(),
            JobLine::Job(j) => j.identified(),
            JobLine::Finished(f) => f.identified(),
        };
        hasher.update(fields.as_bytes());
        hasher.update(b"\n");
    }
    hex(&hasher.finalize()[..16])
}

/// Refuses a problem the job lines cannot split exactly: one with multiplicities (the
/// split's paths are those of Algorithms X and C, not of Algorithm M).
pub fn splittable(problem: &Problem) -> Result<(), String> {
    if problem.has_multiplicities() {
        return Err(
            "--split, --job and --jobs do not support multiplicities (items \
                    `a:b|name`), which this problem has: count it in one run"
                .to_string(),
        );
    }
    Ok(())
}

/// A job file: its `split` line and then its job and finished lines, in tree order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    /// The `split` line.
    pub header: Header,
    /// The job and finished lines, in tree order.
    pub lines: Vec<JobLine>,
}

impl Cut {
    /// The file's lines as written, the `split` line first.
    pub fn text_lines(&self) -> impl Iterator<Item = String> + '_ {
        std::iter::once(self.header.to_string()).chain(self.lines.iter().map(|l| l.to_string()))
    }
}

/// Cuts `problem` (whose text has SHA-256 `sha256`) into at least `at_least` jobs where
/// the tree has that many ([`Solver::split`]), as a job file; refused for a problem
/// [`splittable`] refuses.
pub fn cut(problem: &Problem, sha256: &str, at_least: usize) -> Result<Cut, String> {
    splittable(problem)?;
    Ok(job_file(Solver::new(problem).split(at_least), sha256))
}

/// [`cut`], stopped once `cancel` is set (`Ok(None)`): the flag is looked at before each
/// node the split expands ([`Solver::split_until`]).
pub fn cut_until(
    problem: &Problem,
    sha256: &str,
    at_least: usize,
    cancel: Cancel,
) -> Result<Option<Cut>, String> {
    splittable(problem)?;
    Ok(Solver::new(problem)
        .split_until(at_least, cancel)
        .map(|split| job_file(split, sha256)))
}

/// The job file of `split`, cut from a problem whose text has SHA-256 `sha256`.
fn job_file(split: Split, sha256: &str) -> Cut {
    let version = VERSION.to_string();
    let mut header = Header {
        jobs: split.open() as u64,
        finished: (split.parts.len() - split.open()) as u64,
        nodes: split.nodes,
        sha256: sha256.to_string(),
        version: version.clone(),
        id: String::new(),
    };
    let mut number = 0;
    let mut lines: Vec<JobLine> = split
        .parts
        .into_iter()
        .map(|part| match part {
            Part::Open(path) => {
                number += 1;
                JobLine::Job(Job {
                    number: number - 1,
                    path,
                    sha256: sha256.to_string(),
                    version: version.clone(),
                    split: String::new(),
                })
            }
            Part::Finished { path, solutions } => JobLine::Finished(Finished {
                path,
                count: BigCount::from(solutions),
                sha256: sha256.to_string(),
                version: version.clone(),
                split: String::new(),
            }),
        })
        .collect();
    let id = identity(&header, &lines);
    for line in &mut lines {
        match line {
            JobLine::Job(j) => j.split.clone_from(&id),
            JobLine::Finished(f) => f.split.clone_from(&id),
            JobLine::Header(_) => {}
        }
    }
    header.id = id;
    Cut { header, lines }
}
