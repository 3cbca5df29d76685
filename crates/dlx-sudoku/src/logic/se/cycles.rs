//! SE's first chaining technique, "Forcing Chains & Cycles" (6.5–7.x): bidirectional
//! cycles and forcing chains from one assumption, on the static board.
//!
//! SE runs three passes, and pools their hints: X (the X rule only: X-cycles 6.5, forcing
//! X-chains 6.6, sort key 2), Y (bivalue cells only, the Y rule for off-to-on: Y-cycles
//! 6.5, key 3) and XY (both rules: cycles 7.0, forcing chains 7.0, key 4). Each pass
//! assumes every candidate of every cell with two or more candidates, in cell then digit
//! order, and finds from it, in this order:
//!
//! * **cycles**: a breadth-first walk from the on assumption; an off potential is reached
//!   again by each path that does not already pass through it, an on potential only once;
//!   reaching the assumption again after two rounds or more closes a cycle. A cycle
//!   removes each candidate outside it that sees an on potential and an off potential of
//!   its digit in the cycle.
//! * **forcing chains** (X and XY passes): a breadth-first walk from the on assumption,
//!   then one from the off assumption; reaching the assumption's opposite proves it (each
//!   conclusion once). An off conclusion removes the candidate; an on conclusion, the
//!   cell's other candidates.
//!
//! The difficulty adds the length increment of `chains` to the base; the complexity is
//! the chain's number of distinct potentials.

use super::board::{Board, UNITS};
use super::cells::{PEERS, Places, members};
use super::chains::{
    Arena, Cause, ChainHint, Implications, Key, Linked, cell_of, conjugate, digit_of, is_on,
    keep_best, key, length_added, target_effect,
};
use super::step::Effect;
use std::collections::VecDeque;
use std::mem::take;

/// Which rules a pass uses.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Pass {
    y: bool,
    x: bool,
}

impl Pass {
    fn sort_key(self) -> u8 {
        match (self.y, self.x) {
            (true, true) => 4,
            (true, false) => 3,
            _ => 2,
        }
    }
}

/// The board of one technique's walks, and what they reuse from one assumption to the
/// next: the implications of the current pass, which forcing walks conclude, the nodes,
/// the reason of each node (by node index; none for a root), the potentials reached and
/// the queues.
struct Walk<'a> {
    cands: &'a [u16; 81],
    places: Places,
    imp: Implications,
    imp_pass: Option<Pass>,
    /// Per key, whether a forcing walk from it reaches its opposite (X and XY passes).
    concludes: Vec<bool>,
    arena: Arena,
    causes: Vec<Option<Cause>>,
    /// Per node, the traces of the off potentials on its path (itself included): a key
    /// not in them is not on the path.
    above: Vec<u128>,
    to_on: Linked,
    to_off: Linked,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    offs: Vec<(Key, Cause)>,
    ons: Vec<(Key, Cause)>,
    /// The off potentials of a cycle walk's round: the node implying each, its key and
    /// cause.
    waiting: Vec<(u32, Key, Cause)>,
}

