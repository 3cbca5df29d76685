//! Other puzzles as exact-cover encodings: each builds a named [`Problem`](dlx_cover::Problem) for the
//! [`exact_cover`](dlx_cover) engine and decodes its solutions. No search code here.
//!
//! ```
//! use dlx_cover::Solver;
//! use dlx_sudoku::puzzles::Queens;
//!
//! let queens = Queens::new(8)?;
//! let mut solver = Solver::new(queens.problem());
//! assert_eq!(solver.count_solutions(u64::MAX).solutions, 92);
//! let first = solver.first_solution().expect("8 queens can be placed");
//! let columns = queens.decode(&first); // the queen's column in each row
//! assert_eq!(columns.len(), 8);
//! # Ok::<(), dlx_sudoku::puzzles::PuzzleError>(())
//! ```
//!
//! * [`Queens`]: `n` queens, rows and columns primary, diagonals secondary.
//! * [`Pentominoes`]: the twelve pentominoes on a board of 60 cells, optionally counted
//!   up to the board's symmetries.
//! * [`Langford`]: Langford pairs, counted up to reversal.
//! * [`SudokuCover`]: a Sudoku puzzle of any shape with names, for Knuth's text format.
//!
//! Each has a `named()` problem (see [`Named`]) that
//! [`Named::to_knuth`](dlx_cover::knuth::Named::to_knuth) writes in Knuth's
//! format; the option numbers of a solution decode with `decode`.

mod common;
mod langford;
mod pentominoes;
mod queens;
mod sudoku;

pub use common::PuzzleError;
pub use dlx_cover::knuth::Named;
pub use langford::Langford;
pub use pentominoes::{PIECES, Pentominoes};
pub use queens::Queens;
pub use sudoku::SudokuCover;
