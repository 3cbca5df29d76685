//! SE's forcing chains with several branches: Nishio (7.5+), cell and region forcing
//! chains ("multiple", 8.0+) and dynamic forcing chains (8.5+), each one technique of
//! SE's ladder, tried in that order after the aligned triplet exclusion.
//!
//! Each assumes candidates of the cells with three or more candidates (multiple) or two
//! or more (Nishio, dynamic), in cell then digit order, and follows every consequence
//! (on potentials first, one off potential at a time) until nothing more follows or a
//! candidate would be both on and off (a contradiction: the walk stops there, and what
//! it reached so far still counts). Multiple chains use both rules on the static board;
//! Nishio uses the X rule only; dynamic chains and Nishio remove every off potential
//! reached from a working copy of the board, so later rules see those removals (and
//! count them as parents, see `chains`). The hints of one cell come in this order:
//!
//! * per digit: a contradiction from the on assumption removes the candidate, one from
//!   the off assumption places it (Nishio, dynamic; sort key 7); in cells of three or
//!   more candidates, what both the on and the off assumption imply (dynamic "double",
//!   key 1); then, per unit (box, row, column) where the cell is the digit's first
//!   position, what every position of the digit implies (region, key 6);
//! * then what every candidate of the cell implies (cell, key 5).
//!
//! A hint's complexity is the sum of its chains' complexities; the difficulty is the
//! technique's base plus the length increment. SE applies the first of the easiest.

use super::advanced::{Advanced, View, advanced_offs};
use super::board::{Board, UNITS, units_of};
use super::cells::{Places, UNIT_CELLS};
use super::chains::{
    Arena, Cause, ChainHint, Implications, KEYS, Key, Linked, Reached, cell_of, conjugate,
    digit_of, is_on, keep_best, key, length_added, off_to_on, on_to_off, target_effect,
};
use super::cycles::{NestedHint, owed};
use super::step::Effect;
use std::collections::VecDeque;
use std::rc::Rc;

/// One of the three techniques.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Nishio,
    Multiple,
    Dynamic,
    /// Dynamic chains whose walk, when stalled, also uses pointing/claiming, hidden and
    /// naked pairs and X-wings ("Dynamic+", 9.0+, see `advanced`).
    Plus,
    /// Nested forcing chains of the first level: Dynamic+ whose walk also uses SE's
    /// "Forcing Chains & Cycles" (9.5+).
    Nested,
    /// Nested forcing chains of the second level: also SE's multiple (cell and region)
    /// forcing chains (10.0+).
    Nested3,
    /// Nested forcing chains of the third level (10.5+): the walk, when stalled, uses the
    /// rules of Dynamic+, then dynamic forcing chains nested inside: plain ones (0),
    /// Dynamic+ (1) or nested ones of the first level (2). SE tries the three in that
    /// order, each only when the one before found nothing, and names them alike.
    Deep(u8),
}

impl Mode {
    fn dynamic(self) -> bool {
        self != Mode::Multiple
    }

    fn base(self) -> f64 {
        match self {
            Mode::Nishio => 7.5,
            Mode::Multiple => 8.0,
            Mode::Dynamic => 8.5,
            Mode::Plus => 9.0,
            Mode::Nested => 9.5,
            Mode::Nested3 => 10.0,
            Mode::Deep(_) => 10.5,
        }
    }

    /// SE's nesting level: 1 for Dynamic+, 2 to 4 for nested forcing chains, 0 otherwise.
    fn level(self) -> u8 {
        match self {
            Mode::Plus => 1,
            Mode::Nested => 2,
            Mode::Nested3 => 3,
            Mode::Deep(_) => 4,
            _ => 0,
        }
    }

    /// The chains nested inside this one's walk after the simple rules, if any.
    fn inner(self) -> Option<Mode> {
        match self {
            Mode::Nested3 => Some(Mode::Multiple),
            Mode::Deep(0) => Some(Mode::Dynamic),
            Mode::Deep(1) => Some(Mode::Plus),
            Mode::Deep(_) => Some(Mode::Nested),
            _ => None,
        }
    }

