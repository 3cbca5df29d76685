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
use super::cells::{PEERS, members};
use super::chains::{
    Arena, Cause, ChainHint, Key, Linked, cell_of, conjugate, digit_of, is_on, keep_best, key,
    length_added, off_to_on, on_to_off_causes, target_effect,
};
use super::step::Effect;
use std::collections::VecDeque;

/// Which rules a pass uses.
#[derive(Clone, Copy)]
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

/// Records the reason of node `n` (nodes are numbered in push order).
fn note(causes: &mut Vec<Option<Cause>>, n: u32, cause: Option<Cause>) {
    let n = n as usize;
    if causes.len() <= n {
        causes.resize(n + 1, None);
    }
    causes[n] = cause;
}

/// The cycles back to `source` (on) found by SE's cycle walk, as end nodes.
/// `causes` gets the reason of every node pushed (by node index; none for the root).
fn find_cycles(
    cands: &[u16; 81],
    arena: &mut Arena,
    source: Key,
    pass: Pass,
    causes: &mut Vec<Option<Cause>>,
) -> Vec<u32> {
    let root = arena.push(source, None);
    note(causes, root, None);
    let mut to_on = Linked::new();
    to_on.add(source, root);
    let (mut pending_on, mut pending_off) = (VecDeque::from([root]), VecDeque::new());
    let (mut offs, mut ons, mut cycles) = (Vec::new(), Vec::new(), Vec::new());
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        while let Some(p) = pending_on.pop_front() {
            on_to_off_causes(cands, arena.key(p), pass.y, &mut offs);
            for &(off, cause) in &offs {
                if !arena.has_ancestor(p, off) {
                    let n = arena.push(off, Some(p));
                    note(causes, n, Some(cause));
                    pending_off.push_back(n);
                }
            }
        }
        length += 1;
        while let Some(p) = pending_off.pop_front() {
            off_to_on(cands, arena.key(p), pass.y, pass.x, &mut ons);
            for &(on, cause) in &ons {
                let n = arena.push(on, Some(p));
                note(causes, n, Some(cause));
                if length >= 4 && on == source {
                    cycles.push(n);
                }
                if to_on.add(on, n) {
                    pending_on.push_back(n);
                }
            }
        }
    }
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

/// The conclusions of SE's forcing-chain walk from `source` (on or off): nodes holding
/// the source's opposite.
fn forcing_walk(
    cands: &[u16; 81],
    arena: &mut Arena,
    (source, y): (Key, bool),
    chains: &mut Vec<u32>,
    causes: &mut Vec<Option<Cause>>,
) {
    let root = arena.push(source, None);
    note(causes, root, None);
    let (mut to_on, mut to_off) = (Linked::new(), Linked::new());
    let (mut pending_on, mut pending_off) = (VecDeque::new(), VecDeque::new());
    if is_on(source) {
        to_on.add(source, root);
        pending_on.push_back(root);
    } else {
        to_off.add(source, root);
        pending_off.push_back(root);
    }
    let (mut offs, mut ons) = (Vec::new(), Vec::new());
    let conclude = |arena: &Arena, n: u32, chains: &mut Vec<u32>| {
        let k = arena.key(n);
        if conjugate(k) == source && !chains.iter().any(|&c| arena.key(c) == k) {
            chains.push(n);
        }
    };
    while !pending_on.is_empty() || !pending_off.is_empty() {
        while let Some(p) = pending_on.pop_front() {
            on_to_off_causes(cands, arena.key(p), y, &mut offs);
            for &(off, cause) in &offs {
                let n = arena.push(off, Some(p));
                note(causes, n, Some(cause));
                conclude(arena, n, chains);
                if to_off.add(off, n) {
                    pending_off.push_back(n);
                }
            }
        }
        while let Some(p) = pending_off.pop_front() {
            off_to_on(cands, arena.key(p), y, true, &mut ons);
            for &(on, cause) in &ons {
                let n = arena.push(on, Some(p));
                note(causes, n, Some(cause));
                conclude(arena, n, chains);
                if to_on.add(on, n) {
                    pending_on.push_back(n);
                }
            }
        }
    }
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
/// forcing chains from the on and then the off assumption (X and XY passes). `causes`
/// gets the reason of every node pushed.
fn assumption_hints(
    cands: &[u16; 81],
    source: Key,
    pass: Pass,
    arena: &mut Arena,
    causes: &mut Vec<Option<Cause>>,
) -> Vec<Found> {
    let mut out: Vec<Found> = find_cycles(cands, arena, source, pass, causes)
        .into_iter()
        .map(|end| Found {
            end,
            cycle: true,
            effect: Effect::Eliminate(cycle_removals(cands, arena, end)),
        })
        .filter(|f| f.effect != Effect::Eliminate(Vec::new()))
        .collect();
    if pass.x {
        let mut chains = Vec::new();
        forcing_walk(cands, arena, (source, pass.y), &mut chains, causes);
        let off = conjugate(source);
        forcing_walk(cands, arena, (off, pass.y), &mut chains, causes);
        out.extend(chains.into_iter().filter_map(|end| {
            let effect = target_effect(cands, arena.key(end))?;
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
fn from_assumption(cands: &[u16; 81], source: Key, pass: Pass, best: &mut Option<ChainHint>) {
    let mut arena = Arena::default();
    let mut causes = Vec::new();
    for f in assumption_hints(cands, source, pass, &mut arena, &mut causes) {
        let complexity = arena.ancestor_count(f.end);
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
    each_assumption(&board.cands, |source, pass| {
        from_assumption(&board.cands, source, pass, &mut best);
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
    each_assumption(cands, |source, pass| {
        let mut arena = Arena::default();
        let mut causes = Vec::new();
        for f in assumption_hints(cands, source, pass, &mut arena, &mut causes) {
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
