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
use super::board::{Board, units_of};
use super::cells::{Places, UNIT_CELLS};
use super::chains::{
    Arena, Cause, ChainHint, FORCING_NAMES, KEYS, Key, Reached, Walk, cell_of, conjugate, digit_of,
    is_on, keep_best, key, length_added, off_to_on, on_to_off, target_effect,
};
use super::cycles::{NestedHint, owed};
use super::implications::Implications;
use super::step::Effect;
use std::cell::RefCell;
use std::collections::HashSet;

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

/// What one assumption implies: the potentials reached, each once, are the arena's nodes
/// `first..first + len` in the order added (see `Search::follow`), the on and off ones also
/// as sets (not for Nishio); and the contradiction met (on node, off node), if any.
struct Branch {
    /// The off, then the on potentials reached.
    sets: [Reached; 2],
    first: u32,
    len: u32,
    absurd: Option<(u32, u32)>,
}

/// No branch yet (in `Store::cache`).
const UNWALKED: u32 = u32::MAX;

/// The buffers of a search, kept by a thread between its searches (`Store::take`): a rating
/// makes thousands, most of them short. The default takes no memory: not for a search.
#[derive(Default)]
struct Store {
    arena: Arena,
    buf_off: Vec<Key>,
    buf_on: Vec<(Key, Cause)>,
    buf_made: Vec<u32>,
    buf_adv: Advanced,
    /// The walk under way.
    walk: Walk,
    /// The implications on the board, for the walks that do not change it (multiple).
    imp: Implications,
    /// The reason of each on node, when hints are collected.
    causes: Vec<Option<Cause>>,
    /// Per key, its branch in `branches` (`UNWALKED` for none yet).
    cache: Vec<u32>,
    branches: Vec<Branch>,
    /// What `common` found: the potentials, and per potential the node of each branch.
    common_keys: Vec<Key>,
    common_ends: Vec<u32>,
    /// Per candidate, the rank of a common potential among `common_keys`.
    rank: Vec<u32>,
}

thread_local! {
    /// The stores of the searches a thread ended (one per level of nesting at most).
    static STORES: RefCell<Vec<Store>> = const { RefCell::new(Vec::new()) };
}

impl Store {
    /// A store for a new search: one the thread kept, emptied, or a new one.
    fn take() -> Store {
        match STORES.with(|s| s.borrow_mut().pop()) {
            Some(mut store) => {
                store.arena.clear();
                store.causes.clear();
                store.cache.fill(UNWALKED);
                store.branches.clear();
                store
            }
            None => Store {
                walk: Walk::new(),
                cache: vec![UNWALKED; KEYS],
                rank: vec![0; KEYS / 2],
                ..Store::default()
            },
        }
    }
}

/// One search: the board, the technique and the nodes of all its chains.
struct Search<'a> {
    values: &'a [u8; 81],
    cands: &'a [u16; 81],
    mode: Mode,
    s: Store,
    /// Per digit, the cells holding it on the board.
    places: Places,
    /// Whether the walks use the implications of `Store::imp` (the board does not change).
    fixed: bool,
    /// When set, every hint is kept here (nested forcing chains need them all), and the
    /// reason of each on node is noted in `Store::causes`.
    collect: Option<Vec<Collected>>,
    /// Asked between source cells of the chains nested inside (see `forcing_chains`).
    stop: &'a dyn Fn() -> bool,
    /// The digits not to assume (bit per digit), and those whose walks met a contradiction.
    skip: u16,
    absurd: u16,
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        let store = std::mem::take(&mut self.s);
        STORES.with(|s| s.borrow_mut().push(store));
    }
}

