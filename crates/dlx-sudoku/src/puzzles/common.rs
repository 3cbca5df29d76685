//! What the puzzle encodings share: their error, the range check of their sizes, and the
//! helpers that name items and add options.

use thiserror::Error;

use dlx_cover::Problem;

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

pub(super) fn check_range(
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
pub(super) fn base36(d: usize) -> char {
    char::from_digit(d as u32, 36).expect("a base-36 digit")
}

/// Adds an option that is known to be valid (the encodings name distinct, existing items).
pub(super) fn add(problem: &mut Problem, items: &[usize]) {
    problem
        .add_option(items.iter().copied())
        .expect("the encoding's options are valid");
}

/// The two accessors every encoding has, over its `named` field: `problem()` for a
/// [`Solver`](dlx_cover::Solver) and `named()` for the item names.
macro_rules! named_accessors {
    ($encoding:ty) => {
        impl $encoding {
            /// The problem, for a [`Solver`](dlx_cover::Solver).
            pub fn problem(&self) -> &dlx_cover::Problem {
                &self.named.problem
            }

            /// The problem with its item names.
            pub fn named(&self) -> &dlx_cover::knuth::Named {
                &self.named
            }
        }
    };
}
pub(super) use named_accessors;
