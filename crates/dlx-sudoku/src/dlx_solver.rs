//! Dancing links specialised to Sudoku: [`DlxSolver`], the default solver.
//!
//! ```
//! use dlx_sudoku::{DlxSolver, Grid, Outcome, SudokuSolver};
//!
//! let puzzle: Grid = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
//!     .parse()?;
//! let mut solver = DlxSolver::new(puzzle.shape());
//! let Outcome::Solved(answer) = solver.solve(&puzzle) else { panic!() };
//! assert!(answer.is_complete_solution_of(&puzzle));
//! assert_eq!(solver.count(&puzzle, 2).solutions, 1);
//! # Ok::<(), dlx_sudoku::GridError>(())
//! ```
//!
//! It is Algorithm X over dancing links on the same exact-cover problem as
//! [`GenericDlxSolver`](super::GenericDlxSolver) (see [`problem`](super::problem): `4n²`
//! items, `n³` options of exactly four items). Without its two prunings (below), it walks
//! *the same search tree*: same item choices, same option order, same node counts. What
//! differs is the storage:
//!
//! * **Fixed layout, built once per shape.** Node `i` for `1 ≤ i ≤ 4n²` is the header of
//!   item `i − 1`; option `o` occupies the four nodes `BASE + 4o .. BASE + 4o + 3` (`BASE` is
//!   the first multiple of 4 after the headers), in the order cell, row, column, box. There
//!   are no spacers: the other nodes of `p`'s option are `(p & !3) + j` for the three slots
//!   `j ≠ p & 3`. All the nodes of one item's list sit in the same slot (its kind), so
//!   cover and uncover are compiled once per slot and reach the other three nodes at fixed
//!   offsets, with no branch.
//! * **`u16` links in 64 Ki-entry arrays.** `4n² + 4 + 4n³ ≤ 65 004` for `n ≤ 25`, so
//!   every index is a `u16`, and indexing a `[_; 65536]` with a `u16` needs no bounds check
//!   in safe code. A node holds only `up` and `down` (4 bytes); the item of each option
//!   node is a read-only table, never copied.
//! * **Lengths in a dense byte array, no item list.** `len[i]` is the number of options
//!   left for item `i`; a covered item has bit 7 set (a covered item's length never
//!   changes while it is covered, so uncover just clears the bit). The MRV scan runs over
//!   these bytes 64 at a time (four vectors of 16) instead of chasing a linked list, and
//!   stops at the first length ≤ 1 as Knuth's does (SSE2 on x86-64, through a few
//!   one-line `unsafe` wrappers checked against the plain scan by a test). Padding bytes
//!   are `0xFF`, never chosen. Every option covers exactly four items, so the search has a
//!   solution when its depth equals the number of empty cells: no item list is needed for
//!   that test either.
//! * **Givens placed by building.** Before every puzzle the item headers and lengths are
//!   reset from a small template (1.3 KB for 9×9), and only the options no given excludes
//!   are linked into their lists, in ascending order: the state that covering the givens'
//!   items would reach, without walking the excluded options. Searches never unwind when
//!   they stop (nor at the end, below): the next puzzle starts afresh. Nothing is
//!   allocated per puzzle except the answer grid. So every entry point places the givens
//!   first: a search may leave the matrix dirty, and only the rebuild cleans it.
//!
//! **Dead ends noticed at once.** Hiding the last node of an item's list (while an option
//! tried is committed) writes that item into a register: one compare and a conditional
//! move. At the next level, if that item is still active with no option, the search backs
//! up at once. The generic rule (Knuth's scan, stopping at the first length ≤ 1) would
//! first take any forced move that comes earlier in the item order, each a node, and meet
//! the empty item only later, or never on that branch. A guess is never made while an item
//! is empty, so only forced moves are saved: the guesses are the same, and so are the
//! answers and counts.
//!
//! **No unwinding at the end.** The search keeps a count of the levels on its path whose
//! option has a successor in its item's list (only a guess's can). When it backs up with
//! that count at zero, every level above would only give its item back, all the way to
//! the root, and the search ends at once: the next search rebuilds the matrix anyway. For
//! a puzzle with one fill, counting to two always ends this way, and the levels skipped
//! are the path from the last leaf up to the root: most of a 17-clue tree's forced moves.
//! Nodes, guesses, answers and counts do not change.
//!
//! **Lengths copied at guesses.** A guess level copies the lengths (336 bytes on 9×9)
//! right after covering its item; backing up, uncommit and uncover restore only the links,
//! and the level's next option starts from the copy. Unwinding so skips one item read and
//! one length update per node put back, and copies the lengths once per option tried at a
//! guess. The lengths the search sees are the same, so is the tree.
//!
//! **Pointing and claiming before the first guess.** A search takes forced moves first (an
//! item with one option: a naked or hidden single). When none is left and it is about to
//! guess for the first time with at least five eighths of the cells still empty, or on a
//! sparse puzzle (at most a quarter of the cells given) however full by then, it
//! removes the options that pointing and claiming rule out (a row, column or box item
//! whose options all lie in one other unit: that unit's other options for the digit),
//! takes the singles that leaves, and repeats until neither applies; after its first guess
//! it takes singles only. Removing an option is not a node. The removed options are in no
//! fill, so the answers and counts do not change; the tree shrinks. The
//! threshold keeps the pass where it pays: a grid still mostly empty, or a sparse puzzle
//! (a 17-clue puzzle meets its first guess with about half its cells empty).
//!
//! What each of these choices is worth, measured, is in `docs/benchmarks.md` ("Where the
//! solver's time goes").
//!
//! [`DlxSolver::set_pruning`]`(false)` turns both off, and the solver then walks the
//! generic engine's tree node for node (`tests/dlx_vs_generic.rs`); `--max-nodes` counts
//! options tried either way.
//!
//! The answers are those of the generic solver: MRV counting to two solutions, and, for a
//! puzzle with two or more, a second search that takes forced items first and otherwise the
//! leftmost item, which meets the fills in lexicographic order (proof in the
//! [`GenericDlxSolver`](super::GenericDlxSolver) module).

