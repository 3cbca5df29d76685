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

use super::board::Board;
use super::cells::{PEERS, members};
use super::chains::{
    Arena, ChainHint, Key, Linked, cell_of, conjugate, digit_of, is_on, keep_best, key, off_to_on,
    on_to_off, target_effect,
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

/// The cycles back to `source` (on) found by SE's cycle walk, as end nodes.
fn find_cycles(cands: &[u16; 81], arena: &mut Arena, source: Key, pass: Pass) -> Vec<u32> {
    let root = arena.push(source, None);
    let mut to_on = Linked::new();
    to_on.add(source, root);
    let (mut pending_on, mut pending_off) = (VecDeque::from([root]), VecDeque::new());
    let (mut offs, mut ons, mut cycles) = (Vec::new(), Vec::new(), Vec::new());
    let mut length = 0;
    while !pending_on.is_empty() || !pending_off.is_empty() {
        length += 1;
        while let Some(p) = pending_on.pop_front() {
            on_to_off(cands, arena.key(p), pass.y, &mut offs);
            for &off in &offs {
                if !arena.has_ancestor(p, off) {
                    pending_off.push_back(arena.push(off, Some(p)));
                }
            }
        }
        length += 1;
        while let Some(p) = pending_off.pop_front() {
            off_to_on(cands, arena.key(p), pass.y, pass.x, &mut ons);
            for &(on, _) in &ons {
                let n = arena.push(on, Some(p));
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
fn forcing_walk(cands: &[u16; 81], arena: &mut Arena, source: Key, y: bool, chains: &mut Vec<u32>) {
    let root = arena.push(source, None);
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
            on_to_off(cands, arena.key(p), y, &mut offs);
            for &off in &offs {
                let n = arena.push(off, Some(p));
                conclude(arena, n, chains);
                if to_off.add(off, n) {
                    pending_off.push_back(n);
                }
            }
        }
        while let Some(p) = pending_off.pop_front() {
            off_to_on(cands, arena.key(p), y, true, &mut ons);
            for &(on, _) in &ons {
                let n = arena.push(on, Some(p));
                conclude(arena, n, chains);
                if to_on.add(on, n) {
                    pending_on.push_back(n);
                }
            }
        }
    }
}

/// The hints of one assumption in one pass, in SE's order, offered to `best`.
fn from_assumption(cands: &[u16; 81], source: Key, pass: Pass, best: &mut Option<ChainHint>) {
    let mut arena = Arena::default();
    let both = pass.x && pass.y;
    for end in find_cycles(cands, &mut arena, source, pass) {
        let complexity = arena.ancestor_count(end);
        let name = match (pass.x, pass.y) {
            (true, true) => "Bidirectional Cycle",
            (false, true) => "Bidirectional Y-Cycle",
            _ if complexity == 4 => "Generalized X-Wing",
            _ => "Bidirectional X-Cycle",
        };
        let base = if both { 7.0 } else { 6.5 };
        let effect = Effect::Eliminate(cycle_removals(cands, &arena, end));
        let hint = ChainHint::new(base, complexity, pass.sort_key(), name, effect);
        keep_best(best, hint);
    }
    if !pass.x {
        return;
    }
    let mut chains = Vec::new();
    forcing_walk(cands, &mut arena, source, pass.y, &mut chains);
    forcing_walk(cands, &mut arena, conjugate(source), pass.y, &mut chains);
    for target in chains {
        let Some(effect) = target_effect(cands, arena.key(target)) else {
            continue;
        };
        let complexity = arena.ancestor_count(target);
        let name = match (both, complexity) {
            (true, _) => "Forcing Chain",
            (false, 6) => "Turbot Fish",
            _ => "Forcing X-Chain",
        };
        let base = if both { 7.0 } else { 6.6 };
        let hint = ChainHint::new(base, complexity, pass.sort_key(), name, effect);
        keep_best(best, hint);
    }
}

/// The hint SE's "Forcing Chains & Cycles" would apply, if any.
pub(crate) fn cycles_and_chains(board: &Board) -> Option<ChainHint> {
    let cands = &board.cands;
    let mut best = None;
    let passes = [
        Pass { y: false, x: true },
        Pass { y: true, x: false },
        Pass { y: true, x: true },
    ];
    for pass in passes {
        for cell in 0..81 {
            let n = cands[cell].count_ones();
            if n < 2 || (!pass.x && n > 2) {
                continue;
            }
            for d in (1..=9u8).filter(|&d| cands[cell] & (1 << d) != 0) {
                from_assumption(cands, key(cell, d, true), pass, &mut best);
            }
        }
    }
    best
}
