//! The native module `dlx_cover._native` behind the Python package `dlx_cover`: exact cover
//! ([`cover`], [`split`]) and Sudoku ([`sudoku`]) from the library crates, every search run
//! with the GIL released, Ctrl-C honoured and panics caught: by [`run`], except the lazy
//! iterator of [`cover`] (paused and resumed on the calling thread; with multiplicities,
//! on a thread of its own, [`threaded`]).

use pyo3::prelude::*;

pub mod cover;
pub mod memo;
pub mod run;
pub mod split;
pub mod sudoku;
pub mod threaded;

pyo3::create_exception!(
    dlx_cover,
    LimitReached,
    pyo3::exceptions::PyRuntimeError,
    "A search stopped at its timeout or max_nodes before it finished; args[1], when present, is what it found so far."
);

/// Panics on purpose, on a search thread: how the tests check that a panic reaches Python as
/// a `RuntimeError`, never a crash.
#[pyfunction]
fn _force_panic(py: Python<'_>) -> PyResult<()> {
    run::interruptible(py, dlx_cover::Limits::NONE, |_| -> () {
        panic!("forced by _force_panic")
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<cover::Problem>()?;
    m.add_class::<cover::Solutions>()?;
    m.add("LimitReached", m.py().get_type::<LimitReached>())?;
    m.add_function(wrap_pyfunction!(split::run_job, m)?)?;
    m.add_function(wrap_pyfunction!(split::merge, m)?)?;
    m.add_function(wrap_pyfunction!(memo::zdd_count, m)?)?;
    m.add_function(wrap_pyfunction!(memo::zdd_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(memo::zdd_sample, m)?)?;
    m.add_function(wrap_pyfunction!(_force_panic, m)?)?;
    for f in [
        wrap_pyfunction!(sudoku::solve, m)?,
        wrap_pyfunction!(sudoku::count, m)?,
        wrap_pyfunction!(sudoku::check, m)?,
        wrap_pyfunction!(sudoku::canon, m)?,
        wrap_pyfunction!(sudoku::rate, m)?,
        wrap_pyfunction!(sudoku::hint, m)?,
        wrap_pyfunction!(sudoku::explain, m)?,
        wrap_pyfunction!(sudoku::generate, m)?,
    ] {
        let name: String = f.getattr("__name__")?.extract()?;
        m.add(format!("sudoku_{name}"), f)?;
    }
    Ok(())
}
