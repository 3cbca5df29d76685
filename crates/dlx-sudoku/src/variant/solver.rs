//! [`VariantSolver`]: a variant's exact-cover problem on specialised dancing links
//! (`links.rs`) or the generic engine, with the smallest-fill policy of classic Sudoku.
//!
//! Both engines walk the same search tree on the same problem (same answers, same node
//! counts); [`VariantSolver::new`] takes the specialised one whenever the problem fits it,
//! [`VariantSolver::on_generic_engine`] always the generic one.
//!
//! The policy is the one of the classic solvers, written once in `lex.rs`
//! ([`FillSearch`]): MRV counting to two within a count budget; with several fills the
//! forced-then-leftmost search (cells are the first items, row-major); past
//! [`LEX_DFS_BUDGET`](crate::LEX_DFS_BUDGET) nodes the witness construction, whose "is there a fill?" searches
//! restart with random MRV tie-breaks under Luby cutoffs. The puzzle it sees is a
//! [`VariantPuzzle`]: the canvas's values with the variant's rules.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::encode::Encoding;
use super::links::VariantLinks;
use super::model::{Variant, VariantClash, VariantError};
use crate::generic::{RandomTies, chooser};
use crate::lex::{self, Branching, FillPuzzle, FillSearch, FillState, Fills, Unfilled};
use crate::{CountOutcome, GaveUp, Grid, NoSolution, Outcome, Progress, SudokuSolver};
use dlx_cover::{Limits, SearchEnd, Solver};

/// The result of solving one variant puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariantOutcome {
    /// The lexicographically smallest fill, one value per canvas cell (0 in holes).
    Solved(Vec<u8>),
    /// There is none; with the clash when two givens break a rule.
    NoSolution(Option<VariantClash>),
    /// A limit was reached first.
    GaveUp(GaveUp),
}

/// The engine a [`VariantSolver`] searches with.
#[derive(Debug, Clone)]
enum Kind {
    /// Specialised dancing links, rebuilt from the givens before each search.
    Links(Box<VariantLinks>),
    /// The generic engine, the givens selected, and its chooser for random ties.
    Generic(Box<Solver>, RandomTies),
}

/// The engine and the givens it holds.
#[derive(Debug, Clone)]
struct Engine {
    kind: Kind,
    /// The options of the current puzzle's givens.
    givens: Vec<usize>,
    /// True while the specialised engine holds the givens unsearched.
    placed: bool,
}

impl Engine {
    /// Search nodes (options tried) over every call.
    fn nodes(&self) -> u64 {
        match &self.kind {
            Kind::Links(l) => l.nodes(),
            Kind::Generic(s, _) => s.stats().options_tried,
        }
    }

    /// Drops the givens of the last puzzle.
    fn clear(&mut self) {
        self.givens.clear();
        self.placed = false;
        if let Kind::Generic(s, _) = &mut self.kind {
            s.clear_selection();
        }
    }

    /// Adds a given's option; `false` when it shares an item with an earlier one.
    fn add_given(&mut self, option: usize) -> bool {
        self.givens.push(option);
        match &mut self.kind {
            Kind::Links(_) => true,
            Kind::Generic(s, _) => s.select(option).is_ok(),
        }
    }

    /// Places the givens added; `false` when two share an item.
    fn place(&mut self) -> bool {
        match &mut self.kind {
            Kind::Links(l) => {
                self.placed = l.place_givens(&self.givens);
                self.placed
            }
            Kind::Generic(..) => true,
        }
    }

    /// Searches from the givens placed, choosing items by `branching`, visiting each
    /// solution's options.
    fn search(
        &mut self,
        branching: Branching,
        limits: Limits,
        visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> SearchEnd {
        match &mut self.kind {
            Kind::Links(l) => {
                if !self.placed {
                    // A search leaves the links dirty; the givens placed once before.
                    let ok = l.place_givens(&self.givens);
                    debug_assert!(ok, "the givens were placed once already");
                }
                self.placed = false;
                l.search(branching, limits, visit)
            }
            Kind::Generic(s, random) => s.search(chooser(branching, random), limits, visit),
        }
    }
}

/// A variant puzzle as the smallest-fill policy sees it: one value per canvas cell (0 for
/// blank and in holes), with the variant's rules.
#[derive(Debug, Clone)]
pub(crate) struct VariantPuzzle {
    variant: Arc<Variant>,
    values: Vec<u8>,
}

impl FillPuzzle for VariantPuzzle {
    fn values(&self) -> &[u8] {
        &self.values
    }

