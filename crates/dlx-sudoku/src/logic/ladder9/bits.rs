//! The 9×9 bitboards the bitboard ladder works on: a set of cells as a `u128` (bit
//! `9·row + column`), the tables of units and peers, and the small counts and iterators on
//! boards and masks that every scan shares.

use crate::logic::search9::{SPREAD, band_masks};
use crate::logic::techniques::ONES9;
use std::ops::{BitAnd, BitOr};

/// A set of cells: bit `9·row + column`.
pub(super) type Cells = u128;

/// Rows `0..9`, columns `9..18`, boxes `18..27`, as the general geometry numbers them.
pub(super) struct Tables {
    /// The cells of each unit.
    pub(super) unit: [Cells; 27],
    /// The cells of each unit in reading order (as the general ladder indexes them).
    pub(super) cells: [[u8; 9]; 27],
    /// The peers of each cell (itself excluded).
    pub(super) peers: [Cells; 81],
}

/// The units of cell `c`: its row, its column and its box, as `T` numbers them.
pub(super) const fn units_of(c: usize) -> [usize; 3] {
    let (r, k) = (c / 9, c % 9);
    [r, 9 + k, 18 + (r / 3) * 3 + k / 3]
}

const fn tables() -> Tables {
    let mut t = Tables {
        unit: [0; 27],
        cells: [[0; 9]; 27],
        peers: [0; 81],
    };
    let mut fill = [0usize; 27];
    let mut c = 0;
    while c < 81 {
        let units = units_of(c);
        let mut j = 0;
        while j < 3 {
            let u = units[j];
            t.unit[u] |= 1 << c;
            t.cells[u][fill[u]] = c as u8;
            fill[u] += 1;
            j += 1;
        }
        c += 1;
    }
    c = 0;
    while c < 81 {
        let [r, k, b] = units_of(c);
        let near = t.unit[r] | t.unit[k] | t.unit[b];
        t.peers[c] = near & !(1 << c);
        c += 1;
    }
    t
}

pub(super) static T: Tables = tables();

/// Each cell's candidates (bit `d`; 0 for a filled cell) from each digit's board.
pub(crate) fn masks_of(cand: &[Cells; 9]) -> [u32; 81] {
    let mut masks = [0u32; 81];
    for (b, out) in masks.chunks_exact_mut(27).enumerate() {
        let words = std::array::from_fn(|d| (cand[d] >> (27 * b)) as u32 & ((1 << 27) - 1));
        out.copy_from_slice(&band_masks(&words));
    }
    masks
}

/// The indices (bit `i`) whose count is `m` or more.
#[inline]
pub(super) fn at_least_each(counts: &[u8], m: usize) -> u32 {
    counts
        .iter()
        .enumerate()
        .fold(0, |out, (i, &n)| out | u32::from(n as usize >= m) << i)
}

#[inline]
pub(super) fn ones9(m: u32) -> u32 {
    ONES9[m as usize & 0x1FF] as u32
}

/// The cells of a board, lowest first.
#[inline]
pub(super) fn each(mut x: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let c = x.trailing_zeros() as usize;
            x &= x - 1;
            c
        })
    })
}

/// Whether `first_subset` can find a subset of `k` among masks of which `small` have two to
/// `k` bits and `open` two bits or more: it chooses `k` of the former, and a subset removes
/// something only when some mask is left over. The scans below test this on counts before
/// they build the masks.
#[inline]
pub(super) fn may_hold(small: u32, open: u32, k: usize) -> bool {
    small as usize >= k && open as usize > k
}

/// Whether a board has `k` cells or more.
#[inline]
pub(super) fn at_least(mut x: Cells, k: usize) -> bool {
    for _ in 1..k {
        x &= x.wrapping_sub(1);
    }
    x != 0
}

/// Sets counted bit by bit (bit-sliced): `out[i]` holds the bits set in more than `i` of
/// them, for `i` up to 4.
#[inline]
pub(super) fn layers<T>(sets: impl Iterator<Item = T>) -> [T; 5]
where
    T: Copy + Default + BitAnd<Output = T> + BitOr<Output = T>,
{
    let mut at = [T::default(); 5];
    for x in sets {
        for i in (1..5).rev() {
            at[i] = at[i] | (at[i - 1] & x);
        }
        at[0] = at[0] | x;
    }
    at
}

