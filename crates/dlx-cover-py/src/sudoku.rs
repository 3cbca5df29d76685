//! `dlx_cover.sudoku`'s native half: the library calls `sudoku-dlx` makes for `solve`,
//! `count`, `check`, `canon`, `rate`, `hint`, `explain` and `generate`, answered as Python
//! values (the Python module `dlx_cover/sudoku.py` documents them).

use dlx_sudoku::canon::Canonicalizer;
use dlx_sudoku::generate::{Generator, Settings, Symmetry};
use dlx_sudoku::logic::{Candidates, Level, Logic, Step};
use dlx_sudoku::{DlxSolver, GaveUp, Grid, Outcome, Shape, SudokuSolver, format};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::LimitReached;
use crate::run::value_error;
use crate::run::{self, interruptible};

/// The one puzzle of `text` (one line, or a grid over several), as the CLI reads it;
/// `ValueError` with the library's message when it does not parse, and when `text` holds
/// more than one puzzle (one would be dropped silently).
fn read(text: &str) -> PyResult<Grid> {
    let mut records = format::parse_str(text)
        .into_iter()
        .filter(|r| !r.is_label());
    let record = records
        .next()
        .ok_or_else(|| PyValueError::new_err("no puzzle found: give 81 characters, or a grid"))?;
    if let Some(second) = records.next() {
        return Err(PyValueError::new_err(format!(
            "more than one puzzle (another starts at line {}): give one at a time",
            second.line
        )));
    }
    if record.marks.is_some() {
        return Err(PyValueError::new_err(
            "pencilmarks are not taken here: give the givens",
        ));
    }
    record.grid.map_err(value_error)
}

fn gave_up(why: GaveUp) -> PyErr {
    LimitReached::new_err(format!("the search gave up: {why}"))
}

/// The lexicographically smallest fill, or `None` when there is none.
#[pyfunction]
#[pyo3(signature = (puzzle, timeout = None, max_nodes = None))]
pub fn solve(
    py: Python<'_>,
    puzzle: &str,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<Option<String>> {
    let grid = read(puzzle)?;
    let limits = run::limits(timeout, max_nodes)?;
    let outcome = interruptible(py, limits, |limits| {
        DlxSolver::new(grid.shape()).solve_within(&grid, limits)
    })?;
    match outcome {
        Outcome::Solved(answer) => Ok(Some(answer.to_line())),
        Outcome::NoSolution(_) => Ok(None),
        Outcome::GaveUp(why) => Err(gave_up(why)),
    }
}

/// The number of fills, up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = None, timeout = None, max_nodes = None))]
pub fn count(
    py: Python<'_>,
    puzzle: &str,
    limit: Option<u64>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<u64> {
    let grid = read(puzzle)?;
    let limits = run::limits(timeout, max_nodes)?;
    let counted = interruptible(py, limits, |limits| {
        DlxSolver::new(grid.shape()).count_within(&grid, limit.unwrap_or(u64::MAX), limits)
    })?;
    match counted.gave_up {
        Some(why) => Err(gave_up(why)),
        None => Ok(counted.solutions),
    }
}

/// Valid, unique, minimal, the redundant givens: as `sudoku-dlx check`.
#[pyfunction]
pub fn check<'py>(py: Python<'py>, puzzle: &str) -> PyResult<Bound<'py, PyDict>> {
    let grid = read(puzzle)?;
    let verdict = interruptible(py, dlx_cover::Limits::NONE, |_| {
        dlx_sudoku::check::check(&grid, &mut DlxSolver::new(grid.shape()))
    })?;
    let status = verdict.to_string();
    let redundant = verdict.redundant_names(grid.shape());
    let d = PyDict::new(py);
    d.set_item("status", status)?;
    d.set_item("valid", verdict.valid())?;
    d.set_item("unique", verdict.unique())?;
    d.set_item("minimal", verdict.minimal())?;
    d.set_item("redundant", redundant)?;
    d.set_item("givens", grid.givens())?;
    Ok(d)
}

/// The canonical form of a 9×9 puzzle, as `sudoku-dlx canon`.
#[pyfunction]
pub fn canon(puzzle: &str) -> PyResult<String> {
    let grid = read(puzzle)?;
    Canonicalizer::new()
        .canonical(&grid)
        .map(|(form, _)| form.to_line())
        .map_err(value_error)
}

/// The puzzle, its ladder and its candidates.
fn ladder(text: &str) -> PyResult<(Grid, Logic, Candidates)> {
    let puzzle = read(text)?;
    let logic = Logic::new(puzzle.shape());
    let board = logic.board(&puzzle).map_err(value_error)?;
    Ok((puzzle, logic, board))
}

