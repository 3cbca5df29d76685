//! The techniques: each a function that looks at the candidates grid and returns the first
//! step it finds (which places a digit or removes at least one candidate), or `None`.

use super::board::{Candidates, digits};
use super::places::{Ctx, Ones, bit, if_any, ones, step};
pub(crate) use super::places::{ONES9, Places};
use super::step::{Step, Technique};
use super::wings::{simple_colouring, w_wing, xy_wing, xyz_wing};
use crate::geometry::Geometry;

/// The first step of the ladder that applies, or `None` when only a guess is left.
pub(crate) fn next_step(g: &Geometry, b: &Candidates) -> Option<Step> {
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
    beyond_singles(g, b, &places, &mut Memo::none())
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
    b: &Candidates,
    places: &Places,
    memo: &mut Memo,
) -> Option<Step> {
    let x = &Ctx { g, b, places };
    intersection(x, true)
        .or_else(|| intersection(x, false))
        .or_else(|| naked_subset(x, 2, memo))
        .or_else(|| hidden_subset(x, 2, memo))
        .or_else(|| naked_subset(x, 3, memo))
        .or_else(|| fish(x, 2, memo))
        .or_else(|| hidden_subset(x, 3, memo))
        .or_else(|| fish(x, 3, memo))
        .or_else(|| xy_wing(x))
        .or_else(|| xyz_wing(x))
        .or_else(|| w_wing(x))
        .or_else(|| naked_subset(x, 4, memo))
        .or_else(|| fish(x, 4, memo))
        .or_else(|| hidden_subset(x, 4, memo))
        .or_else(|| simple_colouring(x))
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

/// Pointing (`from_box`: a box's digit on one line) or claiming (a line's digit in one box).
fn intersection(x: &Ctx, from_box: bool) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let n = g.n;
    let bases = if from_box { 2 * n..3 * n } else { 0..2 * n };
    for u in bases {
        let kind = u / n; // 0 row, 1 column, 2 box: the slot of `u` in `cell_units`
        let here = g.cells(u);
        for v in 1..=n as u8 {
            let p = x.pos(u, v);
            if p & p.wrapping_sub(1) == 0 {
                continue;
            }
            // The other unit all the places share (a row, then a column, inside a box; the
            // box of a line): the first place's, if it holds them all.
            let meet = &g.meet[u * n + p.trailing_zeros() as usize];
            for &(other, shared) in meet.iter().flatten() {
                // Something to remove only when `other` has places of `v` outside `u`.
                if p & !shared != 0 || x.pos(other, v).ones() == p.ones() {
                    continue;
                }
                let gone: Vec<(usize, u8)> = g
                    .cells(other)
                    .iter()
                    .filter(|&&c| b.masks[c] & bit(v) != 0 && g.cell_units[c][kind] != u)
                    .map(|&c| (c, v))
                    .collect();
                if gone.is_empty() {
                    continue;
                }
                let mut s = step(if from_box {
                    Technique::Pointing
                } else {
                    Technique::Claiming
                });
                s.units = vec![g.unit(u), g.unit(other)];
                s.cells = (0..n)
                    .filter(|i| p & (1 << i) != 0)
                    .map(|i| here[i])
                    .collect();
                s.digits.push(v);
                s.eliminate = gone;
                return if_any(s);
            }
        }
    }
    None
}

