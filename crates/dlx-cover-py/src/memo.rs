//! The memoized count (Knuth's dlx6) and its ZDD from Python: `Problem.count_memo` and
//! `Problem.zdd` (through [`count`]), and `zdd_count`, `zdd_solutions`, `zdd_sample` on ZDD
//! text. Counts of any size come back as Python ints.

use dlx_cover::memo::{self, MemoRun};
use dlx_cover::zdd::{SplitMix64, Zdd};
use dlx_cover::{BigCount, Limits, SearchEnd};
use pyo3::prelude::*;

use crate::LimitReached;
use crate::run::{guarded, interruptible, value_error};

/// A count as a Python int, of any size.
pub fn to_int(py: Python<'_>, n: &BigCount) -> PyResult<Py<PyAny>> {
    let int = py.import("builtins")?.getattr("int")?;
    Ok(int.call1((n.to_string(),))?.unbind())
}

/// Runs the memoized search off the GIL; a limit that ends it raises `LimitReached` with
/// the count so far.
pub fn count(py: Python<'_>, problem: &dlx_cover::Problem, limits: Limits) -> PyResult<MemoRun> {
    let run = interruptible(py, limits, |limits| memo::count(problem, limits, None))?
        .map_err(value_error)?;
    let why = match run.end {
        SearchEnd::NodeLimit => "the node limit (max_nodes) ended the search",
        SearchEnd::Deadline => "the timeout ended the search",
        SearchEnd::Exhausted | SearchEnd::Stopped => return Ok(run),
    };
    Err(LimitReached::new_err((why, to_int(py, &run.count)?)))
}

fn parse(text: &str) -> PyResult<Zdd> {
    Zdd::parse(text.lines(), None).map_err(value_error)
}

/// The number of solutions of a ZDD in dlx6's text format (``Problem.zdd()``), an int of
/// any size.
#[pyfunction]
pub fn zdd_count(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    let zdd = parse(text)?;
    to_int(py, &zdd.count())
}

/// Up to ``limit`` solutions of a ZDD in dlx6's text format, each a sorted list of option
/// numbers (from 0).
#[pyfunction]
#[pyo3(signature = (text, limit = None))]
pub fn zdd_solutions(text: &str, limit: Option<u64>) -> PyResult<Vec<Vec<usize>>> {
    let zdd = parse(text)?;
    let limit = limit.unwrap_or(u64::MAX);
    guarded(|| {
        let mut all = Vec::new();
        if limit > 0 {
            zdd.solutions(|s| {
                let mut s = s.to_vec();
                s.sort_unstable();
                all.push(s);
                (all.len() as u64) < limit
            });
        }
        Ok(all)
    })
}

/// ``k`` solutions drawn uniformly at random (with replacement) from a ZDD in dlx6's text
/// format, each a sorted list of option numbers; the same ``seed``, the same draws (as
/// ``sudoku-dlx cover --from-zdd FILE --sample K --seed S``). Empty when there is none.
#[pyfunction]
#[pyo3(signature = (text, k, seed = 0))]
pub fn zdd_sample(text: &str, k: u64, seed: u64) -> PyResult<Vec<Vec<usize>>> {
    let zdd = parse(text)?;
    guarded(|| {
        let counts = zdd.counts();
        let mut rng = SplitMix64(seed);
        let mut drawn = Vec::new();
        for _ in 0..k.min(10_000_000) {
            match zdd.sample(&counts, || rng.next_word()) {
                Some(mut s) => {
                    s.sort_unstable();
                    drawn.push(s);
                }
                None => break,
            }
        }
        Ok(drawn)
    })
}