    /// The fewest candidates of a source cell.
    fn min_cands(self) -> u32 {
        if self == Mode::Multiple { 3 } else { 2 }
    }
}

/// What one assumption implies: the on and off potentials reached, and the
/// contradiction met (the on node, the off node), if any.
struct Branch {
    on: Reached,
    off: Reached,
    absurd: Option<(u32, u32)>,
}

impl Branch {
    /// The on or the off potentials reached.
    fn side(&self, on: bool) -> &Reached {
        if on { &self.on } else { &self.off }
    }
}

/// One search: the board, the technique and the nodes of all its chains.
struct Search<'a> {
    values: &'a [u8; 81],
    cands: &'a [u16; 81],
    mode: Mode,
    arena: Arena,
    buf_off: Vec<Key>,
    buf_on: Vec<(Key, Cause)>,
    buf_made: Vec<u32>,
    buf_adv: Advanced,
    /// The sets and queues of the walk under way (its sets are kept as [`Reached`]).
    walk_on: Linked,
    walk_off: Linked,
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    /// Per digit, the cells holding it on the board.
    places: Places,
    /// The implications on the board, for the walks that do not change it (multiple).
    imp: Option<Implications>,
    /// When set, every hint is kept here (nested forcing chains need them all), and the
    /// reason of each on node is noted in `causes`.
    collect: Option<Vec<Collected>>,
    causes: Vec<Option<Cause>>,
    cache: Vec<Option<Rc<Branch>>>,
    /// Asked between source cells of the chains nested inside (see `forcing_chains`).
    stop: &'a dyn Fn() -> bool,
}

