//! The backtracking solvers everyone writes first, kept beside dancing links for honest
//! comparison: each fills the blanks in row-major order, trying values in ascending order,
//! and undoes its last placement when a cell has no value left.
//!
//! ```
//! use dlx_sudoku::backtrack::Bitmask;
//! use dlx_sudoku::{Grid, Limits, Outcome, Shape, SudokuSolver};
//!
//! let puzzle: Grid = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
//!     .parse()?;
//! let mut solver = Bitmask::new(Shape::CLASSIC);
//! let Outcome::Solved(answer) = solver.solve_within(&puzzle, Limits::nodes(1_000_000)) else {
//!     panic!("this one is easy for row-major search")
//! };
//! assert!(answer.is_complete_solution_of(&puzzle));
//! # Ok::<(), dlx_sudoku::GridError>(())
//! ```
//!
//! The three differ only in how they decide whether a value may go in a cell:
//!
//! | solver        | test for "value `v` may go in cell `(r, c)`"                      | seeds    |
//! |---------------|-------------------------------------------------------------------|----------|
//! | [`Naive`]     | scan row `r`, column `c` and the box for `v`                      | 000, 002 |
//! | [`Bitmask`]   | one bit per value in a mask per row, column and box               | 001, 003 |
//! | [`Candidates`]| `v` among the cell's candidates (computed once from the givens), then the scans | 004 |
//!
//! # Invariants
//!
//! * A **node** is one value placed. The three solvers visit the same search tree (the
//!   blanks in row-major order, values ascending, the same legality rule), so they place
//!   the same values in the same order and report the same node counts; only the cost of a
//!   node differs.
//! * Row-major order with ascending values meets the fills in lexicographic order, so the
//!   first fill found is the lexicographically smallest: the same answer as
//!   [`DlxSolver`](super::DlxSolver).
//! * The search is a loop over an explicit stack (one value per blank), so a 25×25 grid
//!   cannot overflow the call stack.
//! * [`Limits`] are honoured like the exact-cover engine does: at most `max_nodes` values
//!   are placed, and the deadline is read every [`Limits::CLOCK_EVERY`] nodes.
//! * Clashing givens are reported as [`NoSolution::Clash`] before any search, exactly like
//!   the DLX solver.
//!
//! Row-major backtracking takes time exponential in the number of blanks early in the grid
//! that are not forced: it can run for hours on a 17-clue puzzle that DLX solves in
//! microseconds. Give it a node limit.

mod bitmask;
mod board;
mod candidates;
mod naive;

use std::ops::ControlFlow;

use super::grid::{Grid, Shape};
use super::{CountOutcome, GaveUp, NoSolution, Outcome, SudokuSolver, count_up_to};
use dlx_cover::{Limits, SearchEnd};

use board::Board;

/// Row-major depth-first search over any [`Board`].
#[derive(Debug, Clone)]
struct Engine<B> {
    shape: Shape,
    board: B,
    /// The blank cells, in row-major order.
    blanks: Vec<u16>,
    /// The value placed at each depth (0: none yet).
    values: Vec<u8>,
    /// Nodes over every search.
    nodes: u64,
}

impl<B: Board> Engine<B> {
    fn new(shape: Shape) -> Self {
        Engine {
            shape,
            board: B::new(shape),
            blanks: Vec::with_capacity(shape.cells()),
            values: Vec::with_capacity(shape.cells()),
            nodes: 0,
        }
    }

