//! Option costs, as in Knuth's dlx5: each option may cost a whole number
//! ([`Problem::set_cost`]), a solution costs the sum of its options, and [`cheapest`] finds
//! the `k` solutions of least cost by branch and bound.
//!
//! ```
//! use dlx_cover::{Limits, Problem, cost};
//!
//! // Cover items 0 and 1: {0, 1} for 5, or {0} for 1 and {1} for 3.
//! let mut p = Problem::new(2, 0)?;
//! let both = p.add_option([0, 1])?;
//! let first = p.add_option([0])?;
//! let second = p.add_option([1])?;
//! p.set_cost(both, 5)?;
//! p.set_cost(first, 1)?;
//! p.set_cost(second, 3)?;
//! let best = cost::cheapest(&p, 2, Limits::NONE);
//! assert_eq!(best.solutions[0].cost, 4);
//! assert_eq!(best.solutions[0].options, [first, second]);
//! assert_eq!(best.solutions[1].cost, 5);
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! The search is Algorithm M ([`MultiSolver`]), so multiplicities and colors work with
//! costs. As in dlx5, each item that every solution covers exactly once is first *taxed*
//! the least cost of its options, which is taken off each of them, and the item lists are
//! sorted by the costs that remain; a branch is cut off as soon as its partial cost exceeds
//! the `k`-th best cost found so far.
//!
//! **Ties.** The answer does not depend on the order of the search: the solutions are
//! ordered by cost, and solutions of equal cost by their sorted lists of option numbers
//! (the lexicographically smaller first); [`cheapest`] returns the first `k` in that order.
//! To make this so, a branch is cut only when its cost would *exceed* the `k`-th best
//! (dlx5 also cuts at equality, keeping whichever ties it meets first).

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use crate::limits::{Limits, SearchEnd, Stats};
use crate::multiplicity::MultiSolver;
use crate::problem::Problem;

/// A solution with its total cost.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Costed {
    /// The sum of the costs of its options.
    pub cost: u64,
    /// Its options, in increasing order.
    pub options: Vec<usize>,
}

/// What [`cheapest`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cheapest {
    /// At most `k` solutions, cheapest first (ties ordered by their option lists).
    pub solutions: Vec<Costed>,
    /// [`SearchEnd::Exhausted`] when the list is certain; otherwise the limit that ended the
    /// search, and the list holds the best found so far.
    pub end: SearchEnd,
    /// The search's counts (dlx3's conventions, see [`MultiSolver`]).
    pub stats: Stats,
}

/// The `k` cheapest solutions of `problem` (fewer if it has fewer), under `limits`.
pub fn cheapest(problem: &Problem, k: usize, limits: Limits) -> Cheapest {
    let mut solver = MultiSolver::new(problem);
    let tax = solver.total_tax();
    // The best k so far, by (net cost, options); the last is the one to beat.
    let mut best: BTreeSet<(u64, Vec<usize>)> = BTreeSet::new();
    let mut sorted = Vec::new();
    let end = if k == 0 {
        SearchEnd::Exhausted
    } else {
        solver.run(limits, |solution, net, cutoff| {
            sorted.clear();
            sorted.extend_from_slice(solution);
            sorted.sort_unstable();
            let full = best.len() == k;
            let beats = match best.last() {
                Some((worst, options)) if full => (net, sorted.as_slice()) < (*worst, options),
                _ => true,
            };
            if beats {
                best.insert((net, sorted.clone()));
                if best.len() > k {
                    best.pop_last();
                }
                if best.len() == k {
                    *cutoff = best.last().expect("k > 0").0;
                }
            }
            ControlFlow::Continue(())
        })
    };
    Cheapest {
        solutions: best
            .into_iter()
            .map(|(net, options)| Costed {
                cost: net.saturating_add(tax),
                options,
            })
            .collect(),
        end,
        stats: solver.stats(),
    }
}
