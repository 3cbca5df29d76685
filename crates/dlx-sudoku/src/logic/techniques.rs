//! The techniques: each a function that looks at the candidates grid and returns the first
//! step it finds (which places a digit or removes at least one candidate), or `None`.

use super::board::{Candidates, Geometry, digits};
use super::step::{Step, Technique};

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

/// The places of each digit in each unit, kept up to date as the board changes (so the
/// ladder's path does not recompute them at every step), with a stamp per unit and per
/// digit that moves on every change.
#[derive(Debug, Clone)]
pub(crate) struct Places {
    n: usize,
    /// `pos[u · n + v − 1]`: the places of digit `v` in unit `u`, as a mask over the unit's
    /// cell indices.
    pos: Vec<u32>,
    /// `once[u]`: the digits with exactly one place in unit `u` (bit `v − 1`).
    once: Vec<u32>,
    /// The empty cells with one candidate, as a bitset over the cells.
    naked: Vec<u64>,
    /// Bumped whenever a cell of the unit changes.
    unit_stamp: Vec<u32>,
    /// Bumped whenever the digit loses a place.
    digit_stamp: Vec<u32>,
}

impl Places {
    /// The places on board `b`.
    pub(crate) fn new(g: &Geometry, b: &Candidates) -> Places {
        let n = g.n;
        let mut pos = vec![0u32; 3 * n * n];
        for u in 0..3 * n {
            let row = &mut pos[u * n..(u + 1) * n];
            for (i, &c) in g.cells(u).iter().enumerate() {
                let mut m = b.masks[c];
                while m != 0 {
                    row[m.trailing_zeros() as usize] |= 1 << i;
                    m &= m - 1;
                }
            }
        }
        let once = (0..3 * n)
            .map(|u| {
                (0..n)
                    .filter(|&i| is_one(pos[u * n + i]))
                    .fold(0, |m, i| m | 1 << i)
            })
            .collect();
        let mut naked = vec![0u64; b.masks.len().div_ceil(64)];
        for (c, &m) in b.masks.iter().enumerate() {
            if is_one(m) {
                naked[c / 64] |= 1 << (c % 64);
            }
        }
        Places {
            n,
            pos,
            once,
            naked,
            unit_stamp: vec![0; 3 * n],
            digit_stamp: vec![0; n],
        }
    }

    /// The first cell in reading order with one candidate.
    #[inline]
    fn first_naked(&self) -> Option<usize> {
        let (w, bits) = self.naked.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(w * 64 + bits.trailing_zeros() as usize)
    }

    /// Notes whether `cell` (whose candidates are `mask`) has one candidate.
    #[inline]
    fn note_naked(&mut self, cell: usize, mask: u32) {
        let bit = 1u64 << (cell % 64);
        if is_one(mask) {
            self.naked[cell / 64] |= bit;
        } else {
            self.naked[cell / 64] &= !bit;
        }
    }

    /// Removes `cell` from the places of digit `v` (a candidate of it) in its three units.
    #[inline]
    fn drop(&mut self, g: &Geometry, cell: usize, v: u8) {
        let n = self.n;
        let (units, index) = (&g.cell_units[cell], &g.cell_index[cell]);
        let d = v as usize - 1;
        for k in 0..3 {
            let u = units[k];
            let p = &mut self.pos[u * n + d];
            *p &= !(1 << index[k]);
            if is_one(*p) {
                self.once[u] |= 1 << d;
            } else {
                self.once[u] &= !(1 << d);
            }
            self.unit_stamp[u] += 1;
        }
        self.digit_stamp[d] += 1;
    }

    /// Removes candidate `v` from `cell` on the board, and here.
    pub(crate) fn eliminate(&mut self, g: &Geometry, b: &mut Candidates, cell: usize, v: u8) {
        if b.masks[cell] & bit(v) != 0 {
            self.drop(g, cell, v);
        }
        b.eliminate(cell, v);
        self.note_naked(cell, b.masks[cell]);
    }

    /// Places `v` in `cell` on the board (its candidates go, and `v` leaves its peers), and
    /// here.
    pub(crate) fn place(&mut self, g: &Geometry, b: &mut Candidates, cell: usize, v: u8) {
        let mut m = b.masks[cell];
        while m != 0 {
            self.drop(g, cell, m.trailing_zeros() as u8 + 1);
            m &= m - 1;
        }
        self.note_naked(cell, 0);
        for &p in &g.peers[cell] {
            if b.masks[p] & bit(v) != 0 {
                self.drop(g, p, v);
                self.note_naked(p, b.masks[p] & !bit(v));
            }
        }
        b.place(g, cell, v);
    }
}

