//! The all-at-once test for subsets and fish through the board's fill ([`matched`]):
//! which units and digits have none, without enumerating.

use super::bits::T;
#[cfg(test)]
use super::bits::{Cells, masks_of};
use super::view::{ALL_UNITS, View};
#[cfg(test)]
use crate::{Shape, geometry::Geometry, logic::ladder::Tables};
use std::cell::OnceCell;

/// A fill (81 values, 1 to 9) and, made when [`matched`] first needs them, its maps.
pub(super) struct Fill {
    values: [u8; 81],
    maps: OnceCell<FillMaps>,
}

/// A fill read for [`matched`]: in each unit the cell of each digit, and for each digit the
/// row of each column.
pub(super) struct FillMaps {
    /// `unit_cell[u][d]`: the cell of unit `u` that the fill gives digit `d + 1`.
    unit_cell: [[u8; 9]; 27],
    /// `col_row[d][c]`: the row of column `c` that the fill gives digit `d + 1`.
    col_row: [[u8; 9]; 9],
}

impl Fill {
    /// A fill whose maps are made when first needed.
    pub(super) fn new(values: [u8; 81]) -> Fill {
        Fill {
            values,
            maps: OnceCell::new(),
        }
    }

    /// Panics unless the board is one [`Memo::with_fill`](super::memo::Memo::with_fill) is for:
    /// each empty cell keeps its fill digit, and no placed digit (a cell without candidates) is a
    /// candidate of a peer. (For debug builds: what [`matched`] rests on.)
    pub(super) fn check(&self, v: &View) {
        for (c, (&m, &f)) in v.masks.iter().zip(&self.values).enumerate() {
            let d = f as usize - 1;
            if m != 0 {
                assert!(m >> d & 1 != 0, "cell {c} lost its fill digit {f}");
            } else {
                assert_eq!(v.cand[d] & T.peers[c], 0, "digit {f} placed in cell {c}");
            }
        }
    }

    /// The maps, made on the first call. (A path that never looks past pointing and
    /// claiming, or never past the singles, never makes them.)
    pub(super) fn maps(&self) -> &FillMaps {
        self.maps.get_or_init(|| {
            let mut maps = FillMaps {
                unit_cell: [[0; 9]; 27],
                col_row: [[0; 9]; 9],
            };
            for (u, cells) in T.cells.iter().enumerate() {
                for &c in cells {
                    maps.unit_cell[u][self.values[c as usize] as usize - 1] = c;
                }
            }
            for (c, &v) in self.values.iter().enumerate() {
                maps.col_row[v as usize - 1][c % 9] = (c / 9) as u8;
            }
            maps
        })
    }
}

/// The units (bit `u`) among `units` with no naked or hidden subset of any size, and the
/// digits (bit `d`) among `digits` with no fish of any size or orientation, on a board whose
/// every empty cell keeps its fill digit (`maps`) among its candidates and whose placed
/// digits are candidates of none of their peers. Nothing is enumerated: this is Régin's
/// test for an all-different constraint, on eight graphs at a time.
///
/// A unit's graph has a node for each digit; digit `d` points to the candidates of the
/// cell where the fill puts `d` (itself among them; a digit placed in the unit has no
/// edges). A set of digits that points nowhere else is *closed*: its cells hold only its
/// digits. A naked subset (cells `C`, digits `U`, as many as cells) is the closed set of
/// the fill digits of `C`, since each cell's fill digit is one of `U`, all different; and
/// what it removes is an edge into that set from outside. A hidden subset (digits `D`,
/// places `P`) is a closed set too, the fill digits of the unit's other open cells (no
/// place of `D` is among them), and what it removes is an edge into that set from `P`. So a
/// unit has a subset step only if some closed set has an edge coming in, that is, only if
/// some edge `d → e` cannot be walked back from `e` to `d`. When every edge can, each
/// weakly connected part of the graph is strongly connected, and the unit has no subset
/// step of any size. (The converse holds on a board without singles, for a closed set of
/// `s` digits among `m ≤ 9` is a naked `s`-subset or a hidden `(m − s)`-subset, one of
/// them of four or fewer; the ladder looks for them all.)
///
/// A digit's graph has a node for each column: column `c` points to the columns of the
/// digit's candidates in the row where the fill puts it in column `c`. A fish with base
/// rows `B` and cover columns `K` is the closed set `K`: each base row holds the digit's
/// candidate in its fill column, and none holds the digit placed (a placed digit has left
/// its row), so `K` is the fill columns of `B`; an edge in removes the digit from a cover
/// column. A fish with columns as base is the closed set of the other open columns, as
/// with hidden subsets. (A row where the digit is placed but still a candidate elsewhere
/// would break this: the peers rule above is what keeps such rows out.)
///
/// Reachability comes from Warshall's closure, on eight graphs at once (a node's row of
/// each graph in a lane of one vector); every edge can be walked back exactly when the
/// closure is symmetric.
pub(super) fn matched(v: &View, maps: &FillMaps, units: u32, digits: u32) -> (u32, u32) {
    // The graphs to test, by lane: unit `u` as `u`, digit `d` as `27 + d`.
    let mut todo = u64::from(units) | u64::from(digits) << 27;
    let mut clean = 0u64;
    while todo != 0 {
        let mut lanes = [0u8; 8];
        // `reach[i][lane]`: the nodes node `i` of the lane's graph points to, then reaches.
        let mut reach = [[0u16; 8]; 9];
        let mut n = 0;
        while todo != 0 && n < 8 {
            let g = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            lanes[n] = g as u8;
            for (i, row) in reach.iter_mut().enumerate() {
                row[n] = if g < 27 {
                    v.masks[maps.unit_cell[g][i] as usize] as u16
                } else {
                    let d = g - 27;
                    (v.cand[d] >> (9 * maps.col_row[d][i] as u32)) as u16 & 0x1FF
                };
            }
            n += 1;
        }
        for k in 0..9 {
            let through = reach[k];
            for row in reach.iter_mut() {
                for (x, &y) in row.iter_mut().zip(&through) {
                    // (Bit `k` spread over the lane: no branch.)
                    *x |= y & ((*x << (15 - k)) as i16 >> 15) as u16;
                }
            }
        }
        // Bit 0 of each lane: whether some `i` reaches `j` but not `j` `i`. (Every pair is
        // visited, so that the loops have fixed bounds and unroll; the other bits of the
        // lanes are left unused.)
        let mut asymmetric = [0u16; 8];
        for i in 0..9 {
            for j in 0..9 {
                if j > i {
                    for ((a, &x), &y) in asymmetric.iter_mut().zip(&reach[i]).zip(&reach[j]) {
                        *a |= x >> j ^ y >> i;
                    }
                }
            }
        }
        for (&g, &a) in lanes[..n].iter().zip(&asymmetric) {
            clean |= u64::from(a & 1 == 0) << g;
        }
    }
    (clean as u32 & ALL_UNITS, (clean >> 27) as u32 & 0x1FF)
}

/// [`matched`] on every unit and digit of a board (its candidates by digit), for tests.
#[cfg(test)]
pub(crate) fn matched_everywhere(cand: &[Cells; 9], fill: &[u8; 81]) -> (u32, u32) {
    let fill = Fill::new(*fill);
    matched(
        &View::new(
            &Tables::new(&Geometry::new(Shape::CLASSIC)),
            cand,
            &masks_of(cand),
            false,
        ),
        fill.maps(),
        ALL_UNITS,
        0x1FF,
    )
}