impl<'a> Search<'a> {
    fn new(
        values: &'a [u8; 81],
        cands: &'a [u16; 81],
        mode: Mode,
        collect: bool,
        stop: &'a dyn Fn() -> bool,
    ) -> Search<'a> {
        Search {
            values,
            cands,
            mode,
            arena: Arena::default(),
            buf_off: Vec::new(),
            buf_on: Vec::new(),
            buf_made: Vec::new(),
            buf_adv: Advanced::default(),
            walk_on: Linked::new(),
            walk_off: Linked::new(),
            pending_on: VecDeque::new(),
            pending_off: VecDeque::new(),
            places: Places::of(cands),
            imp: (!mode.dynamic()).then(|| {
                let mut imp = Implications::default();
                imp.fill(cands, &Places::of(cands), true, true);
                imp
            }),
            collect: collect.then(Vec::new),
            causes: Vec::new(),
            cache: vec![None; KEYS],
            stop,
        }
    }

    /// Adds to `node`, the last pushed, the off potentials whose removal made its cause
    /// hold (dynamic chains).
    fn hidden_parents(
        &mut self,
        node: u32,
        cause: Cause,
        (grid, places): (&[u16; 81], &Places),
        off: &Linked,
    ) {
        let k = self.arena.key(node);
        let (cell, digit) = (cell_of(k), digit_of(k));
        // The removals as bits: digits of the cell, or cells of the unit (a unit's cells in
        // reading order are its cells by increasing index).
        let (mut rest, make): (u128, fn(usize, usize, u8) -> Key) = match cause {
            Cause::Cell => (u128::from(self.cands[cell] & !grid[cell]), |cell, d, _| {
                key(cell, d as u8, false)
            }),
            Cause::Unit(unit) => (
                self.places.0[digit as usize] & !places.0[digit as usize] & UNIT_CELLS[unit],
                |_, c, digit| key(c, digit, false),
            ),
        };
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let p = off.get(make(cell, i, digit)).expect("removed when reached");
            self.arena.add_parent(p);
        }
    }

    /// Follows the consequences of `source` as SE does.
    /// What `source` implies: found once per search, then shared (the walk depends only
    /// on the board, so a repeat would find the same potentials with the same parents).
    fn branch(&mut self, source: Key) -> Rc<Branch> {
        if let Some(b) = &self.cache[source] {
            return Rc::clone(b);
        }
        let b = Rc::new(self.follow(source));
        self.cache[source] = Some(Rc::clone(&b));
        b
    }

    fn follow(&mut self, source: Key) -> Branch {
        let mut on = std::mem::replace(&mut self.walk_on, Linked::empty());
        let mut off = std::mem::replace(&mut self.walk_off, Linked::empty());
        let mut pending_on = std::mem::take(&mut self.pending_on);
        let mut pending_off = std::mem::take(&mut self.pending_off);
        on.clear();
        off.clear();
        pending_on.clear();
        pending_off.clear();
        let root = self.arena.push(source, None);
        if source & 1 == 1 {
            on.add(source, root);
            pending_on.push_back(root);
        } else {
            off.add(source, root);
            pending_off.push_back(root);
        }
        let (mut grid, mut places) = (*self.cands, self.places);
        let y = self.mode != Mode::Nishio;
        let absurd = 'walk: loop {
            if let Some(p) = pending_on.pop_front() {
                let mut offs = std::mem::take(&mut self.buf_off);
                self.offs_of(self.arena.key(p), (&grid, &places), y, &mut offs);
                for &k in &offs {
                    // Reached again, without a contradiction: nothing new.
                    if off.get(k).is_some() && on.get(conjugate(k)).is_none() {
                        continue;
                    }
                    let n = self.arena.push(k, Some(p));
                    if let Some(m) = on.get(conjugate(k)) {
                        self.buf_off = offs;
                        break 'walk Some((m, n));
                    }
                    if off.add(k, n) {
                        pending_off.push_back(n);
                    }
                }
                self.buf_off = offs;
            } else if let Some(p) = pending_off.pop_front() {
                let pk = self.arena.key(p);
                let mut ons = std::mem::take(&mut self.buf_on);
                self.ons_of(pk, (&grid, &places), y, &mut ons);
                let mut made = std::mem::take(&mut self.buf_made);
                made.clear();
                for &(k, cause) in &ons {
                    if on.get(k).is_some() && off.get(conjugate(k)).is_none() {
                        continue;
                    }
                    let n = self.arena.push(k, Some(p));
                    if self.mode.dynamic() {
                        self.hidden_parents(n, cause, (&grid, &places), &off);
                    }
                    if self.collect.is_some() {
                        let i = n as usize;
                        if self.causes.len() <= i {
                            self.causes.resize(i + 1, None);
                        }
                        self.causes[i] = Some(cause);
                    }
                    made.push(n);
                }
                self.buf_on = ons;
                if self.mode.dynamic() {
                    grid[cell_of(pk)] &= !(1 << digit_of(pk));
                    places.remove(cell_of(pk), digit_of(pk));
                }
                for &n in &made {
                    let k = self.arena.key(n);
                    if let Some(m) = off.get(conjugate(k)) {
                        self.buf_made = made;
                        break 'walk Some((n, m));
                    }
                    if on.add(k, n) {
                        pending_on.push_back(n);
                    }
                }
                self.buf_made = made;
            } else if self.mode.level() > 0 && self.advance(&grid, &mut off, &mut pending_off) {
                continue;
            } else {
                break None;
            }
        };
        // Nishio looks at contradictions only.
        let keep = |set: &Linked| match self.mode {
            Mode::Nishio => Reached::default(),
            _ => Reached::of(set),
        };
        let branch = Branch {
            on: keep(&on),
            off: keep(&off),
            absurd,
        };
        (self.walk_on, self.walk_off) = (on, off);
        (self.pending_on, self.pending_off) = (pending_on, pending_off);
        branch
    }

    /// The potentials on potential `k` turns off on the working board (from the table
    /// when the board stays as it is).
    fn offs_of(&self, k: Key, (grid, places): (&[u16; 81], &Places), y: bool, out: &mut Vec<Key>) {
        match &self.imp {
            Some(imp) => {
                out.clear();
                out.extend(imp.of(k).map(|(k, _)| k));
            }
            None => on_to_off(grid, places, k, y, out),
        }
    }

    /// The potentials off potential `k` turns on, with their causes (see `offs_of`).
    fn ons_of(
        &self,
        k: Key,
        (grid, places): (&[u16; 81], &Places),
        y: bool,
        out: &mut Vec<(Key, Cause)>,
    ) {
        match &self.imp {
            Some(imp) => {
                out.clear();
                out.extend(imp.of(k));
            }
            None => off_to_on(grid, places, k, y, true, out),
        }
    }

    /// Adds the off potentials SE's advanced rules find on the working board of a stalled
    /// walk; false when there are none.
    fn advance(&mut self, grid: &[u16; 81], off: &mut Linked, pending: &mut VecDeque<u32>) -> bool {
        let view = View {
            values: self.values,
            initial: self.cands,
            grid,
        };
        let mut found = std::mem::take(&mut self.buf_adv);
        let inner = self.mode.inner();
        let hints = |v: &View| match inner {
            Some(mode) => nested_forcing_hints(mode, v.values, v.initial, v.grid, self.stop),
            None => Vec::new(),
        };
        advanced_offs(&view, self.mode.level(), &hints, &mut found);
        let mut added = false;
        for (k, parents, nested) in &found.offs {
            if off.get(*k).is_some() {
                continue;
            }
            let nodes: Vec<u32> = parents
                .iter()
                .map(|&p| off.get(p).expect("a parent the walk removed"))
                .collect();
            let n = self.arena.push(*k, nodes.first().copied());
            for &p in &nodes[1..] {
                self.arena.add_parent(p);
            }
            if let Some(i) = nested {
                let chain = &found.chains[*i];
                self.arena.set_nested(&chain.identity, chain.complexity);
            }
            off.add(*k, n);
            pending.push_back(n);
            added = true;
        }
        self.buf_adv = found;
        added
    }

    /// Offers the hint concluding `target` from the chains ending at `ends` (counting
    /// stops once the hint is sure to sort after `best`).
    fn offer(&mut self, best: &mut Option<ChainHint>, target: Key, ends: &[u32], kind: Kind) {
        let Some(effect) = target_effect(self.cands, target) else {
            return;
        };
        let base = self.mode.base();
        if let Some(all) = &mut self.collect {
            let (mut complexity, mut counted) = (0, Vec::new());
            for &n in ends {
                complexity += self.arena.complexity(n, &mut counted);
            }
            all.push(Collected {
                difficulty: base + length_added(complexity),
                complexity,
                sort_key: kind.name_and_key(self.mode).1,
                effect,
                ends: ends.to_vec(),
                kind,
            });
            return;
        }
        let mut complexity = 0;
        let mut counted = Vec::new();
        for &n in ends {
            complexity += self.arena.complexity(n, &mut counted);
            if let Some(b) = best {
                let d = base + length_added(complexity);
                if d > b.difficulty || (d == b.difficulty && complexity > b.complexity) {
                    return;
                }
            }
        }
        let (name, sort_key) = kind.name_and_key(self.mode);
        keep_best(
            best,
            ChainHint::new(base, complexity, sort_key, name, effect),
        );
    }
}

