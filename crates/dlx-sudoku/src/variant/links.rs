//! [`VariantLinks`]: dancing links specialised to the variants' problems, the way
//! `dlx_solver.rs` specialises them to classic Sudoku, for any list of houses and cages.
//!
//! It takes the exact-cover problem of `encode.rs` as it is (same items, same options in
//! the same order) and walks *the same search tree* as the generic engine on it: Knuth's
//! Algorithm X, options of an item tried in the order they were added, the item chosen by
//! [`Chooser::MrvStopAtOne`](dlx_cover::Chooser::MrvStopAtOne) (the first item
//! with at most one option, else the first of minimum length) or by
//! [`Chooser::ForcedThenLeftmost`](dlx_cover::Chooser::ForcedThenLeftmost). So it
//! finds the same solutions in the same order and counts the same nodes (options tried);
//! `tests/variant_paths.rs` checks that on random puzzles of every variant. What differs
//! is the storage, as in `dlx_solver.rs`:
//!
//! * **`u16` links in 64 Ki-entry arrays.** Node 0 is unused; nodes `1..=primary` are the
//!   headers of the primary items; the secondary items' headers come after the lengths
//!   scanned by the choice; then the options, each a run of consecutive nodes with no
//!   spacer. Read-only tables give each node its item header and the first and one-past-last
//!   node of its option, so hiding an option is two short loops over plain offsets. Every
//!   index is a `u16`, and indexing a `[_; 65536]` with one needs no bounds check.
//! * **Lengths in a dense byte array**, scanned sixteen at a time by `dlx_solver.rs`'s choice
//!   (SSE2 on x86-64): a covered item has bit 7 set, padding is `0xFF`. Secondary items'
//!   lengths sit outside the scanned bytes, so they are never chosen.
//! * **Givens placed by building.** Before a search, the headers and lengths are reset from
//!   a template and only the options that share no item with a given are linked into
//!   their lists, in ascending order: the state that selecting the givens reaches in the
//!   generic engine, built directly. A search never unwinds; the next one rebuilds.
//!
//! A problem fits when its nodes fit `u16` indices and no primary item has more than 127
//! options (the length byte's low bits); [`VariantLinks::new`] says `None` otherwise, and
//! the variant stays on the generic engine (a 25×25 grid with boxes and diagonals, a
//! killer cage with hundreds of digit sets).

use std::ops::ControlFlow;

use crate::lex::Branching;
use crate::links16::{
    COVERED, Chunk, LANES, Lens, Link, Links, PAD, SPAN, append_node, boxed, choose, hide_node,
    unhide_node,
};
use crate::rng::TieBreaker;
use dlx_cover::{Limits, Problem, SearchEnd};

/// A read-only `u16` per node (the same shape as `dlx_solver.rs`'s item table).
type Table = crate::links16::Items;

/// A variant's exact-cover problem as specialised dancing links (see the module docs).
#[derive(Clone)]
pub(crate) struct VariantLinks {
    links: Box<Links>,
    len: Box<Lens>,
    /// The item header of each option node.
    item: Box<Table>,
    /// The first node of each option node's option.
    start: Box<Table>,
    /// One past the last node of each option node's option.
    end: Box<Table>,
    /// First node of each option, and one past the last option's last node.
    option_start: Vec<u16>,
    /// The option whose first node is `n`, for the nodes that start an option.
    option_at: Vec<u32>,
    /// Chunks of `len` scanned by the choice (primary headers and padding).
    chunks: usize,
    /// The empty lists of every header (nodes `0..headers`).
    template_links: Box<[Link]>,
    /// Lengths 0 for every primary item, padding after.
    template_len: Box<[u8]>,
    /// Per header node: taken by a given of the current puzzle.
    taken: Vec<bool>,
    /// The givens' options (a solution reports them first, as the generic engine does
    /// with the options selected).
    selected: Vec<usize>,
    /// The option node chosen at each level.
    choice: Vec<u16>,
    /// Search nodes (options tried), over every call.
    nodes: u64,
}

impl std::fmt::Debug for VariantLinks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VariantLinks")
            .field("options", &(self.option_start.len() - 1))
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

/// Removes the other nodes of `p`'s option from their lists, after `p` then round from the
/// option's start (Knuth's order; any order reaches the same state).
#[inline(always)]
fn hide(links: &mut Links, len: &mut Lens, t: &Tables, p: u16) {
    let (s, e) = (t.start[p as usize], t.end[p as usize]);
    for q in p + 1..e {
        hide_node(links, len, t.item, q as usize);
    }
    for q in s..p {
        hide_node(links, len, t.item, q as usize);
    }
}

