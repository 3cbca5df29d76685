//! Sudoku and other exact-cover puzzles on Knuth's dancing links: grids and their text
//! formats, the exact-cover encoding, solvers that answer the lexicographically smallest
//! fill, human-style logic (rate, hint, explain), a generator, canonical forms, variants
//! and other puzzles (queens, pentominoes, Langford pairs).
//!
//! The crate does no I/O and starts no thread: the exact-cover engine is [`dlx_cover`], and
//! the `sudoku-dlx` command-line program reads, writes, batches and reports.
//!
//! ```
//! use dlx_sudoku::{format, DlxSolver, Outcome, Shape, SudokuSolver};
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

#![deny(unsafe_code)]

pub mod backtrack;
pub mod canon;
pub mod check;
mod dlx_solver;
pub mod encoding;
pub mod format;
pub mod generate;
mod generic;
mod geometry;
mod grid;
mod lex;
mod links16;
pub mod logic;
pub mod pencil;
mod propagate;
pub mod puzzles;
mod rng;
pub mod solver;
pub mod solver_table;
pub mod variant;

pub use backtrack::{Bitmask, Candidates, Naive};
pub use dlx_solver::DlxSolver;
pub use encoding::problem;
pub use generic::GenericDlxSolver;
pub use grid::{Clash, Grid, GridError, Shape, Unit, allowed_symbols, describe_byte};
pub use lex::LEX_DFS_BUDGET;

pub use dlx_cover::Limits;
pub(crate) use solver::count_up_to;
pub use solver::{CountOutcome, GaveUp, NoSolution, Outcome, Progress, SudokuSolver};

/// The README's Rust examples, compiled and run as doc-tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// This crate's README (its example), run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
