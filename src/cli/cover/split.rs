//! `cover --split`, `--job`, `--jobs` and `--merge`: the search tree cut into jobs that
//! any scheduler can run (GNU parallel, a Slurm job array, a shell loop), then the
//! results checked and added up. The line formats are in `dlx_cover::jobfile`.
//!
//! Every job line carries the SHA-256 of the problem file it was cut from, the program
//! version (whose item choice defines the paths) and the split's identity, and ends with a
//! check of its fields: a job is refused, exit 2, when the problem or version differs from
//! the ones running it, or the line was changed. Every result line carries the problem's
//! hash and the split's identity too: `--merge` refuses, naming file and line, a result of
//! another problem or split, a changed or cut line, and a set of results in which a job is
//! missing or appears twice.

use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use dlx_cover::knuth::Parsed;
use dlx_cover::subtree::{self, BelowError};
use dlx_cover::{BigCount, Limits, Problem, SearchEnd, Solver};
use sha2::{Digest, Sha256};

use crate::cli::args::SplitArgs;
use crate::cli::error::{Error, Exit};
use crate::cli::error::{after_write, report};
use crate::cli::input::{COVER_LINE, LineReader, open};
use crate::cli::interrupt;
use crate::cli::profile::{cpu_since, thread_cpu_time};
use dlx_cover::jobfile::{self, Job, JobFile, JobLine, Outcome};

/// A reader that hashes (SHA-256) the bytes read through it.
pub struct Hashing<R> {
    inner: R,
    hasher: Sha256,
}

impl<R: BufRead> Hashing<R> {
    pub fn new(inner: R) -> Hashing<R> {
        Hashing {
            inner,
            hasher: Sha256::new(),
        }
    }

    /// The hash of everything read so far, as 64 lowercase hexadecimal digits.
    pub fn hex(&self) -> String {
        self.hasher
            .clone()
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

impl<R: BufRead> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Hashing<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if amount > 0
            && let Ok(buf) = self.inner.fill_buf()
        {
            self.hasher.update(&buf[..amount.min(buf.len())]);
        }
        self.inner.consume(amount);
    }
}

/// A fault at a line of a named input.
fn at(name: &str, line: usize, fault: String) -> Error {
    Error::At {
        name: name.to_string(),
        line,
        fault,
    }
}

/// Runs `--split`, `--job` or `--jobs` on the problem read from `name` (whose SHA-256 is
/// `sha256`), jobs counted by the memoized search when `memo` (`--memo on`); `None` when
/// none of them was asked for.
pub fn run(
    args: &SplitArgs,
    parsed: &Parsed,
    name: &str,
    sha256: &str,
    stats: bool,
    memo: bool,
) -> Option<Result<Exit, Error>> {
    let solver = Solver::new(&parsed.named.problem);
    let out = io::stdout();
    let mut out = io::BufWriter::new(out.lock());
    let result = if let Some(parts) = args.parts {
        split(parsed, parts, sha256, stats, &mut out).map(|()| Exit::Ok)
    } else if let Some(line) = &args.job {
        match jobfile::parse_job_line(line) {
            Ok(JobLine::Job(job)) => {
                let run = Run {
                    source: "--job",
                    problem: name,
                    sha256,
                    stats,
                    memo,
                };
                run_jobs(solver, &parsed.named.problem, &[(job, 1)], &run, &mut out)
            }
            Ok(_) => Err(at(
                "--job",
                1,
                "not a job line (`job N path P sha256 H version V split S check C`)".to_string(),
            )),
            Err(fault) => Err(at("--job", 1, fault)),
        }
    } else if let Some(file) = &args.jobs {
        let index = args.index.expect("clap requires --index with --jobs");
        read_job_file(file).and_then(|jobs| {
            let stride = args.stride.unwrap_or(u64::MAX);
            let picked: Vec<(Job, usize)> = (index..jobs.header.jobs)
                .step_by(usize::try_from(stride).unwrap_or(usize::MAX))
                .map(|k| (jobs.jobs[k as usize].clone(), jobs.job_lines[k as usize]))
                .collect();
            if picked.is_empty() {
                // An array of more tasks than jobs: the tasks past the last job succeed.
                report(&format!(
                    "note: --index {index}: {} has {} jobs, none for this index",
                    file.display(),
                    jobs.header.jobs
                ));
                return Ok(Exit::Ok);
            }
            let source = file.display().to_string();
            let run = Run {
                source: &source,
                problem: name,
                sha256,
                stats,
                memo,
            };
            run_jobs(solver, &parsed.named.problem, &picked, &run, &mut out)
        })
    } else {
        return None;
    };
    Some(result.and_then(|exit| after_write(out.flush()).map(|()| exit)))
}

