//! SE's wings: XY-wing (4.2) and XYZ-wing (4.4). A pivot cell with candidates xy (or
//! xyz) sees two bivalue cells xz and yz: whichever the pivot holds, one wing holds z, so z
//! leaves the cells that see both wings (and the pivot, for XYZ). SE applies the first
//! found, pivots in cell order.

use super::board::Board;
use super::board::with_digit;
use super::cells::{Cells, PEERS, members, removals};
use super::step::{Effect, SeStep};

/// The cells holding exactly `n` candidates.
fn with_count(board: &Board, n: u32) -> Cells {
    (0..81)
        .filter(|&c| board.cands[c].count_ones() == n)
        .fold(0, |acc, c| acc | 1 << c)
}

/// XY-wing (`xyz` false, 4.2) or XYZ-wing (`xyz` true, 4.4).
pub(crate) fn xy_wing(board: &Board, xyz: bool) -> Option<SeStep> {
    let pivots = with_count(board, if xyz { 3 } else { 2 });
    let pairs = with_count(board, 2);
    for pivot in members(pivots) {
        let p = board.cands[pivot];
        let wings: Vec<usize> = members(PEERS[pivot] & pairs).collect();
        for &xz in &wings {
            let m = board.cands[xz];
            if (p & !m).count_ones() != 1 {
                continue;
            }
            for &yz in &wings {
                let n = board.cands[yz];
                let union = p | m | n;
                let common = (p & m & n).count_ones();
                if union.count_ones() != 3 || common != u32::from(xyz) || yz == xz {
                    continue;
                }
                let z = (m & n).trailing_zeros() as u8;
                let mut seen = PEERS[xz] & PEERS[yz] & !(1 << pivot);
                if xyz {
                    seen &= PEERS[pivot];
                }
                let removed = seen & with_digit(board, z);
                if removed != 0 {
                    let (name, tenths) = if xyz {
                        ("XYZ-Wing", 44)
                    } else {
                        ("XY-Wing", 42)
                    };
                    return Some(SeStep {
                        name: name.into(),
                        tenths,
                        effect: Effect::Eliminate(removals(removed, z)),
                    });
                }
            }
        }
    }
    None
}

/// The wing names and base difficulties of SE's ALS wings by the number of cells of the
/// almost locked set: WXYZ (3), VWXYZ (4), UVWXYZ (5), TUVWXYZ (6).
const ALS_WINGS: [(&str, u8); 4] = [
    ("WXYZ-Wing", 55),
    ("VWXYZ-Wing", 62),
    ("UVWXYZ-Wing", 66),
    ("TUVWXYZ-Wing", 75),
];

/// An ALS wing found: removals and SE's sort key parts.
struct AlsWing {
    tenths: u8,
    removed: Vec<(usize, u8)>,
    suffix: String,
}

/// The difficulty of an ALS wing of `k` cells whose biggest cell holds `biggest`
/// candidates: sizes at the extremes are easier than the middle ones (UVWXYZ and
/// TUVWXYZ are fixed).
fn als_tenths(k: usize, biggest: u32) -> u8 {
    let base = ALS_WINGS[k - 3].1;
    match k {
        3 => base + 1 - biggest.abs_diff(3) as u8,
        4 => base + 2 - biggest.abs_diff(3) as u8,
        _ => base,
    }
}

/// The removals of `digit` from the cells holding it that see all of `holders`.
fn seen_by_all(board: &Board, holders: Cells, digit: u8, pattern: Cells) -> Vec<(usize, u8)> {
    let seeing = members(holders).fold(!0 as Cells, |acc, c| acc & PEERS[c]);
    removals(seeing & with_digit(board, digit) & !pattern, digit)
}