    fn is_open(&self, cell: usize) -> bool {
        self.variant.is_present(cell) && self.values[cell] == 0
    }

    fn set(&mut self, cell: usize, value: u8) {
        self.values[cell] = value;
    }

    /// The puzzle had no clash before `cell` was set, so any clash now is at `cell`.
    fn consistent_at(&self, _cell: usize) -> bool {
        self.variant.clash(&self.values).is_none()
    }

    fn is_filled_by(&self, fill: &[u8]) -> bool {
        let v = &self.variant;
        let side = v.side();
        fill.len() == self.values.len()
            && fill
                .iter()
                .zip(&self.values)
                .enumerate()
                .all(|(x, (&f, &g))| {
                    if v.is_present(x) {
                        (1..=side).contains(&(f as usize)) && (g == 0 || g == f)
                    } else {
                        f == 0
                    }
                })
            && v.clash(fill).is_none()
            && v.cages()
                .iter()
                .all(|c| c.cells.iter().map(|&x| u32::from(fill[x])).sum::<u32>() == c.sum)
    }

    fn as_grid(&self) -> Option<&Grid> {
        None
    }
}

/// Solves puzzles of one [`Variant`]: the problem is built once; each puzzle's givens are
/// selected, searched, and cleared.
#[derive(Debug, Clone)]
pub struct VariantSolver {
    variant: Arc<Variant>,
    engine: Engine,
    /// Canvas cell → its cell item, or `usize::MAX` for a hole.
    block: Vec<usize>,
    /// The option "canvas cell `x` holds `v`" at `x · side + v − 1`, or `usize::MAX` when
    /// the encoding has none (a digit in none of the cell's cage's digit sets).
    option_of: Vec<usize>,
    /// What each option places (cage options place nothing).
    placements: Vec<Option<(usize, u8)>>,
    /// The policy's scratch answer, progress and witness budget.
    fill: FillState,
}

impl VariantSolver {
    /// A solver for `variant`, on the specialised dancing links when its problem fits them
    /// (at most 65,535 nodes and 127 options per primary item: samurai and the 9×9 and
    /// 16×16 variants with cages of ordinary sizes; at 25×25, classic boxes or jigsaw
    /// regions but not diagonals or windows), else on the generic engine.
    pub fn new(variant: &Variant) -> Result<VariantSolver, VariantError> {
        VariantSolver::build(variant, true)
    }

    /// A solver for `variant` on the generic engine (`exact_cover::Solver`), for
    /// comparison: same answers and node counts as [`VariantSolver::new`]'s.
    pub fn on_generic_engine(variant: &Variant) -> Result<VariantSolver, VariantError> {
        VariantSolver::build(variant, false)
    }

    /// True when this solver runs on the specialised dancing links.
    pub fn is_specialised(&self) -> bool {
        matches!(self.engine.kind, Kind::Links(_))
    }

    fn build(variant: &Variant, specialise: bool) -> Result<VariantSolver, VariantError> {
        let enc = Encoding::new(variant, None).map_err(|e| VariantError::House {
            house: "the puzzle".into(),
            fault: e.to_string(),
        })?;
        let mut block = vec![usize::MAX; variant.present.len()];
        for (i, &x) in enc.cell_items.iter().enumerate() {
            block[x] = i;
        }
        let links = if specialise {
            VariantLinks::new(&enc.problem)
        } else {
            None
        };
        let kind = match links {
            Some(l) => Kind::Links(Box::new(l)),
            None => Kind::Generic(
                Box::new(Solver::new(&enc.problem)),
                RandomTies::new(enc.problem.primary_items()),
            ),
        };
        Ok(VariantSolver {
            engine: Engine {
                kind,
                givens: Vec::new(),
                placed: false,
            },
            variant: Arc::new(variant.clone()),
            block,
            option_of: enc.option_of,
            placements: enc.placements,
            fill: FillState::new(variant.present.len()),
        })
    }

