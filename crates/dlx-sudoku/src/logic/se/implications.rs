//! The implications of a board that does not change, as one table: what every potential
//! implies under SE's X and Y rules (see `chains` for the rules), and the strongly
//! connected parts of those implications, which tell the static walks of `cycles` and of
//! multiple forcing chains where a cycle or a conclusion can be found at all.

use super::board::units_of;
use super::cells::{Places, UNIT_CELLS};
use super::chains::{Cause, KEYS, Key, conjugate, is_on, key};
use super::parts::Parts;

/// No node.
const NONE: u32 = u32::MAX;

/// The implications of every potential of a board that does not change (the walks of
/// `cycles`), found once with `chains::on_to_off_causes` and `chains::off_to_on` under both rules:
/// per key, a range of one list, each entry a key and its cause packed as
/// `key | cause << 16` (cause 27 for the cell, else the unit). The Y rule's entries come
/// first in each range (the cell part of on to off, the bivalue partner of off to on), so
/// the implications of fewer rules are a part of the range, chosen by [`Implications::rules`].
#[derive(Default)]
pub(crate) struct Implications {
    /// Per key: where its entries start, where those past the Y rule's start, the end.
    range: Vec<[u32; 3]>,
    list: Vec<u32>,
    /// The keys of the board's candidates (both states), in increasing order, and the
    /// index of each key among them (`u32::MAX` for none).
    keys: Vec<Key>,
    index: Vec<u32>,
    /// The rules [`Implications::of`] follows: Y (both ways), X (off to on).
    y: bool,
    x: bool,
    /// Per key, its node in `graph` (`NONE` if none), and the key of each node.
    node: Vec<u32>,
    node_keys: Vec<Key>,
    graph: Parts,
}

/// The part of a key in no cycle (see [`Implications::strong_parts`]).
pub(crate) const ALONE: u32 = u32::MAX;

impl Implications {
    /// Fills the table for `cands` under both rules (the entries of
    /// `chains::on_to_off_causes` and `chains::off_to_on`, written here directly), and
    /// reads it with both until [`Implications::rules`] says otherwise.
    pub(crate) fn fill(&mut self, cands: &[u16; 81], places: &Places) {
        if self.range.len() != KEYS {
            self.range = vec![[0; 3]; KEYS];
            self.index = vec![u32::MAX; KEYS];
        }
        for &k in &self.keys {
            self.range[k] = [0; 3];
            self.index[k] = u32::MAX;
        }
        self.list.clear();
        self.keys.clear();
        const CELL: u32 = 27 << 16;
        for (cell, &c) in cands.iter().enumerate() {
            let units = units_of(cell);
            let pair = c.count_ones() == 2;
            let mut digits = c;
            while digits != 0 {
                let d = digits.trailing_zeros() as u8;
                digits &= digits - 1;
                let here = places.0[d as usize] & !(1u128 << cell);
                // Off to on: the bivalue cell's other digit, then each unit's last place.
                let (k, start) = (key(cell, d, false), self.list.len() as u32);
                if pair {
                    let other = (c & !(1 << d)).trailing_zeros() as u8;
                    self.list.push(key(cell, other, true) as u32 | CELL);
                }
                let mid = self.list.len() as u32;
                let mut met = 0u128;
                for u in units {
                    let others = here & UNIT_CELLS[u];
                    if others.count_ones() == 1 && others & met == 0 {
                        met |= others;
                        let on = key(others.trailing_zeros() as usize, d, true);
                        self.list.push(on as u32 | (u as u32) << 16);
                    }
                }
                self.add_key(k, [start, mid, self.list.len() as u32]);
                // On to off: the cell's other digits, then the digit in each unit.
                let (k, start) = (key(cell, d, true), self.list.len() as u32);
                let mut others = c & !(1 << d);
                while others != 0 {
                    let o = others.trailing_zeros() as u8;
                    others &= others - 1;
                    self.list.push(key(cell, o, false) as u32 | CELL);
                }
                let mid = self.list.len() as u32;
                let mut added = 0u128;
                for u in units {
                    let mut cells = here & UNIT_CELLS[u] & !added;
                    added |= cells;
                    while cells != 0 {
                        let at = cells.trailing_zeros() as usize;
                        cells &= cells - 1;
                        self.list.push(key(at, d, false) as u32 | (u as u32) << 16);
                    }
                }
                self.add_key(k, [start, mid, self.list.len() as u32]);
            }
        }
        self.rules(true, true);
    }

    /// Records the entries of the next key of the board.
    fn add_key(&mut self, k: Key, range: [u32; 3]) {
        self.index[k] = self.keys.len() as u32;
        self.keys.push(k);
        self.range[k] = range;
    }

    /// Makes [`Implications::of`] follow the Y rule (both ways) if `y`, the X rule (off
    /// to on) if `x`, on the board last filled.
    pub(crate) fn rules(&mut self, y: bool, x: bool) {
        (self.y, self.x) = (y, x);
    }

