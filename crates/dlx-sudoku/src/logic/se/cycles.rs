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
//!
//! The implications of the board under both rules are found once, with their strongly
//! connected parts and the potentials from which the opposite is reachable: an
//! assumption in no cycle of implications has no cycle in any pass, and a forcing walk
//! that cannot reach its opposite is not made, so most assumptions cost nothing.

use super::board::{Board, UNITS};
use super::cells::{PEERS, Places, members};
use super::chains::{
    Arena, Cause, ChainHint, Key, Linked, cell_of, conjugate, digit_of, is_on, keep_best, key,
    length_added, target_effect,
};
use super::implications::{ALONE, Implications};
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
/// next: the implications (of the current pass), their strongly connected parts and
/// which forcing walks can conclude, the nodes, the reason of each node (by node index;
/// none for a root), the potentials reached and the queues. A thread keeps one walk
/// for its buffers ([`with_walk`]).
struct Walk {
    cands: [u16; 81],
    imp: Implications,
    /// Per key, its strongly connected part under both rules (`ALONE` if none): a cycle
    /// of any pass through a potential stays in its part (each pass's implications are
    /// some of both rules').
    part: Vec<u32>,
    /// Per key, whether a forcing walk from it can reach its opposite (it does under both
    /// rules; the X pass's walk, with fewer implications, may not).
    concludes: Vec<bool>,
    /// The on potentials that can give a hint in some pass, in key order.
    sources: Vec<Key>,
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

impl Walk {
    fn new() -> Walk {
        Walk {
            cands: [0; 81],
            imp: Implications::default(),
            part: Vec::new(),
            concludes: Vec::new(),
            sources: Vec::new(),
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

    /// Makes `cands` the board of the walks.
    fn start(&mut self, cands: &[u16; 81]) {
        self.cands = *cands;
        self.imp.fill(cands, &Places::of(cands));
        self.imp.strong_parts(&mut self.part, &mut self.concludes);
        self.sources.clear();
        for (cell, &c) in cands.iter().enumerate() {
            let mut digits = c;
            while digits != 0 {
                let k = key(cell, digits.trailing_zeros() as u8, true);
                digits &= digits - 1;
                if self.fruitful(k, Pass { y: true, x: true }) {
                    self.sources.push(k);
                }
            }
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

    /// Whether assuming `source` in `pass` can give a hint: a cycle through it, or a
    /// forcing chain from it or its opposite.
    fn fruitful(&self, source: Key, pass: Pass) -> bool {
        self.part[source] != ALONE
            || (pass.x && (self.concludes[source] || self.concludes[conjugate(source)]))
    }

    /// Empties the sets and queues for a new walk (the nodes stay).
    fn restart(&mut self) {
        self.to_on.clear();
        self.to_off.clear();
        self.pending_on.clear();
        self.pending_off.clear();
    }
}

thread_local! {
    /// The walk of this thread's last technique, kept for its buffers.
    static WALK: std::cell::Cell<Option<Walk>> = const { std::cell::Cell::new(None) };
}

/// Calls `f` with a walk on `cands` (this thread's, unless in use).
fn with_walk<T>(cands: &[u16; 81], f: impl FnOnce(&mut Walk) -> T) -> T {
    let mut w = WALK.take().unwrap_or_else(Walk::new);
    w.start(cands);
    let out = f(&mut w);
    WALK.set(Some(w));
    out
}

/// A key's trace among the off potentials above a node: one bit of 128, by candidate.
fn trace(k: Key) -> u128 {
    1 << ((k >> 1) % 128)
}

/// The cycles back to `source` (on) found by SE's cycle walk, as end nodes. Nodes that
/// nothing can come of are not made: a potential outside the source's strongly
/// connected part (no path from it leads back), an off potential none of whose
/// implications is new (or closes a cycle), an on potential reached again that closes
/// none.
fn find_cycles(w: &mut Walk, source: Key) -> Vec<u32> {
    let home = w.part[source];
    if home == ALONE {
        return Vec::new();
    }
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
                if w.part[off] == home && !w.off_above(p, off) {
                    waiting.push((p, off, cause));
                }
            }
        }
        length += 1;
        for &(p, off, cause) in &waiting {
            ons.clear();
            ons.extend(w.imp.of(off).filter(|&(on, _)| w.part[on] == home));
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
/// nothing that counts). Walks that cannot reach it under both rules are not made.
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
    if !w.fruitful(source, pass) {
        return Vec::new();
    }
    w.imp.rules(pass.y, pass.x);
    w.arena.clear();
    w.causes.clear();
    let cands = &w.cands.clone();
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

/// Calls `f` with every assumption (an on potential) of the three passes that can give a
/// hint, in SE's order.
fn each_assumption(w: &mut Walk, mut f: impl FnMut(&mut Walk, Key, Pass)) {
    let passes = [
        Pass { y: false, x: true },
        Pass { y: true, x: false },
        Pass { y: true, x: true },
    ];
    // The other assumptions give nothing (see `Walk::fruitful`).
    let sources = take(&mut w.sources);
    for pass in passes {
        for &source in &sources {
            let n = w.cands[cell_of(source)].count_ones();
            if n >= 2 && (pass.x || n == 2) && w.fruitful(source, pass) {
                f(w, source, pass);
            }
        }
    }
    w.sources = sources;
}

/// The hint SE's "Forcing Chains & Cycles" would apply, if any.
pub(crate) fn cycles_and_chains(board: &Board) -> Option<ChainHint> {
    let mut best = None;
    with_walk(&board.cands, |w| {
        each_assumption(w, |w, source, pass| {
            from_assumption(w, source, pass, &mut best);
        });
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
    let mut found: Vec<(f64, u8, NestedHint)> = Vec::new();
    with_walk(current, |w| {
        each_assumption(w, |w, source, pass| {
            for f in assumption_hints(w, source, pass) {
                let hint = nested_hint(w, initial, &f);
                let difficulty = f.base(pass) + length_added(hint.complexity);
                found.push((difficulty, pass.sort_key(), hint));
            }
        });
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

/// The nested hint of `f`, a hint of the walk's last assumption.
fn nested_hint(w: &mut Walk, initial: &[u16; 81], f: &Found) -> NestedHint {
    let (cands, arena, causes) = (&w.cands, &mut w.arena, &w.causes);
    let path = arena.path(f.end);
    let mut parents = Vec::new();
    for &m in &path {
        let k = arena.key(m);
        if let (true, Some(c)) = (is_on(k), causes[m as usize]) {
            owed(initial, cands, k, c, &mut parents);
        }
    }
    if f.cycle {
        // The same cycle walked backwards: its off potentials turn on, for the reasons
        // that turned them off.
        for &m in path[1..path.len() - 1].iter().rev() {
            let k = arena.key(m);
            if let (false, Some(c)) = (is_on(k), causes[m as usize]) {
                owed(initial, cands, conjugate(k), c, &mut parents);
            }
        }
    }
    let mut removed: Vec<(usize, u16)> = Vec::new();
    let mut remove = |c: usize, d: u8| match removed.iter_mut().find(|x| x.0 == c) {
        Some(x) => x.1 |= 1 << d,
        None => removed.push((c, 1 << d)),
    };
    match &f.effect {
        Effect::Eliminate(r) => r.iter().for_each(|&(c, d)| remove(c, d)),
        &Effect::Place(c, d) => (1..=9u8)
            .filter(|&o| o != d && cands[c] & (1 << o) != 0)
            .for_each(|o| remove(c, o)),
    }
    removed.sort_unstable();
    let complexity = arena.ancestor_count(f.end);
    let mut identity = Vec::with_capacity(path.len() + 1);
    identity.push(if f.cycle { 1 } else { 2 });
    identity.extend(path.iter().map(|&m| arena.key(m)));
    NestedHint {
        removed,
        parents,
        identity,
        complexity,
    }
}

#[cfg(test)]
mod tests {
    use super::super::chains::{KEYS, off_to_on, on_to_off_causes};
    use super::*;

    /// Boards to test on: a puzzle's and, from it, boards with candidates dropped (as the
    /// working boards of dynamic chains are), each cell keeping one.
    fn boards() -> Vec<[u16; 81]> {
        let mut out = Vec::new();
        for puzzle in [
            "....6...9..6..35...4..5..7......2......8.......2.1.8....5...3...9..3..1.71......4",
            ".....4.....2.3.....5.7....9..4..2.8..985....63.........8....79....8...6...5.1...8",
        ] {
            let cells: Vec<u8> = puzzle.bytes().map(|b| b.saturating_sub(b'0')).collect();
            let cands = Board::new(&cells).expect("no clash").cands;
            out.push(cands);
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for drop in [8, 5, 3] {
                let mut b = cands;
                for c in &mut b {
                    let mut digits = *c;
                    while digits != 0 {
                        let d = digits.trailing_zeros();
                        digits &= digits - 1;
                        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                        if (seed >> 33).is_multiple_of(drop) && c.count_ones() > 1 {
                            *c &= !(1 << d);
                        }
                    }
                }
                out.push(b);
            }
        }
        out
    }

    fn candidates(cands: &[u16; 81]) -> impl Iterator<Item = Key> + '_ {
        (0..KEYS).filter(|&k| cands[cell_of(k)] & (1 << digit_of(k)) != 0)
    }

    fn code(cause: Cause) -> usize {
        match cause {
            Cause::Cell => 27,
            Cause::Unit(u) => u,
        }
    }

    const RULES: [(bool, bool); 3] = [(false, true), (true, false), (true, true)];

    #[test]
    fn the_table_holds_what_the_rules_imply() {
        for cands in boards() {
            let places = Places::of(&cands);
            let mut imp = Implications::default();
            imp.fill(&cands, &places);
            for (y, x) in RULES {
                imp.rules(y, x);
                let mut want = Vec::new();
                for k in candidates(&cands) {
                    if is_on(k) {
                        on_to_off_causes(&cands, &places, k, y, &mut want);
                    } else {
                        off_to_on(&cands, &places, k, y, x, &mut want);
                    }
                    let want: Vec<_> = want.iter().map(|&(k, c)| (k, code(c))).collect();
                    let got: Vec<_> = imp.of(k).map(|(k, c)| (k, code(c))).collect();
                    assert_eq!(got, want, "key {k}, rules {y} {x}");
                }
            }
        }
    }

    /// The keys reachable from `k` in one step or more.
    fn reachable(imp: &Implications, k: Key) -> Vec<bool> {
        let mut seen = vec![false; KEYS];
        let mut todo: Vec<Key> = imp.of(k).map(|(q, _)| q).collect();
        while let Some(p) = todo.pop() {
            if !std::mem::replace(&mut seen[p], true) {
                todo.extend(imp.of(p).map(|(q, _)| q));
            }
        }
        seen
    }

    #[test]
    fn parts_and_conclusions_agree_with_a_search_from_every_key() {
        let (mut cycles, mut conclusions) = (0, 0);
        for cands in boards() {
            let mut imp = Implications::default();
            imp.fill(&cands, &Places::of(&cands));
            for (y, x) in RULES {
                imp.rules(y, x);
                let (mut part, mut concludes) = (Vec::new(), Vec::new());
                imp.strong_parts(&mut part, &mut concludes);
                let keys: Vec<Key> = candidates(&cands).collect();
                let reach: Vec<Vec<bool>> = keys.iter().map(|&k| reachable(&imp, k)).collect();
                for (i, &k) in keys.iter().enumerate() {
                    assert_eq!(concludes[k], reach[i][conjugate(k)], "key {k}");
                    assert_eq!(part[k] != ALONE, reach[i][k], "key {k}");
                    cycles += usize::from(reach[i][k]);
                    conclusions += usize::from(concludes[k]);
                    for (j, &m) in keys.iter().enumerate().filter(|&(_, &m)| m != k) {
                        let together = part[k] != ALONE && part[k] == part[m];
                        assert_eq!(together, reach[i][m] && reach[j][k], "keys {k} {m}");
                    }
                }
            }
        }
        assert!(cycles > 0 && conclusions > 0, "{cycles} {conclusions}");
    }
}
