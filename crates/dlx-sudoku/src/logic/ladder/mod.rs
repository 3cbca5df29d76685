//! The ladder's techniques beyond the singles, each written once over sets of cells
//! ([`CellSet`]: a `u128` up to 10×10, four or ten `u64` words above, each size compiled on
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
mod intersections;
mod subsets;
mod wings;

pub(crate) use cells::{CellSet, Tables, Wide, boards_of, each};
pub(crate) use colouring::simple_colouring;
pub(crate) use intersections::{intersection, intersection_at};
pub(crate) use subsets::{fish_at, hidden_at, naked_at};
pub(crate) use wings::{w_wing, xy_wing, xyz_wing};

use super::board::digits;
use super::step::{Step, Technique};
use crate::geometry::Geometry;

/// What the techniques look at: the tables, each digit's candidate cells, and each cell's
/// candidates (bit `d` for digit `d + 1`; 0 for a filled cell).
pub(crate) struct Board<'a, B> {
    pub(crate) t: &'a Tables<B>,
    pub(crate) cand: &'a [B],
    pub(crate) masks: &'a [u32],
}

impl<B: CellSet> Board<'_, B> {
    /// The cells holding both digits of a two-digit mask among their candidates.
    #[inline]
    pub(crate) fn holding(&self, pair: u32) -> B {
        let (lo, hi) = (
            pair.trailing_zeros() as usize,
            31 - pair.leading_zeros() as usize,
        );
        self.cand[lo] & self.cand[hi]
    }
}

/// The candidates of `digits` (bit `d`) in `cells`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Gone<B> {
    pub(crate) digits: u32,
    pub(crate) cells: B,
}

/// The pattern of a step, from which its [`Step`] is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pattern<B> {
    /// Pointing or claiming: the unit the digit is confined in, then the other unit; the
    /// digit's places in the first.
    Intersection { units: [u8; 2], cells: B },
    /// A naked subset (its cells, and the digits they hold) or a hidden one (the cells the
    /// digits fit in, and its digits), in a unit.
    Subset { unit: u8, cells: B, digits: u32 },
    /// A fish: its base lines and cover lines (bit `i`: row or column `i`), rows first when
    /// `rows_are_base`, and its cells (the digit's candidates where they cross).
    Fish {
        rows_are_base: bool,
        bases: u32,
        covers: u32,
        cells: B,
    },
    /// An XY- or XYZ-wing: the pivot and the pincers, the pivot's and pincers' digits, and
    /// `z`, the digit removed.
    Wing { cells: [u16; 3], digits: u32, z: u8 },
    /// A W-wing: the two `xy` cells, then the link's ends seen by each; the link's digit `x`,
    /// the digit `y` removed, the link's unit.
    WWing {
        cells: [u16; 4],
        x: u8,
        y: u8,
        unit: u8,
    },
    /// Simple colouring: the component's cells.
    Colouring { cells: B },
}

/// What a technique gives: the first step it found, if any.
pub(crate) type Hit<B> = Option<Found<B>>;

/// A step beyond the singles: the technique, the candidates it removes and its pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found<B> {
    pub(crate) technique: Technique,
    pub(crate) gone: Gone<B>,
    pub(crate) pattern: Pattern<B>,
}

impl<B: CellSet> Found<B> {
    /// A step removing one digit (`d`, from 0) from some cells.
    #[inline]
    pub(crate) fn only(technique: Technique, d: usize, cells: B, pattern: Pattern<B>) -> Self {
        Found {
            technique,
            gone: Gone {
                digits: 1 << d,
                cells,
            },
            pattern,
        }
    }

    /// The step to show: its pattern's cells, digits and units, and the candidates it removes
    /// from `masks` (each cell's candidates) in order of cell, then digit.
    pub(crate) fn step(&self, g: &Geometry, masks: &[u32]) -> Step {
        let mut eliminate = Vec::new();
        for c in each(self.gone.cells) {
            for v in digits(masks[c] & self.gone.digits) {
                eliminate.push((c, v));
            }
        }
        let d = self.gone.digits.trailing_zeros() as u8 + 1;
        let (cells, digits_shown, units) = match self.pattern {
            Pattern::Intersection { units, cells } => (
                each(cells).collect(),
                vec![d],
                units.iter().map(|&u| g.unit(u as usize)).collect(),
            ),
            Pattern::Subset {
                unit,
                cells,
                digits,
            } => (
                each(cells).collect(),
                super::board::digits(digits),
                vec![g.unit(unit as usize)],
            ),
            Pattern::Fish {
                rows_are_base,
                bases,
                covers,
                cells,
            } => {
                let n = g.n;
                let (base0, cover0) = if rows_are_base { (0, n) } else { (n, 0) };
                let lines = |first: usize, m: u32| cells::bits_of(m.into()).map(move |i| first + i);
                let units = lines(base0, bases).chain(lines(cover0, covers));
                (
                    each(cells).collect(),
                    vec![d],
                    units.map(|u| g.unit(u)).collect(),
                )
            }
            Pattern::Wing { cells, digits, z } => {
                let mut ds = super::board::digits(digits & !(1 << z));
                ds.push(z + 1);
                (cells.map(usize::from).to_vec(), ds, Vec::new())
            }
            Pattern::WWing { cells, x, y, unit } => (
                cells.map(usize::from).to_vec(),
                vec![x + 1, y + 1],
                vec![g.unit(unit as usize)],
            ),
            Pattern::Colouring { cells } => (each(cells).collect(), vec![d], Vec::new()),
        };
        Step {
            technique: self.technique,
            cells,
            digits: digits_shown,
            units,
            place: Vec::new(),
            eliminate,
        }
    }
}

/// The tables of a shape, in the narrowest set its cells fit.
#[derive(Debug, Clone)]
pub(crate) enum Sets {
    /// Up to 128 cells (up to 10×10).
    Narrow(Tables<u128>),
    /// Up to 256 cells (up to 16×16).
    Four(Tables<Wide<4>>),
    /// Up to 640 cells (up to 25×25).
    Ten(Tables<Wide<10>>),
}

impl Sets {
    pub(crate) fn new(g: &Geometry) -> Sets {
        match g.n * g.n {
            0..=128 => Sets::Narrow(Tables::new(g)),
            129..=256 => Sets::Four(Tables::new(g)),
            _ => Sets::Ten(Tables::new(g)),
        }
    }

    /// The tables of a 9×9 board.
    pub(crate) fn narrow(&self) -> Option<&Tables<u128>> {
        match self {
            Sets::Narrow(t) => Some(t),
            _ => None,
        }
    }
}

/// The cells with two candidates, and with three.
pub(crate) fn by_count<B: CellSet>(masks: &[u32]) -> (B, B) {
    let (mut two, mut three) = (B::default(), B::default());
    for (c, &m) in masks.iter().enumerate() {
        match m.count_ones() {
            2 => two |= B::cell(c),
            3 => three |= B::cell(c),
            _ => {}
        }
    }
    (two, three)
}