/// Calls `found` with each set of `k` indices (2 ≤ `k` ≤ 4) of `masks` whose union has exactly
/// `k` bits (masks of 0 or more than `k` bits are never chosen), in lexicographic order of
/// the indices, until it returns `true`.
fn subsets(masks: &[u32], k: usize, mut found: impl FnMut(&[usize], u32) -> bool) -> bool {
    assert!((2..=4).contains(&k), "subsets of two to four");
    // The masks that can be chosen (1 to `k` bits), with their indices, in order.
    let (mut index, mut mask, mut n) = ([0usize; 32], [0u32; 32], 0);
    // (Written at `n` always and kept by moving `n` on: no branch to mispredict.)
    for (i, &m) in masks.iter().enumerate() {
        index[n] = i;
        mask[n] = m;
        n += usize::from((m != 0) & (ones(m) <= k));
    }
    if n < k {
        return false;
    }
    let (index, mask) = (&index[..n], &mask[..n]);
    // Nested loops in lexicographic order of the indices, a branch cut as soon as its union
    // has more than `k` bits.
    for a in 0..n {
        let ua = mask[a];
        for b in a + 1..n {
            let ub = ua | mask[b];
            if k == 2 {
                if ones(ub) == 2 && found(&[index[a], index[b]], ub) {
                    return true;
                }
                continue;
            }
            if ones(ub) > k {
                continue;
            }
            for c in b + 1..n {
                let uc = ub | mask[c];
                if k == 3 {
                    if ones(uc) == 3 && found(&[index[a], index[b], index[c]], uc) {
                        return true;
                    }
                    continue;
                }
                if ones(uc) > 4 {
                    continue;
                }
                for d in c + 1..n {
                    let ud = uc | mask[d];
                    if ones(ud) == 4 && found(&[index[a], index[b], index[c], index[d]], ud) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The first step `make` gives for a set of `k` masks with `k` bits between them (in the
/// order of [`subsets`]), looked for only when more than `k` masks are not empty.
pub(crate) fn first_subset<T>(
    masks: &[u32],
    k: usize,
    mut make: impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    if masks.iter().filter(|&&m| m != 0).count() <= k {
        return None;
    }
    let mut result = None;
    subsets(masks, k, |chosen, union| {
        result = make(chosen, union);
        result.is_some()
    });
    result
}

pub(crate) fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

pub(crate) fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

pub(crate) fn fish_technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

/// `k` cells of a unit with `k` candidates between them: those digits leave the unit's
/// other cells.
fn naked_subset(x: &Ctx, k: usize, memo: &mut Memo) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    for u in 0..3 * g.n {
        let key = x.places.unit_stamp[u];
        if memo.known_empty(NAKED + k - 2, u, key) {
            continue;
        }
        let cells = g.cells(u);
        // Single-candidate cells are naked singles, not part of a subset.
        let mut masks = [0u32; 32];
        for (m, &c) in masks.iter_mut().zip(cells) {
            if b.masks[c].ones() >= 2 {
                *m = b.masks[c];
            }
        }
        let found = first_subset(&masks[..g.n], k, |chosen, union| {
            // Only a subset that removes something makes a step.
            let others = cells
                .iter()
                .enumerate()
                .filter(|(i, _)| !chosen.contains(i))
                .fold(0, |m, (_, &c)| m | b.masks[c]);
            if others & union == 0 {
                return None;
            }
            let mut s = step(naked_technique(k));
            s.cells = chosen.iter().map(|&i| cells[i]).collect();
            s.digits = digits(union);
            s.units.push(g.unit(u));
            for (i, &c) in cells.iter().enumerate() {
                if !chosen.contains(&i) {
                    for v in digits(b.masks[c] & union) {
                        s.eliminate.push((c, v));
                    }
                }
            }
            if_any(s)
        });
        if found.is_some() {
            return found;
        }
        memo.note_empty(NAKED + k - 2, u, key);
    }
    None
}

/// `k` digits with `k` places between them in a unit: those cells hold nothing else.
fn hidden_subset(x: &Ctx, k: usize, memo: &mut Memo) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let n = g.n;
    for u in 0..3 * n {
        let key = x.places.unit_stamp[u];
        if memo.known_empty(HIDDEN + k - 2, u, key) {
            continue;
        }
        let cells = g.cells(u);
        // Digit v − 1's places in the unit (none for a digit placed in it: it has left the
        // unit's candidates); a digit with one place is a hidden single.
        let mut masks = [0u32; 32];
        for (i, m) in masks[..n].iter_mut().enumerate() {
            let p = x.pos(u, i as u8 + 1);
            if p.ones() >= 2 {
                *m = p;
            }
        }
        let found = first_subset(&masks[..n], k, |chosen, union| {
            let keep: u32 = chosen.iter().fold(0, |m, &i| m | 1 << i);
            // Only a subset whose cells hold other digits makes a step.
            let mut rest = union;
            let mut extra = 0;
            while rest != 0 {
                extra |= b.masks[cells[rest.trailing_zeros() as usize]] & !keep;
                rest &= rest - 1;
            }
            if extra == 0 {
                return None;
            }
            let mut s = step(hidden_technique(k));
            s.digits = chosen.iter().map(|&i| i as u8 + 1).collect();
            s.units.push(g.unit(u));
            for (i, &c) in cells.iter().enumerate() {
                if union & (1 << i) != 0 {
                    s.cells.push(c);
                    for v in digits(b.masks[c] & !keep) {
                        s.eliminate.push((c, v));
                    }
                }
            }
            if_any(s)
        });
        if found.is_some() {
            return found;
        }
        memo.note_empty(HIDDEN + k - 2, u, key);
    }
    None
}

/// Fish of size `k`: digit `v` in `k` base lines (rows, or columns) fits only in `k` cover
/// lines (columns, or rows) between them; `v` leaves the cover lines' other cells.
fn fish(x: &Ctx, k: usize, memo: &mut Memo) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let n = g.n;
    for v in 1..=n as u8 {
        for rows_are_base in [true, false] {
            let base0 = if rows_are_base { 0 } else { n };
            let cover0 = if rows_are_base { n } else { 0 };
            // The digit's places in each base line: the memo's key, and (those with two
            // or more) the sets to choose from.
            let scope = 2 * (v as usize - 1) + usize::from(rows_are_base);
            let key = x.places.digit_stamp[v as usize - 1];
            if memo.known_empty(FISH + k - 2, scope, key) {
                continue;
            }
            let mut masks = [0u32; 32];
            for (i, m) in masks[..n].iter_mut().enumerate() {
                let p = x.pos(base0 + i, v);
                if p.ones() >= 2 {
                    *m = p;
                }
            }
            let found = first_subset(&masks[..n], k, |chosen, union| {
                // Only a fish whose cover lines have places outside its base lines makes a
                // step: the cover lines' places, less those on the base lines.
                let mut rest = union;
                let mut covered = 0;
                while rest != 0 {
                    covered += x.pos(cover0 + rest.trailing_zeros() as usize, v).ones();
                    rest &= rest - 1;
                }
                let based: u32 = chosen.iter().map(|&i| x.pos(base0 + i, v).ones()).sum();
                if covered == based {
                    return None;
                }
                let mut s = step(fish_technique(k));
                s.digits.push(v);
                s.units = chosen.iter().map(|&i| g.unit(base0 + i)).collect();
                for j in 0..n {
                    if union & (1 << j) != 0 {
                        s.units.push(g.unit(cover0 + j));
                        for (i, &c) in g.cells(cover0 + j).iter().enumerate() {
                            if b.masks[c] & bit(v) == 0 {
                                continue;
                            }
                            if chosen.contains(&i) {
                                s.cells.push(c);
                            } else {
                                s.eliminate.push((c, v));
                            }
                        }
                    }
                }
                s.cells.sort_unstable();
                if_any(s)
            });
            if found.is_some() {
                return found;
            }
            memo.note_empty(FISH + k - 2, scope, key);
        }
    }
    None
}
