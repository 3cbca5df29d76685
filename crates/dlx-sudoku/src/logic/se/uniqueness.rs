//! SE's uniqueness techniques: unique rectangles and loops, types 1 to 4. A loop of cells
//! all holding the same two digits, each unit it touches holding exactly two of its
//! cells, would let the two digits swap (a second solution); so the cells with more
//! candidates (the "extra" cells) must hold one of their other digits.
//!
//! Difficulty: 4.5 for a rectangle (4 cells), 4.6 for a loop of 6, 4.7 of 8, 5.0 from 10;
//! type 3 adds 0.1 per digit of its naked set beyond the first. SE applies the easiest
//! found, then the lowest type, then the first found (start cells in cell order).

use super::board::set_removals;
use super::board::{Board, UNITS, combinations, units_of};
use super::cells::{Cells, PEERS, UNIT_CELLS, members};
use super::step::{Effect, SeStep};

/// The longest loop searched (SE has no limit; longer loops do not occur in practice).
const MAX_LOOP: usize = 16;

/// A loop found: its cells in order and its two digits.
struct Loop {
    cells: Vec<usize>,
    v1: u8,
    v2: u8,
}

impl Loop {
    fn tenths(&self) -> u8 {
        match self.cells.len() {
            4 => 45,
            6 => 46,
            8 => 47,
            _ => 50,
        }
    }

    fn name(&self, ty: u8) -> String {
        if self.cells.len() == 4 {
            format!("Unique Rectangle type {ty}")
        } else {
            format!("Unique Loop {} type {ty}", self.cells.len())
        }
    }
}

/// A path of the loop search: its cells in order, as a set, and per parity of position
/// the units its cells touch.
struct Path {
    cells: Vec<usize>,
    used: Cells,
    touched: [u32; 2],
}

/// The units of `cell` as bits.
fn unit_bits(cell: usize) -> u32 {
    units_of(cell).iter().fold(0, |acc, &u| acc | 1 << u)
}

impl Path {
    /// Adds `cell` unless a unit would hold two of the path's cells at positions of one
    /// parity: no loop through it could be valid (see [`valid`]), so none is recorded.
    fn push(&mut self, cell: usize) -> bool {
        let parity = self.cells.len() % 2;
        let bits = unit_bits(cell);
        if self.touched[parity] & bits != 0 {
            return false;
        }
        self.touched[parity] |= bits;
        self.used |= 1 << cell;
        self.cells.push(cell);
        true
    }

    fn pop(&mut self) {
        let cell = self.cells.pop().expect("a cell");
        self.touched[self.cells.len() % 2] &= !unit_bits(cell);
        self.used &= !(1 << cell);
    }
}

/// Walks from the last cell of `path` through a unit of another kind than the last step,
/// recording the closed loops in `out` (SE's search: at most two cells with extra
/// digits, or any number sharing one extra digit).
fn walk(
    board: &Board,
    path: &mut Path,
    (pair, holding): (u16, Cells),
    allowed: i32,
    extra: u16,
    last: usize,
    out: &mut Vec<Vec<usize>>,
) {
    let cell = path.cells[path.cells.len() - 1];
    let len = path.cells.len();
    for (kind, unit) in units_of(cell).into_iter().enumerate() {
        if kind == last {
            continue;
        }
        // The unit's cells holding both digits, in the unit's order (increasing).
        for next in members(UNIT_CELLS[unit] & holding) {
            if next == path.cells[0] && len >= 4 {
                out.push(path.cells.clone());
            } else if path.used & (1 << next) == 0 {
                let cands = board.cands[next];
                let more = (extra | cands) & !pair;
                let two = cands.count_ones() == 2;
                if (two || more.count_ones() == 1 || allowed > 0)
                    && len < MAX_LOOP
                    && path.push(next)
                {
                    let left = allowed - i32::from(!two);
                    walk(board, path, (pair, holding), left, more, kind, out);
                    path.pop();
                }
            }
        }
    }
}

