//! The 9×9 candidates board the SE rater works on: digits placed, candidates left, and the
//! 27 units in Sudoku Explainer's numbering (boxes 0–8, rows 9–17, columns 18–26).

use super::cells::{Cells, PEERS, members, removals};
pub(crate) use super::cells::{UNITS, units_of};
use super::step::Effect;

/// One of the three kinds of unit, in the order SE scans them (box, column, row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Box,
    Column,
    Row,
}

impl Kind {
    /// The nine units of this kind, as indexes into [`UNITS`].
    pub(crate) fn units(self) -> std::ops::Range<usize> {
        match self {
            Kind::Box => 0..9,
            Kind::Row => 9..18,
            Kind::Column => 18..27,
        }
    }
}

/// Whether `cell` lies in `unit`.
pub(crate) fn contains(unit: usize, cell: usize) -> bool {
    units_of(cell).contains(&unit)
}

/// The pairs of unit kinds SE tries for intersections (pointing and claiming): the first
/// is the unit whose candidates for a digit all lie in the second.
const LOCKS: [(Kind, Kind); 4] = [
    (Kind::Box, Kind::Column),
    (Kind::Box, Kind::Row),
    (Kind::Column, Kind::Box),
    (Kind::Row, Kind::Box),
];

/// Calls `found` with (digit, first unit, second unit) for every locked candidate set, in
/// SE's order, until it returns something; `positions` gives a digit's positions (0..9)
/// in a unit.
pub(crate) fn each_lock<T>(
    positions: impl Fn(usize, u8) -> u16,
    mut found: impl FnMut(u8, usize, usize) -> Option<T>,
) -> Option<T> {
    for (k1, k2) in LOCKS {
        for digit in 1..=9u8 {
            for u1 in k1.units() {
                let pos = positions(u1, digit);
                if pos.count_ones() < 2 {
                    continue;
                }
                // A unit of the second kind holding them all holds the first: it is that
                // cell's (units of one kind are disjoint). Positions 0..9 run along a line,
                // and row by row in a box.
                let first = pos.trailing_zeros();
                let [b, r, c] = units_of(UNITS[u1][first as usize] as usize);
                let (u2, within) = match k2 {
                    Kind::Box => (b, 0b111 << (first / 3 * 3)),
                    Kind::Row => (r, 0b111 << (first / 3 * 3)),
                    Kind::Column => (c, 0b1001001 << (first % 3)),
                };
                let inside = pos & !within == 0;
                if inside && let Some(t) = found(digit, u1, u2) {
                    return Some(t);
                }
            }
        }
    }
    None
}

/// Every cell of the grid.
const ALL_CELLS: Cells = (1 << 81) - 1;

/// Digits placed (0 for empty) and, for each empty cell, its candidates as bits 1..=9.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub(crate) values: [u8; 81],
    pub(crate) cands: [u16; 81],
    /// Per unit and digit, the positions (0..9 within the unit) holding it, kept in step
    /// with `cands` (the ladder asks for them more than for anything else).
    pos: [[u16; 10]; 27],
    /// Per digit, the cells holding it as a candidate, kept in step with `cands`.
    places: [Cells; 10],
    /// Per unit, how many of its cells are empty; and how many cells of the grid are.
    empty: [u8; 27],
    left: u8,
}

/// The position (0..9) of `cell` within `unit` (a unit holding it).
const fn index_in(unit: usize, cell: usize) -> usize {
    let (r, c) = (cell / 9, cell % 9);
    match unit {
        0..9 => (r % 3) * 3 + c % 3,
        9..18 => c,
        _ => r,
    }
}

/// Per cell, its three units and its position in each.
static SLOTS: [[(u8, u8); 3]; 81] = slots();

const fn slots() -> [[(u8, u8); 3]; 81] {
    let mut table = [[(0, 0); 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let units = units_of(cell);
        let mut k = 0;
        while k < 3 {
            table[cell][k] = (units[k] as u8, index_in(units[k], cell) as u8);
            k += 1;
        }
        cell += 1;
    }
    table
}

impl Board {
    /// The board of a puzzle given as 81 digits (0 for empty), or `None` if two givens clash.
    pub(crate) fn new(cells: &[u8]) -> Option<Board> {
        let mut board = Board {
            values: [0; 81],
            cands: [0x3fe; 81],
            pos: [[0x1ff; 10]; 27],
            places: [ALL_CELLS; 10],
            empty: [9; 27],
            left: 81,
        };
        for (cell, &v) in cells.iter().enumerate().take(81) {
            if v != 0 {
                if board.cands[cell] & (1 << v) == 0 {
                    return None;
                }
                board.place(cell, v);
            }
        }
        Some(board)
    }

    /// Does what a step of the walk does: places its digit or removes its candidates.
    pub(crate) fn apply(&mut self, effect: &Effect) {
        match effect {
            Effect::Place(cell, digit) => self.place(*cell, *digit),
            Effect::Eliminate(removed) => {
                for &(cell, digit) in removed {
                    self.remove(cell, digit);
                }
            }
        }
    }

    /// Places `digit` in `cell` and removes it from the cell's peers.
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        if self.values[cell] == 0 {
            self.left -= 1;
            for unit in units_of(cell) {
                self.empty[unit] -= 1;
            }
        }
        self.values[cell] = digit;
        let mut rest = self.cands[cell];
        while rest != 0 {
            self.remove(cell, rest.trailing_zeros() as u8);
            rest &= rest - 1;
        }
        for peer in members(PEERS[cell] & self.places[digit as usize]) {
            self.remove(peer, digit);
        }
    }

    /// Removes `digit` from the candidates of `cell`.
    pub(crate) fn remove(&mut self, cell: usize, digit: u8) {
        if self.cands[cell] & (1 << digit) == 0 {
            return;
        }
        self.cands[cell] &= !(1 << digit);
        self.places[digit as usize] &= !((1 as Cells) << cell);
        for (unit, at) in SLOTS[cell] {
            self.pos[unit as usize][digit as usize] &= !(1 << at);
        }
    }

    /// Whether every cell holds a digit.
    pub(crate) fn solved(&self) -> bool {
        self.left == 0
    }

    /// Whether some empty cell has no candidate left.
    pub(crate) fn broken(&self) -> bool {
        (0..81).any(|c| self.values[c] == 0 && self.cands[c] == 0)
    }

    /// The positions (0..9 within the unit) where `digit` may still go, as a 9-bit mask.
    pub(crate) fn positions(&self, unit: usize, digit: u8) -> u16 {
        self.pos[unit][digit as usize]
    }

    /// How many cells of `unit` are empty.
    pub(crate) fn empty_in(&self, unit: usize) -> usize {
        usize::from(self.empty[unit])
    }

    /// The cells holding `digit` as a candidate.
    pub(crate) fn places(&self, digit: u8) -> Cells {
        self.places[digit as usize]
    }
}

