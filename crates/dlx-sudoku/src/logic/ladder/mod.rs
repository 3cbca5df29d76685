//! The ladder's techniques beyond the singles, each written once over sets of cells
//! ([`CellSet`]: a `u128` up to 10×10, ten `u64` words above, each width compiled on
//! its own) and used by `hint`, `explain` and `rate` on every size. A technique returns what
//! it found ([`Found`]): the candidates it removes ([`Gone`]), which is all `rate`'s path
//! needs, and its pattern ([`Pattern`]), from which [`Found::step`] builds the [`Step`] a
//! hint shows.
//!
//! Each looks at one unit, digit or pattern in the order the ladder documents (pointing and
//! claiming scan every unit and digit themselves, as do the wings and colouring); which units
//! and digits the subsets and fish look at is the caller's: every one, in order, for `hint`
//! and `explain` (`techniques.rs`), and on 9×9 for `rate` only those its first tests and memo
//! have not ruled out (`ladder9/`).
//!
//! The files: `cells.rs` the sets and the tables of units and peers; `intersections.rs`
//! pointing and claiming; `subsets.rs` naked and hidden subsets and fish; `wings.rs` the XY-,
//! XYZ- and W-wings; `colouring.rs` simple colouring.

mod cells;
mod colouring;
mod found;
mod intersections;
mod subsets;
mod wings;

#[cfg(test)]
pub(crate) use cells::Wide;
pub(crate) use cells::{CellSet, Sets, Tables, boards_of, by_count};
pub(crate) use colouring::simple_colouring;
pub(crate) use found::{Board, Found};
pub(crate) use intersections::{intersection, intersection_at};
pub(crate) use subsets::{fish_at, hidden_at, naked_at};
pub(crate) use wings::{w_wing, xy_wing, xyz_wing};
