//! The smallest-fill policy, written once for both DLX solvers, and the witness
//! construction it falls back on.
//!
//! ```
//! use sudoku_dlx::sudoku::{DlxSolver, Grid, Outcome, Shape};
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
//! 2. with two or more, a search choosing *forced, then leftmost*, which meets the fills in
//!    lexicographic order (the proof is in [`encoding`](super::encoding)); its first fill
//!    is the answer;
//! 3. past [`LEX_DFS_BUDGET`] nodes in step 2 (near-empty large grids), the witness
//!    construction below, starting from the first fill of step 1.
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

use super::grid::{Grid, Shape};
use super::{CountOutcome, GaveUp, NoSolution, Outcome};
use crate::exact_cover::{Limits, SearchEnd};

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
}

/// One Sudoku search on a dancing-links matrix, as the policy needs it. Implemented by both
/// DLX solvers, so that [`smallest_fill`] and [`count_fills`] are written once.
pub(crate) trait FillSearch {
    /// The shape of the grids this solver takes.
    fn shape(&self) -> Shape;

    /// Starts a puzzle: the matrix with the givens of `puzzle` placed, whatever any earlier
    /// search left. `Err` when the givens clash (or cannot all be placed).
    ///
    /// # Panics
    /// If `puzzle` has another shape than the solver.
    fn place_givens(&mut self, puzzle: &Grid) -> Result<(), NoSolution>;

    /// Brings back the state right after the last [`place_givens`](Self::place_givens)
    /// of `puzzle`, after a search that may have stopped early.
    fn restart(&mut self, puzzle: &Grid);

    /// Searches from the placed givens until `stop_at` fills are met or a limit ends it.
    /// The first fill met is written into `first` (the cells the search fills; the givens'
    /// cells are left as they are). Returns the fills met and how the search ended; the
    /// nodes it tried are added to [`nodes`](Self::nodes).
    fn search(
        &mut self,
        branching: Branching,
        limits: Limits,
        stop_at: u64,
        first: Option<&mut [u8]>,
    ) -> (u64, SearchEnd);

    /// Search nodes (options tried) so far, over every call.
    fn nodes(&self) -> u64;

    /// Nodes the forced-then-leftmost search may use before the witness construction.
    fn lex_dfs_budget(&self) -> u64;

    /// The scratch answer, `shape().cells()` long, kept so that solving allocates only the
    /// grid it returns.
    fn scratch(&mut self) -> &mut Vec<u8>;
}

/// What a search that ended with `end` says about the fills, if it ended at a limit.
fn gave_up(end: SearchEnd) -> Result<(), GaveUp> {
    GaveUp::from_end(end).map_or(Ok(()), Err)
}