/// Every set of `k` indexes out of `0..n`, in lexicographic order, passed to `visit` until
/// it returns something.
pub(crate) fn combinations<T>(
    n: usize,
    k: usize,
    visit: &mut impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if k > n {
        return None;
    }
    let mut buf = [0usize; 16];
    assert!(k <= buf.len(), "at most 16 picks");
    let pick = &mut buf[..k];
    for (i, p) in pick.iter_mut().enumerate() {
        *p = i;
    }
    loop {
        if let Some(found) = visit(pick) {
            return Some(found);
        }
        let mut i = k;
        loop {
            if i == 0 {
                return None;
            }
            i -= 1;
            if pick[i] < n - k + i {
                break;
            }
            if i == 0 {
                return None;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The cells holding `digit` as a candidate.
pub(crate) fn with_digit(board: &Board, digit: u8) -> Cells {
    board.places(digit)
}

/// The removals of a set spread over several units: each digit of `digits` leaves the
/// cells that see every cell of `holders` holding it.
pub(crate) fn set_removals(board: &Board, holders: &[usize], digits: u16) -> Vec<(usize, u8)> {
    let mut removed = Vec::new();
    for d in (1..=9u8).filter(|d| digits & (1 << d) != 0) {
        let held = holders
            .iter()
            .filter(|&&c| board.cands[c] & (1 << d) != 0)
            .fold(0 as Cells, |acc, &c| acc | 1 << c);
        if held != 0 {
            let seeing = members(held).fold(!0 as Cells, |acc, c| acc & PEERS[c]);
            removed.extend(removals(seeing & with_digit(board, d), d));
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every locked set `each_lock` reports, against a scan of every unit pair for every
    /// digit, on random candidate grids.
    #[test]
    fn each_lock_finds_what_a_scan_finds() {
        let mut rng = crate::rng::SplitMix::new(99);
        let mut next = |n: u64| rng.next_u64() % n;
        let mut total = 0;
        for _ in 0..500 {
            let density = 1 + next(5);
            let grid: [u16; 81] = std::array::from_fn(|_| {
                (1..=9).fold(0, |acc, d| acc | u16::from(next(9) < density) << d)
            });
            let positions = |u: usize, d: u8| {
                (0..9)
                    .filter(|&i| grid[UNITS[u][i] as usize] & (1 << d) != 0)
                    .fold(0u16, |acc, i| acc | 1 << i)
            };
            let mut fast = Vec::new();
            each_lock(positions, |d, u1, u2| {
                fast.push((d, u1, u2));
                None::<()>
            });
            let mut plain = Vec::new();
            for (k1, k2) in LOCKS {
                for d in 1..=9u8 {
                    for u1 in k1.units() {
                        let cells: Vec<usize> = (0..9)
                            .filter(|&i| positions(u1, d) & (1 << i) != 0)
                            .map(|i| UNITS[u1][i] as usize)
                            .collect();
                        if cells.len() < 2 {
                            continue;
                        }
                        if let Some(u2) = k2
                            .units()
                            .find(|&u2| cells.iter().all(|&c| contains(u2, c)))
                        {
                            plain.push((d, u1, u2));
                        }
                    }
                }
            }
            assert_eq!(fast, plain);
            total += fast.len();
        }
        assert!(total > 1000, "{total}");
    }

    #[test]
    fn positions_follow_placements_and_removals() {
        let puzzle =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let cells: Vec<u8> = puzzle.bytes().map(|b| b.saturating_sub(b'0')).collect();
        let mut board = Board::new(&cells).expect("no clash");
        board.remove(2, 1);
        board.remove(2, 2);
        board.place(80 - 8, 4);
        for (unit, cells) in UNITS.iter().enumerate() {
            for digit in 1..=9u8 {
                let scanned = (0..9)
                    .filter(|&i| board.cands[cells[i] as usize] & (1 << digit) != 0)
                    .fold(0u16, |acc, i| acc | 1 << i);
                assert_eq!(
                    board.positions(unit, digit),
                    scanned,
                    "unit {unit} digit {digit}"
                );
            }
            let empty = cells.iter().filter(|&&c| board.values[c as usize] == 0);
            assert_eq!(board.empty_in(unit), empty.count(), "unit {unit}");
        }
        for digit in 1..=9u8 {
            let scanned = (0..81)
                .filter(|&c| board.cands[c] & (1 << digit) != 0)
                .fold(0 as Cells, |acc, c| acc | 1 << c);
            assert_eq!(board.places(digit), scanned, "digit {digit}");
        }
        assert!(!board.solved());
    }
}
