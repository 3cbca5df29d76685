//! The ladder's steps beyond the singles on 9×9 with 3×3 boxes, for `rate`'s tally: the
//! techniques of [`ladder`](super::ladder) themselves, on one 81-bit board per digit (bit
//! `9·row + column` of a `u128`), each scan leaving out the units and digits where it is known
//! to find nothing. The first step is the one the full scans of
//! [`techniques::beyond_singles`](super::techniques::beyond_singles) find.
//!
//! A scan that found nothing is remembered by what decides it, exactly: a unit's candidates
//! (nine 9-bit masks, 81 bits) for naked and hidden subsets, a digit's board for fish,
//! pointing, claiming and colouring. While that is unchanged the scan is skipped, since it
//! would find nothing again; a test checks every step against the full scans'.
//!
//! Most scans are decided before any enumeration, by first tests that leave out only units and
//! digits where the scan finds nothing: segments for pointing and claiming
//! (`intersections::confined`), counts of candidates and places for subsets and fish ([`Census`],
//! [`Slices`](bits::Slices), [`may_hold`](bits::may_hold)), two alike for pairs, and on a settled
//! board the duals' floors ([`floor`](view::floor)), tested on each unit's count of open cells
//! (each digit's of open lines) for all units at once. What they leave out is remembered like a
//! scan that found nothing.
//!
//! When the caller knows the board's fill ([`Memo::with_fill`], as `rate`'s path does), the subsets
//! and fish of every size are first decided together, without enumerating: through the fill, a
//! unit's candidates are a graph on its digits and a digit's a graph on its columns, a subset or
//! fish is a closed set of nodes with an edge coming in, and a graph has none exactly when each of
//! its weakly connected parts is strongly connected ([`matched`](matched::matched()), with the
//! proof). Units and digits that pass are remembered as having no subset and no fish; on a board
//! where only a guess is left, every unit and digit tested passes (those with fewer than four open
//! cells or lines are left to the floors).
//!
//! The files: `bits.rs` the 81-bit boards, their tables and counts; `view.rs` what the
//! scans look at and the counts they test; `memo.rs` the scans that found nothing;
//! `matched.rs` the all-at-once test through the fill; `intersections.rs` the units where a
//! digit may point or claim; `subsets.rs` the scans for naked and hidden subsets and fish.

mod bits;
mod intersections;
mod matched;
mod memo;
mod subsets;
mod view;

pub(crate) use bits::{masks_of, unit_counts};
#[cfg(test)]
pub(crate) use matched::matched_everywhere;
pub(crate) use memo::Memo;

use bits::{Cells, at_least_each};
use intersections::intersection;
use matched::matched;
use memo::scopes_of;
use subsets::{fish, hidden_subset, naked_subset};
use view::{ALL_UNITS, Census, View};

use super::ladder::{self, Board, Found, Tables};

/// The first step beyond the singles, as the full scans find it, or `None` when only a
/// guess is left (the board may have singles: they are not looked for here).
///
/// `settled` is the caller's word that the board has no naked or hidden single and has a
/// fill, as every board does where `rate`'s tally looks beyond the singles. Then each scan
/// leaves out the units and digits where only its dual could hold (see [`floor`](view::floor)).
pub(crate) fn beyond_singles(
    t: &Tables<Cells>,
    cand: &[Cells; 9],
    masks: &[u32; 81],
    settled: bool,
    memo: &mut Memo,
) -> Option<Found<Cells>> {
    memo.refresh(cand);
    let b = &Board { t, cand, masks };
    if let Some(f) = intersection(b, true, memo).or_else(|| intersection(b, false, memo)) {
        return Some(f);
    }
    let v = &View::new(t, cand, masks, settled);
    let n = Census::new(v);
    if let Some(fill) = &memo.fill {
        if cfg!(debug_assertions) {
            fill.check(v);
        }
        // Only what some scan would look at: units and digits not known to have nothing at
        // every size, with the open cells (lines) a subset (fish) needs, four.
        let units = !(memo.naked[0] & memo.naked[1] & memo.naked[2])
            | !(memo.hidden[0] & memo.hidden[1] & memo.hidden[2]);
        let scopes = !(memo.fish[0] & memo.fish[1] & memo.fish[2]);
        let digits = (0..9).fold(0u32, |m, d| m | u32::from(scopes >> (2 * d) & 3 != 0) << d);
        // (On a settled board a unit with three open cells or fewer has no subset, and a
        // digit with three open lines or fewer no fish: the floors leave them out.)
        let (units, digits) = if settled {
            (units & n.units_with(4), digits & at_least_each(&n.lines, 4))
        } else {
            (units, digits)
        };
        let (units, digits) = (units & ALL_UNITS, digits & 0x1FF);
        if units | digits != 0 {
            let (units, digits) = matched(v, fill.maps(), units, digits);
            for k in 0..3 {
                memo.naked[k] |= units;
                memo.hidden[k] |= units;
                memo.fish[k] |= scopes_of(digits);
            }
        }
    }
    naked_subset(v, &n, 2, memo)
        .or_else(|| hidden_subset(v, &n, 2, memo))
        .or_else(|| naked_subset(v, &n, 3, memo))
        .or_else(|| fish(v, &n, 2, memo))
        .or_else(|| hidden_subset(v, &n, 3, memo))
        .or_else(|| fish(v, &n, 3, memo))
        .or_else(|| ladder::xy_wing(b, n.two))
        .or_else(|| ladder::xyz_wing(b, n.two, n.three))
        .or_else(|| ladder::w_wing(b, n.two))
        .or_else(|| naked_subset(v, &n, 4, memo))
        .or_else(|| fish(v, &n, 4, memo))
        .or_else(|| hidden_subset(v, &n, 4, memo))
        .or_else(|| ladder::simple_colouring(b, &mut memo.colouring))
}
