//! `rate`'s path on 9×9 with 3×3 boxes: the ladder's steps counted as
//! [`Logic::rate`](super::Logic::rate) counts them, with the singles found and placed on
//! bitboards (each digit's candidates as three 27-bit bands, as in `search9`) instead of on
//! the candidates grid and its table of places, which are brought up to date only when a step
//! beyond the singles is needed.
//!
//! The path is the same: the first naked single in reading order, else the first hidden
//! single (boxes, then rows, then columns; the smallest digit in the first unit that has
//! one), else [`techniques::beyond_singles`] on the same grid, else the guess (tested
//! against the general tally).

use super::board::{Candidates, Geometry};
use super::search9::{BOX, COL, ROW, Tables9};
use super::step::Technique;
use super::techniques::{self, Memo, Places};
use super::{Counts, guess};
use crate::sudoku::Grid;

/// The candidates of every digit as three bands, and the empty cells.
struct Bits {
    cand: [[u32; 3]; 9],
    open: [u32; 3],
}

impl Bits {
    fn new(board: &Candidates) -> Bits {
        let mut bits = Bits {
            cand: [[0; 3]; 9],
            open: [0; 3],
        };
        for c in 0..81 {
            if board.values[c] == 0 {
                let (b, bit) = (c / 27, 1u32 << (c % 27));
                bits.open[b] |= bit;
                let mut m = board.masks[c];
                while m != 0 {
                    bits.cand[m.trailing_zeros() as usize][b] |= bit;
                    m &= m - 1;
                }
            }
        }
        bits
    }

    /// Digit `d + 1` in `cell`: the cell's candidates go, and the digit leaves its peers.
    fn place(&mut self, t: &Tables9, cell: usize, d: usize) {
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        self.open[b] &= !bit;
        for cand in &mut self.cand {
            cand[b] &= !bit;
        }
        for (x, p) in self.cand[d].iter_mut().zip(t.peers(cell)) {
            *x &= !p;
        }
    }

    fn eliminate(&mut self, cell: usize, d: usize) {
        self.cand[d][cell / 27] &= !(1 << (cell % 27));
    }

