//! Pointing and claiming on 9×9 bitboards: the units where a digit's places lie in one
//! segment, found for all units of a digit at once ([`confined`]), then tested in order by
//! the one ladder's [`intersection_at`].

use super::bits::{Cells, digits, every};
use super::memo::Memo;
use crate::logic::ladder::{Board, Found, intersection_at};

/// Pointing (a box's places of a digit on one row, then one column) or claiming (a row's,
/// then a column's, in one box): the digit leaves the rest of the other unit.
///
/// The units where a digit's places lie in one segment (the three cells a box and a line
/// share) and the other unit has places outside it are found for all units of a digit at
/// once ([`confined`]); each such unit and digit is then tested in the general order.
pub(super) fn intersection(
    v: &Board<Cells>,
    from_box: bool,
    memo: &mut Memo,
) -> Option<Found<Cells>> {
    let k = usize::from(!from_box);
    let known = if from_box {
        &mut memo.pointing
    } else {
        &mut memo.claiming
    };
    let (kept, cache) = (&mut memo.confined_kept[k], &mut memo.confined[k]);
    // The units (bit `u`, as numbered in `T`) where some digit may make the step.
    let mut any = 0u32;
    let open = !*known & 0x1FF;
    for d in digits(open) {
        // (A digit's segments are found again only when its board changed.)
        if *kept & 1 << d == 0 {
            cache[d] = confined(v.cand[d], from_box);
            *kept |= 1 << d;
        }
        any |= cache[d];
    }
    while any != 0 {
        let u = any.trailing_zeros() as usize;
        any &= any - 1;
        // The digits to test there (without a branch per digit).
        let mut ds = (0..9).fold(0u32, |m, d| m | (cache[d] >> u & 1 & open >> d) << d);
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if let Some(found) = intersection_at(v, from_box, u, d) {
                return Some(found);
            }
        }
    }
    *known = 0x1FF;
    None
}

/// Row segments: bit `9·r + 3·j` stands for the cells `3·j..3·j + 3` of row `r`.
const ROW_SEGMENTS: Cells = every(3);

/// Column segments: bit `27·b + c` stands for column `c`'s three cells in band `b`.
const COL_SEGMENTS: Cells = 0x1FF | 0x1FF << 27 | 0x1FF << 54;

/// The first segment of each box (bit `27·b + 3·j` for box `3·b + j`).
const BOX_CORNERS: Cells = 0o111 | 0o111 << 27 | 0o111 << 54;

/// The first segment of each row (bit `9·r`).
const ROW_STARTS: Cells = every(9);

/// The bits of `at` where exactly one of `a`, `b`, `c` is set.
#[inline]
fn one_of(a: Cells, b: Cells, c: Cells, at: Cells) -> Cells {
    at & (a | b | c) & !((a & b) | (a & c) | (b & c))
}

/// The bits of `at` where two or more of `a`, `b`, `c` are set.
#[inline]
fn two_of(a: Cells, b: Cells, c: Cells, at: Cells) -> Cells {
    at & ((a & b) | (a & c) | (b & c))
}

/// `x` with copies shifted left by `i` and by `j`.
#[inline]
fn spread(x: Cells, i: u32, j: u32) -> Cells {
    x | x << i | x << j
}

/// The units (bit `u`) where a digit (its places `x`) may make a step of
/// [`intersection_at`]: boxes (bit `18 + box`) whose places lie in one row, or one column,
/// that has places outside the box, when `from_box`; else rows and columns whose places lie
/// in one box that has places outside the line. Each such unit makes the step unless it
/// holds one place only (a hidden single, which `intersection_at` leaves; a settled board
/// has none).
///
/// A segment is the three cells a box shares with a line; each kind of segment is one bit
/// (the first cell's) of a board, so that the units' segment counts, to one and to two, are
/// a few shifts for all units at once. A box with one occupied row segment points along
/// that row exactly when the row has another occupied segment; a row with one occupied
/// segment claims in its box exactly when the box has another occupied row segment; and
/// the same with columns.
#[inline]
fn confined(x: Cells, from_box: bool) -> u32 {
    // Row segments (bit `9·r + 3·j`: row `r` in stack `j`) and column segments (bit
    // `27·b + c`: column `c` in band `b`) holding places.
    let rows = (x | x >> 1 | x >> 2) & ROW_SEGMENTS;
    let cols = (x | x >> 9 | x >> 18) & COL_SEGMENTS;
    if from_box {
        // Boxes (at their corner) with one occupied row segment, and rows (at their start)
        // with two: spread back onto the segments, they meet where a box points.
        let box_one_row = one_of(rows, rows >> 9, rows >> 18, BOX_CORNERS);
        let row_two = two_of(rows, rows >> 3, rows >> 6, ROW_STARTS);
        let along_row = rows & spread(box_one_row, 9, 18) & spread(row_two, 3, 6);
        let box_one_col = one_of(cols, cols >> 1, cols >> 2, BOX_CORNERS);
        let col_two = two_of(cols, cols >> 27, cols >> 54, 0x1FF);
        let along_col = cols & spread(box_one_col, 1, 2) & spread(col_two, 27, 54);
        let corners = (along_row
            | along_row >> 9
            | along_row >> 18
            | along_col
            | along_col >> 1
            | along_col >> 2)
            & BOX_CORNERS;
        let mut out = 0;
        for b in 0..3 {
            let band = (corners >> (27 * b)) as u32;
            for j in 0..3 {
                out |= (band >> (3 * j) & 1) << (18 + 3 * b + j);
            }
        }
        out
    } else {
        // Rows with one occupied segment and boxes with two occupied row segments; columns
        // with one occupied segment and boxes with two occupied column segments.
        let row_one = one_of(rows, rows >> 3, rows >> 6, ROW_STARTS);
        let box_two_rows = two_of(rows, rows >> 9, rows >> 18, BOX_CORNERS);
        let row_claims = rows & spread(row_one, 3, 6) & spread(box_two_rows, 9, 18);
        let col_one = one_of(cols, cols >> 27, cols >> 54, 0x1FF);
        let box_two_cols = two_of(cols, cols >> 1, cols >> 2, BOX_CORNERS);
        let col_claims = cols & spread(col_one, 27, 54) & spread(box_two_cols, 1, 2);
        let rows_in_box = (row_claims | row_claims >> 3 | row_claims >> 6) & ROW_STARTS;
        let cols_in_box = (col_claims | col_claims >> 27 | col_claims >> 54) & 0x1FF;
        let mut out = (cols_in_box as u32) << 9;
        for r in 0..9 {
            out |= ((rows_in_box >> (9 * r)) as u32 & 1) << r;
        }
        out
    }
}