/// Whether every unit touched by the loop holds exactly two of its cells, one at an even
/// and one at an odd position.
fn valid(cells: &[usize]) -> bool {
    if cells.len() % 2 == 1 {
        return false;
    }
    let mut seen = [[false; 27]; 2];
    for (i, &c) in cells.iter().enumerate() {
        for u in units_of(c) {
            if std::mem::replace(&mut seen[i % 2][u], true) {
                return false;
            }
        }
    }
    seen[0] == seen[1]
}

/// The loops on two digits starting at each bivalue cell, in SE's order.
fn loops(board: &Board) -> Vec<Loop> {
    let mut found = Vec::new();
    for start in (0..81).filter(|&c| board.cands[c].count_ones() == 2) {
        let pair = board.cands[start];
        let v1 = pair.trailing_zeros() as u8;
        let v2 = (15 - pair.leading_zeros()) as u8;
        let mut out = Vec::new();
        let holding = (0..81)
            .filter(|&c| board.cands[c] & pair == pair)
            .fold(0 as Cells, |acc, c| acc | 1 << c);
        let mut path = Path {
            cells: Vec::with_capacity(MAX_LOOP),
            used: 0,
            touched: [0; 2],
        };
        path.push(start);
        walk(
            board,
            &mut path,
            (pair, holding),
            2,
            0,
            usize::MAX,
            &mut out,
        );
        for cells in out.into_iter().filter(|l| valid(l)) {
            found.push(Loop { cells, v1, v2 });
        }
    }
    found
}

/// A step removing `removed` (cell, digit), if any.
fn step(lp: &Loop, ty: u8, tenths: u8, removed: Vec<(usize, u8)>) -> Option<(u8, SeStep)> {
    (!removed.is_empty()).then(|| {
        let step = SeStep {
            name: lp.name(ty).into(),
            tenths,
            effect: Effect::Eliminate(removed),
        };
        (ty, step)
    })
}

/// Type 2: the extra cells share one extra digit, which leaves the cells seeing them all.
fn type2(board: &Board, lp: &Loop, extras: &[usize], digit: u8) -> Option<(u8, SeStep)> {
    let seeing = extras.iter().fold(!0 as Cells, |acc, &c| acc & PEERS[c]);
    let removed = members(seeing)
        .filter(|c| !extras.contains(c) && board.cands[*c] & (1 << digit) != 0)
        .map(|c| (c, digit))
        .collect();
    step(lp, 2, lp.tenths(), removed)
}

/// Type 4: one loop digit is locked in a unit to the two extra cells, so the other digit
/// leaves them.
fn type4(board: &Board, lp: &Loop, c1: usize, c2: usize) -> Option<(u8, SeStep)> {
    let (mut lock1, mut lock2) = (false, false);
    for unit in units_of(c1)
        .into_iter()
        .filter(|u| units_of(c2).contains(u))
    {
        let others = UNITS[unit]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != c1 && c != c2);
        let held = others.fold(0u16, |acc, c| acc | board.cands[c]);
        lock1 |= held & (1 << lp.v1) == 0;
        lock2 |= held & (1 << lp.v2) == 0;
    }
    let remove = if lock1 {
        lp.v2
    } else if lock2 {
        lp.v1
    } else {
        return None;
    };
    step(lp, 4, lp.tenths(), vec![(c1, remove), (c2, remove)])
}

/// Type 3: the extra digits of the two extra cells `c1`, `c2`, with other cells of a unit
/// they share, form a naked or hidden set (pairs first, naked before hidden).
fn type3(board: &Board, lp: &Loop, c1: usize, c2: usize, out: &mut Vec<(u8, SeStep)>) {
    let pair = (1u16 << lp.v1) | (1 << lp.v2);
    let extra = (board.cands[c1] | board.cands[c2]) & !pair;
    for degree in 2..=7usize {
        for unit in units_of(c1)
            .into_iter()
            .filter(|u| units_of(c2).contains(u))
        {
            let at = (position(unit, c1), position(unit, c2));
            let empty = board.empty_in(unit);
            if degree * 2 <= empty && degree >= extra.count_ones() as usize {
                out.extend(type3_naked(board, lp, unit, (c1, c2), at, extra, degree));
            }
            if degree * 2 < empty {
                out.extend(type3_hidden(board, lp, unit, at, extra, degree));
            }
        }
    }
}