impl<'a> Walk<'a> {
    fn new(cands: &'a [u16; 81]) -> Walk<'a> {
        Walk {
            cands,
            places: Places::of(cands),
            imp: Implications::default(),
            imp_pass: None,
            concludes: Vec::new(),
            arena: Arena::default(),
            causes: Vec::new(),
            above: Vec::new(),
            to_on: Linked::new(),
            to_off: Linked::new(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            offs: Vec::new(),
            ons: Vec::new(),
            waiting: Vec::new(),
        }
    }

    /// A new node for `k`, implied by `parent` for `cause`.
    fn push(&mut self, k: Key, parent: Option<u32>, cause: Option<Cause>) -> u32 {
        let n = self.arena.push(k, parent);
        let i = n as usize;
        if self.causes.len() <= i {
            self.causes.resize(i + 1, None);
            self.above.resize(i + 1, 0);
        }
        self.causes[i] = cause;
        let mine = if is_on(k) { 0 } else { trace(k) };
        self.above[i] = parent.map_or(0, |p| self.above[p as usize]) | mine;
        n
    }

    /// Whether an off potential `k` is among the ancestors of node `n` (the node itself
    /// an on potential).
    fn off_above(&self, n: u32, k: Key) -> bool {
        self.above[n as usize] & trace(k) != 0 && self.arena.has_ancestor(n, k)
    }

    /// Makes the implications those of `pass` (the board does not change).
    fn prepare(&mut self, pass: Pass) {
        if self.imp_pass != Some(pass) {
            self.imp.fill(self.cands, &self.places, pass.y, pass.x);
            self.imp_pass = Some(pass);
            self.concludes = if pass.x {
                self.imp.reaches_conjugate()
            } else {
                Vec::new()
            };
        }
    }

    /// Empties the sets and queues for a new walk (the nodes stay).
    fn restart(&mut self) {
        self.to_on.clear();
        self.to_off.clear();
        self.pending_on.clear();
        self.pending_off.clear();
    }
}

/// A key's trace among the off potentials above a node: one bit of 128, by candidate.
fn trace(k: Key) -> u128 {
    1 << ((k >> 1) % 128)
}

/// The cycles back to `source` (on) found by SE's cycle walk, as end nodes. Nodes that
/// nothing can come of are not made: an off potential none of whose implications is
/// new (or closes a cycle), an on potential reached again that closes none.
fn find_cycles(w: &mut Walk, source: Key) -> Vec<u32> {
    w.restart();
    let root = w.push(source, None, None);
    w.to_on.add(source, root);
    w.pending_on.push_back(root);
    let (mut waiting, mut ons, mut cycles) = (take(&mut w.waiting), take(&mut w.ons), Vec::new());
    let mut length = 0;
    while !w.pending_on.is_empty() {
        length += 1;
        waiting.clear();
        while let Some(p) = w.pending_on.pop_front() {
            for (off, cause) in w.imp.of(w.arena.key(p)) {
                if !w.off_above(p, off) {
                    waiting.push((p, off, cause));
                }
            }
        }
        length += 1;
        for &(p, off, cause) in &waiting {
            ons.clear();
            ons.extend(w.imp.of(off));
            let live =
                |w: &Walk, on: Key| (length >= 4 && on == source) || w.to_on.get(on).is_none();
            if !ons.iter().any(|&(on, _)| live(w, on)) {
                continue;
            }
            let parent = w.push(off, Some(p), Some(cause));
            for &(on, cause) in &ons {
                if !live(w, on) {
                    continue;
                }
                let n = w.push(on, Some(parent), Some(cause));
                if length >= 4 && on == source {
                    cycles.push(n);
                }
                if w.to_on.add(on, n) {
                    w.pending_on.push_back(n);
                }
            }
        }
    }
    (w.waiting, w.ons) = (waiting, ons);
    cycles
}

/// The removals of a cycle ending at `end`: candidates outside the cycle seeing both an
/// on and an off potential of their digit in it.
fn cycle_removals(cands: &[u16; 81], arena: &Arena, end: u32) -> Vec<(usize, u8)> {
    let path = arena.path(end);
    let links = &path[..path.len() - 1]; // the assumption itself is the end again
    let cells = links
        .iter()
        .fold(0u128, |acc, &n| acc | 1 << cell_of(arena.key(n)));
    let (mut by_on, mut by_off) = ([0u128; 10], [0u128; 10]);
    for &n in links {
        let k = arena.key(n);
        let d = digit_of(k) as usize;
        let seen = PEERS[cell_of(k)] & !cells;
        if is_on(k) {
            by_on[d] |= seen;
        } else {
            by_off[d] |= seen;
        }
    }
    let mut removed = Vec::new();
    for d in 1..=9u8 {
        for c in members(by_on[d as usize] & by_off[d as usize]) {
            if cands[c] & (1 << d) != 0 {
                removed.push((c, d));
            }
        }
    }
    removed.sort_unstable();
    removed
}

/// The conclusion of SE's forcing-chain walk from `source` (on or off), if any: the
/// first node holding the source's opposite (the walk goes on after it in SE, but adds
/// nothing that counts). Walks that cannot reach it are not made.
fn forcing_walk(w: &mut Walk, source: Key, chains: &mut Vec<u32>) {
    if !w.concludes[source] {
        return;
    }
    w.restart();
    let root = w.push(source, None, None);
    if is_on(source) {
        w.to_on.add(source, root);
        w.pending_on.push_back(root);
    } else {
        w.to_off.add(source, root);
        w.pending_off.push_back(root);
    }
    let mut next = take(&mut w.offs);
    let target = conjugate(source);
    'walk: while !w.pending_on.is_empty() || !w.pending_off.is_empty() {
        for on in [true, false] {
            loop {
                let pending = if on {
                    &mut w.pending_on
                } else {
                    &mut w.pending_off
                };
                let Some(p) = pending.pop_front() else {
                    break;
                };
                next.clear();
                next.extend(w.imp.of(w.arena.key(p)));
                for &(k, cause) in &next {
                    // A potential reached again is not made again (it would lead nowhere).
                    let set = if on { &w.to_off } else { &w.to_on };
                    if k != target && set.get(k).is_some() {
                        continue;
                    }
                    let n = w.push(k, Some(p), Some(cause));
                    if k == target {
                        chains.push(n);
                        break 'walk;
                    }
                    let (set, pending) = if on {
                        (&mut w.to_off, &mut w.pending_off)
                    } else {
                        (&mut w.to_on, &mut w.pending_on)
                    };
                    set.add(k, n);
                    pending.push_back(n);
                }
            }
        }
    }
    w.offs = next;
}

/// A hint of one assumption: its end node, whether it is a cycle (else a forcing chain),
/// and what it does.
struct Found {
    end: u32,
    cycle: bool,
    effect: Effect,
}

impl Found {
    /// SE's base difficulty of the hint in `pass`.
    fn base(&self, pass: Pass) -> f64 {
        match (self.cycle, pass.x && pass.y) {
            (_, true) => 7.0,
            (true, false) => 6.5,
            (false, false) => 6.6,
        }
    }
}

/// The hints of assuming `source` in one pass, in SE's order: the cycles, then the
/// forcing chains from the on and then the off assumption (X and XY passes). The walk's
/// nodes start afresh.
fn assumption_hints(w: &mut Walk, source: Key, pass: Pass) -> Vec<Found> {
    w.prepare(pass);
    w.arena.clear();
    w.causes.clear();
    let cands = w.cands;
    let mut out: Vec<Found> = find_cycles(w, source)
        .into_iter()
        .map(|end| Found {
            end,
            cycle: true,
            effect: Effect::Eliminate(cycle_removals(cands, &w.arena, end)),
        })
        .filter(|f| f.effect != Effect::Eliminate(Vec::new()))
        .collect();
    if pass.x {
        let mut chains = Vec::new();
        forcing_walk(w, source, &mut chains);
        forcing_walk(w, conjugate(source), &mut chains);
        out.extend(chains.into_iter().filter_map(|end| {
            let effect = target_effect(cands, w.arena.key(end))?;
            Some(Found {
                end,
                cycle: false,
                effect,
            })
        }));
    }
    out
}

/// The hints of one assumption in one pass, in SE's order, offered to `best`.
fn from_assumption(w: &mut Walk, source: Key, pass: Pass, best: &mut Option<ChainHint>) {
    for f in assumption_hints(w, source, pass) {
        let complexity = w.arena.ancestor_count(f.end);
        let name = match (f.cycle, pass.x, pass.y, complexity) {
            (true, true, true, _) => "Bidirectional Cycle",
            (true, false, true, _) => "Bidirectional Y-Cycle",
            (true, _, _, 4) => "Generalized X-Wing",
            (true, ..) => "Bidirectional X-Cycle",
            (false, true, true, _) => "Forcing Chain",
            (false, _, _, 6) => "Turbot Fish",
            (false, ..) => "Forcing X-Chain",
        };
        let base = f.base(pass);
        let hint = ChainHint::new(base, complexity, pass.sort_key(), name, f.effect);
        keep_best(best, hint);
    }
}

/// Calls `f` with every assumption (an on potential) of the three passes, in SE's order.
fn each_assumption(cands: &[u16; 81], mut f: impl FnMut(Key, Pass)) {
    let passes = [
        Pass { y: false, x: true },
        Pass { y: true, x: false },
        Pass { y: true, x: true },
    ];
    for pass in passes {
        for (cell, &c) in cands.iter().enumerate() {
            let n = c.count_ones();
            if n < 2 || (!pass.x && n > 2) {
                continue;
            }
            for d in (1..=9u8).filter(|&d| c & (1 << d) != 0) {
                f(key(cell, d, true), pass);
            }
        }
    }
}

/// The hint SE's "Forcing Chains & Cycles" would apply, if any.
pub(crate) fn cycles_and_chains(board: &Board) -> Option<ChainHint> {
    let mut best = None;
    let mut w = Walk::new(&board.cands);
    each_assumption(&board.cands, |source, pass| {
        from_assumption(&mut w, source, pass, &mut best);
    });
    best
}

/// A hint of "Forcing Chains & Cycles" as SE's nested forcing chains use it inside a
/// dynamic chain: what it removes (in SE's order), the off potentials of the outer chain
/// it owes itself to, and its identity and complexity (for the outer chain's complexity).
pub(crate) struct NestedHint {
    pub(crate) removed: Vec<(usize, u16)>,
    pub(crate) parents: Vec<Key>,
    pub(crate) identity: Vec<Key>,
    pub(crate) complexity: usize,
}

/// The off potentials whose removal (from `initial` to `current`) made the on potential
/// `k` follow for `cause`, added once each.
pub(crate) fn owed(
    initial: &[u16; 81],
    current: &[u16; 81],
    k: Key,
    cause: Cause,
    out: &mut Vec<Key>,
) {
    let (cell, digit) = (cell_of(k), digit_of(k));
    let lost = |c: usize, d: u8| initial[c] & !current[c] & (1 << d) != 0;
    let mut add = |p: Key| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    match cause {
        Cause::Cell => (1..=9u8)
            .filter(|&d| lost(cell, d))
            .for_each(|d| add(key(cell, d, false))),
        Cause::Unit(u) => UNITS[u]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| lost(c, digit))
            .for_each(|c| add(key(c, digit, false))),
    }
}

