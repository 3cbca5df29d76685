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
use std::cell::RefCell;

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
                if (keep[0] ^ cands[0]) | (keep[1] ^ cands[1]) | (keep[2] ^ cands[2]) == 0 {
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
/// the first whose three bases share two or more excluders and remove something.
///
/// Three bases share excluders only where the pair does, and a triple tried before (with
/// another pair of it) is not tried again. The walk asks on successive boards that
/// mostly differ in a few cells: when the last board asked about (on this thread) had no
/// such exclusion, a triple none of whose cells or their peers changed since is not tried
/// either (what it removes, whether it is tried, and with which excluders, depend on
/// those cells only, and it removed nothing then).
pub(crate) fn aligned_triplet(board: &Board) -> Option<SeStep> {
    let changed = LAST_EMPTY.with(|last| match &*last.borrow() {
        Some(before) => (0..81)
            .filter(|&c| before[c] != board.cands[c])
            .fold(0 as Cells, |acc, c| acc | 1 << c | PEERS[c]),
        None => !0,
    });
    let found = triplet_search(board, changed);
    LAST_EMPTY.with(|last| *last.borrow_mut() = found.is_none().then_some(board.cands));
    found
}

thread_local! {
    /// The candidates of the last board [`aligned_triplet`] found nothing on, if the last
    /// board it was asked about is that one.
    static LAST_EMPTY: RefCell<Option<[u16; 81]>> = const { RefCell::new(None) };
}

/// The first aligned triplet exclusion SE would find, trying only triples with a cell in
/// `changed` (see [`aligned_triplet`]).
fn triplet_search(board: &Board, changed: Cells) -> Option<SeStep> {
    let (bases, excluders) = triplet_bases(board);
    let listed = bases.iter().fold(0 as Cells, |acc, &c| acc | 1 << c);
    for (j, &b) in bases.iter().enumerate().skip(1) {
        for &a in &bases[..j] {
            let shared = excluders[a] & excluders[b];
            if shared.count_ones() < 2 {
                continue;
            }
            let pair = (1 as Cells) << a | 1 << b;
            // Only a changed third base when neither of the pair changed.
            let thirds = if pair & changed == 0 { changed } else { !0 };
            // A third base shares two excluders with the pair only if it sees two cells of
            // `shared` (its excluders among them are the ones it sees).
            let (mut once, mut twice) = (0 as Cells, 0 as Cells);
            for e in members(shared) {
                twice |= once & PEERS[e];
                once |= PEERS[e];
            }
            let first = excluders[a] & listed & !pair;
            let second = excluders[b] & listed & !pair & !first;
            let keep = twice & thirds;
            for c in members(first & keep).chain(members(second & keep)) {
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

#[cfg(test)]
mod tests {
    use super::super::{Effect, walk};
    use super::*;
    use crate::Grid;

    /// Aligned pair exclusion the plain way: every pair of cells in order, the digits of
    /// its cells tried against every common bivalue peer.
    fn plain_pair(board: &Board) -> Option<Vec<(usize, u8)>> {
        let count = |c: usize| board.cands[c].count_ones();
        let pairs: Vec<usize> = (0..81).filter(|&c| count(c) == 2).collect();
        let sees = |x: usize, y: usize| PEERS[x] & (1 << y) != 0;
        for a in 0..81 {
            for b in a + 1..81 {
                let base = |c: usize| count(c) >= 2 && pairs.iter().any(|&p| sees(c, p));
                if !base(a) || !base(b) {
                    continue;
                }
                let ex: Vec<usize> = pairs
                    .iter()
                    .copied()
                    .filter(|&p| sees(a, p) && sees(b, p))
                    .collect();
                if ex.len() < 2 {
                    continue;
                }
                let ok = |da: u8, db: u8| {
                    !(da == db && sees(a, b))
                        && ex
                            .iter()
                            .all(|&e| board.cands[e] & !((1 << da) | (1 << db)) != 0)
                };
                let (ca, cb) = (board.cands[a], board.cands[b]);
                let mut removed = Vec::new();
                for da in digits(ca) {
                    if !digits(cb).any(|db| ok(da, db)) {
                        removed.push((a, da));
                    }
                }
                for db in digits(cb) {
                    if !digits(ca).any(|da| ok(da, db)) {
                        removed.push((b, db));
                    }
                }
                if !removed.is_empty() {
                    return Some(removed);
                }
            }
        }
        None
    }

    /// Aligned triplet exclusion the plain way: SE's loops over every pair and third,
    /// each triple checked by trying every assignment of its three cells.
    fn plain_triplet(board: &Board) -> Option<Vec<(usize, u8)>> {
        let count = |c: usize| board.cands[c].count_ones();
        let sees = |x: usize, y: usize| PEERS[x] & (1 << y) != 0;
        let ex = |c: usize| (0..81).filter(move |&p| sees(c, p) && (2..=3).contains(&count(p)));
        let bases: Vec<usize> = (0..81)
            .filter(|&c| {
                count(c) >= 2
                    && ex(c).next().is_some()
                    && !(0..81).any(|p| sees(c, p) && count(p) == 1)
            })
            .collect();
        for (j, &b) in bases.iter().enumerate() {
            for &a in &bases[..j] {
                let first: Vec<usize> = ex(a).filter(|&c| c != b && bases.contains(&c)).collect();
                let second = ex(b).filter(|&c| c != a && bases.contains(&c) && !first.contains(&c));
                let thirds: Vec<usize> = first.iter().copied().chain(second).collect();
                for c in thirds {
                    let common: Vec<usize> = ex(a)
                        .filter(|&e| ex(b).any(|x| x == e) && ex(c).any(|x| x == e))
                        .collect();
                    if common.len() < 2 {
                        continue;
                    }
                    let cells = [a, b, c];
                    let mut keep = [0u16; 3];
                    for da in digits(board.cands[a]) {
                        for db in digits(board.cands[b]) {
                            for dc in digits(board.cands[c]) {
                                let d = [da, db, dc];
                                let clash = (0..3).any(|i| {
                                    (i + 1..3).any(|k| d[i] == d[k] && sees(cells[i], cells[k]))
                                });
                                let used = (1u16 << da) | (1 << db) | (1 << dc);
                                let covered = common.iter().any(|&e| board.cands[e] & !used == 0);
                                if !clash && !covered {
                                    for i in 0..3 {
                                        keep[i] |= 1 << d[i];
                                    }
                                }
                            }
                        }
                    }
                    let removed: Vec<(usize, u8)> = (0..3)
                        .flat_map(|i| {
                            digits(board.cands[cells[i]] & !keep[i]).map(move |d| (cells[i], d))
                        })
                        .collect();
                    if !removed.is_empty() {
                        return Some(removed);
                    }
                }
            }
        }
        None
    }

    fn removals(step: Option<SeStep>) -> Option<Vec<(usize, u8)>> {
        step.map(|s| match s.effect {
            Effect::Eliminate(r) => r,
            Effect::Place(..) => panic!("an exclusion places nothing"),
        })
    }

    /// Both exclusions against the plain ones on every board of the walks of recorded
    /// puzzles rated 6.2 to 8.0 (successive boards, as the walk asks, and each board twice,
    /// so that the triplets' memory of the last board is used).
    #[test]
    fn exclusions_agree_with_plain_loops_on_recorded_walks() {
        let data = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/se_ratings.tsv"
        ));
        let (mut boards, mut found) = (0, [0, 0]);
        for line in data.lines().filter(|l| !l.starts_with('#')).skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let rating = f[2].parse::<f32>().expect("a rating");
            if !(6.2..=8.0).contains(&rating) || boards > 800 {
                continue;
            }
            let puzzle: Grid = f[1].parse().expect("a puzzle");
            let steps = walk(&puzzle).expect("a 9x9 puzzle").steps;
            let mut board = Board::new(puzzle.cells()).expect("no clash");
            for step in steps {
                let plain = plain_pair(&board);
                found[0] += usize::from(plain.is_some());
                assert_eq!(removals(aligned_pair(&board)), plain, "{}", f[1]);
                let plain = plain_triplet(&board);
                found[1] += usize::from(plain.is_some());
                for _ in 0..2 {
                    assert_eq!(removals(aligned_triplet(&board)), plain, "{}", f[1]);
                }
                boards += 1;
                board.apply(&step.effect);
            }
        }
        assert!(
            boards > 800 && found[0] > 100 && found[1] > 100,
            "{boards} {found:?}"
        );
    }
}
