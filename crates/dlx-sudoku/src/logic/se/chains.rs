//! The implication engine under SE's chains (`cycles` and `forcing`): potentials, the
//! rules that make one potential imply others, the chain nodes that remember why, and
//! the length increment of every chain's difficulty.
//!
//! These are the rules found by studying Sudoku Explainer's behaviour (its chaining
//! package), restated here in our own terms:
//!
//! * A **potential** is a candidate (cell, digit) assumed true ("on") or false ("off").
//! * **On to off**: an on potential turns off the cell's other candidates (the "Y" rule,
//!   used by Y- and XY-chains only), then the digit in the cell's box, row and column, in
//!   that order, each cell once.
//! * **Off to on**: an off potential turns on the cell's other candidate when the cell has
//!   exactly two (Y rule), then, for the box, row and column in turn (the "X" rule), the
//!   only other position of the digit in that unit, if there is exactly one.
//! * A node records the potential and its parents: the one that implied it, then (in
//!   dynamic chains, where every off potential reached is removed from a working copy of
//!   the board) the removals that made a cell bivalue or a position the last one.
//! * A chain's **complexity** is the number of distinct potentials among its ancestors
//!   (itself included), walked level by level; for a hint with several chains, the sum.
//! * The **length increment**: with `n` = complexity − 2, add 0.1 for each step of
//!   4, 6, 8, 12, 16, 24, 32, 48, … (alternately ×3/2 and ×4/3) that `n` exceeds. SE adds
//!   these tenths in floating point, and sorts hints on that exact sum, so
//!   [`length_added`] does the same.
//! * SE sorts a technique's hints by difficulty, then complexity, then a kind key, and
//!   applies the first (a stable sort: ties keep the order found).

use super::board::units_of;
use super::cells::{Places, UNIT_CELLS};
use super::parts::Parts;
use super::step::{Effect, SeStep};

/// A potential as a number: `((cell * 9 + digit - 1) << 1) | on`.
pub(crate) type Key = usize;

/// How many keys there are.
pub(crate) const KEYS: usize = 81 * 9 * 2;

/// The key of a potential.
pub(crate) fn key(cell: usize, digit: u8, on: bool) -> Key {
    ((cell * 9 + digit as usize - 1) << 1) | usize::from(on)
}

/// The cell of a key.
pub(crate) fn cell_of(k: Key) -> usize {
    (k >> 1) / 9
}

/// The digit of a key.
pub(crate) fn digit_of(k: Key) -> u8 {
    ((k >> 1) % 9) as u8 + 1
}

/// Whether a key is an on potential.
pub(crate) fn is_on(k: Key) -> bool {
    k & 1 == 1
}

/// The same candidate in the other state.
pub(crate) fn conjugate(k: Key) -> Key {
    k ^ 1
}

/// A node of an implication graph: a potential and the nodes that imply it (the first is
/// the direct cause), as a range of the arena's parent list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    key: u32,
    start: u32,
    len: u32,
    /// The nested chain that removed this candidate (index into `Arena::nested`), or
    /// `NONE`.
    nested: u32,
}

/// The nodes of one search, by index. A node's parents are added right after it, before
/// any other node (they are one contiguous range).
#[derive(Default)]
pub(crate) struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The nested chains met (nested forcing chains), each once: its identity (the chain's
    /// potentials) and its complexity.
    nested: Vec<(Vec<Key>, usize)>,
    /// Per key, the last ancestor count that met it (a stamp, to avoid clearing).
    seen: Vec<u32>,
    stamp: u32,
    /// The levels of an ancestor count (kept to spare allocations).
    todo: Vec<u32>,
    next: Vec<u32>,
}