/// Every hint of SE's "Forcing Chains & Cycles" on the working board `current` of a
/// dynamic chain that started on `initial`, sorted as SE sorts them (difficulty,
/// complexity, kind; ties in the order found), each removal set once, with its parents.
pub(crate) fn nested_hints(initial: &[u16; 81], current: &[u16; 81]) -> Vec<NestedHint> {
    let cands = current;
    let mut found: Vec<(f64, u8, NestedHint)> = Vec::new();
    let mut w = Walk::new(cands);
    each_assumption(cands, |source, pass| {
        for f in assumption_hints(&mut w, source, pass) {
            let (arena, causes) = (&mut w.arena, &w.causes);
            let path = arena.path(f.end);
            let mut parents = Vec::new();
            for &m in &path {
                let k = arena.key(m);
                if let (true, Some(c)) = (is_on(k), causes[m as usize]) {
                    owed(initial, cands, k, c, &mut parents);
                }
            }
            if f.cycle {
                // The same cycle walked backwards: its off potentials turn on, for
                // the reasons that turned them off.
                for &m in path[1..path.len() - 1].iter().rev() {
                    let k = arena.key(m);
                    if let (false, Some(c)) = (is_on(k), causes[m as usize]) {
                        owed(initial, cands, conjugate(k), c, &mut parents);
                    }
                }
            }
            let removed = match &f.effect {
                Effect::Eliminate(r) => r.clone(),
                &Effect::Place(c, d) => (1..=9u8)
                    .filter(|&o| o != d && cands[c] & (1 << o) != 0)
                    .map(|o| (c, o))
                    .collect(),
            };
            let complexity = arena.ancestor_count(f.end);
            let mut identity = vec![if f.cycle { 1 } else { 2 }];
            identity.extend(path.iter().map(|&m| arena.key(m)));
            let mut by_cell: Vec<(usize, u16)> = Vec::new();
            for (c, d) in removed {
                match by_cell.iter_mut().find(|x| x.0 == c) {
                    Some(x) => x.1 |= 1 << d,
                    None => by_cell.push((c, 1 << d)),
                }
            }
            by_cell.sort_unstable();
            let difficulty = f.base(pass) + length_added(complexity);
            let hint = NestedHint {
                removed: by_cell,
                parents,
                identity,
                complexity,
            };
            found.push((difficulty, pass.sort_key(), hint));
        }
    });
    found.sort_by(|a, b| {
        (a.0, a.2.complexity, a.1)
            .partial_cmp(&(b.0, b.2.complexity, b.1))
            .expect("finite difficulties")
    });
    let mut out: Vec<NestedHint> = Vec::new();
    for (_, _, h) in found {
        if !out.iter().any(|o| o.removed == h.removed) {
            out.push(h);
        }
    }
    out
}
