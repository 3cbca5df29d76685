//! Exact cover with Knuth's dancing links: Algorithm X, and Algorithm C for colors, over a
//! flat arena, walking the same search tree as Knuth's dlx1 and dlx2 node for node.
//!
//! ```
//! use dlx_cover::{Problem, Solver};
//!
//! // Knuth's first example (TAOCP 7.2.2.1): seven items, six options, one solution.
//! let no_secondary: [&str; 0] = [];
//! let mut problem = Problem::with_names(["a", "b", "c", "d", "e", "f", "g"], no_secondary)?;
//! for option in ["c e", "a d g", "b c f", "a d f", "b g", "d e g"] {
//!     problem.add_named_option(option.split(' '))?;
//! }
//! let mut solver = Solver::new(&problem);
//! for solution in solver.solutions() {
//!     assert_eq!(solution.to_names(&problem), ["c e", "a d f", "b g"]);
//! }
//! assert_eq!(solver.stats().solutions, 1);
//! // Counted as Knuth's dlx1 counts: 6 nodes (the root and every option tried), 29 updates.
//! assert_eq!((solver.stats().nodes, solver.stats().updates), (6, 29));
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! # Contents
//!
//! * [When to use this crate](#when-to-use-this-crate)
//! * [Problems: items, options, names, colors](#problems-items-options-names-colors)
//! * [Searching: iterator, first, count, visit](#searching-iterator-first-count-visit)
//! * [Limits and statistics](#limits-and-statistics)
//! * [Item choice and Knuth's conventions](#item-choice-and-knuths-conventions)
//! * [Examples: N queens, a colored problem](#examples)
//! * [Errors](#errors)
//!
//! # When to use this crate
//!
//! Use it when a problem says "choose some of these sets so that every element of `P` is
//! in exactly one and every element of `S` in at most one": tilings (polyominoes), N
//! queens, Langford pairs, Sudoku and its variants, schedules and matchings with
//! exclusions. You state the *items* (the elements) and the *options* (the sets); the
//! engine finds every solution, or the first, or counts them, and can stop at a node budget,
//! a deadline or any solution. It does no I/O and depends on nothing but `thiserror`;
//! [`knuth`] reads and writes the text format of Knuth's programs.
//!
//! It is not the tool for optimisation over weights (use an ILP or SAT solver), nor for
//! problems whose options are too many to list (the arena holds them all; its node
//! indices are `u32`, see [`MAX_NODES`]).
//!
//! # Problems: items, options, names, colors
//!
//! A [`Problem`] has *primary* items (covered exactly once) and *secondary* items (at most
//! once), numbered from 0, primary first. Build it by number ([`Problem::new`],
//! [`Problem::add_option`]) or by name ([`Problem::with_names`],
//! [`Problem::add_named_option`]). An option may give a secondary item a *color*
//! ([`Problem::add_colored_option`], [`Problem::add_named_colored_option`]): options that
//! agree on an item's color may share it, options that differ exclude each other, and an
//! option that names it without a color excludes every other option naming it (Knuth's
//! Algorithm C). Every option is checked as it is added.
//!
//! # Searching: iterator, first, count, visit
//!
//! A [`Solver`] builds the dancing-links arena once and runs any number of searches on it:
//!
//! * [`Solver::solutions`]: a lazy iterator of [`Solution`]s; the search runs only to the
//!   next solution each time, and can be left at any point ([`Solver::solutions_with`] takes
//!   a chooser and limits, and [`Solutions::end`] tells why it ended);
//! * [`Solver::first_solution`], [`Solver::count_solutions`] (up to a limit, allocating
//!   nothing per solution), [`Solver::count_solutions_within`];
//! * [`Solver::search`]: a visitor that sees each solution as a slice and may stop the
//!   search;
//! * [`Solver::select`] fixes options in advance (a puzzle's givens, or a path into the
//!   tree), and [`Solver::branches`] lists the options tried at the current node, which is
//!   what it takes to split one search into independent parts; [`split`] does that for
//!   many threads or machines (subtrees named by their paths from the root).
//!
//! A [`Solution`] lists its options in ascending order and turns back into text with
//! [`Solution::to_names`].
//!
//! # Limits and statistics
//!
//! Every search takes the one budget type, [`Limits`] (a node limit, a deadline), and ends
//! with a [`SearchEnd`]; every search adds to the one [`Stats`] (nodes, updates, solutions)
//! of its solver.
//!
//! # Item choice and Knuth's conventions
//!
//! By default ([`Chooser::Mrv`]) the search branches on the leftmost active primary item
//! with the fewest options left, stopping its scan early only at an item with none, and
//! tries the item's options in the order they were added: Knuth's rule, so the search
//! tree is his, node for node. [`Stats`] counts as his programs do: the root is a node,
//! and so is every option tried; updates count the nodes hidden and items unlinked,
//! including the one update of covering an item with no options before backing up. So
//! `nodes` and `updates` compare one to one with what dlx1 and dlx2 print.
//! [`Chooser::MrvStopAtOne`] is the rule of this project's Sudoku solvers,
//! [`Chooser::ForcedThenLeftmost`] meets solutions in the order of their options, and
//! [`Chooser::Custom`] takes any [`ItemChooser`]. Only primary items are ever chosen.
//!
//! # Links or bit sets
//!
//! [`Solver::new`] holds a problem in one of two ways, and the search is the same either
//! way: the same item chosen at every node, the same options tried in the same order, the
//! same solutions in the same order, the same [`Stats`].
//!
//! * **Dancing links** (Knuth's dlx1/dlx2 layout): any problem; the only way for problems
//!   with more than 4,096 options. [`Solver::with_links`] always takes it.
//! * **Bit sets** of the active options, one state copied per level instead of links undone
//!   on the way back: problems with at most 4,096 options, colors or not (N queens,
//!   Langford pairs, pentominoes, 9×9 Sudoku). The lengths of the primary items sit in one
//!   short array, so the choice is a vector scan; hiding an option lowers the lengths of its
//!   primary items and touches nothing else. Knuth's updates are counted as his links would
//!   make them (each hidden option `o` is `|o| − 1` updates, less its cleansed nodes), so
//!   the figures still compare with dlx1's and dlx2's. On this crate's benchmarks (`benches/peers.rs`) it takes 0.4–0.7 of the
//!   time of the links on the same tree.
//!
//! # Examples
//!
//! N queens: a queen in each row and each column (primary items), at most one on each
//! diagonal (secondary items).
//!
//! ```
//! use dlx_cover::{Problem, Solver};
//!
//! let n = 8;
//! let rows = (0..n).map(|r| format!("r{r}"));
//! let columns = (0..n).map(|c| format!("c{c}"));
//! let diagonals = (0..2 * n - 1).flat_map(|d| [format!("a{d}"), format!("b{d}")]);
//! let mut problem = Problem::with_names(rows.chain(columns), diagonals)?;
//! for r in 0..n {
//!     for c in 0..n {
//!         let a = r + c;
//!         let b = n - 1 - r + c;
//!         problem.add_named_option([
//!             format!("r{r}"),
//!             format!("c{c}"),
//!             format!("a{a}"),
//!             format!("b{b}"),
//!         ])?;
//!     }
//! }
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count_solutions(u64::MAX).solutions, 92);
//! // Knuth's dlx1 reports 1199 nodes and 21375 updates on this problem.
//! assert_eq!((solver.stats().nodes, solver.stats().updates), (1199, 21375));
//! let first = solver.first_solution().expect("8 queens can be placed");
//! assert_eq!(first.len(), 8);
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! A colored problem (TAOCP 7.2.2.1 (49)): `x` and `y` are secondary; options that give `x`
//! the same color may both be chosen.
//!
//! ```
//! use dlx_cover::{Problem, Solver};
//!
//! let mut problem = Problem::with_names(["p", "q", "r"], ["x", "y"])?;
//! problem.add_named_colored_option([("p", None), ("q", None), ("x", None), ("y", Some("A"))])?;
//! problem.add_named_colored_option([("p", None), ("r", None), ("x", Some("A")), ("y", None)])?;
//! problem.add_named_colored_option([("p", None), ("x", Some("B"))])?;
//! problem.add_named_colored_option([("q", None), ("x", Some("A"))])?;
//! problem.add_named_colored_option([("r", None), ("y", Some("B"))])?;
//! let mut solver = Solver::new(&problem);
//! let all: Vec<Vec<String>> = solver.solutions().map(|s| s.to_names(&problem)).collect();
//! assert_eq!(all, [["p r x:A y", "q x:A"]]);
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! A search stopped early and resumed later, under a node limit:
//!
//! ```
//! use dlx_cover::{Chooser, Limits, Problem, SearchEnd, Solver};
//!
//! // Items 0..4, every single and every pair: 10 solutions.
//! let mut problem = Problem::new(4, 0)?;
//! for i in 0..4 {
//!     problem.add_option([i])?;
//!     for j in i + 1..4 {
//!         problem.add_option([i, j])?;
//!     }
//! }
//! let mut solver = Solver::new(&problem);
//! let mut solutions = solver.solutions();
//! let first_two: Vec<_> = solutions.by_ref().take(2).collect();
//! let rest = solutions.count();
//! assert_eq!(first_two.len() + rest, 10);
//!
//! let mut limited = solver.solutions_with(Chooser::Mrv, Limits::nodes(3));
//! while limited.next().is_some() {}
//! assert_eq!(limited.end(), Some(SearchEnd::NodeLimit));
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! # Multiplicities, costs, preprocessing
//!
//! * [`MultiSolver`] ([`multiplicity`]) is Knuth's Algorithm M: primary items covered
//!   between `lo` and `hi` times ([`Problem::set_multiplicity`]), with colors.
//! * [`cost`] finds the cheapest solutions when options have costs ([`Problem::set_cost`]).
//! * [`preprocess`] is Knuth's dlx-pre: an equivalent, smaller problem.
//! * [`knuth`] reads and writes Knuth's text format (item and color names, dlx3's
//!   multiplicities, dlx5's costs).
//!
//! # Errors
//!
//! Building a problem fails with a [`ProblemError`] (unknown or repeated item, an option
//! without a primary item, a bad or unknown name, a problem too large); selecting an option
//! fails with a [`SelectError`]; reading Knuth's format fails with a [`knuth::KnuthError`]
//! that names the line. Searches themselves do not fail: they end with a [`SearchEnd`].

#![deny(missing_docs)]
#![deny(unsafe_code)]

mod arena;
mod big;
mod bits;
mod choose;
pub mod cost;
mod entry;
pub mod jobfile;
pub mod knuth;
mod limits;
pub mod memo;
pub mod multiplicity;
pub mod preprocess;
mod problem;
mod search;
pub mod split;
pub mod subtree;
mod words;
pub mod zdd;

pub use big::{BigCount, ParseCountError};
pub use choose::{ActiveItems, Chooser, ItemChooser};
pub use limits::{Cancel, Count, Limits, SearchEnd, SelectError, Stats};
pub use multiplicity::MultiSolver;
pub use problem::{MAX_MULTIPLICITY, MAX_NODES, Problem, ProblemError};
pub use search::{Next, OwnedSolutions, Solution, Solutions, Solver};

/// This crate's README (its example), run as a doc-test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