/// Nine masks counted bit by bit ([`layers`]): `0[i]` holds the bits set in more than `i`
/// of them. For a unit's cells' candidates, a bit is a digit and the count its places; for
/// a digit's rows, a bit is a column.
pub(super) struct Slices(pub(super) [u32; 5]);

impl Slices {
    #[inline]
    pub(super) fn count(masks: impl Iterator<Item = u32>) -> Slices {
        Slices(layers(masks))
    }

    /// [`may_hold`] for the bits counted.
    #[inline]
    pub(super) fn may_hold(&self, k: usize) -> bool {
        may_hold(ones9(self.0[1] & !self.0[k]), ones9(self.0[1]), k)
    }

    /// The bits set in exactly `i` of the masks (1 ≤ `i` ≤ 4).
    #[inline]
    pub(super) fn exactly(&self, i: usize) -> u32 {
        self.0[i - 1] & !self.0[i]
    }
}

/// Whether two of at most nine values are equal (a pair's test: two cells with the same two
/// candidates, two digits or lines with the same two places).
#[inline]
pub(super) fn repeats(values: impl Iterator<Item = Cells>) -> bool {
    let mut seen = [0; 9];
    for (n, x) in values.take(9).enumerate() {
        if seen[..n].contains(&x) {
            return true;
        }
        seen[n] = x;
    }
    false
}

/// The set bits of a mask, lowest first.
#[inline]
pub(super) fn digits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// Column 0 (bit `9·r` for each row `r`).
pub(super) const COLUMN: Cells = every(9);

/// Every `step`-th cell from 0 on.
pub(super) const fn every(step: usize) -> Cells {
    let mut out = 0;
    let mut c = 0;
    while c < 81 {
        out |= 1 << c;
        c += step;
    }
    out
}

/// How many cells of `x` each unit holds: rows by table, columns and boxes from the rows
/// spread a nibble per column ([`SPREAD`]) and added.
pub(crate) fn unit_counts(x: Cells) -> [u8; 27] {
    let mut out = [0u8; 27];
    let mut cols = 0u64;
    for b in 0..3 {
        let mut band = 0u64;
        for k in 0..3 {
            let row = (x >> (9 * (3 * b + k))) as usize & 0x1FF;
            out[3 * b + k] = ONES9[row];
            band += SPREAD[row];
        }
        cols += band;
        for s in 0..3 {
            let three = band >> (12 * s);
            out[18 + 3 * b + s] = ((three & 0xF) + (three >> 4 & 0xF) + (three >> 8 & 0xF)) as u8;
        }
    }
    for (j, n) in out[9..18].iter_mut().enumerate() {
        *n = (cols >> (4 * j) & 0xF) as u8;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use crate::geometry::Geometry;

    /// The tables say what the general geometry says: units' cells in reading order, peers.
    #[test]
    fn tables_match_the_geometry() {
        let g = Geometry::new(Shape::CLASSIC);
        for u in 0..27 {
            let cells: Vec<usize> = T.cells[u].iter().map(|&c| c as usize).collect();
            assert_eq!(cells, g.cells(u), "unit {u}");
            assert_eq!(T.unit[u], cells.iter().fold(0, |m, &c| m | 1 << c));
        }
        for c in 0..81 {
            assert_eq!(T.peers[c], g.peers[c].iter().fold(0, |m, &p| m | 1 << p));
        }
    }

    /// Each unit's count of a board's cells, against counting the cells of the unit's
    /// board, on random boards of every density.
    #[test]
    fn unit_counts_count_each_units_cells() {
        let mut rng = crate::rng::SplitMix::new(3);
        for round in 0..3000 {
            let keep = round % 8;
            let mut x: Cells = 0;
            for c in 0..81 {
                if rng.next_u64() % 8 < keep {
                    x |= 1 << c;
                }
            }
            for (u, (&n, &unit)) in unit_counts(x).iter().zip(&T.unit).enumerate() {
                assert_eq!(n as u32, (x & unit).count_ones(), "unit {u}");
            }
        }
    }
}