impl<'a> Search<'a> {
    fn new(
        values: &'a [u8; 81],
        cands: &'a [u16; 81],
        mode: Mode,
        collect: bool,
        stop: &'a dyn Fn() -> bool,
    ) -> Search<'a> {
        let places = Places::of(cands);
        let mut s = Store::take();
        let fixed = !mode.dynamic();
        if fixed {
            s.imp.fill(cands, &places);
        }
        Search {
            values,
            cands,
            mode,
            s,
            places,
            fixed,
            collect: collect.then(Vec::new),
            stop,
            skip: 0,
            absurd: 0,
        }
    }

    /// Adds to the last node pushed, on potential `k`, the off potentials whose removal made its cause
    /// hold (dynamic chains).
    fn hidden_parents(&mut self, k: Key, cause: Cause, w: &Walk) {
        let (cell, digit) = (cell_of(k), digit_of(k));
        // The removals as bits: digits of the cell, or cells of the unit (a unit's cells in
        // reading order are its cells by increasing index).
        let (mut rest, make): (u128, fn(usize, usize, u8) -> Key) = match cause {
            Cause::Cell => (
                u128::from(self.cands[cell] & !w.grid[cell]),
                |cell, d, _| key(cell, d as u8, false),
            ),
            Cause::Unit(unit) => (
                self.places.0[digit as usize] & !w.places.0[digit as usize] & UNIT_CELLS[unit],
                |_, c, digit| key(c, digit, false),
            ),
        };
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let p = w
                .set
                .get(make(cell, i, digit))
                .expect("removed when reached");
            self.s.arena.add_parent(p);
        }
    }

    /// What `source` implies (its index in `Store::branches`): found once per search, then
    /// shared (the walk depends only on the board, so a repeat would find the same
    /// potentials with the same parents).
    fn branch(&mut self, source: Key) -> u32 {
        let known = self.s.cache[source];
        if known != UNWALKED {
            return known;
        }
        let b = self.follow(source);
        self.s.branches.push(b);
        let i = (self.s.branches.len() - 1) as u32;
        self.s.cache[source] = i;
        i
    }

    /// Follows the consequences of `source` as SE does. Every node the walk pushes joins
    /// its sets in the order pushed, but for the last ones when a contradiction stops it
    /// (a potential is pushed again only to meet its opposite), so the branch keeps the
    /// range of its nodes.
    fn follow(&mut self, source: Key) -> Branch {
        let mut w = std::mem::take(&mut self.s.walk);
        w.set.clear();
        w.pending_on.clear();
        w.pending_off.clear();
        (w.grid, w.places) = (*self.cands, self.places);
        let root = self.s.arena.push(source, None);
        w.set.add(source, root);
        if is_on(source) {
            w.pending_on.push(root);
        } else {
            w.pending_off.push(root);
        }
        let absurd = loop {
            let met = if let Some(p) = w.pending_on.pop() {
                self.turn_off(&mut w, p)
            } else if let Some(p) = w.pending_off.pop() {
                self.turn_on(&mut w, p)
            } else if self.mode.level() > 0 && self.advance(&mut w) {
                None
            } else {
                break None;
            };
            if met.is_some() {
                break met;
            }
        };
        if absurd.is_some() {
            self.absurd |= 1 << digit_of(source);
        }
        let len = w.set.order.len() as u32;
        debug_assert!((root..root + len).all(|n| w.set.get(self.s.arena.key(n)) == Some(n)));
        // Nishio looks at contradictions only.
        let mut sets = [Reached::default(); 2];
        if self.mode != Mode::Nishio {
            for &k in &w.set.order {
                sets[k & 1].add(k);
            }
        }
        self.s.walk = w;
        Branch {
            sets,
            first: root,
            len,
            absurd,
        }
    }

    /// The step of a walk from on node `p`: the potentials it turns off; the
    /// contradiction met (on node, off node), if any.
    fn turn_off(&mut self, w: &mut Walk, p: u32) -> Option<(u32, u32)> {
        let mut offs = std::mem::take(&mut self.s.buf_off);
        let y = self.mode != Mode::Nishio;
        self.offs_of(self.s.arena.key(p), (&w.grid, &w.places), y, &mut offs);
        let mut met = None;
        for &k in &offs {
            let (known, opposite) = (w.set.get(k), w.set.get(conjugate(k)));
            // Reached again, without a contradiction: nothing new.
            if known.is_some() && opposite.is_none() {
                continue;
            }
            let n = self.s.arena.push(k, Some(p));
            if let Some(m) = opposite {
                met = Some((m, n));
                break;
            }
            if w.set.add(k, n) {
                w.pending_off.push(n);
            }
        }
        self.s.buf_off = offs;
        met
    }

    /// The step of a walk from off node `p`: the potentials it turns on (dynamic chains
    /// then remove it from the working board); the contradiction met, if any.
    fn turn_on(&mut self, w: &mut Walk, p: u32) -> Option<(u32, u32)> {
        let pk = self.s.arena.key(p);
        let mut ons = std::mem::take(&mut self.s.buf_on);
        let y = self.mode != Mode::Nishio;
        self.ons_of(pk, (&w.grid, &w.places), y, &mut ons);
        let mut made = std::mem::take(&mut self.s.buf_made);
        made.clear();
        for &(k, cause) in &ons {
            if w.set.get(k).is_some() && w.set.get(conjugate(k)).is_none() {
                continue;
            }
            let n = self.s.arena.push(k, Some(p));
            if self.mode.dynamic() {
                self.hidden_parents(k, cause, w);
            }
            if self.collect.is_some() {
                let i = n as usize;
                if self.s.causes.len() <= i {
                    self.s.causes.resize(i + 1, None);
                }
                self.s.causes[i] = Some(cause);
            }
            made.push(n);
        }
        self.s.buf_on = ons;
        if self.mode.dynamic() {
            w.grid[cell_of(pk)] &= !(1 << digit_of(pk));
            w.places.remove(cell_of(pk), digit_of(pk));
        }
        let mut met = None;
        for &n in &made {
            let k = self.s.arena.key(n);
            if let Some(m) = w.set.get(conjugate(k)) {
                met = Some((n, m));
                break;
            }
            if w.set.add(k, n) {
                w.pending_on.push(n);
            }
        }
        self.s.buf_made = made;
        met
    }

    /// The potentials on potential `k` turns off on the working board (from the table
    /// when the board stays as it is).
    fn offs_of(&self, k: Key, (grid, places): (&[u16; 81], &Places), y: bool, out: &mut Vec<Key>) {
        if self.fixed {
            out.clear();
            out.extend(self.s.imp.of(k).map(|(k, _)| k));
        } else {
            on_to_off(grid, places, k, y, out);
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
        if self.fixed {
            out.clear();
            out.extend(self.s.imp.of(k));
        } else {
            off_to_on(grid, places, k, y, true, out);
        }
    }

    /// Adds the off potentials SE's advanced rules find on the working board of a stalled
    /// walk; false when there are none.
    fn advance(&mut self, w: &mut Walk) -> bool {
        let view = View {
            values: self.values,
            initial: self.cands,
            grid: &w.grid,
        };
        let mut found = std::mem::take(&mut self.s.buf_adv);
        let inner = self.mode.inner();
        let stop = self.stop;
        let hints = |v: &View| match inner {
            Some(mode) => nested_forcing_hints(mode, v.values, v.initial, v.grid, stop),
            None => Vec::new(),
        };
        advanced_offs(&view, self.mode.level(), &hints, &mut found);
        let mut added = false;
        for (k, parents, nested) in &found.offs {
            if w.set.get(*k).is_some() {
                continue;
            }
            let node_of = |p: &Key| w.set.get(*p).expect("a parent the walk removed");
            let n = self.s.arena.push(*k, parents.first().map(node_of));
            for p in parents.iter().skip(1) {
                self.s.arena.add_parent(node_of(p));
            }
            if let Some(i) = nested {
                let chain = &found.chains[*i];
                self.s.arena.set_nested(&chain.identity, chain.complexity);
            }
            w.set.add(*k, n);
            w.pending_off.push(n);
            added = true;
        }
        self.s.buf_adv = found;
        added
    }

    /// The potentials of state `on` every one of `branches` reached, in the first one's
    /// order, into `Store::common_keys`, with the node of each branch for each (in
    /// `Store::common_ends`, `branches.len()` per potential).
    fn common(&mut self, branches: &[u32], on: bool) {
        let s = &mut self.s;
        s.common_keys.clear();
        s.common_ends.clear();
        let side = usize::from(on);
        let mut both = s.branches[branches[0] as usize].sets[side];
        for &b in &branches[1..] {
            if !both.keep_common(&s.branches[b as usize].sets[side]) {
                return;
            }
        }
        let width = branches.len();
        for (j, &b) in branches.iter().enumerate() {
            let Branch { first, len, .. } = s.branches[b as usize];
            for n in first..first + len {
                let k = s.arena.key(n);
                if is_on(k) != on || !both.has(k) {
                    continue;
                }
                if j == 0 {
                    s.rank[k >> 1] = s.common_keys.len() as u32;
                    s.common_keys.push(k);
                    s.common_ends.resize(s.common_keys.len() * width, 0);
                }
                s.common_ends[s.rank[k >> 1] as usize * width + j] = n;
            }
        }
    }

    /// Offers the hints of the potentials every one of `branches` reached in state `on`.
    fn offer_common(
        &mut self,
        best: &mut Option<ChainHint>,
        branches: &[u32],
        on: bool,
        kind: Kind,
    ) {
        self.common(branches, on);
        let keys = std::mem::take(&mut self.s.common_keys);
        let ends = std::mem::take(&mut self.s.common_ends);
        for (&k, ends) in keys.iter().zip(ends.chunks_exact(branches.len())) {
            self.offer(best, k, ends, kind);
        }
        (self.s.common_keys, self.s.common_ends) = (keys, ends);
    }

    /// Offers the hint concluding `target` from the chains ending at `ends` (counting
    /// stops once the hint is sure to sort after `best`).
    fn offer(&mut self, best: &mut Option<ChainHint>, target: Key, ends: &[u32], kind: Kind) {
        let (cell, digit) = (cell_of(target), digit_of(target));
        // A placement in a cell with no other candidate does nothing (`target_effect`).
        if is_on(target) && self.cands[cell] & !(1 << digit) == 0 {
            return;
        }
        let base = self.mode.base();
        let effect = || target_effect(self.cands, target).expect("a conclusion");
        let mut counted = Vec::new();
        if let Some(all) = &mut self.collect {
            let mut complexity = 0;
            for &n in ends {
                complexity += self.s.arena.complexity(n, &mut counted);
            }
            let hint = Collected {
                difficulty: base + length_added(complexity),
                complexity,
                sort_key: kind.name_and_key(self.mode).1,
                effect: effect(),
                ends: ends.to_vec(),
                kind,
            };
            all.push(hint);
            return;
        }
        // Every hint of this search has the same base and the length increment never
        // shrinks, so a hint sorts after the best exactly when its complexity is larger.
        let limit = best.as_ref().map_or(usize::MAX, |b| b.complexity);
        let mut complexity = 0;
        for &n in ends {
            complexity += if self.s.arena.has_nested() {
                self.s.arena.complexity(n, &mut counted)
            } else {
                self.s.arena.ancestor_count_upto(n, limit - complexity)
            };
            if complexity > limit {
                return;
            }
        }
        let (name, sort_key) = kind.name_and_key(self.mode);
        keep_best(
            best,
            ChainHint::new(base, complexity, sort_key, name, effect()),
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
        let (column, sort_key) = match self {
            Kind::Contradiction => (0, 7),
            Kind::Double => (1, 1),
            Kind::Cell => (2, 5),
            Kind::Region(_) => (3, 6),
        };
        let row = match mode {
            Mode::Nishio => return ("Nishio Forcing Chains", 7),
            Mode::Multiple => 0,
            Mode::Dynamic => 1,
            Mode::Plus => 2,
            Mode::Nested => 3,
            Mode::Nested3 => 4,
            Mode::Deep(_) => 5,
        };
        (FORCING_NAMES[row][column], sort_key)
    }
}

/// The hints of assuming `digit` in `cell`, on and off (contradictions, doubles); the
/// branch of the on assumption.
fn binary(search: &mut Search, cell: usize, digit: u8, best: &mut Option<ChainHint>) -> u32 {
    let mode = search.mode;
    let on_key = key(cell, digit, true);
    let on_branch = search.branch(on_key);
    let contradiction = mode != Mode::Multiple;
    let double =
        !matches!(mode, Mode::Nishio | Mode::Multiple) && search.cands[cell].count_ones() >= 3;
    if !contradiction && !double {
        return on_branch;
    }
    if let Some((a, b)) = search.s.branches[on_branch as usize].absurd {
        search.offer(best, conjugate(on_key), &[a, b], Kind::Contradiction);
    }
    let off_branch = search.branch(conjugate(on_key));
    if let Some((a, b)) = search.s.branches[off_branch as usize].absurd {
        search.offer(best, on_key, &[a, b], Kind::Contradiction);
    }
    if double {
        for on in [true, false] {
            search.offer_common(best, &[on_branch, off_branch], on, Kind::Double);
        }
    }
    on_branch
}

/// Region forcing chains from `digit` in `cell`, for each unit where it is the digit's
/// first position; `own` is the branch of the cell's assumption.
fn regions(search: &mut Search, cell: usize, digit: u8, own: u32, best: &mut Option<ChainHint>) {
    for unit in units_of(cell) {
        // The unit's positions of the digit, by increasing cell (its reading order).
        let cells = search.places.0[digit as usize] & UNIT_CELLS[unit];
        if cells.count_ones() < 2 || cells.trailing_zeros() as usize != cell {
            continue;
        }
        let (mut branches, mut count) = ([own; 9], 1);
        let mut rest = cells & (cells - 1);
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            branches[count] = search.branch(key(c, digit, true));
            count += 1;
        }
        for on in [true, false] {
            search.offer_common(best, &branches[..count], on, Kind::Region(unit));
        }
    }
}

