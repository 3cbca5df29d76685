//! The implication rules beyond X and Y links that SE's "Dynamic+" forcing chains (9.0+)
//! and nested forcing chains (9.5+, 10.0+, 10.5+) use: when a dynamic chain's walk has
//! nothing left to follow, SE runs pointing/claiming, hidden pairs, naked pairs and
//! X-wings (in that order), then at the nested levels its forcing chains and cycles
//! (`cycles`), then at the second level its cell and region forcing chains (`forcing`);
//! at the third level (10.5+) the four rules and then dynamic forcing chains (plain,
//! Dynamic+ or of the first nested level, `forcing`), on the working board, the one
//! with the assumption's removals, and every candidate such a pattern removes becomes an
//! off potential of the chain. A nested chain's hints come sorted as SE sorts them, each
//! set of removals once; the chain is remembered with the off potentials it made, and its
//! complexity counts once in every hint whose chains pass through them.
//!
//! The behaviour restated here, from studying Sudoku Explainer:
//!
//! * Only the first of the four rules that yields anything counts at one time; the walk
//!   then goes on, and the rules run again when it stalls again.
//! * A pattern counts only if it owes something to the assumption: its **parents** are
//!   the off potentials of the chain that made it (the digit's positions gone from the
//!   first unit of a pointing/claiming or from the base lines of an X-wing, outside the
//!   second unit or the cover lines; the pair's digits gone from the rest of a hidden
//!   pair's unit; the other digits gone from a naked pair's cells). A pattern without
//!   parents is skipped (it was on the board already).
//! * Patterns come in SE's scan order: pointing/claiming by unit pairs (box/column,
//!   box/row, column/box, row/box), then digit, first unit, second unit; hidden and naked
//!   pairs by unit (boxes, columns, rows) then pair; X-wings with columns as base lines,
//!   then rows, by pair of lines then digit. Pairs come in increasing bitmask order
//!   ({0,1}, {0,2}, {1,2}, {0,3}, …).
//! * SE keeps a pattern's removals in a hash map keyed by cell, whose iteration order is
//!   the cell index modulo the table size (16, 32, … for up to 12, 24, … cells), ties in
//!   insertion order; the digits of a cell go in increasing order. That order decides
//!   which off potential the walk follows first, so it is reproduced.

use super::board::{Kind, UNITS, contains, each_lock};
use super::chains::{Key, key};
use super::cycles::{NestedHint, nested_hints};

/// The board an advanced rule looks at: the digits placed (for the count of empty cells),
/// the candidates at the start of the chain, and the working candidates.
pub(crate) struct View<'a> {
    pub(crate) values: &'a [u8; 81],
    pub(crate) initial: &'a [u16; 81],
    pub(crate) grid: &'a [u16; 81],
}

/// One pattern found: the off potentials it needs (its parents) and what it removes.
struct Found {
    parents: Vec<Key>,
    removed: Vec<(usize, u16)>,
}

impl View<'_> {
    /// Whether `digit` was a candidate of `cell` at the start and is gone now.
    fn lost(&self, cell: usize, digit: u8) -> bool {
        self.initial[cell] & !self.grid[cell] & (1 << digit) != 0
    }
}

/// What the rules ask of the working board, computed once per call: per unit and digit the
/// positions (0..9 within the unit) holding the digit, per unit its empty cells, per digit
/// how often it is placed.
struct Table {
    pos: [[u16; 10]; 27],
    empty: [u8; 27],
    placed: [u8; 10],
}

impl Table {
    fn new(v: &View) -> Table {
        let mut t = Table {
            pos: [[0; 10]; 27],
            empty: [0; 27],
            placed: [0; 10],
        };
        for (unit, cells) in UNITS.iter().enumerate() {
            let (pos, empty) = (&mut t.pos[unit], &mut t.empty[unit]);
            for (i, &c) in cells.iter().enumerate() {
                let c = c as usize;
                *empty += u8::from(v.values[c] == 0);
                let mut rest = v.grid[c] & 0x3fe;
                while rest != 0 {
                    pos[rest.trailing_zeros() as usize] |= 1 << i;
                    rest &= rest - 1;
                }
            }
        }
        for &d in v.values {
            t.placed[usize::from(d)] += 1;
        }
        t
    }