    /// The entries of `k` under the current rules, as a range of the list.
    fn bounds(&self, k: Key) -> std::ops::Range<usize> {
        let [start, mid, end] = self.range[k];
        let from = if self.y { start } else { mid };
        let to = if self.x || is_on(k) { end } else { mid };
        from as usize..to as usize
    }

    /// Per key, whether the potential of the other state is reachable from it (a
    /// forcing chain from the one concludes the other).
    #[cfg(test)]
    pub(crate) fn reaches_conjugate(&mut self) -> Vec<bool> {
        let (mut part, mut concludes) = (Vec::new(), Vec::new());
        self.strong_parts(&mut part, &mut concludes);
        concludes
    }

    /// The strongly connected parts of the implications under the current rules
    /// (Tarjan's algorithm): per key, in `part`, the number of its part, or [`ALONE`]
    /// when no cycle of implications passes through it; in `concludes`, whether the
    /// potential of the other state is reachable from it.
    ///
    /// Each part's reach is built from the parts it leads to (found before it), as bits
    /// by part number. Off potentials that imply nothing are left out: none is the
    /// conjugate reached from an off potential, and an on potential `k` reaches its
    /// conjugate (off) exactly when it reaches an on potential `m` that turns it off,
    /// that is (the rules being symmetric) one whose off potential `k` implies.
    pub(crate) fn strong_parts(&mut self, part: &mut Vec<u32>, concludes: &mut Vec<bool>) {
        self.index_edges();
        self.graph.find();
        let g = &self.graph;
        part.clear();
        part.resize(KEYS, ALONE);
        concludes.clear();
        concludes.resize(KEYS, false);
        let part_of = |k: Key| g.part[self.node[k] as usize];
        for (v, &k) in self.node_keys.iter().enumerate() {
            let p = g.part[v];
            if g.sizes[p as usize] > 1 {
                part[k] = p;
            }
            concludes[k] = if is_on(k) {
                self.list[self.bounds(k)]
                    .iter()
                    .any(|&e| g.reaches(p, part_of(conjugate((e & 0xffff) as Key))))
            } else {
                g.reaches(p, part_of(conjugate(k)))
            };
        }
    }

    /// The implications under the current rules between the on potentials and the off
    /// potentials that imply something, numbered in key order, into `graph`.
    fn index_edges(&mut self) {
        self.node.clear();
        self.node.resize(KEYS, NONE);
        self.node_keys.clear();
        for &k in &self.keys {
            if is_on(k) || !self.bounds(k).is_empty() {
                self.node[k] = self.node_keys.len() as u32;
                self.node_keys.push(k);
            }
        }
        let g = &mut self.graph;
        g.starts.clear();
        g.targets.clear();
        for &k in &self.node_keys {
            g.starts.push(g.targets.len() as u32);
            let [start, mid, end] = self.range[k];
            let from = if self.y { start } else { mid };
            let to = if self.x || is_on(k) { end } else { mid };
            for &e in &self.list[from as usize..to as usize] {
                let t = self.node[(e & 0xffff) as usize];
                if t != NONE {
                    g.targets.push(t);
                }
            }
        }
        g.starts.push(g.targets.len() as u32);
    }

    /// What potential `k` implies under the current rules, in SE's order, each with its
    /// cause.
    pub(crate) fn of(&self, k: Key) -> impl Iterator<Item = (Key, Cause)> + '_ {
        self.list[self.bounds(k)].iter().map(|&e| {
            let cause = match e >> 16 {
                27 => Cause::Cell,
                u => Cause::Unit(u as usize),
            };
            ((e & 0xffff) as Key, cause)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::chains::{cell_of, digit_of};
    use super::*;

    #[test]
    fn closure_agrees_with_a_search_from_every_key() {
        use super::super::board::Board;
        let puzzle =
            "....6...9..6..35...4..5..7......2......8.......2.1.8....5...3...9..3..1.71......4";
        let cells: Vec<u8> = puzzle.bytes().map(|b| b.saturating_sub(b'0')).collect();
        let board = Board::new(&cells).expect("no clash");
        let places = Places::of(&board.cands);
        for y in [false, true] {
            let mut imp = Implications::default();
            imp.fill(&board.cands, &places);
            imp.rules(y, true);
            let closure = imp.reaches_conjugate();
            for k in (0..KEYS).filter(|&k| board.cands[cell_of(k)] & (1 << digit_of(k)) != 0) {
                // A plain depth-first search over the table.
                let mut seen = vec![false; KEYS];
                let mut todo = vec![k];
                seen[k] = true;
                while let Some(p) = todo.pop() {
                    for (q, _) in imp.of(p) {
                        if !std::mem::replace(&mut seen[q], true) {
                            todo.push(q);
                        }
                    }
                }
                assert_eq!(closure[k], seen[conjugate(k)], "key {k}, y {y}");
            }
        }
    }
}
