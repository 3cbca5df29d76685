//! Sudoku Explainer's techniques up to hidden triplets, each finding the first step SE's
//! scan order would find: singles, direct pointing/claiming and direct hidden subsets (an
//! elimination that leaves a hidden single, rated as the placement), pointing/claiming,
//! naked and hidden subsets, and basic fish.

use super::board::{Board, Kind, UNITS, combinations, contains, each_lock};
use super::step::{Effect, SeStep};

/// SE's scan order of unit kinds for singles and subsets.
const SCAN: [Kind; 3] = [Kind::Box, Kind::Column, Kind::Row];

fn place(name: &'static str, tenths: u8, cell: usize, digit: u8) -> SeStep {
    SeStep {
        name: name.into(),
        tenths,
        effect: Effect::Place(cell, digit),
    }
}

fn eliminate(name: &'static str, tenths: u8, removed: Vec<(usize, u8)>) -> Option<SeStep> {
    (!removed.is_empty()).then_some(SeStep {
        name: name.into(),
        tenths,
        effect: Effect::Eliminate(removed),
    })
}

/// Full houses (1.0) first, then hidden singles: in a box 1.2, in a row or column 1.5.
pub(crate) fn hidden_single(board: &Board) -> Option<SeStep> {
    for alone in [true, false] {
        for kind in SCAN {
            for unit in kind.units() {
                let is_alone = board.empty_in(unit) == 1;
                for digit in 1..=9u8 {
                    let pos = board.positions(unit, digit);
                    if pos.count_ones() == 1 && is_alone == alone {
                        let cell = UNITS[unit][pos.trailing_zeros() as usize] as usize;
                        let tenths = match (alone, kind) {
                            (true, _) => 10,
                            (false, Kind::Box) => 12,
                            _ => 15,
                        };
                        return Some(place("Hidden Single", tenths, cell, digit));
                    }
                }
            }
        }
    }
    None
}

/// A cell with one candidate left (2.3).
pub(crate) fn naked_single(board: &Board) -> Option<SeStep> {
    (0..81)
        .find(|&c| board.values[c] == 0 && board.cands[c].count_ones() == 1)
        .map(|c| place("Naked Single", 23, c, board.cands[c].trailing_zeros() as u8))
}

/// Pointing or claiming whose eliminations leave a hidden single in another unit of the
/// first kind (direct pointing 1.7, direct claiming 1.9): the step is that placement.
pub(crate) fn direct_locking(board: &Board) -> Option<SeStep> {
    each_lock(
        |u, d| board.positions(u, d),
        |digit, u1, u2| {
            let kind = if u1 < 9 {
                Kind::Box
            } else if u1 < 18 {
                Kind::Row
            } else {
                Kind::Column
            };
            for u3 in kind.units().filter(|&u| u != u1) {
                let pos = board.positions(u3, digit);
                if pos.count_ones() < 2 {
                    continue;
                }
                let left: Vec<usize> = (0..9)
                    .filter(|i| pos & (1 << i) != 0)
                    .map(|i| UNITS[u3][i] as usize)
                    .filter(|&c| !contains(u2, c))
                    .collect();
                if left.len() == 1 {
                    let (name, tenths) = if kind == Kind::Box {
                        ("Direct Pointing", 17)
                    } else {
                        ("Direct Claiming", 19)
                    };
                    return Some(place(name, tenths, left[0], digit));
                }
            }
            None
        },
    )
}

/// Pointing (2.6) or claiming (2.8): the digit leaves the second unit outside the first.
pub(crate) fn locking(board: &Board) -> Option<SeStep> {
    each_lock(
        |u, d| board.positions(u, d),
        |digit, u1, u2| {
            let removed = UNITS[u2]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !contains(u1, c) && board.cands[c] & (1 << digit) != 0)
                .map(|c| (c, digit))
                .collect();
            let (name, tenths) = if u1 < 9 {
                ("Pointing", 26)
            } else {
                ("Claiming", 28)
            };
            eliminate(name, tenths, removed)
        },
    )
}

/// The union of the masks if each has at least two bits and the union has `degree` bits.
fn common_tuple(masks: impl Iterator<Item = u16>, degree: usize) -> Option<u16> {
    let mut union = 0;
    for m in masks {
        if m.count_ones() < 2 {
            return None;
        }
        union |= m;
    }
    (union.count_ones() as usize == degree).then_some(union)
}

