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
///
/// An entry leaves an option that stays only by rule 1, which then removes its item
/// altogether; so the options in the list of an item still alive are exactly its live
/// options, once the deleted ones are filtered out ([`Work::tidy`]).
struct Work {
    primary: usize,
    /// Entries `(item, color)` of each option; `None` once the option is deleted.
    options: Vec<Option<Vec<(usize, u32)>>>,
    /// `(option, color)` for each item: its options (deleted ones until the next tidy).
    lists: Vec<Vec<(usize, u32)>>,
    /// How many live options each live item has.
    live_len: Vec<usize>,
    /// False once an item is removed.
    item_alive: Vec<bool>,
    removals: Vec<Removal>,
    /// Rule 2's scratch, reused: a stamp per option (clashes with the option under test)
    /// and per item (in the option under test), fresh values per test.
    option_mark: Vec<u64>,
    item_mark: Vec<u64>,
    mark: u64,
    /// Per primary item, how many of its options clash; zero between tests.
    count: Vec<usize>,
    clashing: Vec<usize>,
    touched: Vec<usize>,
}

impl Work {
    /// Drops deleted options from `item`'s list.
    fn tidy(&mut self, item: usize) {
        let Work { lists, options, .. } = self;
        lists[item].retain(|&(o, _)| options[o].is_some());
    }

    fn delete(&mut self, option: usize, why: Removal) {
        if let Some(entries) = self.options[option].take() {
            for (item, _) in entries {
                self.live_len[item] -= 1;
            }
            self.removals.push(why);
        }
    }

    /// Rule 1 for primary item `p`; true when something changed.
    fn implied_items(&mut self, p: usize) -> bool {
        self.tidy(p);
        let Some((&(first, _), rest)) = self.lists[p].split_first() else {
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
        for &(o, _) in rest {
            if common.is_empty() {
                return false;
            }
            let entries = self.options[o].as_ref().expect("live");
            common.retain(|&i| entries.iter().any(|&(j, c)| j == i && c == 0));
        }
        for &c in &common {
            self.removals.push(Removal::ImpliedItem { item: c, by: p });
            self.tidy(c);
            for (o, _) in std::mem::take(&mut self.lists[c]) {
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
            self.item_alive[c] = false;
        }
        !common.is_empty()
    }

    /// Rule 2 for option `r`: the primary item it blocks, if any.
    fn blocked_by(&mut self, r: usize) -> Option<usize> {
        let Work {
            primary,
            options,
            lists,
            live_len,
            option_mark,
            item_mark,
            mark,
            count,
            clashing,
            touched,
            ..
        } = self;
        let entries = options[r].as_ref()?;
        *mark += 1;
        let mark = *mark;
        clashing.clear();
        for &(item, _) in entries {
            item_mark[item] = mark;
        }
        for &(item, color) in entries {
            for &(s, theirs) in &lists[item] {
                if s != r
                    && option_mark[s] != mark
                    && (color == 0 || theirs != color)
                    && options[s].is_some()
                {
                    option_mark[s] = mark;
                    clashing.push(s);
                }
            }
        }
        touched.clear();
        for &s in clashing.iter() {
            for &(q, _) in options[s].as_ref().expect("live") {
                if q < *primary && item_mark[q] != mark {
                    if count[q] == 0 {
                        touched.push(q);
                    }
                    count[q] += 1;
                }
            }
        }
        let mut blocked = None;
        for &q in touched.iter() {
            if blocked.is_none() && count[q] == live_len[q] {
                blocked = Some(q);
            }
            count[q] = 0;
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
        live_len: vec![0; n],
        item_alive: vec![true; n],
        removals: Vec::new(),
        option_mark: vec![0; problem.options()],
        item_mark: vec![0; n],
        mark: 0,
        count: vec![0; n],
        clashing: Vec::new(),
        touched: Vec::new(),
    };
    for o in 0..problem.options() {
        for (item, color) in problem.colored_option(o) {
            work.lists[item].push((o, color));
            work.live_len[item] += 1;
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
        let empty = (0..work.primary).find(|&p| work.item_alive[p] && work.live_len[p] == 0);
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
        if work.item_alive[item] && work.live_len[item] == 0 {
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
