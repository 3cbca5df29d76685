//! `Problem.split`, `dlx_cover.run_job`, `dlx_cover.merge`: the CLI's `cover --split`,
//! `--job` and `--merge`, on the line format of `dlx_cover::jobfile` (one copy for both).

use std::time::Instant;

use dlx_cover::jobfile::{self, JobLine, Merge, Outcome};
use dlx_cover::subtree::BelowError;
use dlx_cover::{BigCount, Limits, Solver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::cover::{Inner, Problem};
use crate::memo::to_int;
use crate::run::interruptible;
use crate::run::value_error;

/// The problem a job names: a `Problem`, or its Knuth text.
#[derive(FromPyObject)]
pub enum ProblemArg<'py> {
    Problem(PyRef<'py, Problem>),
    Text(String),
}

/// Runs one job line of ``Problem.split`` (or of ``sudoku-dlx cover --split``) on
/// ``problem`` (a ``Problem`` or its Knuth text, the same the split was cut from) and
/// returns its result line (``result N count C nodes M seconds S sha256 H split I check C``), as
/// ``sudoku-dlx cover --job`` prints it. Raises ``ValueError`` for a malformed line, a job of
/// another problem or version, or a path not in the tree. With ``memo=True`` the job is
/// counted by the memoized search (as ``--job LINE --memo on``): a count of any size, nodes
/// in dlx6's conventions.
#[pyfunction]
#[pyo3(signature = (problem, job, memo = false))]
pub fn run_job(py: Python<'_>, problem: ProblemArg<'_>, job: &str, memo: bool) -> PyResult<String> {
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
                "not a job line (`job N path P sha256 H version V split S check C`)",
            ));
        }
        Err(fault) => return Err(PyValueError::new_err(fault)),
    };
    jobfile::splittable(&inner.problem).map_err(PyValueError::new_err)?;
    let sha256 = jobfile::sha256_hex(inner.text.as_bytes());
    let fault = |what: String| PyValueError::new_err(format!("job {} {what}", job.number));
    job.check("the problem", &sha256).map_err(fault)?;
    let started = Instant::now();
    let off_tree = |e: &dyn std::fmt::Display| {
        fault(format!(
            "has a path that is not in the search tree of the problem: {e}"
        ))
    };
    let (count, nodes) = if memo {
        let run = interruptible(py, Limits::NONE, |limits| {
            dlx_cover::subtree::count_below(&inner.problem, &job.path, limits)
        })?
        .map_err(|e| match e {
            BelowError::Path(e) => off_tree(&e),
            BelowError::Memo(e) => fault(e.to_string()),
        })?;
        (run.count, run.stats.nodes)
    } else {
        let run = interruptible(py, Limits::NONE, |limits| {
            Solver::new(&inner.problem)
                .search_subtree(&job.path, limits, |_| std::ops::ControlFlow::Continue(()))
        })?
        .map_err(|e| off_tree(&e))?;
        (BigCount::from(run.solutions), run.nodes)
    };
    Ok(Outcome {
        job: job.number,
        count,
        nodes,
        seconds: started.elapsed().as_secs_f64(),
        sha256,
        split: job.split.clone(),
    }
    .to_string())
}

/// Adds up the results of a split, as ``sudoku-dlx cover --merge`` does: ``jobs`` is the
/// job file (its text, or its lines), ``results`` the result lines (each string may hold
/// several lines). Returns ``{"total", "nodes", "jobs", "finished", "seconds"}``; raises
/// ``ValueError`` (naming the line) when a job has no result or two, a result is of another
/// problem or split, or a line was changed or cut short: the CLI's checks
/// (``dlx_cover::jobfile::Merge``), not a copy.
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
    d.set_item("total", to_int(py, &merged.total)?)?;
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
