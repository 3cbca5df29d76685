//! Sudoku variants through the same exact-cover engine: X, windoku, jigsaw, killer, Knuth's
//! general format and samurai.
//!
//! ```
//! use dlx_sudoku::variant::{Variant, VariantOutcome, VariantSolver};
//! use dlx_sudoku::Limits;
//!
//! // The empty 4×4 X-Sudoku: rows, columns, 2×2 boxes and both main diagonals.
//! let x = Variant::square(4)?.with_boxes(2, 2)?.with_diagonals()?;
//! let mut solver = VariantSolver::new(&x)?;
//! let givens = vec![0; 16];
//! assert_eq!(solver.count(&givens, 1000, Limits::NONE).solutions, 48);
//! let VariantOutcome::Solved(fill) = solver.solve(&givens, Limits::NONE) else { panic!() };
//! assert_eq!(fill, [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3]);
//! # Ok::<(), dlx_sudoku::variant::VariantError>(())
//! ```
//!
//! # The model
//!
//! A [`Variant`] is a *canvas* of `width × height` cells, some of them *present* (the
//! others are holes: Knuth's `#`, or the gaps of a samurai), `side` symbols `1..=side`,
//! a list of *houses* and a list of *cages*:
//!
//! * a house is a set of at most `side` present cells that hold distinct symbols: rows,
//!   columns, boxes, jigsaw regions, the X diagonals, windoku windows, the rows, columns and
//!   boxes of each samurai grid. A house of exactly `side` cells holds every symbol once;
//!   a smaller one (a row through a hole) holds each at most once;
//! * a cage ([`Cage`]) is a set of cells with distinct symbols that add up to its sum.
//!
//! # The encoding (see `encode.rs`)
//!
//! Let `U` be the digits that appear in some digit set of a cage (sets of distinct digits
//! with the cage's size and sum). Items, in this order: one primary item per present cell
//! (row-major), one per (full house, symbol), and per cage one item "the cage's digit set"
//! (only when it has two sets or more) plus one per (cage, `v`) for `v` in `U`; then one
//! *secondary* item per (partial house, symbol). Options: "cell holds `v`" covers its cell,
//! its houses' `v` items and, in a cage, the (cage, `v`) item; a cell of a cage has no
//! option for a digit outside `U` (no set could hold it). For a cage with several sets, each
//! set `D` has an option covering the cage's set item and (cage, `v`) for each `v` in `U`
//! but *not* in `D`.
//!
//! So exactly one digit set is chosen per cage (the only one, for a cage with one); a digit
//! of `U` outside it is taken by that option and no cell may hold it, and no cell holds a
//! digit outside `U`; a digit inside must be held by exactly one of the cage's cells. The
//! cage has as many cells as `D` has digits, so its cells hold exactly `D`: distinct digits
//! with the right sum. It stays plain exact cover (Algorithm X, no colors), and a fill
//! determines the chosen sets, so solutions and fills correspond one to one. (Leaving out
//! the digits outside `U` and the single sets takes options no solution holds and items
//! every solution covers anyway: the killer benchmark then needs a third of the nodes.)
//!
//! # The smallest fill
//!
//! As for classic Sudoku (`sudoku/dlx.rs`): count to two with MRV (`MrvStopAtOne`, as the
//! Sudoku solvers use it); with several fills,
//! search again branching on forced items first, else on the leftmost item. Cell items
//! come first, row-major, and each cell's options run in ascending value, so that search
//! meets fills in lexicographic order (cells read row by row over the canvas). Past a node
//! budget the witness construction takes over (see `solver.rs`).

mod encode;
pub mod general;
mod links;
mod model;
pub mod samurai;
mod solver;
pub mod spec;
mod sums;

pub use model::{
    Cage, House, MAX_CAGE_SETS, MAX_SYMBOLS, Variant, VariantClash, VariantError, symbol,
};
pub use solver::{VariantOutcome, VariantSolver};
pub use spec::{CageError, CageErrorKind, RegionError, Regions, parse_cages, parse_regions};
pub use sums::{digit_sets, sum_range};