/// A hint kept whole, for nested forcing chains.
struct Collected {
    difficulty: f64,
    complexity: usize,
    sort_key: u8,
    effect: Effect,
    ends: Vec<u32>,
    kind: Kind,
}

/// The kinds of hint, for names and sort keys.
#[derive(Clone, Copy)]
enum Kind {
    Contradiction,
    Double,
    Cell,
    /// Region forcing chains in this unit.
    Region(usize),
}

impl Kind {
    fn name_and_key(self, mode: Mode) -> (&'static str, u8) {
        match (self, mode) {
            (_, Mode::Nishio) => ("Nishio Forcing Chains", 7),
            (Kind::Contradiction, Mode::Plus) => ("Dynamic Contradiction Forcing Chains (+)", 7),
            (Kind::Double, Mode::Plus) => ("Dynamic Double Forcing Chains (+)", 1),
            (Kind::Cell, Mode::Plus) => ("Dynamic Cell Forcing Chains (+)", 5),
            (Kind::Region(_), Mode::Plus) => ("Dynamic Region Forcing Chains (+)", 6),
            (Kind::Contradiction, Mode::Nested) => {
                ("Dynamic Contradiction Forcing Chains (+ Forcing Chains)", 7)
            }
            (Kind::Double, Mode::Nested) => ("Dynamic Double Forcing Chains (+ Forcing Chains)", 1),
            (Kind::Cell, Mode::Nested) => ("Dynamic Cell Forcing Chains (+ Forcing Chains)", 5),
            (Kind::Region(_), Mode::Nested) => {
                ("Dynamic Region Forcing Chains (+ Forcing Chains)", 6)
            }
            (Kind::Contradiction, Mode::Nested3) => (
                "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
                7,
            ),
            (Kind::Double, Mode::Nested3) => (
                "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
                1,
            ),
            (Kind::Cell, Mode::Nested3) => {
                ("Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)", 5)
            }
            (Kind::Region(_), Mode::Nested3) => (
                "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
                6,
            ),
            (Kind::Contradiction, Mode::Deep(_)) => (
                "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
                7,
            ),
            (Kind::Double, Mode::Deep(_)) => (
                "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
                1,
            ),
            (Kind::Cell, Mode::Deep(_)) => {
                ("Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)", 5)
            }
            (Kind::Region(_), Mode::Deep(_)) => (
                "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
                6,
            ),
            (Kind::Contradiction, _) => ("Dynamic Contradiction Forcing Chains", 7),
            (Kind::Double, _) => ("Dynamic Double Forcing Chains", 1),
            (Kind::Cell, Mode::Dynamic) => ("Dynamic Cell Forcing Chains", 5),
            (Kind::Cell, _) => ("Cell Forcing Chains", 5),
            (Kind::Region(_), Mode::Dynamic) => ("Dynamic Region Forcing Chains", 6),
            (Kind::Region(_), _) => ("Region Forcing Chains", 6),
        }
    }
}

