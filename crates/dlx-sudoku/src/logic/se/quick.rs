//! Cheap tests of whether one of SE's first techniques (direct and plain pointing/claiming,
//! direct and plain hidden sets, naked sets, basic fish) finds a step on a board. Each step
//! of the walk tries every technique below the one that applies, and most of those find
//! nothing; the step loop asks these tests first and runs a technique's finder (which
//! picks the step SE applies, in SE's scan order) only when its test says it finds one.
//!
//! Each test is exact: true exactly when the finder returns a step (the tests below check
//! that on every board of the recorded walks). They work on masks instead of lists: the
//! cells of a digit (81-bit), and tuples of items pruned as soon as their union is too big.

use super::board::{Board, UNITS};
use super::cells::{Cells, UNIT_CELLS};

/// Whether some `k` of `items` (an id bit and a mask each) have a union of exactly `k` bits
/// that `accept`s (called with the ids and the union).
fn tuple(
    items: &[(u16, u16)],
    k: usize,
    ids: u16,
    union: u16,
    accept: &mut impl FnMut(u16, u16) -> bool,
) -> bool {
    if ids.count_ones() as usize == k {
        return union.count_ones() as usize == k && accept(ids, union);
    }
    items.iter().enumerate().any(|(i, &(id, mask))| {
        let grown = union | mask;
        grown.count_ones() as usize <= k && tuple(&items[i + 1..], k, ids | id, grown, accept)
    })
}

/// The items of `masks` (by index) holding 2 to `k` bits.
fn small(masks: impl Iterator<Item = u16>, k: usize) -> ([(u16, u16); 9], usize) {
    let mut items = [(0, 0); 9];
    let mut n = 0;
    for (i, m) in masks.enumerate() {
        if (2..=k as u32).contains(&m.count_ones()) {
            items[n] = (1 << i, m);
            n += 1;
        }
    }
    (items, n)
}

/// Whether a unit with more than `min_empty` empty cells has a hidden set of `k` digits
/// (each in 2 or more cells, together in exactly `k`) that `accept`s (the unit, the digits
/// as bits 1..=9, the positions).
fn hidden(
    board: &Board,
    k: usize,
    min_empty: usize,
    accept: impl Fn(usize, u16, u16) -> bool,
) -> bool {
    (0..27).any(|unit| {
        if board.empty_in(unit) <= min_empty {
            return false;
        }
        let (items, n) = small((1..=9u8).map(|d| board.positions(unit, d)), k);
        // Item i is digit i + 1: its id bit, shifted once, is the digit's candidate bit.
        n >= k
            && tuple(&items[..n], k, 0, 0, &mut |ids, union| {
                accept(unit, ids << 1, union)
            })
    })
}

/// Whether `rules::direct_hidden_set(board, k)` finds a step: a hidden set of `k` digits in
/// a unit with more than `k` empty cells, and another digit of the unit in two or more
/// cells, one outside the set's.
pub(crate) fn direct_hidden_set(board: &Board, k: usize) -> bool {
    hidden(board, k, k, |unit, digits, union| {
        (1..=9u8).filter(|d| digits & (1 << d) == 0).any(|d| {
            let pos = board.positions(unit, d);
            pos.count_ones() > 1 && (pos & !union).count_ones() == 1
        })
    })
}

/// Whether `rules::hidden_set(board, k)` finds a step: a hidden set of `k` digits in a unit
/// with more than `2k` empty cells, one of whose cells holds another digit.
pub(crate) fn hidden_set(board: &Board, k: usize) -> bool {
    hidden(board, k, 2 * k, |unit, digits, union| {
        (0..9).any(|i| union & (1 << i) != 0 && board.cands[UNITS[unit][i] as usize] & !digits != 0)
    })
}

/// Whether `rules::naked_set(board, k)` finds a step: `k` cells of a unit with `2k` or more
/// empty cells holding `k` digits together (each 2 or more), one of which another cell of
/// the unit holds.
pub(crate) fn naked_set(board: &Board, k: usize) -> bool {
    (0..27).any(|unit| {
        if board.empty_in(unit) < 2 * k {
            return false;
        }
        let cells = &UNITS[unit];
        let (items, n) = small(cells.iter().map(|&c| board.cands[c as usize]), k);
        n >= k
            && tuple(&items[..n], k, 0, 0, &mut |ids, union| {
                (0..9).any(|i| ids & (1 << i) == 0 && board.cands[cells[i] as usize] & union != 0)
            })
    })
}