use std::fmt;
use std::ops::ControlFlow;

use super::encoding;
use super::grid::{Grid, Shape};
use super::lex::{self, Branching, FillSearch, FillState, Fills};
use super::{CountOutcome, NoSolution, Outcome, Progress, SudokuSolver};
use dlx_cover::{Limits, SearchEnd};

use locked::{UNSEEN, Units};

use crate::links16::{
    COVERED, Chunk, Items, LANES, Lens, Link, Links, PAD, SPAN, append_node, append_option, boxed,
    choose, commit, cover_slot, uncommit, uncover_slot,
};

/// The dancing-links Sudoku solver for one shape, specialised (see the module docs); build
/// once, solve many puzzles.
#[derive(Clone)]
pub struct DlxSolver {
    shape: Shape,
    /// First option node; a multiple of 4.
    base: usize,
    /// Chunks of `len` in use.
    chunks: usize,
    links: Box<Links>,
    len: Box<Lens>,
    item: Box<Items>,
    /// The headers of the empty lists (nodes `0 ..= 4n²`).
    template_links: Box<[Link]>,
    /// Lengths 0 for every item, padding after.
    template_len: Box<[u8]>,
    /// The box of each cell.
    box_of: Box<[u8]>,
    /// The option node chosen at each level.
    choice: Vec<u16>,
    /// The lengths (`chunks` chunks) right after each guess level covered its item: trying
    /// the level's next option starts from this copy instead of giving every hidden node's
    /// item its length back while unwinding (see [`DlxSolver::search`]).
    saved: Box<[Chunk]>,
    /// The lengths at the start of the last pointing-and-claiming pass (`chunks` chunks):
    /// the next pass looks only at the items whose length has changed since (see
    /// `locked::locked_pass`).
    seen: Box<[Chunk]>,
    /// Whether each search prunes dead ends early and applies pointing and claiming before
    /// its first guess (see [`DlxSolver::set_pruning`]).
    pruning: bool,
    /// The empty cells of the current puzzle (the depth of a solution).
    empties: usize,
    /// The policy's scratch answer (the givens, then the fill), progress and witness budget.
    fill: FillState,
    /// Search nodes (options tried) over every call.
    nodes: u64,
    /// Guesses over every call: options tried where the item chosen had two or more (the
    /// others are forced moves: singles, in a player's words).
    guesses: u64,
}

