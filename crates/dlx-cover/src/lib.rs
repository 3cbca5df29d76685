//! A general exact-cover engine: Knuth's Algorithm X (and Algorithm C, with colors) over
//! dancing links kept in a flat arena. It knows items and options, nothing else.
//!
//! ```
//! use dlx_cover::{Problem, Solver};
//!
//! // Knuth's example: items A..G (0..7), six options; the one solution is
//! // {A, D}, {B, G}, {C, E, F} (options 3, 4 and 0).
//! let mut problem = Problem::new(7, 0)?;
//! for option in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
//!     problem.add_option(option.iter().copied())?;
//! }
//! let mut solver = Solver::new(&problem);
//! let mut solution = solver.first_solution().expect("one solution");
//! solution.sort();
//! assert_eq!(solution, [0, 3, 4]);
//! assert_eq!(solver.count_solutions(10).solutions, 1);
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! * [`Problem`] holds primary items (covered exactly once), secondary items (at most once,
//!   optionally with colors) and options, and checks them as they are added.
//! * [`Solver`] builds the arena once and runs any number of searches on it: the first
//!   solution, a count up to a limit, or a visit of every solution with early stop, each
//!   under an optional node limit, with [`Stats`] (nodes, link updates). Options can be
//!   fixed in advance with [`Solver::select`] (a puzzle's givens).
//! * Item choice is [`Chooser::Mrv`] by default, Knuth's rule (the leftmost item of minimum
//!   length), so that the search walks the tree of his dlx1/dlx2 node for node and
//!   [`Stats`] counts nodes and updates as those programs do;
//!   [`Chooser::MrvStopAtOne`] is the rule of the Sudoku solvers;
//!   [`Chooser::ForcedThenLeftmost`] visits
//!   solutions in option order; [`Chooser::Custom`] takes any [`ItemChooser`]. Only
//!   primary items are ever chosen.
//! * [`split`] cuts the search tree into subtrees named by their paths from the root, for
//!   many threads or many machines, and searches one subtree.
//! * [`knuth`] reads and writes Knuth's text format (item and color names).

mod arena;
pub mod knuth;
mod problem;
mod search;
pub mod split;

pub use problem::{MAX_NODES, Problem, ProblemError};
pub use search::{
    ActiveItems, Cancel, Chooser, Count, ItemChooser, Limits, SearchEnd, SelectError, Solver, Stats,
};
