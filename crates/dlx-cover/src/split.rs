//! The search tree cut into subtrees, for many threads or many machines.
//!
//! A node of the search tree is named by its *path*: the options chosen on the way down
//! from the root, one per level, each an option of the item the default choice
//! ([`Chooser::Mrv`]) branches on at that level. [`Solver::split`] expands the tree from the
//! root, level by level, until it has at least the number of open subtrees asked for;
//! [`Solver::search_subtree`] runs the search below one path, and
//! [`Solver::search_next_subtree`] does the same for a solver that searches many subtrees
//! in turn, going back from the last path only as far as the next one differs (in tree
//! order most subtrees then cost one option selected, not a whole path from the root).
//! Together they partition the whole search: the open subtrees' solutions plus the
//! solutions met while splitting are the problem's solutions, in the same order as one
//! search, and the open subtrees' nodes and link updates plus [`Split::nodes`] and
//! [`Split::updates`] are those of one search, in whichever way the engine counts them.
//!
//! ```
//! use dlx_cover::{Problem, Solver};
//! use dlx_cover::split::Part;
//!
//! // Items 0..4; each item alone and each pair is an option: the solutions are the
//! // partitions of 4 items into blocks of one or two (1 + 6 + 3 = 10 of them).
//! let mut problem = Problem::new(4, 0)?;
//! for i in 0..4 {
//!     problem.add_option([i])?;
//!     for j in i + 1..4 {
//!         problem.add_option([i, j])?;
//!     }
//! }
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count_solutions(u64::MAX).solutions, 10);
//! let direct_nodes = solver.stats().nodes;
//!
//! let split = solver.split(3);
//! assert!(split.open() >= 3);
//! let (mut solutions, mut nodes) = (split.finished_solutions(), split.nodes);
//! for part in &split.parts {
//!     if let Part::Open(path) = part {
//!         let run = solver.count_subtree(path).expect("a path of the tree");
//!         solutions += run.solutions;
//!         nodes += run.nodes;
//!     }
//! }
//! assert_eq!((solutions, nodes), (10, direct_nodes));
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! The engine does no threading and no I/O here: a caller hands the open subtrees to
//! threads (each with its own clone of the [`Solver`]) or writes them out as jobs for other
//! machines, and adds the results up.

use std::ops::ControlFlow;

use thiserror::Error;

use super::problem::Problem;
use crate::choose::{ActiveItems, Chooser};
use crate::limits::{Cancel, Limits, SearchEnd};
use crate::search::Solver;

/// What the search does at a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Branches {
    /// No primary item is left: the node is a solution.
    Solution,
    /// The search branches on `item`, trying `options` in this order; none means a dead end.
    Item {
        /// The item chosen (0-based).
        item: usize,
        /// Its options that are still possible, in the order the search tries them.
        options: Vec<usize>,
    },
}

/// Why a path does not name a node of the search tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PathError {
    /// The problem has no such option.
    #[error("path entry {step}: unknown option {option}")]
    UnknownOption {
        /// Position in the path, from 1.
        step: usize,
        /// The option given.
        option: usize,
    },
    /// The path already reached a solution, so nothing can follow.
    #[error("path entry {step}: option {option} follows a complete solution")]
    PastSolution {
        /// Position in the path, from 1.
        step: usize,
        /// The option given.
        option: usize,
    },
    /// The option is not one the search tries at that level.
    #[error(
        "path entry {step}: option {option} is not a branch there (the search branches on \
         item {item} at that level)"
    )]
    NotABranch {
        /// Position in the path, from 1.
        step: usize,
        /// The option given.
        option: usize,
        /// The item the search branches on at that level (0-based).
        item: usize,
    },
}

/// One piece of a [`Split`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// A subtree still to search, named by its path from the root.
    Open(Vec<usize>),
    /// A subtree the split itself finished: a solution (1) or a dead end (0).
    Finished {
        /// Its path from the root.
        path: Vec<usize>,
        /// Its solutions.
        solutions: u64,
    },
}

impl Part {
    /// The path from the root.
    pub fn path(&self) -> &[usize] {
        match self {
            Part::Open(path) | Part::Finished { path, .. } => path,
        }
    }
}

/// The search tree cut into parts, made by [`Solver::split`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The parts in tree order: one search visits the solutions of each part in turn.
    pub parts: Vec<Part>,
    /// The search nodes above the open subtrees (the tree's top, expanded by the split),
    /// counted as the engine counts them, so that these plus the open subtrees' nodes are
    /// the nodes of one search of the whole problem.
    pub nodes: u64,
    /// The link updates above the open subtrees, likewise: these plus the open subtrees'
    /// updates ([`SubtreeRun::updates`]) are the updates of one search.
    pub updates: u64,
}

impl Split {
    /// How many parts are open subtrees.
    pub fn open(&self) -> usize {
        self.parts
            .iter()
            .filter(|p| matches!(p, Part::Open(_)))
            .count()
    }

    /// The solutions in the finished parts.
    pub fn finished_solutions(&self) -> u64 {
        self.parts
            .iter()
            .map(|p| match p {
                Part::Finished { solutions, .. } => *solutions,
                Part::Open(_) => 0,
            })
            .sum()
    }
}