impl fmt::Debug for DlxSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DlxSolver")
            .field("shape", &self.shape)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl DlxSolver {
    /// A solver for grids of `shape`.
    pub fn new(shape: Shape) -> DlxSolver {
        let n = shape.side();
        let nn = n * n;
        let headers = 4 * nn;
        let base = (headers + 1).next_multiple_of(4);
        let used = base + 4 * nn * n;
        assert!(used <= SPAN, "a Sudoku of side <= 25 fits 16-bit links");
        let chunks = (headers + 1).div_ceil(LANES);
        let mut links: Box<Links> = boxed(Link::default());
        let mut len: Box<Lens> = boxed(PAD);
        let mut item: Box<Items> = boxed(0);
        for i in 1..=headers as u16 {
            links[i as usize] = Link { up: i, down: i };
            len[i as usize] = 0;
        }
        for r in 0..n {
            for c in 0..n {
                for v in 1..=n {
                    let first = base + 4 * encoding::option(shape, r, c, v);
                    let items = encoding::option_items(shape, r, c, v);
                    for (k, it) in items.into_iter().enumerate() {
                        let x = (first + k) as u16;
                        item[x as usize] = (it + 1) as u16;
                        append_node(&mut links, &mut len, &item, x);
                    }
                }
            }
        }
        DlxSolver {
            shape,
            base,
            chunks,
            template_links: (0..=headers as u16)
                .map(|i| Link { up: i, down: i })
                .collect(),
            template_len: len[..chunks * LANES]
                .iter()
                .map(|&l| if l == PAD { PAD } else { 0 })
                .collect(),
            box_of: (0..nn).map(|c| shape.box_of(c / n, c % n) as u8).collect(),
            links,
            len,
            item,
            choice: vec![0; nn],
            saved: vec![[PAD; LANES]; nn * chunks].into_boxed_slice(),
            seen: vec![[PAD; LANES]; chunks].into_boxed_slice(),
            pruning: true,
            empties: 0,
            fill: FillState::new(nn),
            nodes: 0,
            guesses: 0,
        }
    }

    /// Sets how many nodes the row-by-row search for the smallest fill may use before the
    /// witness construction takes over ([`LEX_DFS_BUDGET`](crate::LEX_DFS_BUDGET) by default). Both give the same
    /// answer; 0 forces the construction, `u64::MAX` forbids it (for tests and timing).
    pub fn set_lex_dfs_budget(&mut self, nodes: u64) {
        self.fill.lex_dfs_budget = nodes;
    }

    /// Whether each search prunes beyond the generic engine's rule (on by default). Two
    /// prunings, neither of which changes an answer or a count:
    ///
    /// * **Dead ends noticed at once.** Hiding an option's node that was the last of its
    ///   item records that item; when the option just tried leaves a recorded item active
    ///   with no option, the search backs up without choosing an item there. (The generic
    ///   rule, like Knuth's scan that stops at the first length ≤ 1, may first take forced
    ///   moves that happen to come earlier in the item order, each a node, before it meets
    ///   the empty item.) Only forced moves are saved: a guess is never made while an item
    ///   is empty, so the guesses are the same.
    /// * **Pointing and claiming before the first guess.** When no forced move is left and
    ///   the search would guess for the first time with at least five eighths of the cells
    ///   still empty, or the puzzle gave at most a quarter of its cells, it first removes
    ///   the options that pointing (a digit's places in a box all in one row or column)
    ///   and claiming (a digit's places in a row or column all in one box) rule out, and
    ///   looks again, until neither applies; after the first guess it takes singles only.
    ///   Removing options is not a node. (On a grid mostly filled by then the search left
    ///   is short and a pass costs more than it saves.) Those options are in no fill.
    ///
    /// Off, the solver walks the generic engine's tree (`GenericDlxSolver`) node for node,
    /// as the tests check.
    pub fn set_pruning(&mut self, on: bool) {
        self.pruning = on;
    }

    /// The shape this solver takes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Search nodes (options tried) so far, over every call.
    pub fn nodes(&self) -> u64 {
        self.nodes + self.fill.extra_nodes
    }

    /// Guesses so far, over every call: the nodes whose option was one of two or more of
    /// the item chosen (a node with the item's only option is a forced move). The
    /// propagating search that takes over on heavy tails (`lex.rs`) counts every branch
    /// it tries as a guess.
    pub fn guesses(&self) -> u64 {
        self.guesses + self.fill.extra_nodes
    }

    /// Algorithm X from the placed givens, visiting each solution with its depth; the
    /// option nodes chosen are `self.choice[..depth]`. Leaves the matrix dirty on any
    /// early end (the next [`DlxSolver::place_givens`] resets it).
    ///
    /// With `RANDOM`, MRV ties are broken at random by [`TieBreaker`](crate::rng::TieBreaker) seeded with
    /// `seed` (the restarts of `lex.rs`); without it, leftmost.
    ///
    /// Long on purpose: the solver's inner loop, run once per node; its steps share the
    /// cursor, the depth and the lengths in registers, and splitting it cost time when
    /// measured (the `peers` benchmark).
    fn search<const LEFTMOST: bool, const RANDOM: bool, const PRUNE: bool>(
        &mut self,
        limits: Limits,
        seed: u64,
        mut visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> SearchEnd {
        let mut ties = crate::rng::TieBreaker::new(seed, 4 * self.shape.cells());
        let links = &mut *self.links;
        let len = &mut *self.len;
        let item = &*self.item;
        // At most `SPAN / LANES`: the lengths in use, `len[..chunks * LANES]`, are then
        // known to lie in the table, and their bound is checked once.
        let chunks = self.chunks.min(SPAN / LANES);
        let choice = &mut self.choice[..];
        let saved = &mut self.saved[..];
        // No length seen yet: the first pass looks at every item (no length is `UNSEEN`).
        let seen = &mut self.seen[..];
        seen.fill([UNSEEN; LANES]);
        let empties = self.empties;
        let cells = self.shape.cells() as u16;
        let most = self.shape.box_rows().max(self.shape.box_cols()) as u8;
        // Pointing and claiming pay only on a grid still open at the first guess (see
        // `set_pruning`): at least five eighths of the cells empty, or a sparse puzzle.
        let open = if 4 * empties >= 3 * self.shape.cells() {
            0
        } else {
            5 * self.shape.cells() / 8
        };
        let mut level = 0usize;
        let mut tried = 0u64;
        let mut guesses = 0u64;
        // Whether the option about to be tried is a guess: the level's item has two or
        // more options. A level reached again on the way back always has (a forced level
        // has no second option to try).
        let mut guess = false;
        let mut emptied = 0u16;
        // How many levels of the path have an option left to try after theirs. With none,
        // backing up would only undo covers all the way to the root, and the search ends
        // at once instead (the matrix is rebuilt before the next search).
        let mut open_levels = 0u32;
        let end = 'search: loop {
            // X2/X3: at a new level, report a solution or choose an item.
            let mut back = true;
            let (mut i, mut x) = (0u16, 0u16);
            if PRUNE && len[emptied as usize] == 0 {
                // The option just tried left an active item with no option: a dead end,
                // noticed without a scan (`emptied` is 0, whose length is PAD, until a hide
                // empties an item).
            } else if level == empties {
                if visit(&choice[..level]).is_break() {
                    break SearchEnd::Stopped;
                }
            } else {
                // Header node of item `k` is `k + 1`.
                let from = if RANDOM { ties.next() + 1 } else { 0 };
                let (mut chosen, mut length) =
                    choose::<LEFTMOST>(len[..chunks * LANES].as_chunks().0, from);
                // Before the first guess: pointing and claiming until neither applies (a
                // pass may leave singles, which are taken, as nodes, before the next).
                if PRUNE && guesses == 0 && empties - level >= open && length >= 2 {
                    let units = Units {
                        seen: &mut *seen,
                        cells,
                        most,
                    };
                    (chosen, length) =
                        units.lock::<LEFTMOST>(links, len, item, chunks, from, (chosen, length));
                }
                if length > 0 {
                    // The item's nodes are all in its kind's slot, its first one too (the
                    // header's links do not change while the item is covered).
                    let first = links[chosen as usize].down;
                    let slot = (first & 3) as usize;
                    // Only the options tried note the items they empty: covering the chosen
                    // item empties another only when that one is a unit whose options all
                    // lie in the chosen one (a pointing pattern, rare on this tree), and the
                    // scan meets it then.
                    cover_slot(links, len, item, chosen, slot, &mut 0);
                    guess = length >= 2;
                    if guess {
                        saved[level * chunks..(level + 1) * chunks]
                            .copy_from_slice(&len[..chunks * LANES].as_chunks().0[..chunks]);
                    }
                    i = chosen;
                    x = first;
                    back = false;
                }
            }
            loop {
                if back {
                    // X8, X6: leave this level and undo the option tried below.
                    if open_levels == 0 {
                        break 'search SearchEnd::Exhausted;
                    }
                    level -= 1;
                    let tried_node = choice[level];
                    // Links only: the lengths come back from the copy below.
                    uncommit::<false>(links, len, item, tried_node);
                    guess = true;
                    i = item[tried_node as usize];
                    let slot = (tried_node & 3) as usize;
                    x = links[tried_node as usize].down;
                    if x == i {
                        // X5 with no option left: give `i` back and go on up.
                        uncover_slot::<false>(links, len, item, i, slot);
                        continue;
                    }
                    // A guess level (a forced one has no option left): its lengths as they
                    // were before its first option.
                    len[..chunks * LANES]
                        .as_chunks_mut()
                        .0
                        .copy_from_slice(&saved[level * chunks..(level + 1) * chunks]);
                    // This level was counted open; the option `x` is counted below.
                    open_levels -= 1;
                }
                // X5: try option node `x` of item `i` (a level reached afresh has one).
                if let Some(end) = limits.reached(tried) {
                    break 'search end;
                }
                tried += 1;
                guesses += u64::from(guess);
                // (A forced level's one option has no successor.)
                if guess {
                    open_levels += u32::from(links[x as usize].down != i);
                }
                commit(links, len, item, x, &mut emptied);
                choice[level] = x;
                level += 1;
                break;
            }
        };
        self.nodes += tried;
        self.guesses += guesses;
        end
    }
}

