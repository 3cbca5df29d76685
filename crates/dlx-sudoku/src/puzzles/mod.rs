//! Other puzzles as exact-cover encodings: each builds a named [`Problem`] for the
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

mod langford;
mod pentominoes;
mod queens;
mod sudoku;

use thiserror::Error;

use dlx_cover::Problem;
pub use dlx_cover::knuth::Named;
pub use langford::Langford;
pub use pentominoes::{PIECES, Pentominoes};
pub use queens::Queens;
pub use sudoku::SudokuCover;

/// Why a puzzle cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// A size outside what the encoding supports.
    #[error("{what} must be from {min} to {max}, not {value}")]
    OutOfRange {
        /// What was given ("n", "width", ...).
        what: &'static str,
        /// The value given.
        value: usize,
        /// Smallest allowed.
        min: usize,
        /// Largest allowed.
        max: usize,
    },
    /// A pentomino board whose area is not the 60 cells of the twelve pieces.
    #[error("a {width}x{height} board has {} cells; the twelve pentominoes cover 60", width * height)]
    BoardArea {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
}

fn check_range(
    what: &'static str,
    value: usize,
    min: usize,
    max: usize,
) -> Result<(), PuzzleError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(PuzzleError::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}

/// A digit in base 36 (`0`-`9`, `a`-`z`), for short item names.
fn base36(d: usize) -> char {
    char::from_digit(d as u32, 36).expect("a base-36 digit")
}

/// Adds an option that is known to be valid (the encodings name distinct, existing items).
fn add(problem: &mut Problem, items: &[usize]) {
    problem
        .add_option(items.iter().copied())
        .expect("the encoding's options are valid");
}