/// The rating, as `sudoku-dlx rate`: level, score, hardest technique, effort, steps.
#[pyfunction]
pub fn rate<'py>(py: Python<'py>, puzzle: &str) -> PyResult<Bound<'py, PyDict>> {
    let (_, logic, board) = ladder(puzzle)?;
    let r =
        interruptible(py, dlx_cover::Limits::NONE, |_| logic.rate(&board))?.map_err(value_error)?;
    let d = PyDict::new(py);
    d.set_item("level", r.level.name())?;
    // Rounded in f64: an f32 rounded to tenths reads 2.299999952316284 in Python.
    d.set_item("score", (f64::from(r.score) * 10.0).round() / 10.0)?;
    d.set_item("hardest", r.hardest.map(|t| t.name()))?;
    d.set_item("effort", r.effort)?;
    d.set_item("steps", r.steps)?;
    Ok(d)
}

/// A step as a dict: technique, reason, cells, digits, placements, eliminations.
fn step_dict<'py>(py: Python<'py>, step: &Step, shape: Shape) -> PyResult<Bound<'py, PyDict>> {
    let pairs = |ps: &[(usize, u8)]| -> Vec<(usize, u8)> { ps.to_vec() };
    let d = PyDict::new(py);
    d.set_item("technique", step.technique.name())?;
    d.set_item("reason", step.reason(shape))?;
    d.set_item("cells", step.cells.clone())?;
    // A list of ints, as `cells` (a `Vec<u8>` would become `bytes`).
    let digits: Vec<u32> = step.digits.iter().map(|&d| u32::from(d)).collect();
    d.set_item("digits", digits)?;
    d.set_item("place", pairs(&step.place))?;
    d.set_item("eliminate", pairs(&step.eliminate))?;
    Ok(d)
}

/// The next logical step, as `sudoku-dlx hint`; `None` when the puzzle is solved.
#[pyfunction]
pub fn hint<'py>(py: Python<'py>, puzzle: &str) -> PyResult<Option<Bound<'py, PyDict>>> {
    let (grid, logic, board) = ladder(puzzle)?;
    match logic.hint(&board).map_err(value_error)? {
        None => Ok(None),
        Some(step) => step_dict(py, &step, grid.shape()).map(Some),
    }
}

/// Every step of the ladder to the solution, as `sudoku-dlx explain`, each with the grid
/// after it (`after`).
#[pyfunction]
pub fn explain<'py>(py: Python<'py>, puzzle: &str) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let (grid, logic, mut board) = ladder(puzzle)?;
    let steps = interruptible(py, dlx_cover::Limits::NONE, |_| logic.explain(&board))?
        .map_err(value_error)?;
    steps
        .iter()
        .map(|step| {
            let d = step_dict(py, step, grid.shape())?;
            logic.apply(&mut board, step);
            d.set_item("after", board.to_grid().to_line())?;
            Ok(d)
        })
        .collect()
}

/// Puzzles `0..count` of the generator's stream for `seed`, as `sudoku-dlx generate`: each
/// `{"puzzle", "fill", "level", "attempts"}`.
#[pyfunction]
#[pyo3(signature = (count = 1, seed = 0, difficulty = "any", symmetry = "none", size = 9))]
pub fn generate<'py>(
    py: Python<'py>,
    count: u64,
    seed: u64,
    difficulty: &str,
    symmetry: &str,
    size: usize,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let target: Option<Level> = match difficulty {
        "any" => None,
        name => Some(name.parse().map_err(value_error)?),
    };
    let symmetry: Symmetry = symmetry.parse().map_err(value_error)?;
    let shape = Shape::for_side(size)
        .ok_or_else(|| PyValueError::new_err(format!("no grid of side {size}")))?;
    let made = interruptible(py, dlx_cover::Limits::NONE, |limits| {
        let logic = Logic::new(shape);
        let mut generator = Generator::new(Settings {
            symmetry,
            ..Settings::new(shape, seed)
        });
        // Ctrl-C stops the generator inside a puzzle (a 25x25 one takes minutes).
        generator.set_limits(limits);
        let mut made = Vec::new();
        for index in 0..count {
            if limits.cancel.is_some_and(|c| c.is_set()) {
                break;
            }
            // The generator proved the puzzle unique: the level comes from the ladder's
            // path alone (`level_of_unique`), as `sudoku-dlx generate` takes it.
            made.push(generator.generate(index, |puzzle| {
                let level = logic.level_of_unique(&logic.board(puzzle).ok()?);
                target.is_none_or(|t| t == level).then_some(level)
            }));
        }
        made
    })?;
    made.into_iter()
        .map(|g| {
            let g = g.map_err(value_error)?;
            let d = PyDict::new(py);
            d.set_item("puzzle", g.puzzle.to_line())?;
            d.set_item("fill", g.fill.to_line())?;
            d.set_item("level", g.verdict.name())?;
            d.set_item("attempts", g.attempts)?;
            Ok(d)
        })
        .collect()
}