/// Type 3 with a naked set: the extra digits (standing for `c1`) and `degree - 1` other
/// cells of the unit hold `degree` digits, which leave the cells seeing all their holders.
fn type3_naked(
    board: &Board,
    lp: &Loop,
    unit: usize,
    (c1, c2): (usize, usize),
    (i1, i2): (usize, usize),
    extra: u16,
    degree: usize,
) -> Vec<(u8, SeStep)> {
    let cells = &UNITS[unit];
    // The positions a set may hold (i1, and cells of two or more candidates but i2), in
    // order: the sets come in the order of all picks of the unit.
    let mut usable = [0usize; 9];
    let mut n = 0;
    for (i, &c) in cells.iter().enumerate() {
        if i == i1 || (i != i2 && board.cands[c as usize].count_ones() >= 2) {
            usable[n] = i;
            n += 1;
        }
    }
    let mut out = Vec::new();
    combinations(n, degree, &mut |chosen| {
        let mut pick = [0usize; 9];
        for (p, &i) in pick.iter_mut().zip(chosen) {
            *p = usable[i];
        }
        let pick = &pick[..degree];
        if !pick.contains(&i1) {
            return None::<()>;
        }
        let others: Vec<usize> = pick
            .iter()
            .filter(|&&i| i != i1)
            .map(|&i| cells[i] as usize)
            .collect();
        let union = others.iter().fold(extra, |acc, &c| acc | board.cands[c]);
        let naked = others
            .iter()
            .fold(extra & board.cands[c1] & board.cands[c2], |acc, &c| {
                acc | board.cands[c]
            });
        if union.count_ones() as usize != degree || naked.count_ones() as usize != degree {
            return None;
        }
        let mut holders = others.clone();
        holders.extend([c1, c2]);
        let mut removed = set_removals(board, &holders, union);
        removed.sort_unstable();
        removed.dedup();
        out.extend(step(lp, 3, lp.tenths() + degree as u8 - 1, removed));
        None
    });
    out
}

/// Type 3 with a hidden set: the two loop digits and `degree - 2` others are confined, in
/// the unit, to one of the extra cells (`i1`, not `i2`) and `degree - 1` other cells,
/// whose other digits go.
fn type3_hidden(
    board: &Board,
    lp: &Loop,
    unit: usize,
    (i1, i2): (usize, usize),
    extra: u16,
    degree: usize,
) -> Vec<(u8, SeStep)> {
    let pair = (1u16 << lp.v1) | (1 << lp.v2);
    // A digit with no place but i2 in the unit is in no hidden set: left out.
    let rest: Vec<u8> = (1..=9u8)
        .filter(|&d| (pair | extra) & (1 << d) == 0 && board.positions(unit, d) & !(1 << i2) != 0)
        .collect();
    let mut out = Vec::new();
    combinations(rest.len(), degree - 2, &mut |pick| {
        let hidden = pick.iter().fold(pair, |acc, &i| acc | 1 << rest[i]);
        let mut union = 0u16;
        for d in (1..=9u8).filter(|d| hidden & (1 << d) != 0) {
            let pos = board.positions(unit, d) & !(1 << i2);
            if pos == 0 {
                return None::<()>;
            }
            union |= pos;
        }
        if union.count_ones() as usize != degree {
            return None;
        }
        let removed = (0..9)
            .filter(|&i| union & (1 << i) != 0 && i != i1)
            .map(|i| UNITS[unit][i] as usize)
            .flat_map(|c| {
                (1..=9u8)
                    .filter(move |d| hidden & (1 << d) == 0)
                    .map(move |d| (c, d))
            })
            .filter(|&(c, d)| board.cands[c] & (1 << d) != 0)
            .collect();
        out.extend(step(lp, 3, lp.tenths() + degree as u8 - 2, removed));
        None
    });
    out
}

/// The position (0..9) of `cell` in `unit`.
fn position(unit: usize, cell: usize) -> usize {
    UNITS[unit]
        .iter()
        .position(|&c| c as usize == cell)
        .expect("a cell of the unit")
}