impl DlxSolver {
    // Placing a puzzle's givens in the matrix of [`DlxSolver`], before every search.
    //
    // The matrix built is the state that covering the givens' items in the full matrix
    // reaches: every active item's list holds exactly the options no given excludes, in
    // ascending order, with its length, and the givens' items are covered. It is built
    // directly: the headers and lengths come from a small template, then only the surviving
    // options are linked in. Nodes of excluded options keep stale links from an earlier
    // puzzle but are never reached from a list, and the givens' items are never uncovered.
    //
    // Each free option is appended to its four lists, node by node: an append reads the
    // node's item and the list's tail at its header and writes both. Three other builds
    // (chaining a cell's list in registers, copying a full template and covering the
    // givens' items, building item by item from masks) took more instructions; their
    // figures are in docs/benchmarks.md ("Where the solver's time goes").

    /// Builds the matrix left after the givens (see the comment above), or says which givens
    /// clash.
    fn place_givens(&mut self, puzzle: &Grid) -> Result<(), NoSolution> {
        assert_eq!(
            puzzle.shape(),
            self.shape,
            "puzzle shape differs from the solver's"
        );
        let n = self.shape.side();
        let cells = puzzle.cells();
        // Values used by the givens in each row, column and box (bit v − 1).
        let (mut rows, mut cols, mut boxes) = ([0u32; 25], [0u32; 25], [0u32; 25]);
        let mut clash = false;
        let mut empties = 0;
        let by_row = cells.chunks_exact(n).zip(self.box_of.chunks_exact(n));
        for ((row_cells, row_boxes), in_row) in by_row.zip(&mut rows) {
            for ((&v, &b), in_col) in row_cells.iter().zip(row_boxes).zip(&mut cols) {
                if v == 0 {
                    empties += 1;
                    continue;
                }
                let in_box = &mut boxes[b as usize];
                let bit = 1 << (v - 1);
                clash |= (*in_row | *in_col | *in_box) & bit != 0;
                *in_row |= bit;
                *in_col |= bit;
                *in_box |= bit;
            }
        }
        if clash {
            let clash = puzzle.clash().expect("a value repeats in a unit");
            return Err(NoSolution::Clash(clash));
        }
        self.link_free_options(cells, &rows[..n], &cols[..n], &boxes[..n]);
        self.empties = empties;
        Ok(())
    }

