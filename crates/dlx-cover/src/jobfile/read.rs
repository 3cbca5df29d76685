//! Whole files: a job file read and checked against its split line ([`read_job_file`]),
//! a results file ([`read_results`]), and number ranges for their messages.

use std::collections::BTreeMap;

use super::lines::{
    Finished, Header, Job, JobLine, LineError, Outcome, parse_job_line, parse_result_line, skipped,
};

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
    let (header_line, header, jobs, finished) = read_lines(text)?;
    let last = text.lines().count().max(1);
    let slots = number_jobs(jobs, &header, header_line, last)?;
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

/// The lines of a job file as read: the split line (with its line number), the jobs (with
/// theirs) and the finished lines, each checked against the split line's hash and version.
#[allow(clippy::type_complexity)] // one tuple, taken apart at its one call
fn read_lines(text: &str) -> Result<(usize, Header, Vec<(usize, Job)>, Vec<Finished>), LineError> {
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
    Ok((header_line, header, jobs, finished))
}

/// The jobs by number, each once and all `0..jobs` of the split line there (`last` is the
/// file's last line, for the message when some are missing).
fn number_jobs(
    jobs: Vec<(usize, Job)>,
    header: &Header,
    header_line: usize,
    last: usize,
) -> Result<BTreeMap<u64, (usize, Job)>, LineError> {
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
    Ok(slots)
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
