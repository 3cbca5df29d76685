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
/// to `k + 1`; and per digit, the cells holding it.
struct Fit {
    pairs: Cells,
    fit: Cells,
    places: [Cells; 10],
}

/// An almost locked set being grown: its cells in order, as a set, the cells that see all
/// of them, the cells that see one, and its digits.
struct Als {
    cells: Vec<usize>,
    set: Cells,
    seeing: Cells,
    near: Cells,
    union: u16,
}

/// Grows `als` by cells after its last that see all of it, and tries every bivalue cell
/// with each complete ALS, keeping SE's preferred wing in `best`.
fn grow_als(board: &Board, fit: &Fit, als: &mut Als, k: usize, best: &mut Option<AlsWing>) {
    if als.cells.len() == k {
        if als.union.count_ones() as usize != k + 1 {
            return;
        }
        // The bivalue cells seeing one of the set, outside it, with digits of the set.
        let others = (1..=9).filter(|&d| als.union & (1 << d) == 0);
        let foreign = others.fold(0 as Cells, |acc, d| acc | fit.places[d]);
        for yz in members(als.near & fit.pairs & !als.set & !foreign) {
            if let Some(w) = als_wing_at(board, &als.cells, als.union, yz) {
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
    let last = als.cells[als.cells.len() - 1];
    let after = !0 << (last + 1);
    let (set, seeing, near, union) = (als.set, als.seeing, als.near, als.union);
    for next in members(seeing & fit.fit & after) {
        let grown = union | board.cands[next];
        if grown.count_ones() as usize > k + 1 {
            continue;
        }
        als.cells.push(next);
        als.set = set | 1 << next;
        als.seeing = seeing & PEERS[next];
        als.near = near | PEERS[next];
        als.union = grown;
        grow_als(board, fit, als, k, best);
        als.cells.pop();
    }
    (als.set, als.seeing, als.near, als.union) = (set, seeing, near, union);
}

/// SE's ALS wing of `k` cells (WXYZ 3, VWXYZ 4, UVWXYZ 5, TUVWXYZ 6): an almost locked set of k
/// cells that all see each other, and a bivalue cell xz whose digit x all the set's x
/// cells see: z leaves the cells that see xz and all the set's z cells (doubly linked
/// when z is restricted too: each other digit of the set leaves the cells seeing all its
/// holders as well).
pub(crate) fn als_wing(board: &Board, k: usize) -> Option<SeStep> {
    let mut best = None;
    let fit = Fit {
        pairs: with_count(board, 2),
        fit: (0..81)
            .filter(|&c| (2..=k as u32 + 1).contains(&board.cands[c].count_ones()))
            .fold(0, |acc, c| acc | 1 << c),
        places: std::array::from_fn(|d| {
            if d == 0 {
                0
            } else {
                with_digit(board, d as u8)
            }
        }),
    };
    let mut als = Als {
        cells: Vec::with_capacity(k),
        set: 0,
        seeing: 0,
        near: 0,
        union: 0,
    };
    for first in members(fit.fit) {
        als.cells.push(first);
        als.set = 1 << first;
        als.seeing = PEERS[first];
        als.near = PEERS[first];
        als.union = board.cands[first];
        grow_als(board, &fit, &mut als, k, &mut best);
        als.cells.pop();
    }
    let w = best?;
    Some(SeStep {
        name: format!("{} {}", ALS_WINGS[k - 3].0, w.suffix).into(),
        tenths: w.tenths,
        effect: Effect::Eliminate(w.removed),
    })
}
