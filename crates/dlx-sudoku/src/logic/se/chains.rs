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

/// The potentials an on potential turns off, in SE's order: the cell's other
/// candidates (with the Y rule), then the digit in the box, row and column.
pub(crate) fn on_to_off(cands: &[u16; 81], places: &Places, k: Key, y: bool, out: &mut Vec<Key>) {
    on_to_off_with(cands, places, k, y, out, |k, _| k);
}

/// [`on_to_off`] with the reason of each potential: the cell (Y rule) or the unit (what
/// `Implications` holds, which the tests compare it with).
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
    for unit in units_of(cell) {
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
    for unit in units_of(cell) {
        let others = here & UNIT_CELLS[unit];
        if others.count_ones() == 1 {
            let on = key(others.trailing_zeros() as usize, digit, true);
            if !out.iter().any(|&(o, _)| o == on) {
                out.push((on, Cause::Unit(unit)));
            }
        }
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
    fn units_of_holds_the_cell() {
        for cell in 0..81 {
            for unit in units_of(cell) {
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
