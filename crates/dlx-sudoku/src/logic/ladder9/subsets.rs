//! Naked and hidden subsets and fish on bitboards, each scan skipping the units and
//! digits its first tests, its floor or its memo leave out.

use super::bits::{
    COLUMN, Cells, Slices, T, at_least, cells_at, digits, each, may_hold, ones9, repeats,
};
use super::memo::{Memo, to_scan};
use super::view::{ALL_SCOPES, ALL_UNITS, Census, Found, Gone, View, floor, only};
use crate::logic::techniques::{first_subset, fish_technique, hidden_technique, naked_technique};

/// Keeps the masks of two bits or more, as the general ladder chooses from (a mask of one
/// is a single).
#[inline]
fn two_or_more(masks: &mut [u32; 9]) {
    // (Masked, not branched on: which masks are singles follows no pattern.)
    for m in masks {
        *m &= 0u32.wrapping_sub(u32::from(*m & m.wrapping_sub(1) != 0));
    }
}

/// The candidates of `digits` (bit `d`) in `cells`, or `None` when there are none.
#[inline]
fn candidates_in(v: &View, ds: u32, cells: Cells) -> Option<Gone> {
    let any = digits(ds).any(|d| v.cand[d] & cells != 0);
    any.then_some(Gone { digits: ds, cells })
}

/// `k` cells of a unit (two candidates or more each) with `k` candidates between them: those
/// digits leave the unit's other cells.
pub(super) fn naked_subset(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Option<Found> {
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
        let mut masks = [0u32; 9];
        for (m, &c) in masks.iter_mut().zip(&T.cells[u]) {
            *m = v.masks[c as usize];
        }
        two_or_more(&mut masks);
        let found = first_subset(&masks, k, |chosen, union| {
            let mut rest = T.unit[u];
            for &i in chosen {
                rest &= !(1 << T.cells[u][i]);
            }
            candidates_in(v, union, rest).map(|gone| (naked_technique(k), gone))
        });
        if found.is_some() {
            return found;
        }
        memo.naked[k - 2] |= 1 << u;
    }
    None
}

/// `k` digits with `k` places between them in a unit (two places or more each): those cells
/// hold nothing else.
pub(super) fn hidden_subset(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Option<Found> {
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
        // Each digit's places, from the cells' candidates (bit by bit, without a branch
        // per candidate).
        let mut masks = [0u32; 9];
        for (i, &c) in T.cells[u].iter().enumerate() {
            let m = v.masks[c as usize];
            for (d, x) in masks.iter_mut().enumerate() {
                *x |= (m >> d & 1) << i;
            }
        }
        two_or_more(&mut masks);
        let found = first_subset(&masks, k, |chosen, union| {
            let keep: u32 = chosen.iter().fold(0, |m, &d| m | 1 << d);
            candidates_in(v, !keep & 0x1FF, cells_at(u, union))
                .map(|gone| (hidden_technique(k), gone))
        });
        if found.is_some() {
            return found;
        }
        memo.hidden[k - 2] |= 1 << u;
    }
    None
}

/// Fish of size `k`: a digit's places in `k` base lines (rows, then columns) lie in `k`
/// cover lines; the digit leaves the cover lines' other cells.
pub(super) fn fish(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Option<Found> {
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
        let (base0, cover0) = if rows_are_base { (0, 9) } else { (9, 0) };
        // Each base line's places: a row's by column, a column's by row.
        let mut masks = [0u32; 9];
        for r in 0..9 {
            let row = ((x >> (9 * r)) & 0x1FF) as u32;
            if rows_are_base {
                masks[r] = row;
            } else {
                let mut cols = row;
                while cols != 0 {
                    masks[cols.trailing_zeros() as usize] |= 1 << r;
                    cols &= cols - 1;
                }
            }
        }
        two_or_more(&mut masks);
        let found = first_subset(&masks, k, |chosen, union| {
            let bases = chosen.iter().fold(0, |m, &i| m | T.unit[base0 + i]);
            let mut covers = 0;
            let mut rest = union;
            while rest != 0 {
                covers |= T.unit[cover0 + rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            let gone = x & covers & !bases;
            (gone != 0).then(|| only(fish_technique(k), d, gone))
        });
        if found.is_some() {
            return found;
        }
        memo.fish[k - 2] |= 1 << scope;
    }
    None
}
