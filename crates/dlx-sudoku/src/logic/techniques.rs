//! The ladder's order: the singles, then each technique of [`ladder`](super::ladder) over
//! every unit and digit in turn (units rows, columns, boxes; digits ascending), the first step
//! found (which places a digit or removes at least one candidate) taken.

use super::board::Candidates;
use super::ladder::{self, Board, CellSet, Found, Sets, Tables, boards_of, by_count};
use super::places::{Ctx, step};
pub(crate) use super::places::{ONES9, Places};
use super::step::{Step, Technique};
use crate::geometry::Geometry;

/// The first step of the ladder that applies, or `None` when only a guess is left.
pub(crate) fn next_step(g: &Geometry, sets: &Sets, b: &Candidates) -> Option<Step> {
    if let Some((cell, v)) = naked_single(b) {
        let mut s = step(Technique::NakedSingle);
        s.cells.push(cell);
        s.digits.push(v);
        s.place.push((cell, v));
        return Some(s);
    }
    let places = Places::new(g, b);
    if let Some((cell, v, u)) = hidden_single(g, &places) {
        let mut s = step(Technique::HiddenSingle);
        s.cells.push(cell);
        s.digits.push(v);
        s.units.push(g.unit(u));
        s.place.push((cell, v));
        return Some(s);
    }
    beyond_singles(g, sets, b, &places, &mut Memo::none())
}

/// The first single of the ladder, as [`next_step`] would find it: the technique, the cell
/// and its digit, without building a step. `places` must be those of `b`.
#[inline]
pub(crate) fn single(
    g: &Geometry,
    b: &Candidates,
    places: &Places,
) -> Option<(Technique, usize, u8)> {
    if let Some(cell) = places.first_naked() {
        let v = b.masks[cell].trailing_zeros() as u8 + 1;
        return Some((Technique::NakedSingle, cell, v));
    }
    hidden_single(g, places).map(|(cell, v, _)| (Technique::HiddenSingle, cell, v))
}

/// The first step of the ladder after the singles, on a board that has none, whose places
/// are `places`. `memo` holds the units and digits where earlier scans on the same path
/// found no subset or fish; they are skipped while unchanged (pass [`Memo::none`] for a
/// single question).
pub(crate) fn beyond_singles(
    g: &Geometry,
    sets: &Sets,
    b: &Candidates,
    places: &Places,
    memo: &mut Memo,
) -> Option<Step> {
    let x = &Ctx { g, b, places };
    match sets {
        Sets::Narrow(t) => beyond(x, t, memo),
        Sets::Ten(t) => beyond(x, t, memo),
    }
}

/// [`beyond_singles`] with the board's cells in sets of `B`, whatever its size: for tests of
/// the wide sets on small boards.
#[cfg(test)]
pub(crate) fn beyond_singles_in<B: CellSet>(
    g: &Geometry,
    t: &Tables<B>,
    b: &Candidates,
) -> Option<Step> {
    let places = &Places::new(g, b);
    beyond(&Ctx { g, b, places }, t, &mut Memo::none())
}

/// [`beyond_singles`] with the board's cells in sets of `B`.
fn beyond<B: CellSet>(x: &Ctx, t: &Tables<B>, memo: &mut Memo) -> Option<Step> {
    let (g, masks) = (x.g, &x.b.masks[..]);
    let cand = boards_of::<B>(masks, t.n);
    let v = &Board {
        t,
        cand: &cand,
        masks,
    };
    let (two, three) = by_count::<B>(masks);
    ladder::intersection(v, true)
        .or_else(|| ladder::intersection(v, false))
        .or_else(|| naked_subset(x, v, 2, memo))
        .or_else(|| hidden_subset(x, v, 2, memo))
        .or_else(|| naked_subset(x, v, 3, memo))
        .or_else(|| fish(x, v, 2, memo))
        .or_else(|| hidden_subset(x, v, 3, memo))
        .or_else(|| fish(x, v, 3, memo))
        .or_else(|| ladder::xy_wing(v, two))
        .or_else(|| ladder::xyz_wing(v, two, three))
        .or_else(|| ladder::w_wing(v, two))
        .or_else(|| naked_subset(x, v, 4, memo))
        .or_else(|| fish(x, v, 4, memo))
        .or_else(|| hidden_subset(x, v, 4, memo))
        .or_else(|| ladder::simple_colouring(v, &mut 0))
        .map(|f| f.step(g, masks))
}

