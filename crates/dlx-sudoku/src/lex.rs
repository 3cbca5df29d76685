//! The smallest-fill policy, written once for both DLX solvers, and the witness
//! construction it falls back on.
//!
//! ```
//! use dlx_sudoku::{DlxSolver, Grid, Outcome, Shape, SudokuSolver};
//!
//! // The empty 25×25 grid: row-by-row search meets long dead ends here; the witness
//! // construction below takes over and still gives the smallest fill.
//! let shape = Shape::for_side(25).unwrap();
//! let mut solver = DlxSolver::new(shape);
//! let Outcome::Solved(fill) = solver.solve(&Grid::empty(shape)) else { panic!() };
//! assert!(fill.is_complete_solution_of(&Grid::empty(shape)));
//! assert!(fill.to_line().starts_with("123456789ABCDEFGHIJKLMNOP"));
//! ```
//!
//! Both DLX solvers ([`DlxSolver`](super::DlxSolver) and
//! [`GenericDlxSolver`](super::GenericDlxSolver)) implement [`FillSearch`]: place the
//! givens, run one search with a given item choice. [`smallest_fill`] is the policy on top
//! of it, for both:
//!
//! 1. an MRV search counting to two fills: none, or exactly one, is the answer;
//! 2. with two or more (or when step 1 passes [`COUNT_BUDGET`] nodes, a heavy tail: then
//!    a first fill, if step 1 has none, comes from restarting searches, see below), a
//!    search choosing *forced, then leftmost*, which meets the fills in lexicographic
//!    order (the proof is in [`encoding`](super::encoding)); its first fill is the answer;
//! 3. past [`LEX_DFS_BUDGET`] nodes in step 2 (near-empty large grids), the witness
//!    construction below, starting from the first fill of step 1.
//!
//! So a puzzle with one fill costs step 1 alone: on the public sets, where every puzzle is
//! unique, the answer costs 1.00–1.01× the uniqueness check.
//!
//! Every search in the witness construction, and the search for a first fill after step 1
//! gave up counting, only asks "is there a fill?" ([`first_fill`]). Backtracking search on
//! Sudoku has a heavy tail: one early choice can lead into a subtree with no fill that
//! takes millions of nodes to refute, where another order finds a fill in a few hundred.
//! So two searches take turns, each run cut off after a unit times the next term of Luby's
//! sequence (1, 1, 2, 1, 1, 2, 4, …):
//!
//! * the solver's own MRV search, the first run with the plain leftmost tie-break, then
//!   runs with random tie-breaks ([`Branching::MrvRandomTies`]), in units of `4·cells`
//!   nodes; on classic grids runs 1, 2, 4, 8, … repeat the leftmost search with its
//!   cutoff doubling. Restarts bound what a bad early choice costs when there is a fill;
//! * the [`Propagator`] of [`propagate`](super::propagate), in units of `cells / 64`
//!   branches. Restarts do not help prove that there is *no* fill, and the construction
//!   must prove that for every value below the answer's, given the cells before it; on
//!   some random 16×16 puzzles one such proof took MRV over 300 M nodes. The propagator
//!   reasons more per node (Hall's condition per band and stack, binary branching, and
//!   failure weights that steer it to where the contradiction lies) and settles them in
//!   about a hundred branches.
//!
//! Since the cutoffs grow without bound, a run that needs the whole tree still gets it.
//! The answer never depends on the runs: each search only says whether a fill exists, and
//! every rule of the propagator is sound. Both solvers run the same propagator and add its
//! branches to their node counts, so they still report equal counts.
//!
//! [`count_fills`] is the count with the same placement and item choice.
//!
//! # The witness construction
//!
//! The row-by-row search of step 2 is fast on 9×9 puzzles but can wander for millions of
//! nodes on near-empty large grids. Past its node budget:
//!
//! * keep a *witness*: some fill of the puzzle with every cell fixed so far;
//! * for each empty cell in row-major order, try the values below the witness's value in
//!   ascending order; a value stays if an MRV search finds a fill with it (that fill
//!   becomes the witness), otherwise the next is tried; if none stays, the witness's own
//!   value is fixed (it is known to extend to a fill).
//!
//! Each cell so gets the smallest value that still extends to a fill, given the smaller
//! values chosen before it, which is exactly the lexicographically smallest fill. The MRV
//! searches are quick: near-empty grids have fills everywhere, and where a value is
//! impossible most cells are already fixed.

use super::grid::Grid;
use super::propagate::{Feasible, Propagator};
use super::{CountOutcome, GaveUp, NoSolution, Outcome, Progress};
use dlx_cover::{Limits, SearchEnd};
use std::ops::ControlFlow;

