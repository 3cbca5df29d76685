//! [`Merge`]: the checked sum of a split's result lines, for `--merge` and the Python
//! package's `merge`.

use super::lines::LineError;
use super::read::{JobFile, ranges, read_results};
use crate::BigCount;

/// The checked sum of a split's results.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    /// Solutions: the finished subtrees' and every job's, exact at any size.
    pub total: BigCount,
    /// Search nodes: the split's and every job's.
    pub nodes: u128,
    /// Jobs in the split.
    pub jobs: u64,
    /// Finished subtrees in the split.
    pub finished: usize,
    /// Seconds the jobs took, added up.
    pub seconds: f64,
}

/// A fault at a line of one of the results given to [`Merge::add`]: `file` is the index
/// the caller gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeFault {
    /// The results file, as numbered by the caller.
    pub file: usize,
    /// What is wrong, and where.
    pub error: LineError,
}

/// Where a result line is: (results file, line).
type At = (usize, usize);

/// Adds up the results of a split's jobs, checking that each belongs to the split (the
/// problem's hash, the split's identity and a job number of the split; each line's check
/// is checked when it is read) and that every job has exactly one result.
#[derive(Debug, Clone)]
pub struct Merge<'a> {
    jobs: &'a JobFile,
    /// Where each job's result was first seen (file, line).
    seen: Vec<Option<At>>,
    /// Results for a job already seen: (job, first (file, line), again (file, line)).
    twice: Vec<(u64, At, At)>,
    merged: Merged,
}

impl<'a> Merge<'a> {
    /// Starts the sum with the split's own finished subtrees and nodes.
    pub fn new(jobs: &'a JobFile) -> Merge<'a> {
        Merge {
            jobs,
            seen: vec![None; jobs.jobs.len()],
            twice: Vec::new(),
            merged: Merged {
                total: jobs
                    .finished
                    .iter()
                    .fold(BigCount::default(), |sum, f| &sum + &f.count),
                nodes: u128::from(jobs.header.nodes),
                jobs: jobs.header.jobs,
                finished: jobs.finished.len(),
                seconds: 0.0,
            },
        }
    }

    /// Adds the result lines of the text of results file number `file` (`job_file` names
    /// the job file in messages). A result of another split (another hash) or of a job the
    /// split does not have is refused here, naming the job; a result for a job already seen
    /// is kept aside for [`Merge::finish`].
    pub fn add(&mut self, file: usize, text: &str, job_file: &str) -> Result<(), MergeFault> {
        let fault = |line: usize, fault: String| MergeFault {
            file,
            error: LineError::new(line, fault),
        };
        let n = self.seen.len();
        for (line, outcome) in read_results(text).map_err(|error| MergeFault { file, error })? {
            let header = &self.jobs.header;
            if outcome.sha256 != header.sha256 {
                return Err(fault(
                    line,
                    format!(
                        "job {} is of another problem: the result's SHA-256 {} is not \
                         {job_file}'s {}",
                        outcome.job, outcome.sha256, header.sha256
                    ),
                ));
            }
            if outcome.split != header.id {
                return Err(fault(
                    line,
                    format!(
                        "job {} is of another split of the problem: the result's split {} is \
                         not {job_file}'s {} (run the jobs of one split and merge them with \
                         its job file; keep each split's results apart)",
                        outcome.job, outcome.split, header.id
                    ),
                ));
            }
            let Some(slot) = usize::try_from(outcome.job)
                .ok()
                .and_then(|k| self.seen.get_mut(k))
            else {
                return Err(fault(
                    line,
                    format!("job {} is not in {job_file} (it has {n} jobs)", outcome.job),
                ));
            };
            if let Some(first) = *slot {
                self.twice.push((outcome.job, first, (file, line)));
                continue;
            }
            *slot = Some((file, line));
            self.merged.total += &outcome.count;
            self.merged.nodes += u128::from(outcome.nodes);
            self.merged.seconds += outcome.seconds;
        }
        Ok(())
    }

    /// The sum, or why it is refused: the jobs without a result and the results for a job
    /// already seen, with the job numbers (`name` names results file number `k`).
    pub fn finish(self, name: impl Fn(usize) -> String) -> Result<Merged, String> {
        let n = self.seen.len();
        let missing: Vec<u64> = (0..n as u64)
            .filter(|&k| self.seen[k as usize].is_none())
            .collect();
        if missing.is_empty() && self.twice.is_empty() {
            return Ok(self.merged);
        }
        let mut faults = Vec::new();
        if !missing.is_empty() {
            faults.push(format!(
                "{} of {n} jobs have no result: {}",
                missing.len(),
                ranges(&missing)
            ));
        }
        if !self.twice.is_empty() {
            let twice = &self.twice;
            let shown: Vec<String> = twice
                .iter()
                .take(10)
                .map(|&(job, (f1, l1), (f2, l2))| {
                    format!("job {job} ({}:{l1} and {}:{l2})", name(f1), name(f2))
                })
                .collect();
            faults.push(format!(
                "{} {} for a job already seen: {}{}",
                twice.len(),
                if twice.len() == 1 {
                    "result is"
                } else {
                    "results are"
                },
                shown.join(", "),
                if twice.len() > shown.len() {
                    ", …"
                } else {
                    ""
                }
            ));
        }
        Err(faults.join("; "))
    }
}
