//! Pointing and claiming on sets of cells.

use super::cells::{CellSet, several};
use super::found::{Board, Found, Hit, Pattern};
use crate::logic::step::Technique;

/// Pointing (`from_box`: a box's places of a digit on one row, then one column) or
/// claiming (a row's, then a column's, in one box): the digit leaves the rest of the other
/// unit. Units in order (boxes, or rows then columns), digits ascending in each.
pub(crate) fn intersection<B: CellSet>(v: &Board<B>, from_box: bool) -> Option<Found<B>> {
    let n = v.t.n;
    let units = if from_box { 2 * n..3 * n } else { 0..2 * n };
    for u in units {
        let unit = v.t.unit[u];
        for (d, &x) in v.cand.iter().enumerate() {
            // (Two places or more, tested here before the call.)
            if several(x & unit)
                && let Some(found) = intersection_at(v, from_box, u, d)
            {
                return Some(found);
            }
        }
    }
    None
}

/// The intersection step of unit `u` (a box when `boxed`, else a line) and digit `d`, if
/// any: the places of `d` in `u` (two or more) all in the row, then the column, of the first
/// (from a box), or in its box (from a line), and places of `d` in that other unit outside `u`.
#[inline]
pub(crate) fn intersection_at<B: CellSet>(v: &Board<B>, boxed: bool, u: usize, d: usize) -> Hit<B> {
    let t = v.t;
    let p = v.cand[d] & t.unit[u];
    if !several(p) {
        return None;
    }
    let [row, col, bx] = t.cell_units[p.first()];
    let others: &[u8] = if boxed { &[row, col] } else { &[bx] };
    for &o in others {
        let line = t.unit[o as usize];
        if !(p & !line).is_empty() {
            continue;
        }
        let gone = v.cand[d] & line & !t.unit[u];
        if !gone.is_empty() {
            let technique = if boxed {
                Technique::Pointing
            } else {
                Technique::Claiming
            };
            let pattern = Pattern::Intersection {
                units: [u as u8, o],
                cells: p,
            };
            return Some(Found::only(technique, d, gone, pattern));
        }
    }
    None
}