/// The potentials present in every branch, in the first branch's order, with the node
/// of each branch.
fn common(branches: &[&Reached]) -> Vec<(Key, Vec<u32>)> {
    Reached::common(branches)
}

/// The hints of assuming `digit` in `cell`, on and off (contradictions, doubles), and
/// the on and off potentials the on assumption reaches.
fn binary(search: &mut Search, cell: usize, digit: u8, best: &mut Option<ChainHint>) -> Rc<Branch> {
    let mode = search.mode;
    let on_key = key(cell, digit, true);
    let on_branch = search.branch(on_key);
    let contradiction = mode != Mode::Multiple;
    let double =
        !matches!(mode, Mode::Nishio | Mode::Multiple) && search.cands[cell].count_ones() >= 3;
    if !contradiction && !double {
        return on_branch;
    }
    if let Some((a, b)) = on_branch.absurd {
        search.offer(best, conjugate(on_key), &[a, b], Kind::Contradiction);
    }
    let off_branch = search.branch(conjugate(on_key));
    if let Some((a, b)) = off_branch.absurd {
        search.offer(best, on_key, &[a, b], Kind::Contradiction);
    }
    if double {
        for (from, to) in [
            (&on_branch.on, &off_branch.on),
            (&on_branch.off, &off_branch.off),
        ] {
            for (k, ends) in common(&[from, to]) {
                search.offer(best, k, &ends, Kind::Double);
            }
        }
    }
    on_branch
}

/// Region forcing chains from `digit` in `cell`, for each unit where it is the digit's
/// first position; `own` is what the cell's assumption implies.
fn regions(
    search: &mut Search,
    cell: usize,
    digit: u8,
    own: &Branch,
    best: &mut Option<ChainHint>,
) {
    for unit in units_of(cell) {
        let cells: Vec<usize> = UNITS[unit]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| search.cands[c] & (1 << digit) != 0)
            .collect();
        if cells.len() < 2 || cells[0] != cell {
            continue;
        }
        let others: Vec<Rc<Branch>> = cells[1..]
            .iter()
            .map(|&c| search.branch(key(c, digit, true)))
            .collect();
        for on in [true, false] {
            let mut sets = vec![own.side(on)];
            sets.extend(others.iter().map(|b| b.side(on)));
            for (k, ends) in common(&sets) {
                search.offer(best, k, &ends, Kind::Region(unit));
            }
        }
    }
}

