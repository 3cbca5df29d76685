//! `Problem.split`, `dlx_cover.run_job`, `dlx_cover.merge`: the CLI's `cover --split`,
//! `--job` and `--merge`, on the line format of `dlx_cover::jobfile` (one copy for both).

use std::time::Instant;

use dlx_cover::Solver;
use dlx_cover::jobfile::{self, Finished, Header, Job, JobLine, Merge, Outcome, VERSION};
use dlx_cover::split::Part;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sha2::{Digest, Sha256};

use crate::cover::{Inner, Problem, value_error};
use crate::run::interruptible;

/// SHA-256 of the problem's Knuth text, as the CLI hashes the file it reads.
fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The job file's lines for `problem` cut into at least `n` jobs.
pub fn split_lines(problem: &Inner, n: usize) -> Vec<String> {
    let sha256 = sha256_hex(&problem.text);
    let split = Solver::new(&problem.problem).split(n);
    let header = Header {
        jobs: split.open() as u64,
        finished: (split.parts.len() - split.open()) as u64,
        nodes: split.nodes,
        sha256: sha256.clone(),
        version: VERSION.to_string(),
    };
    let mut lines = vec![header.to_string()];
    let mut number = 0;
    for part in split.parts {
        lines.push(match part {
            Part::Open(path) => {
                number += 1;
                Job {
                    number: number - 1,
                    path,
                    sha256: sha256.clone(),
                    version: VERSION.to_string(),
                }
                .to_string()
            }
            Part::Finished { path, solutions } => Finished {
                path,
                count: solutions,
                sha256: sha256.clone(),
                version: VERSION.to_string(),
            }
            .to_string(),
        });
    }
    lines
}

/// The problem a job names: a `Problem`, or its Knuth text.
#[derive(FromPyObject)]
pub enum ProblemArg<'py> {
    Problem(PyRef<'py, Problem>),
    Text(String),
}

/// Runs one job line of ``Problem.split`` (or of ``sudoku-dlx cover --split``) on
/// ``problem`` (a ``Problem`` or its Knuth text, the same the split was cut from) and
/// returns its result line (``result N count C nodes M seconds S sha256 H``), as
/// ``sudoku-dlx cover --job`` prints it. Raises ``ValueError`` for a malformed line, a job of
/// another problem or version, or a path not in the tree.
#[pyfunction]
pub fn run_job(py: Python<'_>, problem: ProblemArg<'_>, job: &str) -> PyResult<String> {
    let inner = match problem {
        ProblemArg::Problem(p) => p.snapshot(),
        ProblemArg::Text(text) => Inner {
            problem: dlx_cover::knuth::parse(&text)
                .map_err(value_error)?
                .named
                .problem,
            text,
        },
    };
    let job = match jobfile::parse_job_line(job) {
        Ok(JobLine::Job(job)) => job,
        Ok(_) => {
            return Err(PyValueError::new_err(
                "not a job line (`job N path P sha256 H version V`)",
            ));
        }
        Err(fault) => return Err(PyValueError::new_err(fault)),
    };
    let sha256 = sha256_hex(&inner.text);
    let fault = |what: String| PyValueError::new_err(format!("job {} {what}", job.number));
    job.check("the problem", &sha256).map_err(fault)?;
    let started = Instant::now();
    let run = interruptible(py, dlx_cover::Limits::NONE, |limits| {
        Solver::new(&inner.problem)
            .search_subtree(&job.path, limits, |_| std::ops::ControlFlow::Continue(()))
    })?
    .map_err(|e| {
        fault(format!(
            "has a path that is not in the search tree of the problem: {e}"
        ))
    })?;
    Ok(Outcome {
        job: job.number,
        count: run.solutions,
        nodes: run.nodes,
        seconds: started.elapsed().as_secs_f64(),
        sha256,
    }
    .to_string())
}

/// Adds up the results of a split, as ``sudoku-dlx cover --merge`` does: ``jobs`` is the
/// job file (its text, or its lines), ``results`` the result lines (each string may hold
/// several lines). Returns ``{"total", "nodes", "jobs", "finished", "seconds"}``; raises
/// ``ValueError`` when a job has no result or two, or a result is of another split.
#[pyfunction]
pub fn merge<'py>(
    py: Python<'py>,
    jobs: JobsArg,
    results: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let text = match jobs {
        JobsArg::Text(t) => t,
        JobsArg::Lines(l) => l.join("\n"),
    };
    let file = jobfile::read_job_file(&text)
        .map_err(|e| PyValueError::new_err(format!("jobs: line {}: {}", e.line, e.fault)))?;
    let mut merge = Merge::new(&file);
    for (k, r) in results.iter().enumerate() {
        merge.add(k, r, "the job file").map_err(|f| {
            PyValueError::new_err(format!(
                "results[{}]: line {}: {}",
                f.file, f.error.line, f.error.fault
            ))
        })?;
    }
    let merged = merge
        .finish(|k| format!("results[{k}]"))
        .map_err(|e| PyValueError::new_err(format!("merge: {e}")))?;
    let d = PyDict::new(py);
    d.set_item("total", merged.total)?;
    d.set_item("nodes", merged.nodes)?;
    d.set_item("jobs", merged.jobs)?;
    d.set_item("finished", merged.finished)?;
    d.set_item("seconds", merged.seconds)?;
    Ok(d)
}

/// A job file: its text, or its lines.
#[derive(FromPyObject)]
pub enum JobsArg {
    Text(String),
    Lines(Vec<String>),
}