/// The easiest unique rectangle or loop SE would apply, if any.
pub(crate) fn unique_loop(board: &Board) -> Option<SeStep> {
    let mut hints: Vec<(u8, SeStep)> = Vec::new();
    for lp in loops(board) {
        let pair = (1u16 << lp.v1) | (1 << lp.v2);
        let extras: Vec<usize> = lp
            .cells
            .iter()
            .copied()
            .filter(|&c| board.cands[c].count_ones() > 2)
            .collect();
        match extras.len() {
            1 => hints.extend(step(
                &lp,
                1,
                lp.tenths(),
                vec![(extras[0], lp.v1), (extras[0], lp.v2)],
            )),
            2 => {
                let (c1, c2) = (extras[0], extras[1]);
                let more = (board.cands[c1] | board.cands[c2]) & !pair;
                if more.count_ones() == 1 {
                    hints.extend(type2(board, &lp, &extras, more.trailing_zeros() as u8));
                } else {
                    type3(board, &lp, c1, c2, &mut hints);
                }
                hints.extend(type4(board, &lp, c1, c2));
            }
            n if n > 2 => {
                let more = board.cands[extras[0]] & !pair;
                hints.extend(type2(board, &lp, &extras, more.trailing_zeros() as u8));
            }
            _ => {}
        }
    }
    let best = hints
        .iter()
        .enumerate()
        .min_by_key(|(i, (ty, s))| (s.tenths, *ty, *i))?
        .0;
    Some(hints.swap_remove(best).1)
}

/// The cells and digits a BUG (bivalue universal grave) pattern rests on: with the "bug
/// values" removed from the "bug cells", every empty cell would hold two candidates and
/// every digit two places in each unit, a deadly pattern.
struct Grave {
    cells: Vec<usize>,
    values: [u16; 81],
    all: u16,
    common: Option<Cells>,
}

impl Grave {
    /// Adds a bug value of a cell; false when the pattern can no longer give type 1 to 3
    /// (two cells, two values and no cell seeing them all).
    fn add(&mut self, cell: usize, value: u8, all: bool, temp: &mut [u16; 81]) -> bool {
        if !self.cells.contains(&cell) {
            self.cells.push(cell);
        }
        self.values[cell] |= 1 << value;
        if all {
            self.all |= 1 << value;
        }
        temp[cell] &= !(1 << value);
        let mine = self.cells.iter().fold(0 as Cells, |acc, &c| acc | 1 << c);
        let common = self.common.map_or(PEERS[cell], |c| c & PEERS[cell]) & !mine;
        self.common = Some(common);
        !(self.cells.len() > 1 && self.all.count_ones() > 1 && common == 0)
    }
}

/// Finds the BUG pattern of the board, SE's way: in each unit, a digit with other than
/// zero or two places marks its one place in a cell of three or more candidates (or, when
/// only one digit ever does so, all such places).
fn grave(board: &Board) -> Option<Grave> {
    let mut g = Grave {
        cells: Vec::new(),
        values: [0; 81],
        all: 0,
        common: None,
    };
    let mut temp = board.cands;
    let (mut marked, mut only, mut one_value) = (None::<Vec<usize>>, 0u8, true);
    for (unit, cells) in UNITS.iter().enumerate() {
        for value in 1..=9u8 {
            let pos = board.positions(unit, value);
            if pos.count_ones() == 0 || pos.count_ones() == 2 {
                continue;
            }
            let big: Vec<usize> = (0..9)
                .filter(|i| pos & (1 << i) != 0)
                .map(|i| cells[i] as usize)
                .filter(|&c| board.cands[c].count_ones() >= 3)
                .collect();
            match &mut marked {
                None => (marked, only) = (Some(big.clone()), value),
                Some(m) if one_value && only == value => m.extend(&big),
                Some(_) => one_value = false,
            }
            if big.len() == 1 && !g.add(big[0], value, true, &mut temp) {
                return None;
            }
            if big.is_empty() {
                return None;
            }
        }
    }
    if let (true, Some(mut m)) = (one_value, marked) {
        m.sort_unstable();
        m.dedup();
        if m.len() > g.cells.len() {
            for c in m {
                if !g.cells.contains(&c) && !g.add(c, only, false, &mut temp) {
                    return None;
                }
            }
        }
    }
    let pairs = (0..81).all(|c| board.values[c] != 0 || temp[c].count_ones() == 2);
    let twice = (0..27).all(|u| {
        (1..=9u8).all(|d| {
            let n = UNITS[u]
                .iter()
                .filter(|&&c| temp[c as usize] & (1 << d) != 0)
                .count();
            n == 0 || n == 2
        })
    });
    (pairs && twice).then_some(g)
}