impl Arena {
    /// Forgets every node.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.nested.clear();
    }

    /// A new node, implied by `parent` (none for an assumption).
    pub(crate) fn push(&mut self, key: Key, parent: Option<u32>) -> u32 {
        let start = self.parents.len() as u32;
        self.parents.extend(parent);
        self.nodes.push(Node {
            key: key as u32,
            start,
            len: u32::from(parent.is_some()),
            nested: NONE,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Whether a node was removed by a nested chain (see [`Arena::set_nested`]).
    pub(crate) fn has_nested(&self) -> bool {
        !self.nested.is_empty()
    }

    /// Adds a parent to the last node pushed.
    pub(crate) fn add_parent(&mut self, parent: u32) {
        self.parents.push(parent);
        self.nodes.last_mut().expect("a node").len += 1;
    }

    pub(crate) fn key(&self, n: u32) -> Key {
        self.nodes[n as usize].key as Key
    }

    pub(crate) fn parents_of(&self, n: u32) -> &[u32] {
        let node = self.nodes[n as usize];
        &self.parents[node.start as usize..(node.start + node.len) as usize]
    }

    /// Whether a node with `key` is among `child`'s first-parent ancestors.
    pub(crate) fn has_ancestor(&self, child: u32, key: Key) -> bool {
        let mut n = child;
        while let Some(&p) = self.parents_of(n).first() {
            if self.key(p) == key {
                return true;
            }
            n = p;
        }
        false
    }

    /// The number of distinct potentials among the ancestors of `n` (itself included),
    /// walked level by level as SE does (a potential met twice keeps its first node).
    pub(crate) fn ancestor_count(&mut self, n: u32) -> usize {
        self.ancestor_count_upto(n, usize::MAX)
    }

    /// [`Arena::ancestor_count`], given up once the count exceeds `limit`: the result is
    /// then some number above `limit`.
    pub(crate) fn ancestor_count_upto(&mut self, n: u32, limit: usize) -> usize {
        if self.seen.is_empty() {
            self.seen = vec![0; KEYS];
        }
        self.stamp += 1;
        let (mut todo, mut next) = (
            std::mem::take(&mut self.todo),
            std::mem::take(&mut self.next),
        );
        todo.clear();
        todo.push(n);
        let mut count = 0;
        'levels: while !todo.is_empty() {
            next.clear();
            for &m in &todo {
                let node = self.nodes[m as usize];
                let seen = &mut self.seen[node.key as usize];
                if *seen != self.stamp {
                    *seen = self.stamp;
                    count += 1;
                    if count > limit {
                        break 'levels;
                    }
                    let (start, len) = (node.start as usize, node.len as usize);
                    next.extend_from_slice(&self.parents[start..start + len]);
                }
            }
            std::mem::swap(&mut todo, &mut next);
        }
        (self.todo, self.next) = (todo, next);
        count
    }

    /// Marks the last node pushed as removed by a nested chain of this identity and
    /// complexity (chains with the same potentials are one chain, as in SE).
    pub(crate) fn set_nested(&mut self, identity: &[Key], complexity: usize) {
        let id = match self.nested.iter().position(|(i, _)| i == identity) {
            Some(id) => id,
            None => {
                self.nested.push((identity.to_vec(), complexity));
                self.nested.len() - 1
            }
        };
        self.nodes.last_mut().expect("a node").nested = id as u32;
    }

    /// The complexity of the chain ending at `n`: its ancestor count, plus the complexity
    /// of each nested chain among its ancestors not yet in `counted` (SE's nested forcing
    /// chains count each chain inside once per hint).
    pub(crate) fn complexity(&mut self, n: u32, counted: &mut Vec<u32>) -> usize {
        if self.nested.is_empty() {
            return self.ancestor_count(n);
        }
        if self.seen.is_empty() {
            self.seen = vec![0; KEYS];
        }
        self.stamp += 1;
        let mut total = 0;
        let (mut todo, mut next) = (
            std::mem::take(&mut self.todo),
            std::mem::take(&mut self.next),
        );
        todo.clear();
        todo.push(n);
        next.clear();
        while !todo.is_empty() {
            for &m in &todo {
                let node = self.nodes[m as usize];
                if self.seen[node.key as usize] != self.stamp {
                    self.seen[node.key as usize] = self.stamp;
                    total += 1;
                    if node.nested != NONE && !counted.contains(&node.nested) {
                        counted.push(node.nested);
                        total += self.nested[node.nested as usize].1;
                    }
                    next.extend_from_slice(self.parents_of(m));
                }
            }
            std::mem::swap(&mut todo, &mut next);
            next.clear();
        }
        (self.todo, self.next) = (todo, next);
        total
    }

    /// The first-parent path from `n` back to its assumption, `n` first.
    pub(crate) fn path(&self, n: u32) -> Vec<u32> {
        let mut out = vec![n];
        let mut m = n;
        while let Some(&p) = self.parents_of(m).first() {
            out.push(p);
            m = p;
        }
        out
    }
}

/// A set of potentials in the order they were added, each with the node that added it.
#[derive(Clone)]
pub(crate) struct Linked {
    at: Vec<u32>,
    /// The potentials, in the order added.
    pub(crate) order: Vec<Key>,
}

const NONE: u32 = u32::MAX;

impl Default for Linked {
    /// [`Linked::empty`].
    fn default() -> Linked {
        Linked::empty()
    }
}

impl Linked {
    pub(crate) fn new() -> Linked {
        Linked {
            at: vec![NONE; KEYS],
            order: Vec::new(),
        }
    }

    /// A stand-in holding nothing, not to be used (it takes no memory).
    pub(crate) fn empty() -> Linked {
        Linked {
            at: Vec::new(),
            order: Vec::new(),
        }
    }

    /// Empties the set.
    pub(crate) fn clear(&mut self) {
        for &k in &self.order {
            self.at[k] = NONE;
        }
        self.order.clear();
    }

    /// The node holding potential `k`, if any.
    pub(crate) fn get(&self, k: Key) -> Option<u32> {
        (self.at[k] != NONE).then_some(self.at[k])
    }

    /// Adds node `n` (potential `k`) unless the potential is already there.
    pub(crate) fn add(&mut self, k: Key, n: u32) -> bool {
        if self.at[k] != NONE {
            return false;
        }
        self.at[k] = n;
        self.order.push(k);
        true
    }
}

/// A first-in first-out queue of nodes, keeping its room for the next walk.
#[derive(Default)]
pub(crate) struct Queue {
    items: Vec<u32>,
    head: usize,
}

impl Queue {
    pub(crate) fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    pub(crate) fn push(&mut self, n: u32) {
        self.items.push(n);
    }

    pub(crate) fn pop(&mut self) -> Option<u32> {
        let n = self.items.get(self.head).copied();
        self.head += usize::from(n.is_some());
        n
    }
}

/// The state of a walk under way: the potentials reached, both states in one set (an on
/// potential is an odd key, an off one even; kept as [`Reached`] after the walk), its
/// queues, and its working board (dynamic chains remove the off potentials reached;
/// see `forcing`).
pub(crate) struct Walk {
    pub(crate) set: Linked,
    pub(crate) pending_on: Queue,
    pub(crate) pending_off: Queue,
    pub(crate) grid: [u16; 81],
    pub(crate) places: Places,
}

impl Walk {
    /// A walk ready for use (see `Linked::new`).
    pub(crate) fn new() -> Walk {
        Walk {
            set: Linked::new(),
            ..Walk::default()
        }
    }
}

impl Default for Walk {
    /// A walk holding nothing, not to be used (it takes no memory).
    fn default() -> Walk {
        Walk {
            set: Linked::empty(),
            pending_on: Queue::default(),
            pending_off: Queue::default(),
            grid: [0; 81],
            places: Places([0; 10]),
        }
    }
}

/// Words of a set of candidates, one bit per candidate (`cell * 9 + digit - 1`).
const WORDS: usize = (KEYS / 2).div_ceil(64);

/// The potentials of one state (on or off) a walk reached, kept after it: a bit per
/// candidate (the key without its state bit).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Reached([u64; WORDS]);

impl Reached {
    /// Adds the candidate of potential `k`.
    pub(crate) fn add(&mut self, k: Key) {
        let c = k >> 1;
        self.0[c / 64] |= 1 << (c % 64);
    }

    /// Whether the set holds the candidate of potential `k`.
    pub(crate) fn has(&self, k: Key) -> bool {
        let c = k >> 1;
        self.0[c / 64] & (1 << (c % 64)) != 0
    }

    /// Keeps the candidates `other` holds too; false when none is left.
    pub(crate) fn keep_common(&mut self, other: &Reached) -> bool {
        let mut any = 0;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
            any |= *a;
        }
        any != 0
    }
}

