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
//! As in dlx5, each item that every solution covers exactly once is first *taxed* the least
//! cost of its options, which is taken off each of them, and the item lists are sorted by
//! the costs that remain (the *net* costs). Without multiplicities the search is dlx5's own
//! (`cost/links.rs`), node for node: the same tree, the same counts ([`Stats`] in dlx5's
//! conventions, cleansings included). With multiplicities it is Algorithm M
//! ([`MultiSolver`]) with dlx5's cutoff.
//!
//! **Ties.** By default ([`Ties::FirstFound`], dlx5's rule) a branch is cut as soon as it
//! cannot beat the `k`-th best cost found so far, equality included; so where solutions tie
//! at the `k`-th cost, the ones the search meets first are kept. [`Ties::SmallestOptions`]
//! makes the answer independent of the search: of solutions of equal cost, those with the
//! lexicographically smaller sorted option lists; it cuts a branch only when it would
//! *exceed* the `k`-th best, and so walks a larger tree. Either way [`Cheapest::solutions`]
//! lists solutions by cost, equal costs by their option lists.

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use crate::limits::{Limits, SearchEnd, Stats};
use crate::multiplicity::MultiSolver;
use crate::problem::Problem;

mod bits;
mod links;
pub(crate) mod tax;

use links::CostLinks;
use tax::net_costs;

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
    /// The search's counts: dlx5's conventions without multiplicities, dlx3's with them
    /// (see [`MultiSolver`]).
    pub stats: Stats,
}

/// Which solutions of equal cost [`cheapest_with`] keeps when they do not all fit in `k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ties {
    /// dlx5's rule: cut every branch that cannot beat the `k`-th best cost; of solutions
    /// that tie, those met first are kept.
    #[default]
    FirstFound,
    /// Of solutions that tie, those with the smaller sorted option lists, whatever the
    /// search order: branches that would only equal the `k`-th best cost are searched too.
    SmallestOptions,
}

/// The `k` cheapest solutions of `problem` (fewer if it has fewer), under `limits`, with
/// dlx5's rule for ties ([`Ties::FirstFound`]).
pub fn cheapest(problem: &Problem, k: usize, limits: Limits) -> Cheapest {
    cheapest_with(problem, k, limits, Ties::FirstFound)
}

/// The `k` cheapest solutions of `problem`, under `limits`, ties settled by `ties`.
pub fn cheapest_with(problem: &Problem, k: usize, limits: Limits, ties: Ties) -> Cheapest {
    let (net, tax) = net_costs(problem);
    let mut best = Best::new(k, ties);
    let (end, stats) = if k == 0 {
        (SearchEnd::Exhausted, Stats::default())
    } else if problem.has_multiplicities() {
        let mut solver = MultiSolver::with_net_costs(problem, net);
        let end = solver.run(limits, |solution, cost, cutoff| {
            best.offer(solution, cost, cutoff)
        });
        (end, solver.stats())
    } else {
        dlx5(problem, &net, limits, true, |solution, cost, cutoff| {
            best.offer(solution, cost, cutoff)
        })
    };
    Cheapest {
        solutions: best.into_sorted(tax),
        end,
        stats,
    }
}

/// dlx5's search for a problem without multiplicities whose options cost `net`: on bit
/// sets where it fits and `bit_sets` allows, on links otherwise (the same tree, the same
/// counts). Returns how it ended and its counts.
pub(crate) fn dlx5<F>(
    problem: &Problem,
    net: &[u64],
    limits: Limits,
    bit_sets: bool,
    mut visit: F,
) -> (SearchEnd, Stats)
where
    F: FnMut(&[usize], u64, &mut u64) -> ControlFlow<()>,
{
    if bit_sets && let Some(done) = bits::run(problem, net, limits, &mut visit) {
        return done;
    }
    let mut links = CostLinks::new(problem, net);
    let end = links.run(limits, visit);
    (end, links.stats())
}

/// The `k` best solutions so far and the cutoff they set: the one policy of both searches.
struct Best {
    k: usize,
    ties: Ties,
    /// Kept solutions by (net cost, tie key): the last is the one to drop.
    kept: BTreeMap<(u64, TieKey), Vec<usize>>,
    /// Solutions met so far (the tie key of [`Ties::FirstFound`]).
    met: u64,
}