/// `--split N`: the job file on standard output.
fn split<W: Write>(
    parsed: &Parsed,
    parts: u64,
    sha256: &str,
    stats: bool,
    out: &mut W,
) -> Result<(), Error> {
    let started = Instant::now();
    let at_least = usize::try_from(parts).unwrap_or(usize::MAX);
    let cut = jobfile::cut(&parsed.named.problem, sha256, at_least).map_err(Error::Usage)?;
    let mut written = Ok(());
    for line in cut.text_lines() {
        written = writeln!(out, "{line}");
        if written.is_err() {
            break;
        }
    }
    if stats {
        let h = &cut.header;
        report(&format!(
            "stats: split {} into {} jobs and {} finished subtrees, nodes {}, {:.3} s",
            h.id,
            h.jobs,
            h.finished,
            h.nodes,
            started.elapsed().as_secs_f64()
        ));
    }
    after_write(written)
}

/// Where jobs come from and what they run on.
struct Run<'a> {
    /// The job file's name (or `--job`).
    source: &'a str,
    /// The problem file's name, and its SHA-256.
    problem: &'a str,
    sha256: &'a str,
    /// `--stats`: one line per job on standard error.
    stats: bool,
    /// `--memo on`: each job counted by the memoized search.
    memo: bool,
}

/// What one job counted.
struct Counted {
    solutions: BigCount,
    nodes: u64,
    updates: u64,
}

/// A job's subtree counted by the memoized search; `None` when a signal stopped it.
fn count_with_memo(problem: &Problem, path: &[usize]) -> Result<Option<Counted>, BelowError> {
    interrupt::watch();
    let limits = Limits {
        cancel: Some(interrupt::cancel()),
        ..Limits::NONE
    };
    let counted = subtree::count_below(problem, path, limits)?;
    if counted.end != SearchEnd::Exhausted {
        return Ok(None);
    }
    Ok(Some(Counted {
        solutions: counted.count,
        nodes: counted.stats.nodes,
        updates: counted.stats.updates,
    }))
}