    /// The first empty cell in reading order with one candidate, and that digit (from 0).
    fn naked(&self) -> Option<(usize, usize)> {
        for b in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for cand in &self.cand {
                twice |= once & cand[b];
                once |= cand[b];
            }
            let single = self.open[b] & once & !twice;
            if single != 0 {
                let bit = single & single.wrapping_neg();
                let d = (0..9).find(|&d| self.cand[d][b] & bit != 0)?;
                return Some((b * 27 + bit.trailing_zeros() as usize, d));
            }
        }
        None
    }

    /// The first hidden single: the cell and the digit (from 0). Boxes first, then rows,
    /// then columns, as the ladder looks; in each kind, the first unit with one, and its
    /// smallest digit with one place.
    fn hidden(&self) -> Option<(usize, usize)> {
        // For each digit, the units of the kind where it has one place (bit = unit).
        let mut units = [0u32; 9];
        // Boxes: bit 3·band + k.
        let mut any = 0;
        for (d, x) in self.cand.iter().enumerate() {
            let mut ones = 0;
            for (b, &w) in x.iter().enumerate() {
                for (k, &m) in BOX.iter().enumerate() {
                    ones |= u32::from(is_one(w & m)) << (3 * b + k);
                }
            }
            units[d] = ones;
            any |= ones;
        }
        if any != 0 {
            let (u, d) = first(any, &units);
            let (b, k) = (u / 3, u % 3);
            return Some((
                b * 27 + (self.cand[d][b] & BOX[k]).trailing_zeros() as usize,
                d,
            ));
        }
        // Rows: bit 3·band + k.
        for (d, x) in self.cand.iter().enumerate() {
            let mut ones = 0;
            for (b, &w) in x.iter().enumerate() {
                for (k, &m) in ROW.iter().enumerate() {
                    ones |= u32::from(is_one(w & m)) << (3 * b + k);
                }
            }
            units[d] = ones;
            any |= ones;
        }
        if any != 0 {
            let (u, d) = first(any, &units);
            let (b, k) = (u / 3, u % 3);
            return Some((
                b * 27 + (self.cand[d][b] & ROW[k]).trailing_zeros() as usize,
                d,
            ));
        }
        // Columns: bit j; the nine rows' places counted to two, bit-sliced.
        for (d, x) in self.cand.iter().enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for w in x {
                for k in 0..3 {
                    let row = (w >> (9 * k)) & 0x1FF;
                    twice |= once & row;
                    once |= row;
                }
            }
            units[d] = once & !twice;
            any |= units[d];
        }
        if any != 0 {
            let (j, d) = first(any, &units);
            let x = &self.cand[d];
            let b = (0..3).find(|&b| x[b] & (COL << j) != 0)?;
            return Some((b * 27 + (x[b] & (COL << j)).trailing_zeros() as usize, d));
        }
        None
    }

    /// The places of each digit in each unit, as [`Places`] lays them out: `pos[u · 9 + d]`,
    /// bit `i` for the unit's `i`-th cell in reading order.
    fn places(&self, pos: &mut [u32; 243]) {
        for (d, x) in self.cand.iter().enumerate() {
            for b in 0..3 {
                let w = x[b];
                for k in 0..3 {
                    // Row 3·b + k: its cells by column.
                    pos[(3 * b + k) * 9 + d] = (w >> (9 * k)) & 0x1FF;
                    // Box 3·b + k: its three rows of three.
                    let at = 3 * k;
                    pos[(18 + 3 * b + k) * 9 + d] =
                        ((w >> at) & 7) | ((w >> (9 + at)) & 7) << 3 | ((w >> (18 + at)) & 7) << 6;
                }
            }
            // Columns: row `r` is bit `r`.
            for j in 0..9 {
                let mut col = 0;
                for (b, &w) in x.iter().enumerate() {
                    let y = (w >> j) & COL;
                    col |= ((y & 1) | ((y >> 8) & 2) | ((y >> 16) & 4)) << (3 * b);
                }
                pos[(9 + j) * 9 + d] = col;
            }
        }
    }
}

/// The first unit of `any`, and the smallest digit with one place there.
#[inline]
fn first(any: u32, units: &[u32; 9]) -> (usize, usize) {
    let u = any.trailing_zeros();
    let d = (0..9).find(|&d| units[d] & 1 << u != 0).unwrap_or(0);
    (u as usize, d)
}

#[inline]
fn is_one(m: u32) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// How often each technique is used on the path from the board to its fill, and the number
/// of steps: what the general tally gives, faster.
pub(crate) fn tally(
    t: &Tables9,
    g: &Geometry,
    mut board: Candidates,
    fill: &Grid,
) -> (Counts, usize) {
    let mut counts = [0u32; Technique::ALL.len()];
    let mut steps = 0;
    let mut bits = Bits::new(&board);
    let mut memo = Memo::new(9);
    let mut places = Places::empty(9);
    let mut pos = [0u32; 243];
    let mut empty = board.values.iter().filter(|&&v| v == 0).count();
    while empty > 0 {
        steps += 1;
        let single = bits
            .naked()
            .map(|s| (Technique::NakedSingle, s))
            .or_else(|| bits.hidden().map(|s| (Technique::HiddenSingle, s)));
        if let Some((technique, (cell, d))) = single {
            counts[technique.index()] += 1;
            bits.place(t, cell, d);
            board.place(g, cell, d as u8 + 1);
            empty -= 1;
            continue;
        }
        bits.places(&mut pos);
        places.set_pos(&pos, &board);
        let step = techniques::beyond_singles(g, &board, &places, &mut memo)
            .unwrap_or_else(|| guess(&board, fill));
        counts[step.technique.index()] += 1;
        for &(cell, v) in &step.eliminate {
            bits.eliminate(cell, v as usize - 1);
            board.eliminate(cell, v);
        }
        for &(cell, v) in &step.place {
            bits.place(t, cell, v as usize - 1);
            board.place(g, cell, v);
            empty -= 1;
        }
    }
    (counts, steps)
}
