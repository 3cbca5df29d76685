//! What a technique finds ([`Found`]): the candidates it removes ([`Gone`]) and its
//! pattern ([`Pattern`]), from which [`Found::step`] builds the [`Step`] a hint shows; and
//! what every technique looks at ([`Board`]).

use super::cells::{self, CellSet, Tables, each};
use crate::geometry::Geometry;
use crate::logic::board;
use crate::logic::step::{Step, Technique};

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
            for v in board::digits(masks[c] & self.gone.digits) {
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
                board::digits(digits),
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
                let mut ds = board::digits(digits & !(1 << z));
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
