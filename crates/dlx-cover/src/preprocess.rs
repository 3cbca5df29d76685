//! Preprocessing, as in Knuth's dlx-pre: an equivalent, smaller problem, with the same
//! solutions (option for option), found by applying two rules until neither applies.
//!
//! 1. **An item implied by a primary item.** If every option containing primary item `p`
//!    also contains item `c` without a color, then covering `p` covers `c`: item `c` goes,
//!    and so does every option that contains `c` but not `p`.
//! 2. **A blocked option.** If option `r` clashes with every option of some primary item `q`
//!    not in `r`, then choosing `r` would leave `q` uncoverable: option `r` goes. Two
//!    options clash when they share an item that either leaves uncolored, or that they
//!    color differently.
//!
//! Secondary items left in no option go too. If a primary item is left in no option, the
//! problem has no solution, and the result is that item alone, with no options (as
//! dlx-pre prints it).
//!
//! ```
//! use dlx_cover::{Problem, Solver, preprocess};
//!
//! // Knuth's example from "Dancing Links": items A..E primary, F G secondary.
//! let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
//! let mut p = Problem::new(5, 2)?;
//! for o in [vec![c, e, f], vec![a, d, g], vec![b, c, f], vec![a, d], vec![b, g], vec![d, e, g]] {
//!     p.add_option(o)?;
//! }
//! let reduced = preprocess::reduce(&p).expect("no multiplicities");
//! assert_eq!(reduced.problem.items(), 3); // A, B and E are left ...
//! assert_eq!(reduced.problem.options(), 3); // ... each in one option.
//! assert_eq!(Solver::new(&reduced.problem).count_solutions(10).solutions, 1);
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! Option costs are kept (the solutions are the same options). Multiplicities are refused:
//! both rules rest on every primary item being covered exactly once.

use thiserror::Error;

use crate::problem::Problem;

/// One simplification, in the numbering of the original problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// Rule 1: every option of primary item `by` contains `item`, uncolored.
    ImpliedItem {
        /// The item removed.
        item: usize,
        /// The primary item that implies it.
        by: usize,
    },
    /// Rule 1's other half: `option` contains `item` but not `by`, which implies `item`.
    OptionWithImpliedItem {
        /// The option removed.
        option: usize,
        /// The implied item.
        item: usize,
        /// The primary item that implies it.
        by: usize,
    },
    /// Rule 2: `option` clashes with every option of primary item `by`.
    BlockedOption {
        /// The option removed.
        option: usize,
        /// The primary item it would leave uncoverable.
        by: usize,
    },
    /// A secondary item that no option names any more.
    UnusedItem {
        /// The item removed.
        item: usize,
    },
    /// A primary item in no option: the problem has no solution.
    Infeasible {
        /// The item.
        item: usize,
    },
}

/// Why a problem cannot be preprocessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PreprocessError {
    /// Knuth's rules assume every primary item is covered exactly once.
    #[error(
        "primary item {item} has a multiplicity other than 1:1, which preprocessing does not support"
    )]
    Multiplicity {
        /// The first such item.
        item: usize,
    },
}

/// The smaller problem and how it maps onto the original.
#[derive(Debug, Clone)]
pub struct Reduced {
    /// The reduced problem: the kept items (primary then secondary, in their original
    /// order) and the kept options (in their original order, with their costs).
    pub problem: Problem,
    /// The original number of each kept item.
    pub items: Vec<usize>,
    /// The original number of each kept option: a solution `s` of the reduced problem is
    /// the solution `s.map(|o| options[o])` of the original.
    pub options: Vec<usize>,
    /// What was removed, in the order it was found.
    pub removals: Vec<Removal>,
}

/// Working state: each option's live entries, each item's live options.
struct Work {
    primary: usize,
    /// Entries `(item, color)` of each option; `None` once the option is deleted.
    options: Vec<Option<Vec<(usize, u32)>>>,
    /// Options of each item (may hold deleted options; filter with `alive`).
    lists: Vec<Vec<usize>>,
    /// False once an item is removed.
    item_alive: Vec<bool>,
    removals: Vec<Removal>,
    /// Stamps options that clash with the option under test (a fresh value per test).
    stamp: Vec<u64>,
    stamp_now: u64,
    /// Scratch counts per primary item for rule 2, zero between tests.
    count: Vec<usize>,
}

impl Work {
    fn live_list(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        self.lists[item].iter().copied().filter(move |&o| {
            self.options[o]
                .as_ref()
                .is_some_and(|e| e.iter().any(|&(i, _)| i == item))
        })
    }

    fn tidy(&mut self, item: usize) {
        let live: Vec<usize> = self.live_list(item).collect();
        self.lists[item] = live;
    }

    fn delete(&mut self, option: usize, why: Removal) {
        if self.options[option].take().is_some() {
            self.removals.push(why);
        }
    }

