//! What the ladder's scans (`techniques.rs`) look at and build: the places of each digit in
//! each unit ([`Places`]), kept up to date along a path, for the singles and the memo, the
//! context the scans read ([`Ctx`]), step building, and bit counts.

use super::board::Candidates;
use super::step::{Step, Technique};
use crate::geometry::Geometry;

/// The places of each digit in each unit, kept up to date as the board changes (so the
/// ladder's path does not recompute them at every step), with a stamp per unit and per
/// digit that moves on every change.
#[derive(Debug, Clone)]
pub(crate) struct Places {
    n: usize,
    /// `pos[u · n + v − 1]`: the places of digit `v` in unit `u`, as a mask over the unit's
    /// cell indices.
    pub(super) pos: Vec<u32>,
    /// `once[u]`: the digits with exactly one place in unit `u` (bit `v − 1`).
    pub(super) once: Vec<u32>,
    /// The empty cells with one candidate, as a bitset over the cells.
    naked: Vec<u64>,
    /// Bumped whenever a cell of the unit changes.
    pub(super) unit_stamp: Vec<u32>,
    /// Bumped whenever the digit loses a place.
    pub(super) digit_stamp: Vec<u32>,
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
    pub(super) fn first_naked(&self) -> Option<usize> {
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
pub(super) struct Ctx<'a> {
    pub(super) g: &'a Geometry,
    pub(super) b: &'a Candidates,
    pub(super) places: &'a Places,
}

pub(super) fn bit(v: u8) -> u32 {
    1 << (v - 1)
}

pub(super) fn step(technique: Technique) -> Step {
    Step {
        technique,
        cells: Vec::new(),
        digits: Vec::new(),
        units: Vec::new(),
        place: Vec::new(),
        eliminate: Vec::new(),
    }
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
pub(super) fn ones(m: u32) -> usize {
    match ONES9.get(m as usize) {
        Some(&k) => k as usize,
        None => m.count_ones() as usize,
    }
}