/// Undoes [`hide`], in the opposite order.
#[inline(always)]
fn unhide(links: &mut Links, len: &mut Lens, t: &Tables, p: u16) {
    let (s, e) = (t.start[p as usize], t.end[p as usize]);
    for q in (s..p).rev() {
        unhide_node(links, len, t.item, q as usize);
    }
    for q in (p + 1..e).rev() {
        unhide_node(links, len, t.item, q as usize);
    }
}

/// Covers item header `i`: hides every option in its list and marks it covered.
#[inline(always)]
fn cover(links: &mut Links, len: &mut Lens, t: &Tables, i: u16) {
    let mut p = links[i as usize].down;
    while p != i {
        hide(links, len, t, p);
        p = links[p as usize].down;
    }
    len[i as usize] |= COVERED;
}

/// Undoes [`cover`] exactly (calls nest like parentheses).
#[inline(always)]
fn uncover(links: &mut Links, len: &mut Lens, t: &Tables, i: u16) {
    len[i as usize] &= !COVERED;
    let mut p = links[i as usize].up;
    while p != i {
        unhide(links, len, t, p);
        p = links[p as usize].up;
    }
}

/// Covers the items of the other nodes of option node `x`'s option (Knuth's commit).
#[inline(always)]
fn commit(links: &mut Links, len: &mut Lens, t: &Tables, x: u16) {
    let (s, e) = (t.start[x as usize], t.end[x as usize]);
    for q in x + 1..e {
        cover(links, len, t, t.item[q as usize]);
    }
    for q in s..x {
        cover(links, len, t, t.item[q as usize]);
    }
}

/// Undoes [`commit`], in the opposite order.
#[inline(always)]
fn uncommit(links: &mut Links, len: &mut Lens, t: &Tables, x: u16) {
    let (s, e) = (t.start[x as usize], t.end[x as usize]);
    for q in (s..x).rev() {
        uncover(links, len, t, t.item[q as usize]);
    }
    for q in (x + 1..e).rev() {
        uncover(links, len, t, t.item[q as usize]);
    }
}

/// The read-only tables, borrowed together beside the mutable links.
struct Tables<'a> {
    item: &'a Table,
    start: &'a Table,
    end: &'a Table,
}

impl VariantLinks {
    /// The specialised form of `problem`, or `None` when it does not fit (see the module
    /// docs).
    pub(crate) fn new(problem: &Problem) -> Option<VariantLinks> {
        if problem.has_colors() || problem.has_multiplicities() {
            return None;
        }
        let primary = problem.primary_items();
        let items = problem.items();
        let chunks = (primary + 1).div_ceil(LANES);
        let scanned = chunks * LANES;
        let headers = scanned + (items - primary);
        let option_nodes: usize = (0..problem.options())
            .map(|o| problem.option(o).len())
            .sum();
        // Below SPAN, so that one past the last node is a `u16` too.
        if headers + option_nodes >= SPAN {
            return None;
        }
        let header: Vec<u16> = (0..items)
            .map(|i| {
                if i < primary {
                    i as u16 + 1
                } else {
                    (scanned + i - primary) as u16
                }
            })
            .collect();
        let mut links: Box<Links> = boxed(Link::default());
        let mut len: Box<Lens> = boxed(PAD);
        let mut item: Box<Table> = boxed(0);
        let mut start: Box<Table> = boxed(0);
        let mut end: Box<Table> = boxed(0);
        for &h in &header {
            len[h as usize] = 0;
        }
        let mut counts = vec![0usize; items];
        let mut option_start = Vec::with_capacity(problem.options() + 1);
        let mut option_at = vec![u32::MAX; headers + option_nodes];
        let mut next = headers;
        for o in 0..problem.options() {
            let first = next;
            option_start.push(first as u16);
            option_at[first] = o as u32;
            let last = first + problem.option(o).len();
            for i in problem.option(o) {
                counts[i] += 1;
                item[next] = header[i];
                start[next] = first as u16;
                end[next] = last as u16;
                next += 1;
            }
        }
        option_start.push(next as u16);
        if counts[..primary].iter().any(|&c| c >= COVERED as usize) {
            return None;
        }
        let template_links: Box<[Link]> = (0..headers as u16)
            .map(|i| Link { up: i, down: i })
            .collect();
        links[..headers].copy_from_slice(&template_links);
        let template_len = len[..headers].into();
        Some(VariantLinks {
            links,
            len,
            item,
            start,
            end,
            option_start,
            option_at,
            chunks,
            template_links,
            template_len,
            taken: vec![false; headers],
            selected: Vec::new(),
            // Each level covers at least one primary item.
            choice: vec![0; primary],
            nodes: 0,
        })
    }