/// The hints of one source cell, in SE's order.
fn from_cell(search: &mut Search, cell: usize, best: &mut Option<ChainHint>) {
    let (mut branches, mut count) = ([0u32; 9], 0);
    let digits = search.cands[cell] & !search.skip;
    for digit in (1..=9u8).filter(|&d| digits & (1 << d) != 0) {
        let own = binary(search, cell, digit, best);
        if search.mode != Mode::Nishio {
            regions(search, cell, digit, own, best);
        }
        branches[count] = own;
        count += 1;
    }
    if search.mode == Mode::Nishio {
        return;
    }
    for on in [true, false] {
        search.offer_common(best, &branches[..count], on, Kind::Cell);
    }
}

thread_local! {
    /// Positions of a digit, and the source cells among them, whose Nishio walks meet no
    /// contradiction. Those walks use the X rule only, so stay within the digit and depend
    /// on these alone: a later search on the same positions skips the digit.
    static CALM: RefCell<HashSet<(u128, u128)>> = RefCell::new(HashSet::new());
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
    let sources = (0..81)
        .filter(|&c| board.cands[c].count_ones() >= min)
        .fold(0u128, |all, c| all | 1 << c);
    let places = search.places;
    let pattern = |d: usize| (places.0[d], places.0[d] & sources);
    let nishio = mode == Mode::Nishio;
    if nishio {
        CALM.with(|calm| {
            let calm = calm.borrow();
            search.skip = (1..=9)
                .filter(|&d| calm.contains(&pattern(d)))
                .fold(0, |m, d| m | 1 << d);
        });
    }
    let mut rest = sources;
    while rest != 0 {
        let cell = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if stop() {
            return None;
        }
        from_cell(&mut search, cell, &mut best);
    }
    if nishio {
        CALM.with(|calm| {
            let mut calm = calm.borrow_mut();
            if calm.len() > 1 << 14 {
                calm.clear();
            }
            let done = search.skip | search.absurd;
            calm.extend((1..=9).filter(|&d| done & (1 << d) == 0).map(pattern));
        });
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
                    let k = search.s.arena.key(m);
                    if std::mem::replace(&mut done[k], true) {
                        continue;
                    }
                    identity.push(k);
                    let up = search.s.arena.parents_of(m);
                    let cause = match search.s.causes.get(m as usize).copied().flatten() {
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

#[cfg(test)]
mod tests;
