//! Whole files: a job file read and checked against its split line ([`read_job_file`]),
//! a results file ([`read_results`]), and number ranges for their messages.

use std::collections::BTreeMap;

use super::lines::{
    Finished, Header, Job, JobLine, LineError, Outcome, parse_job_line, parse_result_line, skipped,
};
use super::write::identity;

/// A whole job file, checked: one `split` line first, then jobs numbered `0..jobs` each
/// once and the finished lines, all with the split line's hash, version and identity,
/// each line's check right, the identity that of these lines, and no path twice or inside
/// another.
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
    let (header_line, header, parts) = read_lines(text)?;
    let last = text.lines().count().max(1);
    let id = identity(&header, parts.iter().map(|(_, p)| p));
    let mut jobs = Vec::new();
    let mut finished = Vec::new();
    for (line, part) in &parts {
        match part {
            JobLine::Job(j) => jobs.push((*line, j.clone())),
            JobLine::Finished(f) => finished.push(f.clone()),
            JobLine::Header(_) => {}
        }
    }
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
    if id != header.id {
        return Err(LineError::new(
            header_line,
            format!(
                "the split's identity {} is not that of the file's lines ({id}): a line was \
                 added, removed, moved or changed",
                header.id
            ),
        ));
    }
    disjoint(&parts)?;
    let (job_lines, jobs) = slots.into_values().unzip();
    Ok(JobFile {
        header,
        jobs,
        job_lines,
        finished,
    })
}

/// The lines of a job file as read: the split line (with its line number), then the job
/// and finished lines in file order (with theirs), each checked against the split line's
/// hash, version and identity.
#[allow(clippy::type_complexity)] // one tuple, taken apart at its one call
fn read_lines(text: &str) -> Result<(usize, Header, Vec<(usize, JobLine)>), LineError> {
    let mut header: Option<(usize, Header)> = None;
    let mut parts: Vec<(usize, JobLine)> = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        if skipped(raw) {
            continue;
        }
        let parsed = parse_job_line(raw).map_err(|e| LineError::new(line, e))?;
        let (sha, ver, id) = match &parsed {
            JobLine::Header(h) => (&h.sha256, &h.version, &h.id),
            JobLine::Job(j) => (&j.sha256, &j.version, &j.split),
            JobLine::Finished(f) => (&f.sha256, &f.version, &f.split),
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
            if *id != h.id {
                return Err(LineError::new(
                    line,
                    format!(
                        "split {id} differs from the split line's identity {} (line {at}): \
                         the line is of another split",
                        h.id
                    ),
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
            part => parts.push((line, part)),
        }
    }
    let Some((header_line, header)) = header else {
        return Err(LineError::new(
            text.lines().count().max(1),
            "no split line: this is not a job file written by --split",
        ));
    };
    Ok((header_line, header, parts))
}

/// Refuses two job or finished lines of the same path, or of a path inside another's
/// subtree (the one path a prefix of the other): their solutions would be counted twice.
fn disjoint(parts: &[(usize, JobLine)]) -> Result<(), LineError> {
    fn path(p: &JobLine) -> &[usize] {
        match p {
            JobLine::Job(j) => &j.path,
            JobLine::Finished(f) => &f.path,
            JobLine::Header(_) => &[],
        }
    }
    let mut sorted: Vec<(&[usize], usize)> = parts.iter().map(|(l, p)| (path(p), *l)).collect();
    sorted.sort_unstable();
    // In this order a path that starts another comes right before some path it starts.
    for pair in sorted.windows(2) {
        let ((a, la), (b, lb)) = (pair[0], pair[1]);
        if b.starts_with(a) {
            let (first, second) = (la.min(lb), la.max(lb));
            let fault = if a == b {
                format!("the same path as line {first}: its subtree would be counted twice")
            } else if lb == second {
                format!("its path lies inside the subtree of line {first}: counted twice")
            } else {
                format!("its subtree holds the path of line {first}: counted twice")
            };
            return Err(LineError::new(second, fault));
        }
    }
    Ok(())
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
