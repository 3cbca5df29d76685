//! What every Sudoku solver offers ([`SudokuSolver`]) and how it answers: the outcome of
//! solving ([`Outcome`], [`NoSolution`], [`GaveUp`], with the [`Progress`] a search that
//! gave up had made) and of counting ([`CountOutcome`]).
//!
//! The one table of solvers, by name, is [`crate::solver_table`].

use dlx_cover::{Limits, SearchEnd};

use crate::grid::{Clash, Grid};

/// Why a puzzle has no fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoSolution {
    /// Two givens clash.
    Clash(Clash),
    /// The givens are consistent, but no fill completes them.
    Unsolvable,
}

impl std::fmt::Display for NoSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoSolution::Clash(c) => write!(f, "{c}"),
            NoSolution::Unsolvable => f.write_str("no fill completes the givens"),
        }
    }
}

/// The result of solving one puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The lexicographically smallest fill.
    Solved(Grid),
    /// There is none.
    NoSolution(NoSolution),
    /// A limit was reached first.
    GaveUp(GaveUp),
}

/// What the last solve had learnt about the smallest fill when a limit ended it
/// ([`SudokuSolver::progress`]): the partial work of a search that gave up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    /// Some fill of the puzzle was found (the givens have a fill, perhaps not the smallest).
    pub fill_exists: bool,
    /// The first cells of the smallest fill (row-major values, givens included), as far as
    /// they were settled: each is the smallest value that extends, given those before it.
    pub settled: Vec<u8>,
}

/// Which limit ended a search early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GaveUp {
    /// `max_nodes` search nodes were used.
    NodeLimit,
    /// The deadline passed.
    Timeout,
}

impl std::fmt::Display for GaveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GaveUp::NodeLimit => "node limit reached",
            GaveUp::Timeout => "time limit reached",
        })
    }
}

/// The result of counting the fills of one puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountOutcome {
    /// Fills found.
    pub solutions: u64,
    /// False when the count stopped at the limit or at a search limit: there may be more.
    pub complete: bool,
    /// Set when a search limit (not the solution limit) stopped the count.
    pub gave_up: Option<GaveUp>,
}

impl GaveUp {
    /// Which limit, if any, ended a search.
    pub(crate) fn from_end(end: SearchEnd) -> Option<GaveUp> {
        match end {
            SearchEnd::NodeLimit => Some(GaveUp::NodeLimit),
            SearchEnd::Deadline => Some(GaveUp::Timeout),
            SearchEnd::Exhausted | SearchEnd::Stopped => None,
        }
    }
}

impl CountOutcome {
    /// No fill, for certain (the givens clash).
    pub(crate) const NONE: CountOutcome = CountOutcome {
        solutions: 0,
        complete: true,
        gave_up: None,
    };

    /// The count a search reached: `solutions` found before it ended with `end`.
    pub(crate) fn after(solutions: u64, end: SearchEnd) -> CountOutcome {
        CountOutcome {
            solutions,
            complete: end == SearchEnd::Exhausted,
            gave_up: GaveUp::from_end(end),
        }
    }
}

/// A search visitor that counts the solutions it meets into `solutions` and stops the
/// search at `limit`.
pub(crate) fn count_up_to<T: ?Sized>(
    limit: u64,
    solutions: &mut u64,
) -> impl FnMut(&T) -> std::ops::ControlFlow<()> + '_ {
    move |_| {
        *solutions += 1;
        if *solutions >= limit {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}

/// What every Sudoku solver offers, so that the command line and the benchmarks can treat
/// them alike.
pub trait SudokuSolver {
    /// The name used on the command line (`--solver NAME`).
    fn name(&self) -> &'static str;
    /// The lexicographically smallest fill, within the node limit.
    fn solve_within(&mut self, puzzle: &Grid, limits: Limits) -> Outcome;
    /// The number of fills up to `limit`, within the node limit.
    fn count_within(&mut self, puzzle: &Grid, limit: u64, limits: Limits) -> CountOutcome;
    /// The lexicographically smallest fill of `puzzle`, or why there is none (no limits).
    ///
    /// # Panics
    /// If `puzzle` has another shape than the solver.
    fn solve(&mut self, puzzle: &Grid) -> Outcome {
        self.solve_within(puzzle, Limits::NONE)
    }
    /// Counts the fills of `puzzle` up to `limit` (no other limits).
    ///
    /// # Panics
    /// If `puzzle` has another shape than the solver.
    fn count(&mut self, puzzle: &Grid, limit: u64) -> CountOutcome {
        self.count_within(puzzle, limit, Limits::NONE)
    }
    /// Search nodes (for backtracking: values placed) so far, over every call.
    fn nodes(&self) -> u64;
    /// Guesses so far, over every call, for a solver that tells them apart from forced
    /// moves: the nodes whose choice was one of two or more (the field's measure of search
    /// effort beside nodes). `None` for the solvers that do not count them.
    fn guesses(&self) -> Option<u64> {
        None
    }
    /// After a solve that gave up, what it had established ([`Progress`]); the default
    /// (nothing known) for solvers that do not keep it, and after other outcomes.
    fn progress(&self) -> Progress {
        Progress::default()
    }
}