/// Nodes the forced-then-leftmost search may use before the witness construction takes
/// over. 9×9 puzzles stay far below it (a few hundred nodes is typical, even for the
/// puzzles of `tests/lexicographic.rs` that defeat row-major backtracking); near-empty
/// 25×25 grids need tens of millions.
pub const LEX_DFS_BUDGET: u64 = 100_000;

/// How a [`FillSearch`] chooses the item to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Branching {
    /// Minimum remaining values: for feasibility and counting.
    Mrv,
    /// Forced items first, otherwise the first empty cell: fills in lexicographic order.
    ForcedThenLeftmost,
    /// MRV with ties among the shortest items broken at random by a [`TieBreaker`](crate::rng::TieBreaker) with
    /// this seed: for the restarts of the feasibility searches.
    MrvRandomTies(u64),
}

/// A puzzle as the policy sees it: one value per cell (0 blank), some cells perhaps not to
/// be filled at all (a variant's holes). [`Grid`] is one; the variant solver's puzzles are
/// another.
pub(crate) trait FillPuzzle: Clone {
    /// One value per cell, 0 for blank (and for a hole).
    fn values(&self) -> &[u8];

    /// True when the search fills `cell`: blank, and not a hole.
    fn is_open(&self, cell: usize) -> bool;

    /// Sets `cell` to `value` (0 clears it).
    fn set(&mut self, cell: usize, value: u8);

    /// True when the value at `cell` repeats no symbol in a house (or cage) of `cell`.
    fn consistent_at(&self, cell: usize) -> bool;

    /// True when `fill` (one value per cell) fills this puzzle: it keeps the givens, fills
    /// every open cell and breaks no rule.
    fn is_filled_by(&self, fill: &[u8]) -> bool;

    /// The puzzle as a classic grid, for the [`Propagator`] (which knows only those).
    fn as_grid(&self) -> Option<&Grid>;
}

impl FillPuzzle for Grid {
    fn values(&self) -> &[u8] {
        self.cells()
    }

    fn is_open(&self, cell: usize) -> bool {
        self.cells()[cell] == 0
    }

    fn set(&mut self, cell: usize, value: u8) {
        let n = self.shape().side();
        Grid::set(self, cell / n, cell % n, value);
    }

    fn consistent_at(&self, cell: usize) -> bool {
        let n = self.shape().side();
        Grid::consistent_at(self, cell / n, cell % n)
    }

    fn is_filled_by(&self, fill: &[u8]) -> bool {
        Grid::from_values(self.shape(), fill).is_ok_and(|g| g.is_complete_solution_of(self))
    }

    fn as_grid(&self) -> Option<&Grid> {
        Some(self)
    }
}

/// One search on a dancing-links matrix, as the policy needs it. Implemented by both DLX
/// solvers and by the variant solver, so that [`smallest_values`] and [`count_fills`] are
/// written once.
pub(crate) trait FillSearch {
    /// The puzzles this solver takes.
    type Puzzle: FillPuzzle;

    /// Values in a fill: the puzzle's cells (holes included).
    fn cells(&self) -> usize;

    /// Starts a puzzle: the matrix with the givens of `puzzle` placed, whatever any earlier
    /// search left. `Err` when the givens clash (or cannot all be placed).
    ///
    /// # Panics
    /// If `puzzle` has another shape than the solver.
    fn place_givens(&mut self, puzzle: &Self::Puzzle) -> Result<(), NoSolution>;

    /// Brings back the state right after the last [`place_givens`](Self::place_givens)
    /// of `puzzle`, after a search that may have stopped early.
    fn restart(&mut self, puzzle: &Self::Puzzle);

    /// Searches from the placed givens, each fill met going to `fills` (which writes the
    /// first into its answer: the cells the search fills; the givens' cells are left as
    /// they are), until `fills` says stop or a limit ends it. Returns how the search ended;
    /// the nodes it tried are added to [`nodes`](Self::nodes).
    fn search(&mut self, branching: Branching, limits: Limits, fills: &mut Fills) -> SearchEnd;

    /// Search nodes (options tried) so far, over every call.
    fn nodes(&self) -> u64;

    /// What the policy keeps in the solver between calls.
    fn fill_state(&mut self) -> &mut FillState;
}

/// The fills one [`FillSearch::search`] meets: counts them, has the first written into the
/// answer, and says when to stop (at `stop_at` fills). The one visit rule of every solver.
pub(crate) struct Fills<'a> {
    found: u64,
    stop_at: u64,
    first: Option<&'a mut [u8]>,
}

