//! Sudoku on the generic [`exact_cover`](dlx_cover) engine: [`GenericDlxSolver`],
//! the reference for the specialised [`DlxSolver`](super::DlxSolver).
//!
//! ```
//! use dlx_sudoku::{GenericDlxSolver, Grid, Outcome, Shape, SudokuSolver};
//!
//! let mut solver = GenericDlxSolver::new(Shape::CLASSIC);
//! let Outcome::Solved(fill) = solver.solve(&Grid::empty(Shape::CLASSIC)) else { panic!() };
//! assert!(fill.to_line().starts_with("123456789456789123789123456214365897"));
//! ```
//!
//! The matrix is [`encoding::problem`](super::encoding::problem); givens are selected with
//! [`Solver::select`]. The answer is the smallest fill by the policy of `lex.rs`, which both
//! DLX solvers share through [`FillSearch`]; the proof is in [`encoding`](super::encoding).

use super::encoding::{self, problem};
use super::grid::{Grid, Shape};
use super::lex::{self, Branching, FillSearch, FillState, Fills};
use super::rng::TieBreaker;
use super::{CountOutcome, NoSolution, Outcome, Progress, SudokuSolver};
use dlx_cover::{ActiveItems, Chooser, ItemChooser, Limits, SearchEnd, Solver};

/// The dancing-links Sudoku solver on the generic [`exact_cover`](dlx_cover) engine,
/// for one shape; build once, solve many puzzles. The reference for the specialised
/// [`DlxSolver`](super::DlxSolver), which walks the same search tree faster when its
/// prunings (early dead ends, pointing and claiming at the root) are turned off
/// (`DlxSolver::set_pruning`).
#[derive(Debug, Clone)]
pub struct GenericDlxSolver {
    shape: Shape,
    solver: Solver,
    /// The policy's scratch answer, progress and witness budget.
    fill: FillState,
    /// The chooser for [`Branching::MrvRandomTies`], reseeded for each search.
    random: RandomTies,
}

/// The engine's item choice for each [`Branching`]: the rules the specialised solver
/// implements too, so that both walk the same tree (MRV is [`Chooser::MrvStopAtOne`],
/// whose scan stops at the first item of length ≤ 1, not the engine's default). `random`
/// is the chooser for [`Branching::MrvRandomTies`].
pub(crate) fn chooser(branching: Branching, random: &mut RandomTies) -> Chooser<'_> {
    match branching {
        Branching::Mrv => Chooser::MrvStopAtOne,
        Branching::ForcedThenLeftmost => Chooser::ForcedThenLeftmost,
        Branching::MrvRandomTies(seed) => {
            random.ties = TieBreaker::new(seed, random.ties_items);
            Chooser::Custom(random)
        }
    }
}

/// MRV with the random tie-break of [`TieBreaker`]: the first item of length ≤ 1, else the
/// first item of minimum length at or after a random item, else the first of all.
#[derive(Debug, Clone)]
pub(crate) struct RandomTies {
    ties: TieBreaker,
    ties_items: usize,
}

impl RandomTies {
    /// The chooser for a problem of `items` primary items (reseeded by [`chooser`]).
    pub(crate) fn new(items: usize) -> RandomTies {
        RandomTies {
            ties: TieBreaker::new(0, items),
            ties_items: items,
        }
    }
}

impl ItemChooser for RandomTies {
    fn choose(&mut self, items: &ActiveItems<'_>) -> Option<usize> {
        let from = self.ties.next();
        let (mut best, mut first, mut after) = (usize::MAX, None, None);
        for (item, len) in items.iter() {
            if len <= 1 {
                return Some(item);
            }
            if len < best {
                (best, first) = (len, Some(item));
                after = (item >= from).then_some(item);
            } else if len == best && after.is_none() && item >= from {
                after = Some(item);
            }
        }
        after.or(first)
    }
}

impl GenericDlxSolver {
    /// A solver for grids of `shape`.
    pub fn new(shape: Shape) -> GenericDlxSolver {
        GenericDlxSolver {
            shape,
            solver: Solver::new(&problem(shape)),
            fill: FillState::new(shape.cells()),
            random: RandomTies::new(4 * shape.cells()),
        }
    }

    /// Sets how many nodes the row-by-row search for the smallest fill may use before the
    /// witness construction takes over ([`LEX_DFS_BUDGET`](crate::LEX_DFS_BUDGET) by default); as for
    /// [`DlxSolver::set_lex_dfs_budget`](super::DlxSolver::set_lex_dfs_budget).
    pub fn set_lex_dfs_budget(&mut self, nodes: u64) {
        self.fill.lex_dfs_budget = nodes;
    }

    /// The shape this solver takes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Search nodes (options tried) so far, over every call.
    pub fn nodes(&self) -> u64 {
        // Options tried, as the specialised solver counts (the engine's `nodes` also
        // counts each search's root).
        let stats = self.solver.stats();
        stats.options_tried + self.fill.extra_nodes
    }
}

impl FillSearch for GenericDlxSolver {
    type Puzzle = Grid;

    fn cells(&self) -> usize {
        self.shape.cells()
    }

    /// Clears any earlier selection and selects the givens.
    fn place_givens(&mut self, puzzle: &Grid) -> Result<(), NoSolution> {
        assert_eq!(
            puzzle.shape(),
            self.shape,
            "puzzle shape differs from the solver's"
        );
        self.solver.clear_selection();
        if let Some(clash) = puzzle.clash() {
            return Err(NoSolution::Clash(clash));
        }
        let n = self.shape.side();
        for (cell, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                let (r, c) = (cell / n, cell % n);
                // Cannot fail: the givens do not clash, and each cell is selected once.
                if self
                    .solver
                    .select(encoding::option(self.shape, r, c, v as usize))
                    .is_err()
                {
                    self.solver.clear_selection();
                    return Err(NoSolution::Unsolvable);
                }
            }
        }
        Ok(())
    }

    /// Nothing to do: the engine restores its arena after every search.
    fn restart(&mut self, _puzzle: &Grid) {}

    fn search(&mut self, branching: Branching, limits: Limits, fills: &mut Fills) -> SearchEnd {
        let shape = self.shape;
        let chooser = chooser(branching, &mut self.random);
        self.solver.search(chooser, limits, |options| {
            fills.met(|answer| {
                for &o in options {
                    let (cell, v) = encoding::cell_and_value(shape, o);
                    answer[cell] = v;
                }
            })
        })
    }

    fn nodes(&self) -> u64 {
        GenericDlxSolver::nodes(self)
    }

    fn fill_state(&mut self) -> &mut FillState {
        &mut self.fill
    }
}

impl SudokuSolver for GenericDlxSolver {
    fn name(&self) -> &'static str {
        "dlx-generic"
    }

    fn solve_within(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let outcome = lex::smallest_fill(self, puzzle, limits);
        self.solver.clear_selection();
        outcome
    }

    fn count_within(&mut self, puzzle: &Grid, limit: u64, limits: Limits) -> CountOutcome {
        let outcome = lex::count_fills(self, puzzle, limit, limits);
        self.solver.clear_selection();
        outcome
    }

    fn nodes(&self) -> u64 {
        GenericDlxSolver::nodes(self)
    }

    fn progress(&self) -> Progress {
        self.fill.progress.clone()
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