/// The wing of the ALS `als` (k pairwise-seeing cells holding k+1 digits, `union`) and
/// the bivalue cell `yz`, if one of yz's digits is a restricted common.
fn als_wing_at(board: &Board, als: &[usize], union: u16, yz: usize) -> Option<AlsWing> {
    let set: Cells = als.iter().fold(0, |acc, &c| acc | 1 << c);
    let pattern = set | 1 << yz;
    let holders = |d: u8| set & with_digit(board, d);
    let restricted = |d: u8| holders(d) & !PEERS[yz] == 0;
    let pair = board.cands[yz];
    let x0 = pair.trailing_zeros() as u8;
    let z0 = (15 - pair.leading_zeros()) as u8;
    let (x, z, double) = match (restricted(x0), restricted(z0)) {
        (true, true) => (x0, z0, true),
        (true, false) => (x0, z0, false),
        (false, true) => (z0, x0, false),
        (false, false) => return None,
    };
    let mut removed = Vec::new();
    let (mut weak, mut by_x) = (false, false);
    if double {
        for w in (1..=9u8).filter(|&w| union & !pair & (1 << w) != 0) {
            let r = seen_by_all(board, holders(w), w, pattern);
            weak |= !r.is_empty();
            removed.extend(r);
        }
        let r = seen_by_all(board, holders(x) | 1 << yz, x, pattern);
        by_x = !r.is_empty();
        removed.extend(r);
    }
    let by_z = seen_by_all(board, holders(z) | 1 << yz, z, pattern);
    let double = double && (weak || (!by_z.is_empty() && by_x));
    removed.extend(by_z);
    if removed.is_empty() {
        return None;
    }
    let biggest = als
        .iter()
        .map(|&c| board.cands[c].count_ones())
        .max()
        .unwrap_or(0);
    let size: u32 = als.iter().map(|&c| board.cands[c].count_ones()).sum();
    Some(AlsWing {
        tenths: als_tenths(als.len(), biggest),
        removed,
        suffix: format!("{}{biggest}{size}", if double { 2 } else { 1 }),
    })
}

/// The cells an ALS wing of `k` cells may use: `pairs` holding two candidates, `fit` two
/// to `k + 1`.
struct Fit {
    pairs: Cells,
    fit: Cells,
}

/// Grows `als` by cells after its last that see all of it, and tries every bivalue cell
/// with each complete ALS, keeping SE's preferred wing in `best`.
fn grow_als(
    board: &Board,
    cells: &Fit,
    als: &mut Vec<usize>,
    k: usize,
    union: u16,
    best: &mut Option<AlsWing>,
) {
    if als.len() == k {
        if union.count_ones() as usize != k + 1 {
            return;
        }
        let near = als.iter().fold(0 as Cells, |acc, &c| acc | PEERS[c]);
        for yz in members(near & cells.pairs) {
            if als.contains(&yz) || board.cands[yz] & !union != 0 {
                continue;
            }
            if let Some(w) = als_wing_at(board, als, union, yz) {
                let key = |w: &AlsWing| {
                    (
                        w.tenths,
                        std::cmp::Reverse(w.removed.len()),
                        std::cmp::Reverse(w.suffix.clone()),
                    )
                };
                if best.as_ref().is_none_or(|b| key(&w) < key(b)) {
                    *best = Some(w);
                }
            }
        }
        return;
    }
    let last = als[als.len() - 1];
    let seeing = als.iter().fold(!0 as Cells, |acc, &c| acc & PEERS[c]);
    let after = !0 << (last + 1);
    for next in members(seeing & cells.fit & after) {
        let grown = union | board.cands[next];
        if grown.count_ones() as usize > k + 1 {
            continue;
        }
        als.push(next);
        grow_als(board, cells, als, k, grown, best);
        als.pop();
    }
}

/// SE's ALS wing of `k` cells (WXYZ 3, VWXYZ 4, UVWXYZ 5, TUVWXYZ 6): an almost locked set of k
/// cells that all see each other, and a bivalue cell xz whose digit x all the set's x
/// cells see: z leaves the cells that see xz and all the set's z cells (doubly linked
/// when z is restricted too: each other digit of the set leaves the cells seeing all its
/// holders as well).
pub(crate) fn als_wing(board: &Board, k: usize) -> Option<SeStep> {
    let mut best = None;
    let cells = Fit {
        pairs: with_count(board, 2),
        fit: (0..81)
            .filter(|&c| (2..=k as u32 + 1).contains(&board.cands[c].count_ones()))
            .fold(0, |acc, c| acc | 1 << c),
    };
    let mut als = Vec::with_capacity(k);
    for first in members(cells.fit) {
        als.push(first);
        grow_als(board, &cells, &mut als, k, board.cands[first], &mut best);
        als.pop();
    }
    let w = best?;
    Some(SeStep {
        name: format!("{} {}", ALS_WINGS[k - 3].0, w.suffix).into(),
        tenths: w.tenths,
        effect: Effect::Eliminate(w.removed),
    })
}
