//! SE's aligned exclusions: pairs (6.2) and triplets (7.5, [`aligned_triplet`]).
//!
//! Aligned pair exclusion: two base cells, and the bivalue cells that see both
//! ("excluders", at least two). A pair of digits for the base cells is impossible when
//! they see each other and the digits are equal, or when it would empty an excluder; a
//! digit of a base cell that takes part in no possible pair leaves it. SE applies the
//! first found, base cells in cell order.

use super::board::Board;
use super::cells::{Cells, PEERS, members};
use super::step::{Effect, SeStep};

/// The digits of a candidate mask, in increasing order.
fn digits(mask: u16) -> impl Iterator<Item = u8> {
    let mut rest = mask & 0x3fe;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            d
        })
    })
}

/// The removals from base cells `a` and `b` with common excluders `excluders`.
fn excluded(board: &Board, a: usize, b: usize, excluders: Cells) -> Vec<(usize, u8)> {
    let (ca, cb) = (board.cands[a], board.cands[b]);
    let aligned = PEERS[a] & (1 << b) != 0;
    // An excluder is emptied only when it holds exactly the two digits.
    let mut held = [0u16; 20];
    let mut n = 0;
    for e in members(excluders) {
        held[n] = board.cands[e];
        n += 1;
    }
    let held = &held[..n];
    let (mut keep_a, mut keep_b) = (0u16, 0u16);
    for da in digits(ca) {
        for db in digits(cb) {
            if da == db && aligned {
                continue;
            }
            let both = (1u16 << da) | (1 << db);
            if held.iter().any(|&e| e & !both == 0) {
                continue;
            }
            keep_a |= 1 << da;
            keep_b |= 1 << db;
            if keep_a == ca && keep_b == cb {
                return Vec::new();
            }
        }
    }
    let mut removed: Vec<(usize, u8)> = digits(ca & !keep_a).map(|d| (a, d)).collect();
    removed.extend(digits(cb & !keep_b).map(|d| (b, d)));
    removed
}

/// The first aligned pair exclusion SE would find, if any.
pub(crate) fn aligned_pair(board: &Board) -> Option<SeStep> {
    let (mut pairs, mut open) = (0 as Cells, 0 as Cells);
    for (cell, &c) in board.cands.iter().enumerate() {
        pairs |= Cells::from(c.count_ones() == 2) << cell;
        open |= Cells::from(c.count_ones() >= 2) << cell;
    }
    let bases: Vec<usize> = members(open).filter(|&c| PEERS[c] & pairs != 0).collect();
    for (i, &a) in bases.iter().enumerate() {
        for &b in &bases[i + 1..] {
            let excluders = PEERS[a] & PEERS[b] & pairs;
            if excluders.count_ones() < 2 {
                continue;
            }
            let removed = excluded(board, a, b, excluders);
            if !removed.is_empty() {
                return Some(SeStep {
                    name: "Aligned Pair Exclusion".into(),
                    tenths: 62,
                    effect: Effect::Eliminate(removed),
                });
            }
        }
    }
    None
}

/// The removals from three base cells whose common excluders are `common`: a digit of a
/// base cell leaves it when no allowed assignment of the three uses it (two equal digits
/// in cells that see each other, or digits covering an excluder, are not allowed).
fn excluded3(board: &Board, bases: [usize; 3], common: Cells) -> Vec<(usize, u8)> {
    let [a, b, c] = bases;
    let mut excluders = [0u16; 20];
    let mut n = 0;
    for e in members(common) {
        excluders[n] = board.cands[e];
        n += 1;
    }
    let excluders = &excluders[..n];
    let sees = |x: usize, y: usize| PEERS[x] & (1 << y) != 0;
    let (ac, bc) = (sees(a, c), sees(b, c));
    let cands = bases.map(|x| board.cands[x]);
    let mut keep = [0u16; 3];
    for da in digits(cands[0]) {
        for db in digits(cands[1]) {
            if da == db && sees(a, b) {
                continue;
            }
            // The digits c may take with these two: not one a peer base holds, and not
            // the last digit of an excluder.
            let two = (1u16 << da) | (1 << db);
            let mut allowed = cands[2];
            if ac {
                allowed &= !(1 << da);
            }
            if bc {
                allowed &= !(1 << db);
            }
            for &e in excluders {
                let rest = e & !two;
                if rest & rest.wrapping_sub(1) == 0 {
                    allowed &= !rest;
                    if rest == 0 {
                        allowed = 0;
                    }
                }
            }
            if allowed != 0 {
                keep[0] |= 1 << da;
                keep[1] |= 1 << db;
                keep[2] |= allowed;
                if keep == cands {
                    return Vec::new();
                }
            }
        }
    }
    let mut removed = Vec::new();
    for (i, &cell) in bases.iter().enumerate() {
        removed.extend(digits(cands[i] & !keep[i]).map(|d| (cell, d)));
    }
    removed
}