    /// The empty lists from their template, then every option no given excludes appended
    /// to its four lists; the givens' items marked covered.
    fn link_free_options(&mut self, cells: &[u8], rows: &[u32], cols: &[u32], boxes: &[u32]) {
        let n = self.shape.side();
        let headers = self.template_links.len();
        let (links, len, item) = (&mut *self.links, &mut *self.len, &*self.item);
        links[..headers].copy_from_slice(&self.template_links);
        len[..self.chunks * LANES].copy_from_slice(&self.template_len);
        let all = (1u32 << n) - 1;
        // Cell by cell in row-major order, with the cell's value, box and first node.
        let mut first = self.base;
        let by_row = cells.chunks_exact(n).zip(self.box_of.chunks_exact(n));
        for ((row_cells, row_boxes), &in_row) in by_row.zip(rows) {
            for ((&v, &b), &in_col) in row_cells.iter().zip(row_boxes).zip(cols) {
                let cell_first = first;
                first += 4 * n;
                if v != 0 {
                    // The given's four items are covered.
                    let x = cell_first + 4 * (v as usize - 1);
                    for &it in &item[x..x + 4] {
                        len[it as usize] = COVERED;
                    }
                    continue;
                }
                let mut free = all & !(in_row | in_col | boxes[b as usize]);
                while free != 0 {
                    // Node numbers are `u16` (the layout's bound), so that indexing the
                    // 64 Ki-entry arrays needs no bounds check.
                    let x = (cell_first + 4 * free.trailing_zeros() as usize) as u16;
                    free &= free - 1;
                    // Append the option's nodes at the bottom of their items' lists.
                    append_option(links, len, item, x);
                }
            }
        }
    }
}