    /// The variant this solver takes.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Sets the node budget of the row-by-row search for the smallest fill (as for
    /// [`DlxSolver::set_lex_dfs_budget`](crate::DlxSolver::set_lex_dfs_budget)).
    pub fn set_lex_dfs_budget(&mut self, nodes: u64) {
        self.fill.lex_dfs_budget = nodes;
    }

    /// Search nodes so far, over every call: options tried, as the Sudoku solvers count
    /// them (the engine's `nodes` also counts each search's root, Knuth's convention).
    #[allow(clippy::misnamed_getters)] // on purpose: options tried, not the engine's `nodes`
    pub fn nodes(&self) -> u64 {
        self.engine.nodes() + self.fill.extra_nodes
    }

    /// Selects the givens (one value per canvas cell, 0 blank); `Err` when they clash.
    /// Values in holes or above the side are a caller's bug and panic.
    fn place_givens(&mut self, givens: &[u8]) -> Result<(), Option<VariantClash>> {
        assert_eq!(givens.len(), self.block.len(), "one value per canvas cell");
        self.engine.clear();
        if let Some(clash) = self.variant.clash(givens) {
            return Err(Some(clash));
        }
        let n = self.variant.side;
        for (x, &v) in givens.iter().enumerate() {
            if v != 0 {
                assert!(
                    self.block[x] != usize::MAX && v as usize <= n,
                    "given {v} at a hole or out of range"
                );
                let option = self.option_of[x * n + v as usize - 1];
                if option == usize::MAX {
                    // A digit that no digit set of its cage holds: no fill.
                    return Err(None);
                }
                // Two givens sharing an item (the clash check has found none) leave no fill.
                if !self.engine.add_given(option) {
                    return Err(None);
                }
            }
        }
        if self.engine.place() {
            Ok(())
        } else {
            Err(None)
        }
    }

    fn record(placements: &[Option<(usize, u8)>], answer: &mut [u8], options: &[usize]) {
        for &o in options {
            if let Some((x, v)) = placements[o] {
                answer[x] = v;
            }
        }
    }

    /// The lexicographically smallest fill of `givens` (one value per canvas cell, 0 for
    /// blank), within `limits`.
    pub fn solve(&mut self, givens: &[u8], limits: Limits) -> VariantOutcome {
        if let Some(clash) = self.variant.clash(givens) {
            return VariantOutcome::NoSolution(Some(clash));
        }
        let puzzle = self.puzzle(givens);
        let outcome = match lex::smallest_values(self, &puzzle, limits) {
            Ok(()) => VariantOutcome::Solved(self.fill.answer.clone()),
            Err(Unfilled::NoSolution(_)) => VariantOutcome::NoSolution(None),
            Err(Unfilled::GaveUp(why)) => VariantOutcome::GaveUp(why),
        };
        self.engine.clear();
        outcome
    }

    /// Counts the fills of `givens` up to `limit`, within `limits`.
    pub fn count(&mut self, givens: &[u8], limit: u64, limits: Limits) -> CountOutcome {
        let puzzle = self.puzzle(givens);
        let outcome = lex::count_fills(self, &puzzle, limit, limits);
        self.engine.clear();
        outcome
    }

    fn puzzle(&self, givens: &[u8]) -> VariantPuzzle {
        VariantPuzzle {
            variant: Arc::clone(&self.variant),
            values: givens.to_vec(),
        }
    }

    /// The givens of a classic-format grid, when it fits this square variant.
    fn grid_givens(&self, puzzle: &Grid) -> Vec<u8> {
        assert!(
            self.variant.width == puzzle.shape().side()
                && self.variant.height == puzzle.shape().side(),
            "puzzle shape differs from the variant's"
        );
        puzzle.cells().to_vec()
    }
}

impl FillSearch for VariantSolver {
    type Puzzle = VariantPuzzle;

