//! Sudoku and other exact-cover puzzles solved with Knuth's dancing links.
//!
//! ```
//! use sudoku_dlx::sudoku::{Grid, DlxSolver, Outcome};
//!
//! let puzzle: Grid = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
//!     .parse()?;
//! let mut solver = DlxSolver::new(puzzle.shape());
//! match solver.solve(&puzzle) {
//!     Outcome::Solved(grid) => assert!(grid.is_complete_solution_of(&puzzle)),
//!     other => panic!("unexpected {other:?}"),
//! }
//! # Ok::<(), sudoku_dlx::sudoku::GridError>(())
//! ```
//!
//! * [`exact_cover`]: the engine, with no Sudoku in it.
//! * [`sudoku`]: grids and their text formats, the exact-cover encoding, and solvers.
//! * [`puzzles`]: other puzzles (queens, pentominoes, Langford pairs, Sudoku for Knuth's
//!   format) as exact-cover encodings.
//!
//! The command-line front end lives in the `sudoku-dlx` binary; see the README.

/// The exact-cover engine, re-exported from the [`dlx_cover`] crate.
pub use dlx_cover as exact_cover;
pub mod puzzles;
pub mod sudoku;

/// The README's Rust examples, compiled and run as doc-tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