/// Runs each job (with the line it came from in `run.source`), one result line each,
/// written as soon as the job is done. A signal stops a job counted with memo: the
/// results written stand, and the exit says the run was interrupted.
fn run_jobs<W: Write>(
    mut solver: Solver,
    problem: &Problem,
    jobs: &[(Job, usize)],
    run: &Run,
    out: &mut W,
) -> Result<Exit, Error> {
    for (done, (job, line)) in jobs.iter().enumerate() {
        let fault = |what: String| at(run.source, *line, format!("job {} {what}", job.number));
        job.check(run.problem, run.sha256).map_err(fault)?;
        let started = Instant::now();
        let cpu = thread_cpu_time();
        let off_tree = |e: &dyn std::fmt::Display| {
            fault(format!(
                "has a path that is not in the search tree of {}: {e}",
                run.problem
            ))
        };
        let found = if run.memo {
            let counted = count_with_memo(problem, &job.path).map_err(|e| match e {
                BelowError::Path(e) => off_tree(&e),
                BelowError::Memo(e) => fault(e.to_string()),
            })?;
            let Some(counted) = counted else {
                let done = format!("{done} job result(s) written");
                let rest = format!("job {} and any after it were not counted", job.number);
                return Ok(interrupt::stopped(&done, &rest));
            };
            counted
        } else {
            // Jobs come in tree order: the solver goes back from one job's path only as far
            // as the next job's path starts the same way.
            let found = solver
                .count_next_subtree(&job.path)
                .map_err(|e| off_tree(&e))?;
            Counted {
                solutions: found.solutions.into(),
                nodes: found.nodes,
                updates: found.updates,
            }
        };
        let outcome = Outcome {
            job: job.number,
            count: found.solutions.clone(),
            nodes: found.nodes,
            seconds: started.elapsed().as_secs_f64(),
            sha256: run.sha256.to_string(),
            split: job.split.clone(),
        };
        if run.stats {
            let cpu = cpu_since(cpu).map_or("not measured".to_string(), |d| {
                format!("{:.3} s", d.as_secs_f64())
            });
            report(&format!(
                "stats: job {} solutions {}, nodes {}, link updates {}, cpu {cpu}, wall {:.3} s",
                job.number, found.solutions, found.nodes, found.updates, outcome.seconds
            ));
        }
        if let Err(e) = writeln!(out, "{outcome}").and_then(|()| out.flush()) {
            // A reader that went away ends the run quietly; anything else is an error.
            return after_write(Err(e)).map(|()| Exit::Ok);
        }
    }
    Ok(Exit::Ok)
}

/// Reads a whole file (`-`: standard input) as UTF-8 lines, each under the cap of a
/// problem's lines ([`COVER_LINE`]: a job's path is as long as the tree is deep).
fn read_text(path: &Path) -> Result<String, Error> {
    let (name, reader) = open(path)?;
    let mut lines = LineReader::new(reader).cap(COVER_LINE).stop_at_cap();
    let mut buf = Vec::new();
    let mut text = String::new();
    while let Some((line, full_len)) = lines.next_line(&mut buf).map_err(|source| Error::Read {
        name: name.clone(),
        source,
    })? {
        if full_len > buf.len() {
            return Err(at(
                &name,
                line,
                format!("line too long (over {COVER_LINE} bytes)"),
            ));
        }
        let utf8 =
            std::str::from_utf8(&buf).map_err(|_| at(&name, line, "not valid UTF-8".into()))?;
        text.push_str(utf8);
        text.push('\n');
    }
    Ok(text)
}

fn read_job_file(path: &Path) -> Result<JobFile, Error> {
    let text = read_text(path)?;
    jobfile::read_job_file(&text).map_err(|e| at(&path.display().to_string(), e.line, e.fault))
}

/// `--merge JOBS RESULTS...`: checks that every job has exactly one result and that the
/// hashes agree ([`jobfile::Merge`]), then prints `total N` and `nodes N`.
pub fn merge(files: &[PathBuf]) -> Result<Exit, Error> {
    let jobs_path = &files[0];
    let results = &files[1..];
    let jobs = read_job_file(jobs_path)?;
    let mut merge = jobfile::Merge::new(&jobs);
    let job_file = jobs_path.display().to_string();
    for (file, path) in results.iter().enumerate() {
        let text = read_text(path)?;
        merge.add(file, &text, &job_file).map_err(|f| {
            at(
                &results[f.file].display().to_string(),
                f.error.line,
                f.error.fault,
            )
        })?;
    }
    let merged = merge
        .finish(|k| results[k].display().to_string())
        .map_err(|fault| Error::Usage(format!("--merge: {fault}")))?;
    let (total, nodes, n, seconds) = (merged.total, merged.nodes, merged.jobs, merged.seconds);
    let out = io::stdout();
    let mut out = out.lock();
    after_write(
        writeln!(out, "total {total}")
            .and_then(|()| writeln!(out, "nodes {nodes}"))
            .and_then(|()| {
                writeln!(
                    out,
                    "jobs {n} finished {} seconds {seconds:.3}",
                    merged.finished
                )
            })
            .and_then(|()| out.flush()),
    )?;
    Ok(Exit::Ok)
}
