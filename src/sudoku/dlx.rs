//! Sudoku as exact cover, solved by the [`exact_cover`](crate::exact_cover) engine.
//!
//! For side `n` there are `4n²` primary items, in this order:
//!
//! | items            | meaning                              |
//! |------------------|--------------------------------------|
//! | `0 .. n²`        | cell `(r, c)` is filled, row-major   |
//! | `n² .. 2n²`      | row `r` has value `v`                |
//! | `2n² .. 3n²`     | column `c` has value `v`             |
//! | `3n² .. 4n²`     | box `b` has value `v`                |
//!
//! and `n³` options, option `(r·n + c)·n + (v − 1)` = "cell `(r, c)` holds `v`", added in
//! that order, so every item's list runs in ascending option order.
//!
//! # The lexicographically smallest answer
//!
//! A puzzle with several fills is answered with the smallest one read row by row. The solver
//! first runs MRV ([`Chooser::MrvStopAtOne`], the rule of the specialised
//! [`DlxSolver`](super::DlxSolver), so that both walk the same tree) counting to two
//! solutions; with one solution that is the answer. With two or more it searches again with
//! [`Chooser::ForcedThenLeftmost`], which finds the smallest fill first. Why:
//!
//! * a *forced* item (0 or 1 options left) is taken in every solution below the current node,
//!   so taking it first drops no solution and reorders none;
//! * otherwise the leftmost active item is a cell item (cells come first), and it is the
//!   first empty cell in row-major order, since a cell item is covered exactly when the cell
//!   is filled. Every cell before it is already fixed, so all solutions in the subtree share
//!   that prefix; its options are tried in list order, which is ascending value, and
//!   dancing links restores list order on backtracking.
//!
//! So the search meets the solutions in lexicographic order, and the first one is the
//! smallest. Forced moves keep it fast where plain row-major backtracking is not (they are
//! naked and hidden singles); the tests check it against an independent oracle.

use std::ops::ControlFlow;

use super::grid::{Grid, Shape};
use super::lex::{self, LEX_DFS_BUDGET};
use super::{CountOutcome, GaveUp, NoSolution, Outcome, SudokuSolver, count_up_to};
use crate::exact_cover::{Chooser, Limits, Problem, SearchEnd, Solver};

/// The dancing-links Sudoku solver on the generic [`exact_cover`](crate::exact_cover) engine,
/// for one shape; build once, solve many puzzles. The reference for the specialised
/// [`DlxSolver`](super::DlxSolver), which walks the same search tree faster.
#[derive(Debug, Clone)]
pub struct GenericDlxSolver {
    shape: Shape,
    solver: Solver,
    /// Scratch answer, reused so that solving allocates only the grid it returns.
    answer: Vec<u8>,
    /// Nodes the forced-then-leftmost search may use before the witness construction of
    /// `lex.rs` takes over.
    lex_dfs_budget: u64,
}

/// The exact-cover problem of an empty grid of `shape` (see the module docs for the layout).
pub fn problem(shape: Shape) -> Problem {
    let n = shape.side();
    let nn = n * n;
    let mut p = Problem::new(4 * nn, 0).expect("a Sudoku of side <= 25 fits the arena");
    for r in 0..n {
        for c in 0..n {
            let b = shape.box_of(r, c);
            for v in 0..n {
                p.add_option([
                    r * n + c,
                    nn + r * n + v,
                    2 * nn + c * n + v,
                    3 * nn + b * n + v,
                ])
                .expect("the encoding names four distinct primary items");
            }
        }
    }
    p
}

impl GenericDlxSolver {
    /// A solver for grids of `shape`.
    pub fn new(shape: Shape) -> GenericDlxSolver {
        GenericDlxSolver {
            shape,
            solver: Solver::new(&problem(shape)),
            answer: vec![0; shape.cells()],
            lex_dfs_budget: LEX_DFS_BUDGET,
        }
    }

    /// Sets how many nodes the row-by-row search for the smallest fill may use before the
    /// witness construction takes over ([`LEX_DFS_BUDGET`] by default); as for
    /// [`DlxSolver::set_lex_dfs_budget`](super::DlxSolver::set_lex_dfs_budget).
    pub fn set_lex_dfs_budget(&mut self, nodes: u64) {
        self.lex_dfs_budget = nodes;
    }

    /// The shape this solver takes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The lexicographically smallest fill of `puzzle`, or why there is none.
    ///
    /// # Panics
    /// If `puzzle` has another shape than the solver.
    pub fn solve(&mut self, puzzle: &Grid) -> Outcome {
        self.solve_within(puzzle, Limits::default())
    }