/// Per cell, its box, row and column ([`units_of`], looked up by the rules below).
static UNITS_OF: [[u8; 3]; 81] = {
    let mut table = [[0u8; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let units = units_of(cell);
        table[cell] = [units[0] as u8, units[1] as u8, units[2] as u8];
        cell += 1;
    }
    table
};

/// The potentials an on potential turns off, in SE's order: the cell's other
/// candidates (with the Y rule), then the digit in the box, row and column.
pub(crate) fn on_to_off(cands: &[u16; 81], places: &Places, k: Key, y: bool, out: &mut Vec<Key>) {
    on_to_off_with(cands, places, k, y, out, |k, _| k);
}

/// [`on_to_off`] with the reason of each potential: the cell (Y rule) or the unit (what
/// [`Implications`] holds, which the tests compare it with).
#[cfg(test)]
pub(crate) fn on_to_off_causes(
    cands: &[u16; 81],
    places: &Places,
    k: Key,
    y: bool,
    out: &mut Vec<(Key, Cause)>,
) {
    on_to_off_with(cands, places, k, y, out, |k, cause| (k, cause));
}

/// [`on_to_off`], each potential written by `make` from its key and reason. A unit's
/// cells in reading order are its cells by increasing index.
#[inline(always)]
fn on_to_off_with<T>(
    cands: &[u16; 81],
    places: &Places,
    k: Key,
    y: bool,
    out: &mut Vec<T>,
    make: impl Fn(Key, Cause) -> T,
) {
    out.clear();
    let (cell, digit) = (cell_of(k), digit_of(k));
    if y {
        let mut others = cands[cell] & !(1 << digit);
        while others != 0 {
            let d = others.trailing_zeros() as u8;
            others &= others - 1;
            out.push(make(key(cell, d, false), Cause::Cell));
        }
    }
    let mut added = 1u128 << cell;
    for &unit in &UNITS_OF[cell] {
        let unit = unit as usize;
        let mut cells = places.0[digit as usize] & UNIT_CELLS[unit] & !added;
        added |= cells;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            out.push(make(key(c, digit, false), Cause::Unit(unit)));
        }
    }
}