/// What [`Solver::search_subtree`] counted below its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubtreeRun {
    /// How the search of the subtree ended.
    pub end: SearchEnd,
    /// Solutions visited.
    pub solutions: u64,
    /// Search nodes, as [`Stats::nodes`](crate::Stats::nodes) counts them for a search whose
    /// root is the subtree's top.
    pub nodes: u64,
    /// Link updates of the search (not of selecting the path).
    pub updates: u64,
}

/// How the engine charges search nodes: `node` for each node it enters, `edge` for each
/// option it tries. (Counting options tried is `{0, 1}`; counting every node of the tree,
/// the root too, as Knuth's programs do, is `{1, 0}`.) Measured on two tiny searches rather
/// than assumed, so that the split's arithmetic follows the engine's convention.
#[derive(Debug, Clone, Copy)]
struct NodeCharges {
    node: u64,
    edge: u64,
}

impl NodeCharges {
    fn measure() -> NodeCharges {
        // One item, one option: the root branches once and reaches a solution.
        let mut problem = Problem::new(1, 0).expect("one item is a valid problem");
        problem.add_option([0]).expect("a valid option");
        let mut solver = Solver::new(&problem);
        solver.count_solutions(u64::MAX);
        let root_and_child = solver.stats().nodes;
        solver.reset_stats();
        solver.select(0).expect("the only option");
        solver.count_solutions(u64::MAX);
        let leaf = solver.stats().nodes;
        solver.clear_selection();
        NodeCharges {
            node: leaf,
            edge: root_and_child.saturating_sub(2 * leaf),
        }
    }
}

impl Solver {
    /// What the search does at the current node (after the selection): the item the
    /// default choice branches on and its options, or [`Branches::Solution`].
    pub fn branches(&self) -> Branches {
        match self.default_branch() {
            None => Branches::Solution,
            Some((item, options)) => Branches::Item { item, options },
        }
    }

    /// Clears the selection, then selects the options of `path` in order, checking that
    /// each is an option the search tries at that level, so that the solver stands at the
    /// node `path` names. On an error the selection is cleared again.
    pub fn select_path(&mut self, path: &[usize]) -> Result<(), PathError> {
        self.clear_selection();
        self.move_to_path(path)
    }

    /// Moves the selection to the node `path` names, as [`Solver::select_path`] does, but
    /// from where the solver stands: it keeps the options that this method (or
    /// `select_path`) selected and checked and that start `path` too, undoes the others,
    /// and selects and checks only the rest of `path`. So paths taken in tree order cost
    /// only their last steps. On an error the selection is cleared.
    pub fn move_to_path(&mut self, path: &[usize]) -> Result<(), PathError> {
        let kept = self
            .selection()
            .take(self.on_path)
            .zip(path)
            .take_while(|(selected, option)| selected == *option)
            .count();
        self.truncate_selection(kept);
        for (k, &option) in path.iter().enumerate().skip(kept) {
            if let Err(fault) = self.select_branch(k + 1, option) {
                self.clear_selection();
                return Err(fault);
            }
            self.on_path = k + 1;
        }
        Ok(())
    }

    /// Selects `option`, the path's entry `step`, if it is a branch at the current node.
    fn select_branch(&mut self, step: usize, option: usize) -> Result<(), PathError> {
        if option >= self.options() {
            return Err(PathError::UnknownOption { step, option });
        }
        match self.default_branch_has(option) {
            None => Err(PathError::PastSolution { step, option }),
            Some((item, false)) => Err(PathError::NotABranch { step, option, item }),
            Some((_, true)) => {
                self.select(option)
                    .expect("a branch of the current node can be selected");
                Ok(())
            }
        }
    }

    /// Searches the subtree below `path` with the default choice, visiting its solutions in
    /// the order one search of the whole problem visits them (each solution starts with the
    /// path's options), then clears the selection. The counts are the subtree's alone.
    /// A solver that searches many subtrees in turn should take
    /// [`Solver::search_next_subtree`] instead.
    pub fn search_subtree(
        &mut self,
        path: &[usize],
        limits: Limits,
        visit: impl FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Result<SubtreeRun, PathError> {
        self.clear_selection();
        let run = self.search_next_subtree(path, limits, visit);
        self.clear_selection();
        run
    }

    /// Searches the subtree below `path` as [`Solver::search_subtree`] does (the same
    /// solutions, order and counts), but reaches `path` from the current selection
    /// ([`Solver::move_to_path`]) and leaves the selection at `path`, so that the next
    /// subtree's search starts from there: for searching many subtrees in turn on one
    /// solver (cheapest in tree order). [`Solver::clear_selection`] ends the walk.
    pub fn search_next_subtree<F>(
        &mut self,
        path: &[usize],
        limits: Limits,
        visit: F,
    ) -> Result<SubtreeRun, PathError>
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.move_to_path(path)?;
        Ok(self.search_here(limits, visit))
    }