    /// Positions (0..9 within the unit) of `digit` on the working board.
    fn positions(&self, unit: usize, digit: u8) -> u16 {
        self.pos[unit][usize::from(digit)]
    }

    fn empty_in(&self, unit: usize) -> usize {
        usize::from(self.empty[unit])
    }

    /// The digits (bits 1..=9) with exactly two positions in `unit`: the only ones a
    /// hidden pair or an X-wing's base line may use.
    fn twice(&self, unit: usize) -> u16 {
        (1..=9).fold(0, |acc, d| {
            acc | u16::from(self.pos[unit][d].count_ones() == 2) << d
        })
    }
}

/// The pairs of 0..9 in SE's order (increasing bitmask).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|hi| (0..hi).map(move |lo| (lo, hi)))
}

/// Orders a pattern's removals as SE's hash map iterates them.
fn hash_order(removed: &mut [(usize, u16)]) {
    let mut cap = 16;
    while removed.len() > cap * 3 / 4 {
        cap *= 2;
    }
    removed.sort_by_key(|&(cell, _)| cell & (cap - 1));
}

fn locking(v: &View, t: &Table, out: &mut Vec<Found>) {
    each_lock(
        |u, d| t.positions(u, d),
        |digit, u1, u2| {
            let bit = 1u16 << digit;
            let removed: Vec<(usize, u16)> = UNITS[u2]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| !contains(u1, c) && v.grid[c] & bit != 0)
                .map(|c| (c, bit))
                .collect();
            if !removed.is_empty() {
                let parents = UNITS[u1]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| v.lost(c, digit) && !contains(u2, c))
                    .map(|c| key(c, digit, false))
                    .collect();
                out.push(Found { parents, removed });
            }
            None::<()>
        },
    );
}

const SCAN: [Kind; 3] = [Kind::Box, Kind::Column, Kind::Row];

fn hidden_pair(v: &View, t: &Table, out: &mut Vec<Found>) {
    for unit in SCAN.iter().flat_map(|k| k.units()) {
        if t.empty_in(unit) <= 4 {
            continue;
        }
        // Two digits make a pair only when each has exactly two positions, the same two:
        // the pairs of such digits, in SE's order (higher digit outer, both increasing).
        let twice = t.twice(unit);
        for d2 in bits(twice) {
            for d1 in bits(twice & ((1 << d2) - 1)) {
                let union = t.positions(unit, d1);
                if union != t.positions(unit, d2) {
                    continue;
                }
                hidden_pair_at(v, unit, (d1, d2), union, out);
            }
        }
    }
}

/// The hidden pair of digits `d1`, `d2` at positions `union` of `unit`, if it removes
/// something.
fn hidden_pair_at(v: &View, unit: usize, (d1, d2): (u8, u8), union: u16, out: &mut Vec<Found>) {
    let keep = (1u16 << d1) | (1 << d2);
    let mut removed = Vec::new();
    let mut parents = Vec::new();
    for (i, &c) in UNITS[unit].iter().enumerate() {
        let c = c as usize;
        if union & (1 << i) != 0 {
            let extra = v.grid[c] & !keep;
            if extra != 0 {
                removed.push((c, extra));
            }
        } else {
            for d in [d1, d2] {
                if v.initial[c] & (1 << d) != 0 {
                    parents.push(key(c, d, false));
                }
            }
        }
    }
    if !removed.is_empty() {
        out.push(Found { parents, removed });
    }
}

/// The set bits of `mask`, in increasing order.
fn bits(mask: u16) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let b = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            b
        })
    })
}