/// What made an off potential imply an on one: the cell became bivalue, or the digit's
/// last other position in a unit.
#[derive(Clone, Copy)]
pub(crate) enum Cause {
    Cell,
    Unit(usize),
}

/// The potentials an off potential turns on, in SE's order, each with its cause: the
/// cell's other candidate if it has two (Y rule), then the digit's only other position
/// in the box, row and column (X rule). A potential comes once, with its first cause.
pub(crate) fn off_to_on(
    cands: &[u16; 81],
    places: &Places,
    k: Key,
    y: bool,
    x: bool,
    out: &mut Vec<(Key, Cause)>,
) {
    out.clear();
    let (cell, digit) = (cell_of(k), digit_of(k));
    if y && cands[cell].count_ones() == 2 {
        let other = (cands[cell] & !(1 << digit)).trailing_zeros() as u8;
        out.push((key(cell, other, true), Cause::Cell));
    }
    if !x {
        return;
    }
    let here = places.0[digit as usize] & !(1u128 << cell);
    for &unit in &UNITS_OF[cell] {
        let unit = unit as usize;
        let others = here & UNIT_CELLS[unit];
        if others.count_ones() == 1 {
            let on = key(others.trailing_zeros() as usize, digit, true);
            if !out.iter().any(|&(o, _)| o == on) {
                out.push((on, Cause::Unit(unit)));
            }
        }
    }
}