    /// Rule 1 for primary item `p`; true when something changed.
    fn implied_items(&mut self, p: usize) -> bool {
        self.tidy(p);
        let Some((&first, rest)) = self.lists[p].split_first() else {
            return false;
        };
        let uncolored = |o: usize, w: &Work| -> Vec<usize> {
            let mut v: Vec<usize> = w.options[o]
                .as_ref()
                .expect("live")
                .iter()
                .filter(|&&(i, c)| c == 0 && i != p)
                .map(|&(i, _)| i)
                .collect();
            v.sort_unstable();
            v
        };
        let mut common = uncolored(first, self);
        for &o in rest {
            let here = uncolored(o, self);
            common.retain(|i| here.binary_search(i).is_ok());
            if common.is_empty() {
                return false;
            }
        }
        for &c in &common {
            self.removals.push(Removal::ImpliedItem { item: c, by: p });
            self.tidy(c);
            for o in self.lists[c].clone() {
                let entries = self.options[o].as_mut().expect("live");
                if entries.iter().any(|&(i, _)| i == p) {
                    entries.retain(|&(i, _)| i != c);
                } else {
                    self.delete(
                        o,
                        Removal::OptionWithImpliedItem {
                            option: o,
                            item: c,
                            by: p,
                        },
                    );
                }
            }
            self.lists[c].clear();
            self.item_alive[c] = false;
        }
        !common.is_empty()
    }

    /// Rule 2 for option `r`: the primary item it blocks, if any.
    fn blocked_by(&mut self, r: usize) -> Option<usize> {
        let entries = self.options[r].clone()?;
        self.stamp_now += 1;
        let mark = self.stamp_now;
        let mut clashing = Vec::new();
        for &(item, color) in &entries {
            self.tidy(item);
            for &s in &self.lists[item] {
                if s == r || self.stamp[s] == mark {
                    continue;
                }
                let theirs = self.options[s]
                    .as_ref()
                    .expect("live")
                    .iter()
                    .find(|&&(i, _)| i == item)
                    .expect("in the list")
                    .1;
                if color == 0 || theirs != color {
                    self.stamp[s] = mark;
                    clashing.push(s);
                }
            }
        }
        let in_r = |q: usize| entries.iter().any(|&(i, _)| i == q);
        let mut touched = Vec::new();
        let mut blocked = None;
        for &s in &clashing {
            for &(q, _) in self.options[s].as_ref().expect("live") {
                if q < self.primary && !in_r(q) {
                    if self.count[q] == 0 {
                        touched.push(q);
                    }
                    self.count[q] += 1;
                }
            }
        }
        for &q in &touched {
            self.tidy(q);
            if blocked.is_none() && self.count[q] == self.lists[q].len() {
                blocked = Some(q);
            }
        }
        for q in touched {
            self.count[q] = 0;
        }
        blocked
    }
}

/// Applies Knuth's two rules to `problem` until neither applies.
pub fn reduce(problem: &Problem) -> Result<Reduced, PreprocessError> {
    if let Some(item) =
        (0..problem.primary_items()).find(|&i| problem.multiplicity(i) != Some((1, 1)))
    {
        return Err(PreprocessError::Multiplicity { item });
    }
    let n = problem.items();
    let mut work = Work {
        primary: problem.primary_items(),
        options: (0..problem.options())
            .map(|o| Some(problem.colored_option(o).collect()))
            .collect(),
        lists: vec![Vec::new(); n],
        item_alive: vec![true; n],
        removals: Vec::new(),
        stamp: vec![0; problem.options()],
        stamp_now: 0,
        count: vec![0; n],
    };
    for o in 0..problem.options() {
        for item in problem.option(o) {
            work.lists[item].push(o);
        }
    }
    let infeasible = loop {
        let mut changed = false;
        for p in 0..work.primary {
            if work.item_alive[p] {
                changed |= work.implied_items(p);
            }
        }
        for r in 0..problem.options() {
            if let Some(q) = work.blocked_by(r) {
                work.delete(r, Removal::BlockedOption { option: r, by: q });
                changed = true;
            }
        }
        let empty = (0..work.primary).find(|&p| {
            work.item_alive[p] && {
                work.tidy(p);
                work.lists[p].is_empty()
            }
        });
        if empty.is_some() || !changed {
            break empty;
        }
    };
    if let Some(item) = infeasible {
        work.removals.push(Removal::Infeasible { item });
        let problem = Problem::new(1, 0).expect("tiny");
        return Ok(Reduced {
            problem,
            items: vec![item],
            options: Vec::new(),
            removals: work.removals,
        });
    }
    for item in work.primary..n {
        work.tidy(item);
        if work.item_alive[item] && work.lists[item].is_empty() {
            work.item_alive[item] = false;
            work.removals.push(Removal::UnusedItem { item });
        }
    }
    let items: Vec<usize> = (0..n).filter(|&i| work.item_alive[i]).collect();
    let mut new_number = vec![usize::MAX; n];
    for (k, &i) in items.iter().enumerate() {
        new_number[i] = k;
    }
    let primary = items.iter().filter(|&&i| i < work.primary).count();
    let mut reduced = Problem::new(primary, items.len() - primary).expect("no larger");
    let mut options = Vec::new();
    for (o, entries) in work.options.iter().enumerate() {
        if let Some(entries) = entries {
            let k = reduced
                .add_colored_option(entries.iter().map(|&(i, c)| (new_number[i], c)))
                .expect("a subset of a valid option, with its primary item");
            reduced.set_cost(k, problem.cost(o)).expect("just added");
            options.push(o);
        }
    }
    Ok(Reduced {
        problem: reduced,
        items,
        options,
        removals: work.removals,
    })
}