    /// Selects the givens; `Err` when they clash.
    fn place_givens(&mut self, puzzle: &Grid) -> Result<(), NoSolution> {
        assert_eq!(
            puzzle.shape(),
            self.shape,
            "puzzle shape differs from the solver's"
        );
        if let Some(clash) = puzzle.clash() {
            return Err(NoSolution::Clash(clash));
        }
        let n = self.shape.side();
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                // Cannot fail: the givens do not clash, and each cell is selected once.
                if self.solver.select(cell * n + v as usize - 1).is_err() {
                    self.solver.clear_selection();
                    return Err(NoSolution::Unsolvable);
                }
            }
        }
        Ok(())
    }

    fn record(answer: &mut [u8], n: usize, options: &[usize]) {
        for &o in options {
            answer[o / n] = (o % n) as u8 + 1;
        }
    }

    /// Solves with the givens of `puzzle` selected; may leave a selection behind.
    fn solve_inner(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let n = self.shape.side();
        let start = self.solver.stats().options_tried;
        let mut found = 0u32;
        let answer = &mut self.answer;
        let end = self
            .solver
            .search(Chooser::MrvStopAtOne, limits, |options| {
                found += 1;
                if found == 1 {
                    Self::record(answer, n, options);
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
        match (found, GaveUp::from_end(end)) {
            (0 | 1, Some(why)) => return Outcome::GaveUp(why),
            (0, _) => return Outcome::NoSolution(NoSolution::Unsolvable),
            (1, _) => return Outcome::Solved(self.answer_grid()),
            _ => {}
        }
        // Several solutions: search again, meeting them in lexicographic order; the first
        // fill found above is kept as the witness in case that search runs too long.
        let witness = self.answer.clone();
        let used = self.solver.stats().options_tried - start;
        let rest = Limits {
            max_nodes: limits.max_nodes.saturating_sub(used),
            ..limits
        };
        let dfs = Limits {
            max_nodes: rest.max_nodes.min(self.lex_dfs_budget),
            ..rest
        };
        let answer = &mut self.answer;
        let end = self
            .solver
            .search(Chooser::ForcedThenLeftmost, dfs, |options| {
                Self::record(answer, n, options);
                ControlFlow::Break(())
            });
        match end {
            SearchEnd::Stopped => Outcome::Solved(self.answer_grid()),
            SearchEnd::NodeLimit if rest.max_nodes > self.lex_dfs_budget => {
                self.smallest_by_witness(puzzle, &witness, limits, start)
            }
            SearchEnd::NodeLimit => Outcome::GaveUp(GaveUp::NodeLimit),
            SearchEnd::Deadline => Outcome::GaveUp(GaveUp::Timeout),
            // Cannot happen: the first search found two solutions.
            SearchEnd::Exhausted => Outcome::NoSolution(NoSolution::Unsolvable),
        }
    }

    /// The witness construction of `lex.rs`, each feasibility test an MRV search with the
    /// partial grid's cells selected; `limits` cover the whole solve, which started at node
    /// count `start`.
    fn smallest_by_witness(
        &mut self,
        puzzle: &Grid,
        witness: &[u8],
        limits: Limits,
        start: u64,
    ) -> Outcome {
        self.solver.clear_selection();
        let n = self.shape.side();
        lex::smallest_from_witness(puzzle, witness, |partial, fill| {
            if self.place_givens(partial).is_err() {
                return Ok(false);
            }
            let rest = Limits {
                max_nodes: limits
                    .max_nodes
                    .saturating_sub(self.solver.stats().options_tried - start),
                ..limits
            };
            let end = self.solver.search(Chooser::MrvStopAtOne, rest, |options| {
                Self::record(fill, n, options);
                ControlFlow::Break(())
            });
            self.solver.clear_selection();
            match end {
                SearchEnd::Stopped => Ok(true),
                SearchEnd::Exhausted => Ok(false),
                SearchEnd::NodeLimit => Err(GaveUp::NodeLimit),
                SearchEnd::Deadline => Err(GaveUp::Timeout),
            }
        })
    }

    fn answer_grid(&self) -> Grid {
        Grid::from_values(self.shape, &self.answer).expect("answer values are in range")
    }

    /// Counts the fills of `puzzle` up to `limit`.
    pub fn count(&mut self, puzzle: &Grid, limit: u64) -> CountOutcome {
        self.count_within(puzzle, limit, Limits::default())
    }

    /// Search nodes (options tried) so far, over every call.
    pub fn nodes(&self) -> u64 {
        // Options tried, as DlxSolver counts; the engine's `nodes` adds each search's root
        // (Knuth's convention), which the Sudoku figures never counted.
        let stats = self.solver.stats();
        stats.options_tried
    }
}

impl SudokuSolver for GenericDlxSolver {
    fn name(&self) -> &'static str {
        "dlx-generic"
    }

    fn solve_within(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        if let Err(why) = self.place_givens(puzzle) {
            return Outcome::NoSolution(why);
        }
        let outcome = self.solve_inner(puzzle, limits);
        self.solver.clear_selection();
        outcome
    }

    fn count_within(&mut self, puzzle: &Grid, limit: u64, limits: Limits) -> CountOutcome {
        if self.place_givens(puzzle).is_err() {
            return CountOutcome::NONE;
        }
        let mut solutions = 0u64;
        let end = self.solver.search(
            Chooser::MrvStopAtOne,
            limits,
            count_up_to(limit, &mut solutions),
        );
        self.solver.clear_selection();
        CountOutcome::after(solutions, end)
    }

    fn nodes(&self) -> u64 {
        GenericDlxSolver::nodes(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_grid_gives_the_smallest_fill() {
        let mut s = GenericDlxSolver::new(Shape::CLASSIC);
        let Outcome::Solved(g) = s.solve(&Grid::empty(Shape::CLASSIC)) else {
            panic!("the empty grid has fills");
        };
        assert_eq!(
            g.to_line(),
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
        );
    }

    #[test]
    fn empty_4x4_has_288_fills() {
        let shape = Shape::for_side(4).unwrap();
        let mut s = GenericDlxSolver::new(shape);
        let c = s.count(&Grid::empty(shape), 1000);
        assert_eq!((c.solutions, c.complete), (288, true));
    }

    #[test]
    fn clash_is_reported_with_reason() {
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(2, 0, 7);
        g.set(2, 5, 7);
        let mut s = GenericDlxSolver::new(Shape::CLASSIC);
        match s.solve(&g) {
            Outcome::NoSolution(NoSolution::Clash(c)) => {
                assert_eq!(c.to_string(), "row 3 has two 7s")
            }
            other => panic!("{other:?}"),
        }
    }
}