fn naked_pair(v: &View, t: &Table, out: &mut Vec<Found>) {
    for unit in SCAN.iter().flat_map(|k| k.units()) {
        if t.empty_in(unit) < 4 {
            continue;
        }
        let cells = &UNITS[unit];
        // Two cells make a pair only when each has exactly two candidates, the same two.
        let twice = (0..9).fold(0u16, |acc, i| {
            acc | u16::from(v.grid[cells[i] as usize].count_ones() == 2) << i
        });
        for b in bits(twice) {
            for a in bits(twice & ((1 << b) - 1)) {
                let (ca, cb) = (cells[a as usize] as usize, cells[b as usize] as usize);
                let union = v.grid[ca];
                if union == v.grid[cb] {
                    naked_pair_at(v, cells, (ca, cb), union, out);
                }
            }
        }
    }
}

/// The naked pair of cells `ca`, `cb` of a unit with candidates `union`, if it removes
/// something.
fn naked_pair_at(
    v: &View,
    cells: &[u8; 9],
    (ca, cb): (usize, usize),
    union: u16,
    out: &mut Vec<Found>,
) {
    let removed: Vec<(usize, u16)> = cells
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| c != ca && c != cb && v.grid[c] & union != 0)
        .map(|c| (c, v.grid[c] & union))
        .collect();
    if removed.is_empty() {
        return;
    }
    let parents = [ca, cb]
        .iter()
        .flat_map(|&c| {
            (1..=9u8)
                .filter(move |&d| v.initial[c] & (1 << d) != 0 && union & (1 << d) == 0)
                .map(move |d| key(c, d, false))
        })
        .collect();
    out.push(Found { parents, removed });
}

fn x_wing(v: &View, t: &Table, out: &mut Vec<Found>) {
    // The digits placed at most five times (four cells left for the wing).
    let open = (1..=9).fold(0u16, |acc, d| acc | u16::from(t.placed[d] + 4 <= 9) << d);
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        let (base0, cover0) = (base.units().start, cover.units().start);
        let twice: [u16; 9] = std::array::from_fn(|i| t.twice(base0 + i) & open);
        for (a, b) in pairs() {
            // A wing's digit has exactly two positions in each base line, the same two.
            for digit in bits(twice[a] & twice[b]) {
                let (la, lb) = (base0 + a, base0 + b);
                let covers = t.positions(la, digit);
                if covers == t.positions(lb, digit) {
                    x_wing_at(v, (la, lb), (a, b), (cover0, covers), digit, out);
                }
            }
        }
    }
}

/// The X-wing of `digit` on base lines `la`, `lb` (the `a`-th and `b`-th of their kind)
/// and the cover lines at `covers` from `cover0`, if it removes something.
fn x_wing_at(
    v: &View,
    (la, lb): (usize, usize),
    (a, b): (usize, usize),
    (cover0, covers): (usize, u16),
    digit: u8,
    out: &mut Vec<Found>,
) {
    let bit = 1u16 << digit;
    let mut removed = Vec::new();
    for i in (0..9).filter(|i| covers & (1 << i) != 0) {
        for (j, &c) in UNITS[cover0 + i].iter().enumerate() {
            if j != a && j != b && v.grid[c as usize] & bit != 0 {
                removed.push((c as usize, bit));
            }
        }
    }
    if removed.is_empty() {
        return;
    }
    let mut parents = Vec::new();
    for line in [la, lb] {
        for (j, &c) in UNITS[line].iter().enumerate() {
            if covers & (1 << j) == 0 && v.lost(c as usize, digit) {
                parents.push(key(c as usize, digit, false));
            }
        }
    }
    out.push(Found { parents, removed });
}

/// What the advanced rules add to a stalled walk: off potentials in SE's order, each with
/// its parents and, when a nested chain removed it, that chain (an index into `chains`).
#[derive(Default)]
pub(crate) struct Advanced {
    pub(crate) offs: Vec<(Key, Vec<Key>, Option<usize>)>,
    pub(crate) chains: Vec<NestedHint>,
}