    /// Searches below the current selection with the default choice; the counts of this
    /// search alone.
    fn search_here<F>(&mut self, limits: Limits, visit: F) -> SubtreeRun
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let before = self.stats();
        let end = self.search(Chooser::Mrv, limits, visit);
        let after = self.stats();
        SubtreeRun {
            end,
            solutions: after.solutions - before.solutions,
            nodes: after.nodes - before.nodes,
            updates: after.updates - before.updates,
        }
    }

    /// Counts the solutions below `path` (see [`Solver::search_subtree`]).
    pub fn count_subtree(&mut self, path: &[usize]) -> Result<SubtreeRun, PathError> {
        self.search_subtree(path, Limits::NONE, |_| ControlFlow::Continue(()))
    }

    /// Counts the solutions below `path`, leaving the selection there for the next subtree
    /// (see [`Solver::search_next_subtree`]).
    pub fn count_next_subtree(&mut self, path: &[usize]) -> Result<SubtreeRun, PathError> {
        self.search_next_subtree(path, Limits::NONE, |_| ControlFlow::Continue(()))
    }

    /// Cuts the search tree into at least `at_least` open subtrees (fewer only when the
    /// whole tree has fewer nodes at its widest), expanding it from the root level by level
    /// and, within a level, in tree order, stopping as soon as there are enough. Nodes met
    /// on the way that are solutions or dead ends become [`Part::Finished`]. Starts from
    /// an empty selection and leaves the selection empty; [`Solver::stats`] then includes
    /// the short searches the split ran to count the updates at each node it expanded.
    pub fn split(&mut self, at_least: usize) -> Split {
        self.split_below(&[], at_least)
            .expect("the empty path names the root")
    }

    /// Cuts the subtree below `path` as [`Solver::split`] cuts the whole tree: its parts
    /// (each path starting with `path`) are that subtree's search in tree order, and their
    /// nodes and updates plus [`Split::nodes`] and [`Split::updates`] are
    /// [`Solver::search_subtree`]'s for `path`. So a caller can cut the tree coarsely, then
    /// cut each coarse part again on the thread that takes it. Leaves the selection empty.
    pub fn split_below(&mut self, path: &[usize], at_least: usize) -> Result<Split, PathError> {
        let split = self.split_below_until(path, at_least, None)?;
        Ok(split.expect("no cancel flag, no cancel"))
    }

    /// [`Solver::split`], looking at `cancel` before each node it expands: `None` once the
    /// flag is set (the selection is then left empty, as after a whole split).
    pub fn split_until(&mut self, at_least: usize, cancel: Cancel) -> Option<Split> {
        self.split_below_until(&[], at_least, Some(cancel))
            .expect("the empty path names the root")
    }

    /// [`Solver::split_below`], stopped (`Ok(None)`) once `cancel` is set.
    fn split_below_until(
        &mut self,
        path: &[usize],
        at_least: usize,
        cancel: Option<Cancel>,
    ) -> Result<Option<Split>, PathError> {
        self.select_path(path)?;
        let charges = NodeCharges::measure();
        let mut parts = vec![Part::Open(path.to_vec())];
        let mut open = 1usize;
        let mut nodes = 0u64;
        let mut updates = 0u64;
        let mut depth = path.len();
        while open > 0 && open < at_least {
            let mut next = Vec::with_capacity(parts.len() * 2);
            for part in parts {
                let path = match part {
                    Part::Open(path) if path.len() == depth && open < at_least => path,
                    other => {
                        next.push(other);
                        continue;
                    }
                };
                if cancel.is_some_and(Cancel::is_set) {
                    self.clear_selection();
                    return Ok(None);
                }
                open -= 1;
                // Within a level the nodes come in tree order: each shares most of its path
                // with the one before, and only the rest is selected again.
                self.move_to_path(&path)
                    .expect("the split's own paths are paths of the tree");
                let branches = self.branches();
                updates += self.updates_at_node(&branches);
                nodes += charges.node;
                match branches {
                    Branches::Solution => next.push(Part::Finished { path, solutions: 1 }),
                    Branches::Item { options, .. } if options.is_empty() => {
                        next.push(Part::Finished { path, solutions: 0 })
                    }
                    Branches::Item { options, .. } => {
                        nodes += charges.edge * options.len() as u64;
                        open += options.len();
                        next.extend(options.into_iter().map(|o| {
                            let mut child = path.clone();
                            child.push(o);
                            Part::Open(child)
                        }));
                    }
                }
            }
            parts = next;
            depth += 1;
        }
        self.clear_selection();
        Ok(Some(Split {
            parts,
            nodes,
            updates,
        }))
    }

    /// The link updates the search makes at the current node itself (covering its item and
    /// trying each option, not below): measured by the search itself, told to branch on the
    /// node's item and then to go no deeper.
    fn updates_at_node(&mut self, branches: &Branches) -> u64 {
        let Branches::Item { item, .. } = branches else {
            return 0;
        };
        let mut first = Some(*item);
        let mut only_here = |_: &ActiveItems<'_>| first.take();
        let before = self.stats().updates;
        self.search(Chooser::Custom(&mut only_here), Limits::NONE, |_| {
            ControlFlow::Continue(())
        });
        self.stats().updates - before
    }
}

#[cfg(test)]
mod tests;
