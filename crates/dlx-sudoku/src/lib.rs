//! Sudoku and other exact-cover puzzles on Knuth's dancing links: grids and their text
//! formats, the exact-cover encoding, solvers that answer the lexicographically smallest
//! fill, human-style logic (rate, hint, explain), a generator, canonical forms, variants
//! and other puzzles (queens, pentominoes, Langford pairs).
//!
//! The crate does no I/O and starts no thread: the exact-cover engine is [`dlx_cover`], and
//! the `sudoku-dlx` command-line program reads, writes, batches and reports.
//!
//! ```
//! use dlx_sudoku::{format, DlxSolver, Outcome, Shape};
//!
//! // Baekjoon 2239: nine lines of nine digits, 0 for blank.
//! let text = "103000509\n002109400\n000704000\n300502006\n060000050\n\
//!             700803004\n000401000\n009205800\n804000107\n";
//! let records = format::parse_str(text);
//! let puzzle = records[0].grid.as_ref().expect("a valid grid");
//! let mut solver = DlxSolver::new(Shape::CLASSIC);
//! let Outcome::Solved(answer) = solver.solve(puzzle) else { panic!() };
//! assert_eq!(
//!     format::render(&answer, records[0].format),
//!     "143628579\n572139468\n986754231\n391542786\n468917352\n\
//!      725863914\n237481695\n619275843\n854396127\n"
//! );
//! ```
//!
//! Every solver answers a puzzle with several fills with the lexicographically smallest one
//! (the cells read row by row), so all solvers and all runs agree: [`DlxSolver`], and the
//! row-major backtracking baselines of [`backtrack`] ([`Naive`], [`Bitmask`], [`Candidates`]).
//! The exact-cover encoding the DLX solvers share, and the proof that their answer is the
//! smallest fill, are in [`encoding`].

pub mod backtrack;
pub mod canon;
pub mod check;
mod dlx;
pub mod encoding;
mod fast;
pub mod format;
pub mod generate;
mod grid;
mod lex;
pub mod logic;
pub mod pencil;
mod propagate;
pub mod puzzles;
pub mod variant;

pub use backtrack::{Bitmask, Candidates, Naive};
pub use dlx::GenericDlxSolver;
pub use encoding::problem;
pub use fast::DlxSolver;
pub use grid::{Clash, Grid, GridError, Shape, Unit, allowed_symbols, describe_byte};
pub use lex::LEX_DFS_BUDGET;

pub use dlx_cover::Limits;
use dlx_cover::SearchEnd;

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
    /// Search nodes (for backtracking: values placed) so far, over every call.
    fn nodes(&self) -> u64;
    /// Guesses so far, over every call, for a solver that tells them apart from forced
    /// moves: the nodes whose choice was one of two or more (the field's measure of search
    /// effort beside nodes). `None` for the solvers that do not count them.
    fn guesses(&self) -> Option<u64> {
        None
    }
}

/// The README's Rust examples, compiled and run as doc-tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// This crate's README (its example), run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