/// The off potentials SE's rules of nesting `level` add to a stalled walk, in SE's order;
/// empty when no rule applies. Level 1 (Dynamic+) has the four rules above; level 2 adds
/// forcing chains and cycles, level 3 then `inner`'s hints (multiple forcing chains);
/// level 4 has the four rules, then `inner`'s hints (dynamic forcing chains) only. The
/// finder of `inner` hints lives with that search (`forcing`).
pub(crate) fn advanced_offs(
    v: &View,
    level: u8,
    inner: &dyn Fn(&View) -> Vec<NestedHint>,
    out: &mut Advanced,
) {
    out.offs.clear();
    out.chains.clear();
    let mut found = Vec::new();
    let table = Table::new(v);
    let rules: [fn(&View, &Table, &mut Vec<Found>); 4] = [locking, hidden_pair, naked_pair, x_wing];
    for rule in rules {
        found.clear();
        rule(v, &table, &mut found);
        for f in found.iter_mut().filter(|f| !f.parents.is_empty()) {
            hash_order(&mut f.removed);
            for &(cell, digits) in &f.removed {
                for d in (1..=9u8).filter(|&d| digits & (1 << d) != 0) {
                    out.offs
                        .push((key(cell, d, false), f.parents.clone(), None));
                }
            }
        }
        if !out.offs.is_empty() {
            return;
        }
    }
    if (2..4).contains(&level) {
        nested(out, nested_hints(v.initial, v.grid));
    }
    if level >= 3 && out.offs.is_empty() {
        nested(out, inner(v));
    }
}