/// The hints of one source cell, in SE's order.
fn from_cell(search: &mut Search, cell: usize, best: &mut Option<ChainHint>) {
    let mut branches = Vec::new();
    for digit in (1..=9u8).filter(|&d| search.cands[cell] & (1 << d) != 0) {
        let own = binary(search, cell, digit, best);
        if search.mode != Mode::Nishio {
            regions(search, cell, digit, &own, best);
        }
        branches.push(own);
    }
    if search.mode == Mode::Nishio {
        return;
    }
    for on in [true, false] {
        let sets: Vec<&Reached> = branches.iter().map(|b| b.side(on)).collect();
        for (k, ends) in common(&sets) {
            search.offer(best, k, &ends, Kind::Cell);
        }
    }
}

/// The hint SE's Nishio, multiple or dynamic forcing chains would apply, if any.
/// `stop` is asked before each source cell; when it says so the search gives up (None).
pub(crate) fn forcing_chains(
    board: &Board,
    mode: Mode,
    stop: &dyn Fn() -> bool,
) -> Option<ChainHint> {
    let min = mode.min_cands();
    let mut best = None;
    let mut search = Search::new(&board.values, &board.cands, mode, false, stop);
    for cell in (0..81).filter(|&c| board.cands[c].count_ones() >= min) {
        if stop() {
            return None;
        }
        from_cell(&mut search, cell, &mut best);
    }
    best
}

/// Every hint of SE's multiple (cell and region) or dynamic forcing chains (`mode`) on the
/// working board `current` of a dynamic chain that started on `initial`, sorted as SE
/// sorts them, each removal set once, with its parents: the off potentials of the outer
/// chain that made an on potential of its chains follow, or that took the source cell's
/// other digits or the region's other positions (the chains' own assumptions), found by
/// walking every parent of the chains as SE does. When `stop` says so, it gives up (none).
pub(crate) fn nested_forcing_hints(
    mode: Mode,
    values: &[u8; 81],
    initial: &[u16; 81],
    current: &[u16; 81],
    stop: &dyn Fn() -> bool,
) -> Vec<NestedHint> {
    let mut search = Search::new(values, current, mode, true, stop);
    let mut none = None;
    for cell in (0..81).filter(|&c| current[c].count_ones() >= mode.min_cands()) {
        if stop() {
            return Vec::new();
        }
        from_cell(&mut search, cell, &mut none);
    }
    let mut found = search.collect.take().unwrap_or_default();
    found.sort_by(|a, b| {
        (a.difficulty, a.complexity, a.sort_key)
            .partial_cmp(&(b.difficulty, b.complexity, b.sort_key))
            .expect("finite difficulties")
    });
    let mut out: Vec<NestedHint> = Vec::new();
    let mut done = vec![false; KEYS];
    for h in found {
        let mut removed: Vec<(usize, u16)> = match h.effect {
            Effect::Eliminate(r) => r.iter().map(|&(c, d)| (c, 1u16 << d)).collect(),
            Effect::Place(c, d) => vec![(c, current[c] & !(1 << d))],
        };
        removed.sort_unstable();
        if out.iter().any(|o| o.removed == removed) {
            continue;
        }
        let (mut parents, mut identity) = (Vec::new(), Vec::new());
        let assumed = match h.kind {
            Kind::Region(unit) => Some(Cause::Unit(unit)),
            Kind::Cell => Some(Cause::Cell),
            _ => None,
        };
        for &end in &h.ends {
            // Level by level through every parent, each potential once (SE's chain).
            done.fill(false);
            let (mut todo, mut next) = (vec![end], Vec::new());
            while !todo.is_empty() {
                for &m in &todo {
                    let k = search.arena.key(m);
                    if std::mem::replace(&mut done[k], true) {
                        continue;
                    }
                    identity.push(k);
                    let up = search.arena.parents_of(m);
                    let cause = match search.causes.get(m as usize).copied().flatten() {
                        None if up.is_empty() => assumed,
                        c => c,
                    };
                    if let (true, Some(c)) = (is_on(k), cause) {
                        owed(initial, current, k, c, &mut parents);
                    }
                    next.extend_from_slice(up);
                }
                std::mem::swap(&mut todo, &mut next);
                next.clear();
            }
            identity.push(KEYS);
        }
        out.push(NestedHint {
            removed,
            parents,
            identity,
            complexity: h.complexity,
        });
    }
    out
}