impl<'a> Fills<'a> {
    pub(crate) fn new(stop_at: u64, first: Option<&'a mut [u8]>) -> Fills<'a> {
        Fills {
            found: 0,
            stop_at,
            first,
        }
    }

    /// A fill met: `write` puts its values into the answer (called for the first fill
    /// only, when an answer is wanted). Breaks at the `stop_at`-th fill.
    #[inline]
    pub(crate) fn met(&mut self, write: impl FnOnce(&mut [u8])) -> ControlFlow<()> {
        self.found += 1;
        if self.found == 1
            && let Some(answer) = self.first.as_deref_mut()
        {
            write(answer);
        }
        if self.found >= self.stop_at {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Fills met so far.
    pub(crate) fn found(&self) -> u64 {
        self.found
    }
}

/// What the policy keeps in every solver between calls, one field each.
#[derive(Debug, Clone)]
pub(crate) struct FillState {
    /// Nodes the forced-then-leftmost search may use before the witness construction.
    pub lex_dfs_budget: u64,
    /// The scratch answer, [`FillSearch::cells`] long, kept so that solving allocates
    /// only the answer it returns.
    pub answer: Vec<u8>,
    /// What the last [`smallest_values`] learnt before a limit ended it (reset by each).
    pub progress: Progress,
    /// The branches of [`Propagator`] searches run for this solver, over every call: each
    /// solver counts them in its nodes (the DLX solver in its guesses too).
    pub extra_nodes: u64,
}

impl FillState {
    /// The state of a fresh solver for puzzles of `cells` values.
    pub fn new(cells: usize) -> FillState {
        FillState {
            lex_dfs_budget: LEX_DFS_BUDGET,
            answer: vec![0; cells],
            progress: Progress::default(),
            extra_nodes: 0,
        }
    }
}

/// Why [`smallest_values`] has no fill to give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unfilled {
    /// There is none.
    NoSolution(NoSolution),
    /// A limit ended the search first.
    GaveUp(GaveUp),
}

/// What a search that ended with `end` says about the fills, if it ended at a limit.
fn gave_up(end: SearchEnd) -> Result<(), GaveUp> {
    GaveUp::from_end(end).map_or(Ok(()), Err)
}

/// Nodes the MRV search counting to two may use; past it, [`smallest_fill`] stops
/// counting (the answer does not need the count) and goes on with restarting searches.
/// 9×9 puzzles stay far below it; it cuts off the heavy tail of random 16×16 puzzles
/// (one took 715 M nodes for its first fill by deterministic MRV).
pub const COUNT_BUDGET: u64 = 100_000;

/// The `k`-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …: the
/// restart cutoffs, in units, of [`first_fill`].
fn luby(k: u64) -> u64 {
    let mut k = k;
    loop {
        // The smallest 2^j - 1 >= k.
        let mut top = 1u64;
        while top < k {
            top = 2 * top + 1;
        }
        if top == k {
            return top.div_ceil(2);
        }
        k -= top / 2;
    }
}

/// Whether `partial` has a fill, writing it into `fill`: two searches taking turns, each
/// run cut off after a unit times the next term of Luby's sequence:
///
/// * dancing-links MRV (units of `4·cells` nodes), the first run with the plain leftmost
///   tie-break, later runs with random tie-breaks: quick to find a fill;
/// * the [`Propagator`] (units of `cells / 64` branches, each far dearer than a node), the first run leftmost, later
///   runs with random tie-breaks, the failure weights kept from run to run: quick to prove
///   there is none.
///
/// A bad early choice so costs one cutoff instead of an exponential subtree, and since the
/// cutoffs grow without bound a run that needs the whole tree still gets it. Each run that
/// ends within its cutoff is exact (a fill, or none), so the answer never depends on the
/// runs. `limits` and `start` as in [`smallest_fill`]; `prop` is made on first use.
fn first_fill<S: FillSearch>(
    s: &mut S,
    prop: &mut Option<Propagator>,
    partial: &S::Puzzle,
    limits: Limits,
    start: u64,
    fill: &mut [u8],
) -> Result<bool, GaveUp> {
    let cells = s.cells() as u64;
    let unit = 4 * cells;
    let branch_unit = (cells / 64).max(1);
    for run in 1u64.. {
        let seed = run.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // Dancing links.
        if s.place_givens(partial).is_err() {
            return Ok(false);
        }
        let left = limits.spent(s.nodes() - start);
        // On classic grids, runs 1, 2, 4, 8, …: the leftmost MRV search again, its cutoff
        // doubling, so that a subtree with no fill that MRV refutes in some 10^5 nodes is
        // refuted at that cost (random ties can make that tree far larger, and Luby's
        // cutoffs reach it late); measured on random near-empty 25×25 grids: 20 s → 1.2 s
        // and 9 s → 0.6 s, others within ±25 %. Variants (empty 16×16 windoku: 1.4× the
        // nodes) keep Luby's cutoffs with random ties throughout.
        let doubling = run.is_power_of_two() && partial.as_grid().is_some();
        let (cutoff, branching) = if doubling {
            (unit.saturating_mul(run), Branching::Mrv)
        } else if run == 1 {
            (unit, Branching::Mrv)
        } else {
            (
                unit.saturating_mul(luby(run)),
                Branching::MrvRandomTies(seed),
            )
        };
        fill.copy_from_slice(partial.values());
        let rest = left.at_most(cutoff);
        match s.search(branching, rest, &mut Fills::new(1, Some(fill))) {
            SearchEnd::Stopped => return Ok(true),
            SearchEnd::Exhausted => return Ok(false),
            SearchEnd::Deadline => return Err(GaveUp::Timeout),
            SearchEnd::NodeLimit if left.max_nodes <= cutoff => {
                return Err(GaveUp::NodeLimit);
            }
            SearchEnd::NodeLimit => {}
        }
        // Propagation, on classic grids (variants take the restarts alone).
        let Some(grid) = partial.as_grid() else {
            continue;
        };
        let prop = prop.get_or_insert_with(|| Propagator::new(grid.shape()));
        if run == 1 {
            prop.forget();
        }
        let left = limits.spent(s.nodes() - start);
        let cutoff = branch_unit.saturating_mul(luby(run));
        let rest = left.at_most(cutoff);
        let (answer, tried) = prop.first_fill(grid, if run == 1 { 0 } else { seed }, rest, fill);
        s.fill_state().extra_nodes += tried;
        match answer {
            Feasible::Yes => return Ok(true),
            Feasible::No => return Ok(false),
            Feasible::Unknown(SearchEnd::NodeLimit) if left.max_nodes > cutoff => {}
            Feasible::Unknown(SearchEnd::NodeLimit) => return Err(GaveUp::NodeLimit),
            Feasible::Unknown(_) => return Err(GaveUp::Timeout),
        }
    }
    unreachable!("the runs never end")
}

/// The lexicographically smallest fill of `puzzle` within `limits` (the node limit covers
/// the whole solve): the policy of the module docs, for a classic grid.
pub(crate) fn smallest_fill<S: FillSearch<Puzzle = Grid>>(
    s: &mut S,
    puzzle: &Grid,
    limits: Limits,
) -> Outcome {
    match smallest_values(s, puzzle, limits) {
        Ok(()) => Outcome::Solved(
            Grid::from_values(puzzle.shape(), &s.fill_state().answer).expect("values are in range"),
        ),
        Err(Unfilled::NoSolution(why)) => Outcome::NoSolution(why),
        Err(Unfilled::GaveUp(why)) => Outcome::GaveUp(why),
    }
}

/// The lexicographically smallest fill of `puzzle` within `limits` (the node limit covers
/// the whole solve), left in the solver's [`scratch`](FillSearch::scratch): the policy of
/// the module docs.
pub(crate) fn smallest_values<S: FillSearch>(
    s: &mut S,
    puzzle: &S::Puzzle,
    limits: Limits,
) -> Result<(), Unfilled> {
    s.fill_state().progress = Progress::default();
    if let Err(why) = s.place_givens(puzzle) {
        return Err(Unfilled::NoSolution(why));
    }
    let start = s.nodes();
    // Taken out (no allocation) so that the searches can write it.
    let mut answer = std::mem::take(&mut s.fill_state().answer);
    let outcome = smallest_into(s, puzzle, limits, start, &mut answer);
    s.fill_state().answer = answer;
    outcome
}

/// [`smallest_values`] once the givens are placed, writing into `answer`.
fn smallest_into<S: FillSearch>(
    s: &mut S,
    puzzle: &S::Puzzle,
    limits: Limits,
    start: u64,
    answer: &mut [u8],
) -> Result<(), Unfilled> {
    answer.copy_from_slice(puzzle.values());
    let counting = limits.at_most(COUNT_BUDGET);
    let mut fills = Fills::new(2, Some(answer));
    let end = s.search(Branching::Mrv, counting, &mut fills);
    let found = fills.found();
    s.fill_state().progress.fill_exists = found > 0;
    let cut_short = end == SearchEnd::NodeLimit && limits.max_nodes > COUNT_BUDGET;
    match (found, gave_up(end)) {
        (0 | 1, Err(_)) if cut_short => {}
        (0 | 1, Err(why)) => return Err(Unfilled::GaveUp(why)),
        (0, _) => return Err(Unfilled::NoSolution(NoSolution::Unsolvable)),
        (1, _) => return Ok(()),
        _ => {}
    }
    let mut prop = None;
    // Several fills, or counting was cut short: search again, meeting the fills in
    // lexicographic order; a first fill is kept as the witness in case that search runs
    // too long.
    if found == 0 {
        match first_fill(s, &mut prop, puzzle, limits, start, answer) {
            Ok(true) => s.fill_state().progress.fill_exists = true,
            Ok(false) => return Err(Unfilled::NoSolution(NoSolution::Unsolvable)),
            Err(why) => return Err(Unfilled::GaveUp(why)),
        }
    }
    let witness = answer.to_vec();
    let rest = limits.spent(s.nodes() - start);
    let budget = s.fill_state().lex_dfs_budget;
    let dfs = rest.at_most(budget);
    s.restart(puzzle);
    answer.copy_from_slice(puzzle.values());
    let end = s.search(
        Branching::ForcedThenLeftmost,
        dfs,
        &mut Fills::new(1, Some(answer)),
    );
    match end {
        SearchEnd::Stopped => Ok(()),
        SearchEnd::NodeLimit if rest.max_nodes > budget => {
            smallest_from_witness(puzzle, &witness, answer, |p, fill| {
                first_fill(s, &mut prop, p, limits, start, fill)
            })
            .map_err(|(why, settled)| {
                s.fill_state().progress.settled = answer[..settled].to_vec();
                why
            })
        }
        SearchEnd::NodeLimit => Err(Unfilled::GaveUp(GaveUp::NodeLimit)),
        SearchEnd::Deadline => Err(Unfilled::GaveUp(GaveUp::Timeout)),
        // Cannot happen: a fill is known.
        SearchEnd::Exhausted => Err(Unfilled::NoSolution(NoSolution::Unsolvable)),
    }
}

/// The number of fills of `puzzle` up to `limit`, by MRV within `limits`.
pub(crate) fn count_fills<S: FillSearch>(
    s: &mut S,
    puzzle: &S::Puzzle,
    limit: u64,
    limits: Limits,
) -> CountOutcome {
    if s.place_givens(puzzle).is_err() {
        return CountOutcome::NONE;
    }
    let mut fills = Fills::new(limit, None);
    let end = s.search(Branching::Mrv, limits, &mut fills);
    CountOutcome::after(fills.found(), end)
}

/// Builds the smallest fill of `puzzle` from `witness` (any fill of it) into `answer`.
///
/// `first_fill(partial, out)` must search `partial` (a puzzle whose fixed cells do not
/// clash) and, if it finds a fill, write it into `out` (every cell) and return `Ok(true)`;
/// `Ok(false)` when there is none; `Err` when a search limit ended it. Then `answer` holds
/// the last witness, and the error says how many of its first cells are the smallest fill's.
fn smallest_from_witness<P: FillPuzzle>(
    puzzle: &P,
    witness: &[u8],
    answer: &mut [u8],
    mut first_fill: impl FnMut(&P, &mut [u8]) -> Result<bool, GaveUp>,
) -> Result<(), (Unfilled, usize)> {
    let mut witness = witness.to_vec();
    let mut trial = vec![0u8; witness.len()];
    let mut partial = puzzle.clone();
    for cell in 0..witness.len() {
        if !partial.is_open(cell) {
            continue;
        }
        for value in 1..witness[cell] {
            partial.set(cell, value);
            if !partial.consistent_at(cell) {
                continue;
            }
            match first_fill(&partial, &mut trial) {
                Ok(true) => {
                    debug_assert_eq!(trial[cell], value);
                    std::mem::swap(&mut witness, &mut trial);
                    break;
                }
                Ok(false) => {}
                Err(why) => {
                    answer.copy_from_slice(&witness);
                    return Err((Unfilled::GaveUp(why), cell));
                }
            }
        }
        partial.set(cell, witness[cell]);
    }
    if puzzle.is_filled_by(&witness) {
        answer.copy_from_slice(&witness);
        Ok(())
    } else {
        // Cannot happen for a correct first_fill; say so rather than answer wrongly.
        Err((Unfilled::NoSolution(NoSolution::Unsolvable), 0))
    }
}