/// The implications of every potential of a board that does not change (the walks of
/// `cycles`), found once with [`on_to_off_causes`] and [`off_to_on`] under both rules:
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
    /// Fills the table for `cands` with the Y rule (both ways) if `y`, the X rule (off to
    /// on) if `x`; the on-to-off rule always uses the units. The entries are those of
    /// [`on_to_off_causes`] and [`off_to_on`] with both rules, written here directly.
    pub(crate) fn fill(&mut self, cands: &[u16; 81], places: &Places, y: bool, x: bool) {
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
        self.rules(y, x);
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

/// SE's length increment for a chain of this complexity, summed in floating point.
pub(crate) fn length_added(complexity: usize) -> f64 {
    let (mut added, mut ceil, mut odd) = (0.0f64, 4usize, false);
    let length = complexity as i64 - 2;
    while length > ceil as i64 {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A difficulty in SE's floating point, in tenths for printing.
pub(crate) fn tenths(difficulty: f64) -> u8 {
    (difficulty * 10.0).round() as u8
}

/// What a chain's conclusion does, if anything: an off target removes its candidate; an
/// on target places its digit (SE applies it as a placement, which counts for EP), if the
/// cell has other candidates.
pub(crate) fn target_effect(cands: &[u16; 81], target: Key) -> Option<Effect> {
    let (cell, digit) = (cell_of(target), digit_of(target));
    if !is_on(target) {
        Some(Effect::Eliminate(vec![(cell, digit)]))
    } else if cands[cell] & !(1 << digit) != 0 {
        Some(Effect::Place(cell, digit))
    } else {
        None
    }
}

/// The names of `forcing`'s hints: per mode (multiple to nested of the third level),
/// its contradiction, double, cell and region hints (multiple chains have the last two).
pub(crate) const FORCING_NAMES: [[&str; 4]; 6] = [
    [
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains",
        "Cell Forcing Chains",
        "Region Forcing Chains",
    ],
    [
        "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains",
        "Dynamic Cell Forcing Chains",
        "Dynamic Region Forcing Chains",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+)",
        "Dynamic Cell Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    ],
    [
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    ],
];

/// A hint found by a chaining technique, with SE's sort key.
#[derive(Clone, Debug)]
pub(crate) struct ChainHint {
    pub(crate) difficulty: f64,
    pub(crate) complexity: usize,
    pub(crate) sort_key: u8,
    pub(crate) name: &'static str,
    pub(crate) effect: Effect,
}

impl ChainHint {
    /// A hint of a technique with this base difficulty, its chains having `complexity`.
    pub(crate) fn new(
        base: f64,
        complexity: usize,
        sort_key: u8,
        name: &'static str,
        effect: Effect,
    ) -> ChainHint {
        ChainHint {
            difficulty: base + length_added(complexity),
            complexity,
            sort_key,
            name,
            effect,
        }
    }

    /// The step of the SE walk this hint makes.
    pub(crate) fn step(self) -> SeStep {
        SeStep {
            name: self.name.into(),
            tenths: tenths(self.difficulty),
            effect: self.effect,
        }
    }
}

/// Keeps the first of the easiest hints, as SE's stable sort would put first.
pub(crate) fn keep_best(best: &mut Option<ChainHint>, hint: ChainHint) {
    if hint.effect == Effect::Eliminate(Vec::new()) {
        return;
    }
    let better = best.as_ref().is_none_or(|b| {
        (hint.difficulty, hint.complexity, hint.sort_key) < (b.difficulty, b.complexity, b.sort_key)
    });
    if better {
        *best = Some(hint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_se_steps() {
        let tenths_for = |c| tenths(length_added(c));
        assert_eq!(tenths_for(6), 0); // n = 4
        assert_eq!(tenths_for(7), 1); // n = 5 > 4
        assert_eq!(tenths_for(8), 1);
        assert_eq!(tenths_for(9), 2); // n = 7 > 6
        assert_eq!(tenths_for(11), 3); // n = 9 > 8
        assert_eq!(tenths_for(15), 4); // n = 13 > 12
        assert_eq!(tenths_for(19), 5); // n = 17 > 16
    }

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
            imp.fill(&board.cands, &places, y, true);
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

    #[test]
    fn reached_keeps_the_common_candidates() {
        let (mut a, mut b) = (Reached::default(), Reached::default());
        for k in [key(0, 1, true), key(40, 5, false), key(80, 9, true)] {
            a.add(k);
        }
        for k in [key(40, 5, false), key(80, 9, false), key(3, 2, true)] {
            b.add(k);
        }
        // The state bit is not kept: the candidate of (80, 9) is in both.
        assert!(a.has(key(0, 1, false)) && !b.has(key(0, 1, true)));
        let mut both = a;
        assert!(both.keep_common(&b));
        let held: Vec<Key> = (0..KEYS).step_by(2).filter(|&k| both.has(k)).collect();
        assert_eq!(held, vec![key(40, 5, false), key(80, 9, false)]);
        assert!(!both.keep_common(&Reached::default()));
    }

    #[test]
    fn bounded_ancestor_counts_agree_with_a_plain_walk() {
        // A small graph with shared ancestors and a potential met twice (node 5).
        let mut arena = Arena::default();
        let a = arena.push(key(0, 1, true), None);
        let b = arena.push(key(1, 1, false), Some(a));
        let c = arena.push(key(1, 2, true), Some(b));
        let d = arena.push(key(9, 1, false), Some(a));
        let e = arena.push(key(10, 2, false), Some(c));
        arena.add_parent(d);
        let f = arena.push(key(1, 1, false), Some(e));
        let g = arena.push(key(20, 3, true), Some(f));
        arena.add_parent(b);
        // By hand: g, f (1,1 off), b is the same potential as f, e, c, d, a.
        assert_eq!(arena.ancestor_count(g), 6);
        for n in [a, b, c, d, e, f, g] {
            let full = arena.ancestor_count(n);
            for limit in 0..8 {
                let bounded = arena.ancestor_count_upto(n, limit);
                if full <= limit {
                    assert_eq!(bounded, full);
                } else {
                    assert!(bounded > limit);
                }
            }
            assert_eq!(arena.complexity(n, &mut Vec::new()), full);
        }
    }

    #[test]
    fn unit_table_matches_units_of() {
        for (cell, units) in UNITS_OF.iter().enumerate() {
            let units = units.map(usize::from);
            assert_eq!(units, units_of(cell));
            for unit in units {
                assert!(UNIT_CELLS[unit] & 1 << cell != 0);
            }
        }
    }

    #[test]
    fn keys_round_trip() {
        let k = key(80, 9, true);
        assert_eq!((cell_of(k), digit_of(k), is_on(k)), (80, 9, true));
        assert_eq!(conjugate(k), key(80, 9, false));
        assert!(k < KEYS);
    }
}