/// BUG type 4: two bug cells in one unit share one other digit; each keeps only its bug
/// values and that digit.
fn bug4(board: &Board, g: &Grave) -> Option<SeStep> {
    let (c1, c2) = (g.cells[0], g.cells[1]);
    let common = board.cands[c1] & board.cands[c2] & !g.all;
    if common.count_ones() != 1 || !units_of(c1).iter().any(|u| units_of(c2).contains(u)) {
        return None;
    }
    let removed: Vec<(usize, u8)> = [c1, c2]
        .into_iter()
        .flat_map(|c| {
            let gone = board.cands[c] & !g.values[c] & !common;
            (1..=9u8)
                .filter(move |d| gone & (1 << d) != 0)
                .map(move |d| (c, d))
        })
        .collect();
    Some(SeStep {
        name: "BUG type 4".into(),
        tenths: 57,
        effect: Effect::Eliminate(removed),
    })
}

/// SE's BUG, types 1 to 4 (5.6, 5.7, 5.8+, 5.7), tried in SE's order.
pub(crate) fn bug(board: &Board) -> Option<SeStep> {
    let g = grave(board)?;
    let eliminate = |name: &'static str, tenths, removed: Vec<(usize, u8)>| {
        (!removed.is_empty()).then(|| SeStep {
            name: name.into(),
            tenths,
            effect: Effect::Eliminate(removed),
        })
    };
    if g.cells.len() == 1 {
        let c = g.cells[0];
        let gone = board.cands[c] & !g.all;
        let removed = (1..=9u8)
            .filter(|d| gone & (1 << d) != 0)
            .map(|d| (c, d))
            .collect();
        return eliminate("BUG type 1", 56, removed);
    }
    let common = g.common.unwrap_or(0);
    if g.all.count_ones() == 1 {
        let value = g.all.trailing_zeros() as u8;
        let removed = members(common)
            .filter(|&c| board.cands[c] & (1 << value) != 0)
            .map(|c| (c, value))
            .collect();
        let two = eliminate("BUG type 2", 57, removed);
        if two.is_some() || g.cells.len() != 2 {
            return two;
        }
        return bug4(board, &g);
    }
    if common == 0 {
        return None;
    }
    let four = if g.cells.len() == 2 {
        bug4(board, &g)
    } else {
        None
    };
    four.or_else(|| bug3(board, &g, common))
}

/// BUG type 3: the bug values, standing for one of the bug cells, and `degree - 1` cells of
/// a unit all bug cells share (and that see them all) form a naked set, whose digits leave
/// the cells seeing all their holders (5.7 + 0.1 per digit beyond the first).
fn bug3(board: &Board, g: &Grave, common: Cells) -> Option<SeStep> {
    let shared: Vec<usize> = (0..27)
        .filter(|&u| g.cells.iter().all(|&c| units_of(c).contains(&u)))
        .collect();
    for degree in 2..=6usize {
        for &unit in &shared {
            let near: Vec<usize> = members(common & UNIT_CELLS[unit]).collect();
            if near.len() < degree {
                continue;
            }
            let found = combinations(near.len(), degree - 1, &mut |pick| {
                let naked: Vec<usize> = pick.iter().map(|&i| near[i]).collect();
                let union = naked.iter().fold(0u16, |acc, &c| acc | board.cands[c]);
                let small = naked.iter().any(|&c| board.cands[c].count_ones() < 2);
                if union.count_ones() as usize != degree || small || g.all & !union != 0 {
                    return None;
                }
                let holders: Vec<usize> = naked.iter().chain(&g.cells).copied().collect();
                let removed = set_removals(board, &holders, union);
                (!removed.is_empty()).then(|| SeStep {
                    name: "BUG type 3".into(),
                    tenths: 56 + degree as u8,
                    effect: Effect::Eliminate(removed),
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