/// Writes the options chosen (option nodes) into `answer`, which holds the givens.
///
/// Option `o` is cell `o / n` holding `o % n + 1` ([`encoding::cell_and_value`]); the
/// quotient comes from a multiplication by `⌈2³²/n⌉` instead of a division (a division's
/// latency per cell weighs on a puzzle solved in microseconds), exact for every option
/// number below `2³²/n²` (tested against the division for every side).
///
/// Never inlined: it runs once a solution, and inlined into the search loop it left that
/// loop fewer registers (docs/benchmarks.md).
#[inline(never)]
fn record(answer: &mut [u8], base: usize, shape: Shape, choice: &[u16]) {
    let n = shape.side() as u64;
    let magic = (1u64 << 32).div_ceil(n);
    for &x in choice {
        let o = (x as u64 - base as u64) / 4;
        let cell = (o * magic) >> 32;
        answer[cell as usize] = (o - cell * n) as u8 + 1;
    }
}

impl FillSearch for DlxSolver {
    type Puzzle = Grid;

    fn cells(&self) -> usize {
        self.shape.cells()
    }

    fn place_givens(&mut self, puzzle: &Grid) -> Result<(), NoSolution> {
        DlxSolver::place_givens(self, puzzle)
    }

    /// Rebuilds the matrix: a search may leave it dirty.
    fn restart(&mut self, puzzle: &Grid) {
        DlxSolver::place_givens(self, puzzle).expect("the givens were placed once already");
    }

    fn search(&mut self, branching: Branching, limits: Limits, fills: &mut Fills) -> SearchEnd {
        let (base, shape) = (self.base, self.shape);
        let visit = |choice: &[u16]| fills.met(|answer| record(answer, base, shape, choice));
        match (branching, self.pruning) {
            (Branching::Mrv, false) => {
                DlxSolver::search::<false, false, false>(self, limits, 0, visit)
            }
            (Branching::Mrv, true) => {
                DlxSolver::search::<false, false, true>(self, limits, 0, visit)
            }
            (Branching::MrvRandomTies(seed), false) => {
                DlxSolver::search::<false, true, false>(self, limits, seed, visit)
            }
            (Branching::MrvRandomTies(seed), true) => {
                DlxSolver::search::<false, true, true>(self, limits, seed, visit)
            }
            (Branching::ForcedThenLeftmost, false) => {
                DlxSolver::search::<true, false, false>(self, limits, 0, visit)
            }
            (Branching::ForcedThenLeftmost, true) => {
                DlxSolver::search::<true, false, true>(self, limits, 0, visit)
            }
        }
    }

    fn nodes(&self) -> u64 {
        DlxSolver::nodes(self)
    }

    fn fill_state(&mut self) -> &mut FillState {
        &mut self.fill
    }
}

impl SudokuSolver for DlxSolver {
    fn name(&self) -> &'static str {
        "dlx"
    }

    fn solve_within(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        lex::smallest_fill(self, puzzle, limits)
    }

    fn count_within(&mut self, puzzle: &Grid, limit: u64, limits: Limits) -> CountOutcome {
        lex::count_fills(self, puzzle, limit, limits)
    }

    fn nodes(&self) -> u64 {
        DlxSolver::nodes(self)
    }

    fn guesses(&self) -> Option<u64> {
        Some(DlxSolver::guesses(self))
    }

    fn progress(&self) -> Progress {
        self.fill.progress.clone()
    }
}

mod locked;
#[cfg(test)]
mod tests;
