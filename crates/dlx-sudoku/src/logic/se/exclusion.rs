//! SE's aligned pair exclusion (6.2): two base cells, and the bivalue cells that see both
//! ("excluders", at least two). A pair of digits for the base cells is impossible when
//! they see each other and the digits are equal, or when it would empty an excluder; a
//! digit of a base cell that takes part in no possible pair leaves it. SE applies the
//! first found, base cells in cell order.

use super::board::Board;
use super::cells::{Cells, PEERS, members};
use super::step::{Effect, SeStep};

/// The digits of a candidate mask, in increasing order.
fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| mask & (1 << d) != 0)
}

/// The removals from base cells `a` and `b` with common excluders `excluders`.
fn excluded(board: &Board, a: usize, b: usize, excluders: Cells) -> Vec<(usize, u8)> {
    let (ca, cb) = (board.cands[a], board.cands[b]);
    let aligned = PEERS[a] & (1 << b) != 0;
    let (mut keep_a, mut keep_b) = (0u16, 0u16);
    for da in digits(ca) {
        for db in digits(cb) {
            if da == db && aligned {
                continue;
            }
            let both = (1u16 << da) | (1 << db);
            if members(excluders).any(|e| board.cands[e] & !both == 0) {
                continue;
            }
            keep_a |= 1 << da;
            keep_b |= 1 << db;
        }
    }
    let mut removed: Vec<(usize, u8)> = digits(ca & !keep_a).map(|d| (a, d)).collect();
    removed.extend(digits(cb & !keep_b).map(|d| (b, d)));
    removed
}

/// The first aligned pair exclusion SE would find, if any.
pub(crate) fn aligned_pair(board: &Board) -> Option<SeStep> {
    let pairs: Cells = (0..81)
        .filter(|&c| board.cands[c].count_ones() == 2)
        .fold(0, |acc, c| acc | 1 << c);
    let bases: Vec<usize> = (0..81)
        .filter(|&c| board.cands[c].count_ones() >= 2 && PEERS[c] & pairs != 0)
        .collect();
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