    /// Visits the fills of `puzzle` (whose givens must not clash) in lexicographic order
    /// until `visit` breaks, the fills run out, or a limit is reached.
    fn search<F>(&mut self, puzzle: &Grid, limits: Limits, mut visit: F) -> SearchEnd
    where
        F: FnMut(&[u8]) -> ControlFlow<()>,
    {
        assert_eq!(
            puzzle.shape(),
            self.shape,
            "puzzle shape differs from the solver's"
        );
        self.board.load(puzzle);
        self.blanks.clear();
        self.blanks.extend(
            puzzle
                .cells()
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v == 0)
                .map(|(i, _)| i as u16),
        );
        self.values.clear();
        self.values.resize(self.blanks.len(), 0);
        let (board, blanks, values) = (&mut self.board, &self.blanks, &mut self.values);
        let mut depth = 0usize;
        let mut tried = 0u64;
        let end = loop {
            if depth == blanks.len() {
                if visit(board.cells()).is_break() {
                    break SearchEnd::Stopped;
                }
                if depth == 0 {
                    break SearchEnd::Exhausted;
                }
                depth -= 1;
                continue;
            }
            let cell = blanks[depth] as usize;
            let prev = values[depth];
            if prev != 0 {
                board.clear(cell, prev);
            }
            let v = board.next(cell, prev);
            if v == 0 {
                values[depth] = 0;
                if depth == 0 {
                    break SearchEnd::Exhausted;
                }
                depth -= 1;
                continue;
            }
            if let Some(end) = limits.reached(tried) {
                break end;
            }
            tried += 1;
            board.place(cell, v);
            values[depth] = v;
            depth += 1;
        };
        self.nodes += tried;
        end
    }

    fn solve_within(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if let Some(clash) = puzzle.clash() {
            return Outcome::NoSolution(NoSolution::Clash(clash));
        }
        let mut answer = None;
        let end = self.search(puzzle, limits, |cells| {
            answer = Some(cells.to_vec());
            ControlFlow::Break(())
        });
        match end {
            SearchEnd::Stopped => {
                let cells = answer.expect("a fill was recorded");
                Outcome::Solved(
                    Grid::from_values(self.shape, &cells).expect("values stay in range"),
                )
            }
            SearchEnd::Exhausted => Outcome::NoSolution(NoSolution::Unsolvable),
            SearchEnd::NodeLimit => Outcome::GaveUp(GaveUp::NodeLimit),
            SearchEnd::Deadline => Outcome::GaveUp(GaveUp::Timeout),
        }
    }

    fn count_within(&mut self, puzzle: &Grid, limit: u64, limits: Limits) -> CountOutcome {
        if puzzle.clash().is_some() {
            return CountOutcome::NONE;
        }
        let mut solutions = 0u64;
        let end = self.search(puzzle, limits, count_up_to(limit, &mut solutions));
        CountOutcome::after(solutions, end)
    }
}

/// Declares a public solver wrapping an [`Engine`] over a board.
macro_rules! solver {
    ($(#[$doc:meta])* $name:ident, $board:ty, $cli:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name {
            engine: Engine<$board>,
        }

        impl $name {
            /// A solver for grids of `shape`.
            pub fn new(shape: Shape) -> Self {
                $name {
                    engine: Engine::new(shape),
                }
            }

            /// The shape this solver takes.
            pub fn shape(&self) -> Shape {
                self.engine.shape
            }
        }

        impl SudokuSolver for $name {
            fn name(&self) -> &'static str {
                $cli
            }

            /// # Panics
            /// If `puzzle` has another shape than the solver.
            fn solve_within(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
                self.engine.solve_within(puzzle, limits)
            }

            /// # Panics
            /// If `puzzle` has another shape than the solver.
            fn count_within(&mut self, puzzle: &Grid, limit: u64, limits: Limits) -> CountOutcome {
                self.engine.count_within(puzzle, limit, limits)
            }

            fn nodes(&self) -> u64 {
                self.engine.nodes
            }
        }
    };
}

solver!(
    /// Scans the row, the column and the box for every value tried (seeds 000 and 002).
    Naive,
    naive::Scan,
    "naive"
);
solver!(
    /// Keeps a mask of used values per row, column and box (seeds 001 and 003).
    Bitmask,
    bitmask::Masks,
    "bitmask"
);
solver!(
    /// Computes each blank's candidates from the givens once, then tries only those,
    /// each checked by scanning (seed 004).
    Candidates,
    candidates::Precomputed,
    "candidates"
);

#[cfg(test)]
mod tests;