/// Whether a mask has exactly one bit.
#[inline]
fn is_one(m: u32) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// What every technique looks at: the geometry, the board, and the places of each digit in
/// each unit.
struct Ctx<'a> {
    g: &'a Geometry,
    b: &'a Candidates,
    places: &'a Places,
}

impl Ctx<'_> {
    /// The places of digit `v` in unit `u`.
    #[inline]
    fn pos(&self, u: usize, v: u8) -> u32 {
        self.places.pos[u * self.g.n + v as usize - 1]
    }
}

fn bit(v: u8) -> u32 {
    1 << (v - 1)
}

fn step(technique: Technique) -> Step {
    Step {
        technique,
        cells: Vec::new(),
        digits: Vec::new(),
        units: Vec::new(),
        place: Vec::new(),
        eliminate: Vec::new(),
    }
}

/// Sorts and returns the step when it eliminates something.
fn if_any(mut s: Step) -> Option<Step> {
    s.eliminate.sort_unstable();
    s.eliminate.dedup();
    (!s.eliminate.is_empty()).then_some(s)
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

/// The number of bits of each 9-bit mask: the default target has no popcount instruction,
/// and the subset search counts bits in its innermost loop.
pub(crate) const ONES9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

/// The number of bits of `m`, by table for masks of 9×9 boards.
#[inline]
fn ones(m: u32) -> usize {
    match ONES9.get(m as usize) {
        Some(&k) => k as usize,
        None => m.count_ones() as usize,
    }
}

/// [`ones`] as a method, for the techniques' many bit counts.
trait Ones {
    fn ones(self) -> u32;
}

impl Ones for u32 {
    #[inline]
    fn ones(self) -> u32 {
        ones(self) as u32
    }
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

/// Cells other than `not` that see every cell of `wings` and hold `v`, as eliminations.
fn seen_by_all(g: &Geometry, b: &Candidates, wings: &[usize], v: u8) -> Vec<(usize, u8)> {
    g.peers[wings[0]]
        .iter()
        .copied()
        .filter(|&c| {
            b.masks[c] & bit(v) != 0
                && !wings.contains(&c)
                && wings[1..].iter().all(|&w| g.sees(c, w))
        })
        .map(|c| (c, v))
        .collect()
}

/// XY-wing: pivot `xy`, pincers `xz` and `yz` that the pivot sees; `z` leaves every cell
/// that sees both pincers.
fn xy_wing(x: &Ctx) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let cells = b.masks.len();
    for pivot in 0..cells {
        let p = b.masks[pivot];
        if p.ones() != 2 {
            continue;
        }
        for &a in &g.peers[pivot] {
            let am = b.masks[a];
            if am.ones() != 2 || (am & p).ones() != 1 {
                continue;
            }
            let z = am & !p;
            let want = (p & !am) | z;
            for &c in &g.peers[pivot] {
                if c <= a || b.masks[c] != want {
                    continue;
                }
                let zv = z.trailing_zeros() as u8 + 1;
                let mut s = step(Technique::XyWing);
                s.cells = vec![pivot, a, c];
                s.digits = digits(p | z);
                s.digits.retain(|&d| d != zv);
                s.digits.push(zv);
                s.eliminate = seen_by_all(g, b, &[a, c], zv);
                if let Some(s) = if_any(s) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// XYZ-wing: pivot `xyz`, pincers `xz` and `yz` that it sees; `z` leaves every cell that
/// sees all three.
fn xyz_wing(x: &Ctx) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    for pivot in 0..b.masks.len() {
        let p = b.masks[pivot];
        if p.ones() != 3 {
            continue;
        }
        for &a in &g.peers[pivot] {
            let am = b.masks[a];
            if am.ones() != 2 || am & !p != 0 {
                continue;
            }
            for &c in &g.peers[pivot] {
                let cm = b.masks[c];
                if c <= a || cm.ones() != 2 || cm & !p != 0 || cm == am {
                    continue;
                }
                let z = am & cm;
                let zv = z.trailing_zeros() as u8 + 1;
                let mut s = step(Technique::XyzWing);
                s.cells = vec![pivot, a, c];
                s.digits = digits(p);
                s.digits.retain(|&d| d != zv);
                s.digits.push(zv);
                s.eliminate = seen_by_all(g, b, &[pivot, a, c], zv);
                if let Some(s) = if_any(s) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// W-wing: cells `a` and `c` both `xy`, not peers; in some unit `x` has exactly two places,
/// one seen by `a` and one by `c`. Then `a` or `c` is `y`: `y` leaves every cell that sees
/// both.
fn w_wing(x: &Ctx) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let n = g.n;
    let bivalue: Vec<usize> = (0..b.masks.len())
        .filter(|&c| b.masks[c].ones() == 2)
        .collect();
    if bivalue.len() < 2 {
        return None;
    }
    // Strong links: (digit, unit, the two cells).
    let mut links: Vec<(u8, usize, usize, usize)> = Vec::new();
    for u in 0..3 * n {
        for v in 1..=n as u8 {
            let p = x.pos(u, v);
            if p.ones() == 2 {
                let i = p.trailing_zeros() as usize;
                let j = (p & (p - 1)).trailing_zeros() as usize;
                links.push((v, u, g.cells(u)[i], g.cells(u)[j]));
            }
        }
    }
    for (k, &a) in bivalue.iter().enumerate() {
        let m = b.masks[a];
        for &c in &bivalue[k + 1..] {
            if b.masks[c] != m || g.sees(a, c) {
                continue;
            }
            for d in digits(m) {
                let y = digits(m & !bit(d))[0];
                for &(v, u, e, f) in &links {
                    if v != d || [e, f].iter().any(|q| *q == a || *q == c) {
                        continue;
                    }
                    let (e, f) = if g.sees(a, e) && g.sees(c, f) {
                        (e, f)
                    } else if g.sees(a, f) && g.sees(c, e) {
                        (f, e)
                    } else {
                        continue;
                    };
                    let gone = seen_by_all(g, b, &[a, c], y);
                    if gone.is_empty() {
                        break;
                    }
                    let mut s = step(Technique::WWing);
                    s.cells = vec![a, c, e, f];
                    s.digits = vec![d, y];
                    s.units.push(g.unit(u));
                    s.eliminate = gone;
                    return if_any(s);
                }
            }
        }
    }
    None
}

/// Simple colouring on one digit: the cells joined by conjugate pairs (a unit where the
/// digit has exactly two places) take two colours, one of which is all true. A colour with
/// two cells in one unit is false (colour wrap); a cell that sees both colours is false
/// (colour trap).
fn simple_colouring(x: &Ctx) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let n = g.n;
    let cells = b.masks.len();
    for v in 1..=n as u8 {
        // Conjugate pairs of v.
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for u in 0..3 * n {
            let p = x.pos(u, v);
            if p.ones() == 2 {
                let i = p.trailing_zeros() as usize;
                let j = (p & (p - 1)).trailing_zeros() as usize;
                let (e, f) = (g.cells(u)[i], g.cells(u)[j]);
                links[e].push(f);
                links[f].push(e);
            }
        }
        let mut colour = vec![u8::MAX; cells];
        for start in 0..cells {
            if links[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            // One component, coloured 0/1 by breadth-first search.
            let mut comp = vec![start];
            colour[start] = 0;
            let mut i = 0;
            while i < comp.len() {
                let e = comp[i];
                for &f in &links[e] {
                    if colour[f] == u8::MAX {
                        colour[f] = 1 - colour[e];
                        comp.push(f);
                    }
                }
                i += 1;
            }
            if comp.len() < 4 {
                // Two or three cells: what they prove is a pointing, claiming or X-wing.
                continue;
            }
            comp.sort_unstable();
            let mut s = step(Technique::SimpleColouring);
            s.cells = comp.clone();
            s.digits.push(v);
            // Colour wrap.
            for side in 0..2u8 {
                let same: Vec<usize> = comp
                    .iter()
                    .copied()
                    .filter(|&c| colour[c] == side)
                    .collect();
                let wrapped = same
                    .iter()
                    .enumerate()
                    .any(|(i, &e)| same[i + 1..].iter().any(|&f| g.sees(e, f)));
                if wrapped {
                    s.eliminate = same.iter().map(|&c| (c, v)).collect();
                    return if_any(s);
                }
            }
            // Colour trap.
            for c in 0..cells {
                if b.masks[c] & bit(v) == 0 || comp.binary_search(&c).is_ok() {
                    continue;
                }
                let sees = |side: u8| comp.iter().any(|&e| colour[e] == side && g.sees(c, e));
                if sees(0) && sees(1) {
                    s.eliminate.push((c, v));
                }
            }
            if let Some(s) = if_any(s) {
                return Some(s);
            }
        }
    }
    None
}
