//! The scans for naked and hidden subsets and fish on 9×9 bitboards: each skips the units
//! and digits its first tests, its floor or its memo leave out, and looks at the rest with the
//! one ladder's [`naked_at`](ladder::naked_at), [`hidden_at`](ladder::hidden_at) and
//! [`fish_at`](ladder::fish_at).

use super::bits::{COLUMN, Cells, Slices, T, at_least, digits, each, may_hold, ones9, repeats};
use super::memo::{Memo, to_scan};
use super::view::{ALL_SCOPES, ALL_UNITS, Census, Hit, View, floor};
use crate::logic::ladder;

/// `k` cells of a unit (two candidates or more each) with `k` candidates between them: those
/// digits leave the unit's other cells.
pub(super) fn naked_subset(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Hit {
    let reach = v.settled.then(|| n.units_with(floor(k, false)));
    for u in digits(to_scan(&mut memo.naked[k - 2], ALL_UNITS, reach)) {
        let unit = T.unit[u];
        // A naked pair is two cells with the same two candidates.
        let pair = || repeats(each(n.two & unit).map(|c| v.masks[c] as Cells));
        if !(at_least(n.up_to[k - 2] & unit, k) && at_least(n.open & unit, k + 1))
            || (k == 2 && !pair())
        {
            memo.naked[k - 2] |= 1 << u;
            continue;
        }
        let found = ladder::naked_at(&v.board(), u, k);
        if found.is_some() {
            return found;
        }
        memo.naked[k - 2] |= 1 << u;
    }
    None
}

/// `k` digits with `k` places between them in a unit (two places or more each): those cells
/// hold nothing else.
pub(super) fn hidden_subset(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Hit {
    // (On a settled board a unit's digits of two places or more are its open cells.)
    let reach = v.settled.then(|| n.units_with(floor(k, true)));
    for u in digits(to_scan(&mut memo.hidden[k - 2], ALL_UNITS, reach)) {
        let places = v.unit_places(u);
        // A hidden pair is two digits with the same two places.
        let pair = || repeats(digits(places.exactly(2)).map(|d| v.cand[d] & T.unit[u]));
        if !places.may_hold(k) || (k == 2 && !pair()) {
            memo.hidden[k - 2] |= 1 << u;
            continue;
        }
        let found = ladder::hidden_at(&v.board(), u, k);
        if found.is_some() {
            return found;
        }
        memo.hidden[k - 2] |= 1 << u;
    }
    None
}

/// Fish of size `k`: a digit's places in `k` base lines (rows, then columns) lie in `k`
/// cover lines; the digit leaves the cover lines' other cells.
pub(super) fn fish(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Hit {
    let reach = v.settled.then(|| n.scopes_with(k));
    for scope in digits(to_scan(&mut memo.fish[k - 2], ALL_SCOPES, reach)) {
        let (d, rows_are_base) = (scope / 2, scope % 2 == 0);
        let x = v.cand[d];
        // An X-wing is two lines with the same two places.
        let may = if rows_are_base {
            let (mut small, mut open, mut pairs) = (0, 0, 0);
            for r in 0..9 {
                let places = ones9((x >> (9 * r)) as u32);
                small += u32::from((2..=k as u32).contains(&places));
                open += u32::from(places >= 2);
                pairs |= u32::from(places == 2) << r;
            }
            may_hold(small, open, k)
                && (k > 2 || repeats(digits(pairs).map(|r| x >> (9 * r) & 0x1FF)))
        } else {
            let places = v.column_places[d]
                .get_or_init(|| Slices::count((0..9).map(|r| (x >> (9 * r)) as u32 & 0x1FF)));
            places.may_hold(k)
                && (k > 2 || repeats(digits(places.exactly(2)).map(|c| x >> c & COLUMN)))
        };
        if !may {
            memo.fish[k - 2] |= 1 << scope;
            continue;
        }
        let found = ladder::fish_at(&v.board(), d, rows_are_base, k);
        if found.is_some() {
            return found;
        }
        memo.fish[k - 2] |= 1 << scope;
    }
    None
}