/// Where subsets and fish were last looked for in vain, and when: a unit's stamp for naked
/// and hidden subsets (it changes whenever a cell of the unit does), a digit's for fish (it
/// changes whenever the digit loses a place). Whether such a technique finds a step in a
/// unit (or on a digit and orientation) depends on nothing else, so while the stamp is
/// unchanged the scan can be skipped: it would find nothing again. The ladder's path stays
/// the same.
pub(crate) struct Memo {
    n: usize,
    /// `slots[kind · 3n + scope]`: the stamp at the last failure, or `u32::MAX` first.
    slots: Vec<u32>,
}

/// Kinds of memo entries: naked subsets of 2, 3, 4 cells, hidden subsets, fish.
const NAKED: usize = 0;
const HIDDEN: usize = 3;
const FISH: usize = 6;

impl Memo {
    /// A memo that remembers nothing.
    pub(crate) fn none() -> Memo {
        Memo {
            n: 0,
            slots: Vec::new(),
        }
    }

    /// An empty memo for boards of side `n`.
    pub(crate) fn new(n: usize) -> Memo {
        Memo {
            n,
            slots: vec![u32::MAX; 9 * 3 * n],
        }
    }

    /// Whether `kind` found nothing in `scope` when its stamp was `stamp`.
    #[inline]
    fn known_empty(&self, kind: usize, scope: usize, stamp: u32) -> bool {
        !self.slots.is_empty() && self.slots[kind * 3 * self.n + scope] == stamp
    }

    /// Notes that `kind` found nothing in `scope`, whose stamp is `stamp`.
    #[inline]
    fn note_empty(&mut self, kind: usize, scope: usize, stamp: u32) {
        if !self.slots.is_empty() {
            self.slots[kind * 3 * self.n + scope] = stamp;
        }
    }
}

/// The first cell in reading order with one candidate, and that digit.
fn naked_single(b: &Candidates) -> Option<(usize, u8)> {
    let cell = b.masks.iter().position(|&m| m != 0 && m & (m - 1) == 0)?;
    Some((cell, b.masks[cell].trailing_zeros() as u8 + 1))
}

/// The first digit with one place in a unit: boxes first (players scan them first), then
/// rows, then columns. The cell, the digit and the unit.
fn hidden_single(g: &Geometry, places: &Places) -> Option<(usize, u8, usize)> {
    let n = g.n;
    for u in (2 * n..3 * n).chain(0..2 * n) {
        let once = places.once[u];
        if once != 0 {
            let d = once.trailing_zeros() as usize;
            let p = places.pos[u * n + d];
            return Some((g.cells(u)[p.trailing_zeros() as usize], d as u8 + 1, u));
        }
    }
    None
}

/// Naked subsets of `k` cells, unit by unit.
fn naked_subset<B: CellSet>(x: &Ctx, v: &Board<B>, k: usize, memo: &mut Memo) -> Option<Found<B>> {
    for u in 0..3 * x.g.n {
        let key = x.places.unit_stamp[u];
        if memo.known_empty(NAKED + k - 2, u, key) {
            continue;
        }
        let found = ladder::naked_at(v, u, k);
        if found.is_some() {
            return found;
        }
        memo.note_empty(NAKED + k - 2, u, key);
    }
    None
}

/// Hidden subsets of `k` digits, unit by unit.
fn hidden_subset<B: CellSet>(x: &Ctx, v: &Board<B>, k: usize, memo: &mut Memo) -> Option<Found<B>> {
    for u in 0..3 * x.g.n {
        let key = x.places.unit_stamp[u];
        if memo.known_empty(HIDDEN + k - 2, u, key) {
            continue;
        }
        let found = ladder::hidden_at(v, u, k);
        if found.is_some() {
            return found;
        }
        memo.note_empty(HIDDEN + k - 2, u, key);
    }
    None
}

/// Fish of size `k`, digit by digit, rows as base lines before columns.
fn fish<B: CellSet>(x: &Ctx, v: &Board<B>, k: usize, memo: &mut Memo) -> Option<Found<B>> {
    for d in 0..x.g.n {
        for rows_are_base in [true, false] {
            let scope = 2 * d + usize::from(rows_are_base);
            let key = x.places.digit_stamp[d];
            if memo.known_empty(FISH + k - 2, scope, key) {
                continue;
            }
            let found = ladder::fish_at(v, d, rows_are_base, k);
            if found.is_some() {
                return found;
            }
            memo.note_empty(FISH + k - 2, scope, key);
        }
    }
    None
}