    /// Search nodes (options tried), over every call.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Builds the matrix left after selecting the options `givens` (ascending or not): every
    /// item list holds exactly the options that share no item with a given, in ascending
    /// order, and the givens' primary items are covered. `false` when two givens share an
    /// item (the generic engine's `select` refuses the second).
    pub(crate) fn place_givens(&mut self, givens: &[usize]) -> bool {
        let headers = self.template_links.len();
        self.links[..headers].copy_from_slice(&self.template_links);
        self.len[..headers].copy_from_slice(&self.template_len);
        self.taken.fill(false);
        self.selected.clear();
        self.selected.extend_from_slice(givens);
        for &o in givens {
            let (s, e) = (self.option_start[o], self.option_start[o + 1]);
            for q in s..e {
                let h = self.item[q as usize] as usize;
                if self.taken[h] {
                    return false;
                }
                self.taken[h] = true;
                self.len[h] |= COVERED;
            }
        }
        let (links, len, item) = (&mut *self.links, &mut *self.len, &*self.item);
        for w in self.option_start.windows(2) {
            let (s, e) = (w[0], w[1]);
            if (s..e).any(|q| self.taken[item[q as usize] as usize]) {
                continue;
            }
            for q in s..e {
                append_node(links, len, item, q);
            }
        }
        true
    }

    /// Algorithm X from the placed givens, visiting each solution as its options (the
    /// givens', then those chosen, in order). Leaves the matrix dirty: place the givens again before the next one.
    pub(crate) fn search(
        &mut self,
        branching: Branching,
        limits: Limits,
        visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> SearchEnd {
        match branching {
            Branching::Mrv => self.run::<false, false>(limits, 0, visit),
            Branching::MrvRandomTies(seed) => self.run::<false, true>(limits, seed, visit),
            Branching::ForcedThenLeftmost => self.run::<true, false>(limits, 0, visit),
        }
    }

    /// The search with the item choice of `LEFTMOST` (forced, then leftmost) or MRV, with
    /// `RANDOM` ties broken by a [`TieBreaker`] seeded with `seed` (as the generic
    /// engine's chooser for [`Branching::MrvRandomTies`] does, so both walk one tree).
    fn run<const LEFTMOST: bool, const RANDOM: bool>(
        &mut self,
        limits: Limits,
        seed: u64,
        mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> SearchEnd {
        // Primary item `k` has header node `k + 1`; there are as many as choice levels.
        let mut ties = TieBreaker::new(seed, self.choice.len());
        let links = &mut *self.links;
        let len = &mut *self.len;
        let t = Tables {
            item: &self.item,
            start: &self.start,
            end: &self.end,
        };
        let chunks = self.chunks;
        let choice = &mut self.choice[..];
        let mut options = Vec::with_capacity(self.selected.len() + choice.len());
        let mut level = 0usize;
        let mut tried = 0u64;
        let end = 'search: loop {
            // X2/X3: at a new level, report a solution or choose an item.
            let mut back = true;
            let (mut i, mut x) = (0u16, 0u16);
            let lens: &[Chunk] = len[..chunks * LANES].as_chunks().0;
            let from = if RANDOM { ties.next() + 1 } else { 0 };
            let (chosen, length) = choose::<LEFTMOST>(lens, from);
            // No active item: the choice says so by index 0 (the padding before the
            // headers) or by a covered length.
            if chosen == 0 || length >= COVERED {
                options.clear();
                options.extend_from_slice(&self.selected);
                options.extend(
                    choice[..level]
                        .iter()
                        .map(|&x| self.option_at[t.start[x as usize] as usize] as usize),
                );
                if visit(&options).is_break() {
                    break SearchEnd::Stopped;
                }
            } else if length > 0 {
                cover(links, len, &t, chosen);
                i = chosen;
                x = links[i as usize].down;
                back = false;
            }
            loop {
                if back {
                    // X8, X6: leave this level and undo the option tried below.
                    if level == 0 {
                        break 'search SearchEnd::Exhausted;
                    }
                    level -= 1;
                    let tried_node = choice[level];
                    uncommit(links, len, &t, tried_node);
                    i = t.item[tried_node as usize];
                    x = links[tried_node as usize].down;
                }
                // X5: try option node `x` of item `i`, or give `i` back when done.
                if x == i {
                    uncover(links, len, &t, i);
                    back = true;
                    continue;
                }
                if let Some(end) = limits.reached(tried) {
                    break 'search end;
                }
                tried += 1;
                commit(links, len, &t, x);
                choice[level] = x;
                level += 1;
                break;
            }
        };
        self.nodes += tried;
        end
    }
}