/// The lexicographically smallest fill of `puzzle` within `limits` (the node limit covers
/// the whole solve): the policy of the module docs.
pub(crate) fn smallest_fill<S: FillSearch>(s: &mut S, puzzle: &Grid, limits: Limits) -> Outcome {
    if let Err(why) = s.place_givens(puzzle) {
        return Outcome::NoSolution(why);
    }
    let start = s.nodes();
    // Taken out (no allocation) so that the searches can write it.
    let mut answer = std::mem::take(s.scratch());
    answer.copy_from_slice(puzzle.cells());
    let (found, end) = s.search(Branching::Mrv, limits, 2, Some(&mut answer));
    let shape = s.shape();
    let grid = |answer: &[u8]| Grid::from_values(shape, answer).expect("values are in range");
    let outcome = match (found, gave_up(end)) {
        (0 | 1, Err(why)) => Some(Outcome::GaveUp(why)),
        (0, _) => Some(Outcome::NoSolution(NoSolution::Unsolvable)),
        (1, _) => Some(Outcome::Solved(grid(&answer))),
        _ => None,
    };
    if let Some(outcome) = outcome {
        *s.scratch() = answer;
        return outcome;
    }
    // Several fills: search again, meeting them in lexicographic order; the first fill
    // found above is kept as the witness in case that search runs too long.
    let witness = answer.clone();
    let rest = Limits {
        max_nodes: limits.max_nodes.saturating_sub(s.nodes() - start),
        ..limits
    };
    let budget = s.lex_dfs_budget();
    let dfs = Limits {
        max_nodes: rest.max_nodes.min(budget),
        ..rest
    };
    s.restart(puzzle);
    answer.copy_from_slice(puzzle.cells());
    let (_, end) = s.search(Branching::ForcedThenLeftmost, dfs, 1, Some(&mut answer));
    let outcome = match end {
        SearchEnd::Stopped => Outcome::Solved(grid(&answer)),
        SearchEnd::NodeLimit if rest.max_nodes > budget => {
            smallest_from_witness(puzzle, &witness, |partial, fill| {
                if s.place_givens(partial).is_err() {
                    return Ok(false);
                }
                let rest = Limits {
                    max_nodes: limits.max_nodes.saturating_sub(s.nodes() - start),
                    ..limits
                };
                fill.copy_from_slice(partial.cells());
                let (found, end) = s.search(Branching::Mrv, rest, 1, Some(fill));
                gave_up(end).map(|()| found > 0)
            })
        }
        SearchEnd::NodeLimit => Outcome::GaveUp(GaveUp::NodeLimit),
        SearchEnd::Deadline => Outcome::GaveUp(GaveUp::Timeout),
        // Cannot happen: the first search found two fills.
        SearchEnd::Exhausted => Outcome::NoSolution(NoSolution::Unsolvable),
    };
    *s.scratch() = answer;
    outcome
}

/// The number of fills of `puzzle` up to `limit`, by MRV within `limits`.
pub(crate) fn count_fills<S: FillSearch>(
    s: &mut S,
    puzzle: &Grid,
    limit: u64,
    limits: Limits,
) -> CountOutcome {
    if s.place_givens(puzzle).is_err() {
        return CountOutcome::NONE;
    }
    let (solutions, end) = s.search(Branching::Mrv, limits, limit, None);
    CountOutcome::after(solutions, end)
}

/// Builds the smallest fill of `puzzle` from `witness` (any fill of it).
///
/// `first_fill(partial, out)` must run an MRV search on `partial` (a grid whose fixed cells
/// do not clash) and, if it finds a fill, write it into `out` (every cell) and return
/// `Ok(true)`; `Ok(false)` when there is none; `Err` when a search limit ended it.
fn smallest_from_witness(
    puzzle: &Grid,
    witness: &[u8],
    mut first_fill: impl FnMut(&Grid, &mut [u8]) -> Result<bool, GaveUp>,
) -> Outcome {
    let shape = puzzle.shape();
    let n = shape.side();
    let mut witness = witness.to_vec();
    let mut trial = vec![0u8; witness.len()];
    let mut partial = puzzle.clone();
    for cell in 0..shape.cells() {
        let (row, col) = (cell / n, cell % n);
        if partial.get(row, col) != 0 {
            continue;
        }
        for value in 1..witness[cell] {
            partial.set(row, col, value);
            if !partial.consistent_at(row, col) {
                continue;
            }
            match first_fill(&partial, &mut trial) {
                Ok(true) => {
                    debug_assert_eq!(trial[cell], value);
                    std::mem::swap(&mut witness, &mut trial);
                    break;
                }
                Ok(false) => {}
                Err(why) => return Outcome::GaveUp(why),
            }
        }
        partial.set(row, col, witness[cell]);
    }
    match Grid::from_values(shape, &witness) {
        Ok(fill) if fill.is_complete_solution_of(puzzle) => Outcome::Solved(fill),
        // Cannot happen for a correct first_fill; say so rather than answer wrongly.
        _ => Outcome::NoSolution(NoSolution::Unsolvable),
    }
}
