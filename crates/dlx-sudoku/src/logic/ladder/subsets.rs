//! Naked and hidden subsets and fish on sets of cells: for one unit (one digit and
//! orientation), the first subset (fish) of a size that removes something. Which units and
//! digits to look at, and in what order, is the caller's.

use super::cells::CellSet;
use super::found::{Board, Found, Gone, Hit, Pattern};
use crate::logic::places::ones;
use crate::logic::step::Technique;

/// Keeps the masks of two bits or more (a mask of one is a single).
#[inline]
fn two_or_more(masks: &mut [u32]) {
    // (Masked, not branched on: which masks are singles follows no pattern.)
    for m in masks {
        *m &= 0u32.wrapping_sub(u32::from(*m & m.wrapping_sub(1) != 0));
    }
}

/// The candidates of `digits` (bit `d`) in `cells`, or `None` when there are none.
#[inline]
fn candidates_in<B: CellSet>(v: &Board<B>, ds: u32, cells: B) -> Option<Gone<B>> {
    let mut rest = ds;
    while rest != 0 {
        if !(v.cand[rest.trailing_zeros() as usize] & cells).is_empty() {
            return Some(Gone { digits: ds, cells });
        }
        rest &= rest - 1;
    }
    None
}

/// Naked subset of size `k` in unit `u`: `k` cells (two candidates or more each) with `k`
/// candidates between them; those digits leave the unit's other cells.
pub(crate) fn naked_at<B: CellSet>(v: &Board<B>, u: usize, k: usize) -> Option<Found<B>> {
    let t = v.t;
    let cells = t.cells(u);
    let mut masks = [0u32; 32];
    for (m, &c) in masks.iter_mut().zip(cells) {
        *m = v.masks[c as usize];
    }
    let masks = &mut masks[..t.n];
    two_or_more(masks);
    first_subset(masks, k, |chosen, union| {
        let subset = chosen
            .iter()
            .fold(B::default(), |m, &i| m | B::cell(cells[i] as usize));
        candidates_in(v, union, t.unit[u] & !subset).map(|gone| Found {
            technique: naked_technique(k),
            gone,
            pattern: Pattern::Subset {
                unit: u as u8,
                cells: subset,
                digits: union,
            },
        })
    })
}

/// Hidden subset of size `k` in unit `u`: `k` digits (two places or more each) with `k`
/// places between them; those cells hold nothing else.
pub(crate) fn hidden_at<B: CellSet>(v: &Board<B>, u: usize, k: usize) -> Option<Found<B>> {
    let t = v.t;
    let n = t.n;
    // Each digit's places, from the cells' candidates.
    let mut masks = [0u32; 32];
    let cells = t.cells(u);
    match n {
        9 => places::<9>(v.masks, cells, &mut masks),
        _ => places::<32>(v.masks, cells, &mut masks),
    }
    let masks = &mut masks[..n];
    two_or_more(masks);
    let all = crate::logic::board::full_mask(n);
    first_subset(masks, k, |chosen, union| {
        let keep: u32 = chosen.iter().fold(0, |m, &d| m | 1 << d);
        let subset = t.cells_at(u, union);
        candidates_in(v, !keep & all, subset).map(|gone| Found {
            technique: hidden_technique(k),
            gone,
            pattern: Pattern::Subset {
                unit: u as u8,
                cells: subset,
                digits: keep,
            },
        })
    })
}

/// Each digit's places among `cells` (bit `i`: the `i`-th cell), from the cells' candidates
/// (bit by bit, without a branch per candidate); for `N` digits or fewer, `N` known at
/// compile time where it can be.
#[inline]
fn places<const N: usize>(masks: &[u32], cells: &[u16], out: &mut [u32; 32]) {
    for (i, &c) in cells.iter().enumerate() {
        let m = masks[c as usize];
        for (d, x) in out[..N].iter_mut().enumerate() {
            *x |= (m >> d & 1) << i;
        }
    }
}

/// Fish of size `k` on digit `d`: its places in `k` base lines (rows when `rows`, else
/// columns; two places or more each) lie in `k` cover lines; the digit leaves the cover
/// lines' other cells.
pub(crate) fn fish_at<B: CellSet>(v: &Board<B>, d: usize, rows: bool, k: usize) -> Hit<B> {
    let t = v.t;
    let n = t.n;
    let x = v.cand[d];
    let (base0, cover0) = if rows { (0, n) } else { (n, 0) };
    // Each base line's places: a row's by column, a column's by row.
    let mut masks = [0u32; 32];
    for r in 0..n {
        let row = t.row_bits(x, r);
        if rows {
            masks[r] = row;
        } else {
            let mut cols = row;
            while cols != 0 {
                masks[cols.trailing_zeros() as usize] |= 1 << r;
                cols &= cols - 1;
            }
        }
    }
    let masks = &mut masks[..n];
    two_or_more(masks);
    first_subset(masks, k, |chosen, union| {
        let bases = chosen
            .iter()
            .fold(B::default(), |m, &i| m | t.unit[base0 + i]);
        let mut covers = B::default();
        let mut rest = union;
        while rest != 0 {
            covers |= t.unit[cover0 + rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let gone = x & covers & !bases;
        (!gone.is_empty()).then(|| {
            let pattern = Pattern::Fish {
                rows_are_base: rows,
                bases: chosen.iter().fold(0, |m, &i| m | 1 << i),
                covers: union,
                cells: x & covers & bases,
            };
            Found::only(fish_technique(k), d, gone, pattern)
        })
    })
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
fn first_subset<T>(
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

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

fn fish_technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}