/// What orders solutions of equal cost in [`Best::kept`].
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum TieKey {
    /// The order met ([`Ties::FirstFound`]).
    Met(u64),
    /// The sorted option list ([`Ties::SmallestOptions`]).
    Options(Vec<usize>),
}

impl Best {
    fn new(k: usize, ties: Ties) -> Best {
        Best {
            k,
            ties,
            kept: BTreeMap::new(),
            met: 0,
        }
    }

    /// Takes a solution of net cost `net` if it is among the `k` best so far, and sets
    /// `cutoff` to the net cost a partial solution must stay below from now on.
    fn offer(&mut self, solution: &[usize], net: u64, cutoff: &mut u64) -> ControlFlow<()> {
        let mut sorted = solution.to_vec();
        sorted.sort_unstable();
        self.met += 1;
        let key = match self.ties {
            Ties::FirstFound => TieKey::Met(self.met),
            Ties::SmallestOptions => TieKey::Options(sorted.clone()),
        };
        let full = self.kept.len() == self.k;
        let beats = match self.kept.last_key_value() {
            Some((worst, _)) if full => (net, &key) < (worst.0, &worst.1),
            _ => true,
        };
        if beats {
            self.kept.insert((net, key), sorted);
            if self.kept.len() > self.k {
                self.kept.pop_last();
            }
        }
        if self.kept.len() == self.k {
            let (worst, _) = self.kept.last_key_value().expect("k > 0");
            *cutoff = match self.ties {
                Ties::FirstFound => worst.0,
                Ties::SmallestOptions => worst.0.saturating_add(1),
            };
        }
        ControlFlow::Continue(())
    }

    /// The solutions kept, by cost and then by option list, with their full costs.
    fn into_sorted(self, tax: u64) -> Vec<Costed> {
        let mut solutions: Vec<Costed> = self
            .kept
            .into_iter()
            .map(|((net, _), options)| Costed {
                cost: net.saturating_add(tax),
                options,
            })
            .collect();
        solutions.sort();
        solutions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit-set search walks the links' tree: same counts (cleansings included), same
    /// costs, on random problems (small costs with many ties, larger ones, huge ones), in
    /// half of them secondary items named with colors 1 to 3 or none.
    #[test]
    fn bit_sets_and_links_walk_the_same_tree() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut below = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut cleansed = 0;
        for round in 0..400 {
            let primary = 2 + below(8) as usize;
            let secondary = below(4) as usize;
            let colored = round % 2 == 1;
            let mut p = Problem::new(primary, secondary).unwrap();
            for _ in 0..1 + below(40) {
                let mut items = vec![below(primary as u64) as usize];
                for i in 0..primary + secondary {
                    if !items.contains(&i) && below(4) == 0 {
                        items.push(i);
                    }
                }
                let colors: Vec<u32> = items
                    .iter()
                    .map(|&i| {
                        if colored && i >= primary {
                            below(4) as u32
                        } else {
                            0
                        }
                    })
                    .collect();
                let o = p.add_colored_option(items.into_iter().zip(colors)).unwrap();
                // Costs too large for the bit sets' tables in every third round.
                let most = [4, 1000, 1 << 40][round % 3];
                p.set_cost(o, below(most)).unwrap();
            }
            let (net, _) = net_costs(&p);
            for k in [1, 3] {
                let mut found = Vec::new();
                for bit_sets in [true, false] {
                    let mut best = Best::new(k, Ties::FirstFound);
                    let (end, stats) = dlx5(&p, &net, Limits::NONE, bit_sets, |s, c, cut| {
                        best.offer(s, c, cut)
                    });
                    found.push((end, stats, best.into_sorted(0)));
                }
                assert_eq!(found[0], found[1], "round {round}, k = {k}: {p:?}");
                cleansed += usize::from(found[0].1.cleansings > 0);
            }
        }
        assert!(cleansed > 50, "only {cleansed} searches had cleansings");
    }
}
