//! The lexicographically smallest fill when the forced-then-leftmost search is too slow.
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
//! Both DLX solvers first try the search that branches on the first empty cell with forced
//! moves in between (see `dlx.rs`); it is fast on 9×9 puzzles but can wander for millions
//! of nodes on near-empty large grids. Past a node budget they switch to this construction:
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
use super::{GaveUp, NoSolution, Outcome};

/// Nodes the forced-then-leftmost search may use before the witness construction takes
/// over. 9×9 puzzles stay far below it (a few hundred nodes is typical, even for the
/// puzzles of `tests/lexicographic.rs` that defeat row-major backtracking); near-empty
/// 25×25 grids need tens of millions.
pub const LEX_DFS_BUDGET: u64 = 100_000;

/// Builds the smallest fill of `puzzle` from `witness` (any fill of it).
///
/// `first_fill(partial, out)` must run an MRV search on `partial` (a grid whose fixed cells
/// do not clash) and, if it finds a fill, write it into `out` (every cell) and return
/// `Ok(true)`; `Ok(false)` when there is none; `Err` when a search limit ended it.
pub(crate) fn smallest_from_witness(
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