/// Adds the removals of nested chains that owe something to the outer chain.
fn nested(out: &mut Advanced, hints: Vec<NestedHint>) {
    for mut hint in hints {
        if hint.parents.is_empty() {
            continue;
        }
        hash_order(&mut hint.removed);
        let i = out.chains.len();
        for &(cell, digits) in &hint.removed {
            for d in (1..=9u8).filter(|&d| digits & (1 << d) != 0) {
                out.offs
                    .push((key(cell, d, false), hint.parents.clone(), Some(i)));
            }
        }
        out.chains.push(hint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each mask has at least two bits and their union exactly two: the union.
    fn common_pair(a: u16, b: u16) -> Option<u16> {
        (a.count_ones() >= 2 && b.count_ones() >= 2 && (a | b).count_ones() == 2).then_some(a | b)
    }

    /// A digit's positions in a unit, scanned.
    fn scan(v: &View, unit: usize, digit: u8) -> u16 {
        (0..9)
            .filter(|&i| v.grid[UNITS[unit][i] as usize] & (1 << digit) != 0)
            .fold(0, |acc, i| acc | 1 << i)
    }

    fn empty(v: &View, unit: usize) -> usize {
        UNITS[unit]
            .iter()
            .filter(|&&c| v.values[c as usize] == 0)
            .count()
    }

    /// A pattern found: its parents and its removals.
    type Pattern = (Vec<Key>, Vec<(usize, u16)>);

    /// The three pair rules the plain way: every pair of digits (cells, lines) in SE's
    /// order, checked with `common_pair` on scanned positions; the patterns as (parents,
    /// removals).
    fn plain(v: &View) -> Vec<Vec<Pattern>> {
        let mut out = vec![Vec::new(); 3];
        for unit in SCAN.iter().flat_map(|k| k.units()) {
            for (a, b) in pairs() {
                let (d1, d2) = (a as u8 + 1, b as u8 + 1);
                if empty(v, unit) > 4
                    && let Some(union) = common_pair(scan(v, unit, d1), scan(v, unit, d2))
                {
                    let mut found = Vec::new();
                    hidden_pair_at(v, unit, (d1, d2), union, &mut found);
                    out[0].extend(found.into_iter().map(|f| (f.parents, f.removed)));
                }
                let cells = &UNITS[unit];
                let (ca, cb) = (cells[a] as usize, cells[b] as usize);
                if empty(v, unit) >= 4
                    && let Some(union) = common_pair(v.grid[ca], v.grid[cb])
                {
                    let mut found = Vec::new();
                    naked_pair_at(v, cells, (ca, cb), union, &mut found);
                    out[1].extend(found.into_iter().map(|f| (f.parents, f.removed)));
                }
            }
        }
        let placed = |d: u8| v.values.iter().filter(|&&x| x == d).count();
        for (base0, cover0) in [(18, 9), (9, 18)] {
            for (a, b) in pairs() {
                for digit in (1..=9u8).filter(|&d| placed(d) + 4 <= 9) {
                    let (la, lb) = (base0 + a, base0 + b);
                    if let Some(covers) = common_pair(scan(v, la, digit), scan(v, lb, digit)) {
                        let mut found = Vec::new();
                        x_wing_at(v, (la, lb), (a, b), (cover0, covers), digit, &mut found);
                        out[2].extend(found.into_iter().map(|f| (f.parents, f.removed)));
                    }
                }
            }
        }
        out
    }

    /// The table and the prefiltered rules against scans and the plain rules, on random
    /// boards sparse enough to hold many pairs and wings.
    #[test]
    fn table_and_prefilters_agree_with_plain_scans() {
        let mut rng = crate::rng::SplitMix::new(12345);
        let mut next = |n: u64| rng.next_u64() % n;
        let mut found = [0usize; 3];
        for _ in 0..3000 {
            let (mut values, mut initial, mut grid) = ([0u8; 81], [0u16; 81], [0u16; 81]);
            let density = 2 + next(4);
            for c in 0..81 {
                if next(10) < 3 {
                    values[c] = 1 + next(9) as u8;
                    continue;
                }
                for d in 1..=9 {
                    if next(9) < density {
                        initial[c] |= 1 << d;
                        if next(5) > 0 {
                            grid[c] |= 1 << d;
                        }
                    }
                }
            }
            let v = View {
                values: &values,
                initial: &initial,
                grid: &grid,
            };
            let t = Table::new(&v);
            for unit in 0..27 {
                assert_eq!(t.empty_in(unit), empty(&v, unit));
                for d in 1..=9 {
                    assert_eq!(t.positions(unit, d), scan(&v, unit, d));
                }
            }
            let plain = plain(&v);
            let rules: [fn(&View, &Table, &mut Vec<Found>); 3] = [hidden_pair, naked_pair, x_wing];
            for (i, rule) in rules.into_iter().enumerate() {
                let mut out = Vec::new();
                rule(&v, &t, &mut out);
                let fast: Vec<_> = out.into_iter().map(|f| (f.parents, f.removed)).collect();
                assert_eq!(fast, plain[i], "rule {i}");
                found[i] += fast.len();
            }
        }
        assert!(found.iter().all(|&n| n > 100), "{found:?}");
    }

    #[test]
    fn pairs_in_bitmask_order() {
        let p: Vec<_> = pairs().take(4).collect();
        assert_eq!(p, [(0, 1), (0, 2), (1, 2), (0, 3)]);
        assert_eq!(pairs().count(), 36);
    }

    #[test]
    fn hash_order_is_index_modulo_table() {
        let mut r: Vec<(usize, u16)> = [3, 17, 20, 40].iter().map(|&c| (c, 0)).collect();
        hash_order(&mut r);
        assert_eq!(r.iter().map(|x| x.0).collect::<Vec<_>>(), [17, 3, 20, 40]);
    }

    #[test]
    fn pointing_owes_its_parents_to_the_chain() {
        // Digit 1 in box 0 only in row 0 after the chain removed it from (1,0) and (2,2).
        let values = [0u8; 81];
        let initial = [0x3feu16; 81];
        let mut grid = initial;
        for c in [9, 10, 11, 18, 19, 20] {
            grid[c] &= !(1 << 1);
        }
        let v = View {
            values: &values,
            initial: &initial,
            grid: &grid,
        };
        let mut out = Advanced::default();
        advanced_offs(&v, 1, &|_| Vec::new(), &mut out);
        // Box 0 / row 0 pointing removes 1 from (0,3)..(0,8); six parents.
        assert_eq!(out.offs.len(), 6);
        assert!(out.offs.iter().all(|(_, p, n)| p.len() == 6 && n.is_none()));
        assert_eq!(out.offs[0].0, key(3, 1, false));
    }
}