/// The base cells of aligned triplet exclusion (cells with two or more candidates and no
/// naked single among their peers), in cell order, and each cell's excluders (its peers
/// with two or three candidates).
fn triplet_bases(board: &Board) -> (Vec<usize>, [Cells; 81]) {
    let (mut singles, mut small, mut open) = (0 as Cells, 0 as Cells, 0 as Cells);
    for (cell, &c) in board.cands.iter().enumerate() {
        let bit = (1 as Cells) << cell;
        match c.count_ones() {
            1 => singles |= bit,
            2..=3 => small |= bit,
            _ => {}
        }
        if c.count_ones() >= 2 {
            open |= bit;
        }
    }
    let mut excluders = [0 as Cells; 81];
    let mut bases = Vec::new();
    for cell in members(open) {
        let peers = PEERS[cell];
        let ex = peers & small;
        if peers & singles == 0 && ex != 0 {
            bases.push(cell);
            excluders[cell] = ex;
        }
    }
    (bases, excluders)
}

/// Whether the triple of base cells `a`, `b` (the pair being tried, `a` listed first) and
/// `c` was tried before in SE's order (see [`aligned_triplet`]): the same three cells come
/// once per pair of them that has the third among its excluders, pairs in the order of
/// their later cell, then their earlier one. A triple that removes nothing does so in any
/// order, and one that removes something ends the search the first time it comes, so a
/// triple seen before can be skipped.
fn seen_before(excluders: &[Cells; 81], a: usize, b: usize, c: usize) -> bool {
    let has = |x: usize, y: usize, z: usize| (excluders[x] | excluders[y]) & (1 << z) != 0;
    if c > b {
        // (a, b) is the triple's first pair.
        false
    } else if c > a {
        // Before (a, b): the pair (a, c) with b.
        has(a, c, b)
    } else {
        // Before (a, b): the pairs (c, a) with b, then (c, b) with a.
        has(c, a, b) || has(c, b, a)
    }
}

/// SE's aligned triplet exclusion (7.5): base cells with two or more candidates and no
/// naked single among their peers; a cell's excluders are its peers with two or three
/// candidates. SE pairs two base cells (the later one outer), then tries as the third
/// each base cell among their excluders (the first's, then the second's), and applies
/// the first whose three bases share two or more excluders and remove something. The
/// three bases share excluders only where the pair does, and a triple tried before (with
/// another pair of it) is not tried again.
pub(crate) fn aligned_triplet(board: &Board) -> Option<SeStep> {
    let (bases, excluders) = triplet_bases(board);
    let listed = bases.iter().fold(0 as Cells, |acc, &c| acc | 1 << c);
    for (j, &b) in bases.iter().enumerate().skip(1) {
        for &a in &bases[..j] {
            let shared = excluders[a] & excluders[b];
            if shared.count_ones() < 2 {
                continue;
            }
            // A third base shares two excluders with the pair only if it sees two cells of
            // `shared` (its excluders among them are the ones it sees).
            let (mut once, mut twice) = (0 as Cells, 0 as Cells);
            for e in members(shared) {
                twice |= once & PEERS[e];
                once |= PEERS[e];
            }
            let pair = (1 as Cells) << a | 1 << b;
            let first = excluders[a] & listed & !pair;
            let second = excluders[b] & listed & !pair & !first;
            for c in members(first & twice).chain(members(second & twice)) {
                if seen_before(&excluders, a, b, c) {
                    continue;
                }
                let common = shared & excluders[c];
                let removed = excluded3(board, [a, b, c], common);
                if !removed.is_empty() {
                    return Some(SeStep {
                        name: "Aligned Triplet Exclusion".into(),
                        tenths: 75,
                        effect: Effect::Eliminate(removed),
                    });
                }
            }
        }
    }
    None
}