/// Whether `rules::fish(board, k)` finds a step: `k` rows (or columns) holding a digit in 2
/// or more places, together in exactly `k` columns (rows), one of which holds the digit
/// in another row (column).
pub(crate) fn fish(board: &Board, k: usize) -> bool {
    [(9, 18), (18, 9)].into_iter().any(|(base, cover)| {
        (1..=9u8).any(|digit| {
            let (items, n) = small((0..9).map(|i| board.positions(base + i, digit)), k);
            // A cover line's positions are the base lines' indexes.
            n >= k
                && tuple(&items[..n], k, 0, 0, &mut |lines, union| {
                    (0..9).any(|i| {
                        union & (1 << i) != 0 && board.positions(cover + i, digit) & !lines != 0
                    })
                })
        })
    })
}

/// Whether some digit's candidates in a unit `u1`, two or more, all lie in a unit `u2` of
/// another kind for which `accept(digit's cells, u1, u2)` holds (pointing: a box and a
/// line; claiming: a line and a box; a line and a line share one cell).
fn lock(board: &Board, accept: impl Fn(Cells, usize, usize) -> bool) -> bool {
    (1..=9u8).any(|digit| {
        let found = |u1: usize, u2: usize| accept(board.places(digit), u1, u2);
        (0..27).any(|u1| {
            let pos = board.positions(u1, digit);
            if pos.count_ones() < 2 {
                return false;
            }
            // The third (box row, or line segment) and the box column of the first.
            let (third, col) = (pos.trailing_zeros() / 3, pos.trailing_zeros() % 3);
            let in_third = pos & !(0b111 << (3 * third)) == 0;
            if u1 < 9 {
                let (band, stack) = (u1 / 3 * 3, u1 % 3 * 3);
                (in_third && found(u1, 9 + band + third as usize))
                    || (pos & !(0b1001001 << col) == 0 && found(u1, 18 + stack + col as usize))
            } else {
                let line = (u1 - 9) % 9;
                let unit = if u1 < 18 {
                    line / 3 * 3 + third as usize
                } else {
                    third as usize * 3 + line / 3
                };
                in_third && found(u1, unit)
            }
        })
    })
}

/// The units of the kind of `unit` (boxes, rows or columns).
fn kind_of(unit: usize) -> std::ops::Range<usize> {
    let start = unit / 9 * 9;
    start..start + 9
}

/// Whether `rules::locking(board)` finds a step: a locked digit that the second unit
/// holds outside the first.
pub(crate) fn locking(board: &Board) -> bool {
    lock(board, |cells, u1, u2| {
        cells & UNIT_CELLS[u2] & !UNIT_CELLS[u1] != 0
    })
}

/// Whether `rules::direct_locking(board)` finds a step: a locked digit whose removals from
/// the second unit leave it in one cell of another unit of the first unit's kind (where
/// it had two or more).
pub(crate) fn direct_locking(board: &Board) -> bool {
    lock(board, |cells, u1, u2| {
        kind_of(u1).filter(|&u3| u3 != u1).any(|u3| {
            let there = cells & UNIT_CELLS[u3];
            there.count_ones() >= 2 && (there & !UNIT_CELLS[u2]).count_ones() == 1
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::{rules, walk};
    use super::*;
    use crate::Grid;

    /// Every test against its finder on every board of the walks of the recorded puzzles
    /// rated up to 7.0 (the boards the easy techniques see most).
    #[test]
    fn tests_agree_with_finders_on_recorded_walks() {
        let data = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/se_ratings.tsv"
        ));
        let mut boards = 0;
        for line in data.lines().filter(|l| !l.starts_with('#')).skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            if f[2].parse::<f32>().expect("a rating") > 7.0 {
                continue;
            }
            let puzzle: Grid = f[1].parse().expect("a puzzle");
            let steps = walk(&puzzle).expect("a 9x9 puzzle").steps;
            let mut board = Board::new(puzzle.cells()).expect("no clash");
            for step in steps {
                check(&board, f[1]);
                boards += 1;
                board.apply(&step.effect);
            }
        }
        assert!(boards > 10_000, "{boards} boards");
    }

    fn check(board: &Board, puzzle: &str) {
        let agree = |test: bool, found: bool, what: &str| {
            assert_eq!(test, found, "{what} on a board of {puzzle}");
        };
        agree(
            direct_locking(board),
            rules::direct_locking(board).is_some(),
            "direct locking",
        );
        agree(locking(board), rules::locking(board).is_some(), "locking");
        for k in 2..=4 {
            if k < 4 {
                let found = rules::direct_hidden_set(board, k).is_some();
                agree(direct_hidden_set(board, k), found, "direct hidden set");
            }
            let found = rules::hidden_set(board, k).is_some();
            agree(hidden_set(board, k), found, "hidden set");
            agree(
                naked_set(board, k),
                rules::naked_set(board, k).is_some(),
                "naked set",
            );
            agree(fish(board, k), rules::fish(board, k).is_some(), "fish");
        }
    }
}