/// Calls `found` with (unit, digits as a list, their positions) for every hidden set of
/// `degree` digits in units with more than `min_empty` empty cells, in SE's order.
fn each_hidden_set(
    board: &Board,
    degree: usize,
    min_empty: usize,
    found: &mut impl FnMut(usize, &[u8], u16) -> Option<SeStep>,
) -> Option<SeStep> {
    for kind in SCAN {
        for unit in kind.units() {
            if board.empty_in(unit) <= min_empty {
                continue;
            }
            let step = combinations(9, degree, &mut |pick| {
                let digits: Vec<u8> = pick.iter().map(|&i| i as u8 + 1).collect();
                let union = common_tuple(digits.iter().map(|&d| board.positions(unit, d)), degree)?;
                found(unit, &digits, union)
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// A hidden pair or triplet whose cells, once cleared of other digits, leave a hidden
/// single for another digit in the same unit (direct hidden pair 2.0, triplet 2.5).
pub(crate) fn direct_hidden_set(board: &Board, degree: usize) -> Option<SeStep> {
    each_hidden_set(board, degree, degree, &mut |unit, digits, union| {
        for digit in (1..=9u8).filter(|d| !digits.contains(d)) {
            let pos = board.positions(unit, digit);
            if pos.count_ones() > 1 && (pos & !union).count_ones() == 1 {
                let cell = UNITS[unit][(pos & !union).trailing_zeros() as usize] as usize;
                let (name, tenths) = if degree == 2 {
                    ("Direct Hidden Pair", 20)
                } else {
                    ("Direct Hidden Triplet", 25)
                };
                return Some(place(name, tenths, cell, digit));
            }
        }
        None
    })
}

/// Names and ratings of subsets and fish by degree 2, 3, 4.
const HIDDEN: [(&str, u8); 3] = [
    ("Hidden Pair", 34),
    ("Hidden Triplet", 40),
    ("Hidden Quad", 54),
];
const NAKED: [(&str, u8); 3] = [
    ("Naked Pair", 30),
    ("Naked Triplet", 36),
    ("Naked Quad", 50),
];
const FISH: [(&str, u8); 3] = [("X-Wing", 32), ("Swordfish", 38), ("Jellyfish", 52)];

/// A hidden pair, triplet or quad (3.4, 4.0, 5.4): other digits leave its cells.
pub(crate) fn hidden_set(board: &Board, degree: usize) -> Option<SeStep> {
    let (name, tenths) = HIDDEN[degree - 2];
    each_hidden_set(board, degree, 2 * degree, &mut |unit, digits, union| {
        let mut removed = Vec::new();
        for i in (0..9).filter(|i| union & (1 << i) != 0) {
            let cell = UNITS[unit][i] as usize;
            for d in (1..=9u8).filter(|d| !digits.contains(d) && board.cands[cell] & (1 << d) != 0)
            {
                removed.push((cell, d));
            }
        }
        eliminate(name, tenths, removed)
    })
}

/// A naked pair, triplet or quad (3.0, 3.6, 5.0): its digits leave the unit's other cells.
pub(crate) fn naked_set(board: &Board, degree: usize) -> Option<SeStep> {
    let (name, tenths) = NAKED[degree - 2];
    for kind in SCAN {
        for unit in kind.units() {
            if board.empty_in(unit) < 2 * degree {
                continue;
            }
            let cells = &UNITS[unit];
            let step = combinations(9, degree, &mut |pick| {
                let union =
                    common_tuple(pick.iter().map(|&i| board.cands[cells[i] as usize]), degree)?;
                let removed = (0..9)
                    .filter(|i| !pick.contains(i))
                    .map(|i| cells[i] as usize)
                    .flat_map(|c| {
                        (1..=9u8)
                            .filter(move |d| union & (1 << d) != 0)
                            .map(move |d| (c, d))
                    })
                    .filter(|&(c, d)| board.cands[c] & (1 << d) != 0)
                    .collect();
                eliminate(name, tenths, removed)
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// A basic fish of `degree` lines (X-wing 3.2, swordfish 3.8, jellyfish 5.2): rows as base
/// lines first, then columns.
pub(crate) fn fish(board: &Board, degree: usize) -> Option<SeStep> {
    let (name, tenths) = FISH[degree - 2];
    for (base, cover) in [(Kind::Row, Kind::Column), (Kind::Column, Kind::Row)] {
        let cover0 = cover.units().start;
        for digit in 1..=9u8 {
            let lines: Vec<usize> = base
                .units()
                .filter(|&u| (2..=degree as u32).contains(&board.positions(u, digit).count_ones()))
                .collect();
            let step = combinations(lines.len(), degree, &mut |pick| {
                let union = common_tuple(
                    pick.iter().map(|&i| board.positions(lines[i], digit)),
                    degree,
                )?;
                let removed = (0..9)
                    .filter(|i| union & (1 << i) != 0)
                    .flat_map(|i| UNITS[cover0 + i].iter().map(|&c| c as usize))
                    .filter(|&c| !pick.iter().any(|&i| contains(lines[i], c)))
                    .filter(|&c| board.cands[c] & (1 << digit) != 0)
                    .map(|c| (c, digit))
                    .collect();
                eliminate(name, tenths, removed)
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}