    fn cells(&self) -> usize {
        self.block.len()
    }

    fn place_givens(&mut self, puzzle: &VariantPuzzle) -> Result<(), NoSolution> {
        VariantSolver::place_givens(self, &puzzle.values).map_err(|_| NoSolution::Unsolvable)
    }

    fn restart(&mut self, puzzle: &VariantPuzzle) {
        VariantSolver::place_givens(self, &puzzle.values)
            .expect("the givens were placed once already");
    }

    fn search(&mut self, branching: Branching, limits: Limits, fills: &mut Fills) -> SearchEnd {
        let placements = &self.placements;
        self.engine.search(branching, limits, |options| {
            fills.met(|answer| Self::record(placements, answer, options))
        })
    }

    fn nodes(&self) -> u64 {
        VariantSolver::nodes(self)
    }

    fn fill_state(&mut self) -> &mut FillState {
        &mut self.fill
    }
}

/// A square variant (X, windoku, jigsaw, killer) answers puzzles read in the classic
/// formats. A clash between givens comes back as [`NoSolution::Unsolvable`]; ask
/// [`Variant::clash`] for the house.
impl SudokuSolver for VariantSolver {
    fn name(&self) -> &'static str {
        "dlx-variant"
    }

    fn solve_within(&mut self, puzzle: &Grid, limits: Limits) -> Outcome {
        let givens = self.grid_givens(puzzle);
        match self.solve(&givens, limits) {
            VariantOutcome::Solved(fill) => Outcome::Solved(
                Grid::from_values(puzzle.shape(), &fill).expect("values are in range"),
            ),
            VariantOutcome::NoSolution(_) => Outcome::NoSolution(NoSolution::Unsolvable),
            VariantOutcome::GaveUp(why) => Outcome::GaveUp(why),
        }
    }

    fn count_within(&mut self, puzzle: &Grid, limit: u64, limits: Limits) -> CountOutcome {
        let givens = self.grid_givens(puzzle);
        self.count(&givens, limit, limits)
    }

    fn nodes(&self) -> u64 {
        VariantSolver::nodes(self)
    }

    fn progress(&self) -> Progress {
        self.fill.progress.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DlxSolver;

    #[test]
    fn classic_through_the_variant_solver_matches_dlx() {
        // The classic variant has the layout of `generic.rs` (cells, rows, columns, boxes),
        // so it walks the same tree as the generic solver: same answers, same nodes.
        let v = Variant::square(9).unwrap().with_boxes(3, 3).unwrap();
        let mut vs = VariantSolver::new(&v).unwrap();
        let mut dlx = DlxSolver::new(crate::Shape::CLASSIC);
        let mut generic = crate::GenericDlxSolver::new(crate::Shape::CLASSIC);
        for line in [
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
            "1...............................................................................9",
            ".................................................................................",
        ] {
            let g: Grid = line.parse().unwrap();
            assert_eq!(vs.solve_within(&g, Limits::NONE), dlx.solve(&g), "{line}");
            generic.solve(&g);
            assert_eq!(SudokuSolver::nodes(&vs), generic.nodes(), "{line}");
        }
    }

    #[test]
    fn witness_construction_agrees_with_the_row_by_row_search() {
        let v = Variant::square(6)
            .unwrap()
            .with_boxes(2, 3)
            .unwrap()
            .with_diagonals()
            .unwrap();
        let mut fast = VariantSolver::new(&v).unwrap();
        let mut witness = VariantSolver::new(&v).unwrap();
        witness.set_lex_dfs_budget(0);
        let mut g = vec![0u8; 36];
        g[7] = 3;
        g[20] = 1;
        assert_eq!(
            fast.solve(&g, Limits::NONE),
            witness.solve(&g, Limits::NONE)
        );
        assert!(matches!(
            fast.solve(&g, Limits::NONE),
            VariantOutcome::Solved(_)
        ));
    }
}
