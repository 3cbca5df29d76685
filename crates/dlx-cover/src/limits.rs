//! What bounds a search and what it reports: the one budget type [`Limits`] (with its
//! [`Cancel`] flag), how a search ended ([`SearchEnd`]), what it counted ([`Stats`],
//! [`Count`]), and why a selection failed ([`SelectError`]). Shared by every engine.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use thiserror::Error;

/// What a search counted, in the conventions of Knuth's dlx1 and dlx2, so that the figures
/// compare one to one with his programs' `nodes` and `updates`. Cumulative over the
/// searches a [`Solver`](crate::Solver) has run, until [`Solver::reset_stats`](crate::Solver::reset_stats).
///
/// * `nodes` counts the nodes of the search tree as TAOCP 7.2.2 draws it: the root of each
///   search, and one node for every option tried (an option that completes a solution is a
///   node too, the leaf that shows the solution). So `nodes` is `options_tried` plus one
///   per search.
/// * `updates` counts link changes made while covering: one per option node hidden and one
///   per item taken out of the active list, including an item that is chosen with no
///   options left (Knuth covers it, one update, before backing up).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Search-tree nodes, the root of each search included (Knuth's "nodes").
    pub nodes: u64,
    /// Link updates: nodes hidden and items unlinked (Knuth's "updates").
    pub updates: u64,
    /// Solutions visited.
    pub solutions: u64,
    /// Options tried: the nodes below the roots. This is what [`Limits::max_nodes`] bounds.
    pub options_tried: u64,
    /// Cleansings, counted by Algorithm M ([`MultiSolver`](crate::MultiSolver), Knuth's
    /// dlx3) and by the cost search (dlx5), not by Algorithms X and C: one per purification
    /// and one per option marked as agreeing with the new color.
    pub cleansings: u64,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEnd {
    /// Every solution was visited.
    Exhausted,
    /// The visitor asked to stop.
    Stopped,
    /// The node limit was reached before the search finished.
    NodeLimit,
    /// The deadline passed, or the [`Limits::cancel`] flag was set, before the search
    /// finished.
    Deadline,
}

/// Bounds on one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Stop with [`SearchEnd::NodeLimit`] once this many options have been tried
    /// ([`Stats::options_tried`]: the search-tree nodes below the root).
    pub max_nodes: u64,
    /// Stop with [`SearchEnd::Deadline`] once this instant has passed (checked every
    /// [`Limits::CLOCK_EVERY`] nodes, so the search may run a little past it).
    pub deadline: Option<Instant>,
    /// Stop with [`SearchEnd::Deadline`], as if the deadline had passed, once this flag is
    /// set (looked at every [`Limits::CLOCK_EVERY`] nodes): how another thread or a signal
    /// handler interrupts a long search.
    pub cancel: Option<Cancel>,
}

/// A flag that interrupts every search whose [`Limits::cancel`] holds it, once set.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use dlx_cover::{Cancel, Limits};
///
/// static STOP: AtomicBool = AtomicBool::new(false);
/// let limits = Limits { cancel: Some(Cancel::new(&STOP)), ..Limits::NONE };
/// STOP.store(true, Ordering::Relaxed); // e.g. from a Ctrl-C handler
/// assert!(limits.cancel.unwrap().is_set());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Cancel(&'static AtomicBool);

impl Cancel {
    /// The flag `flag` (a `static`, or leaked).
    pub fn new(flag: &'static AtomicBool) -> Cancel {
        Cancel(flag)
    }

    /// True once the flag is set.
    pub fn is_set(self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PartialEq for Cancel {
    /// The same flag.
    fn eq(&self, other: &Cancel) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Cancel {}

impl Limits {
    /// How many nodes pass between two looks at the clock.
    pub const CLOCK_EVERY: u64 = 1024;

    /// Whether a search that has tried `tried` options must stop before trying another,
    /// and why. The one place where every limit is checked; the clock is read only every
    /// [`Limits::CLOCK_EVERY`] options.
    #[inline]
    pub fn reached(&self, tried: u64) -> Option<SearchEnd> {
        if tried >= self.max_nodes {
            return Some(SearchEnd::NodeLimit);
        }
        // The hot path, at every node: two compares. The clock and the flag, out of line.
        if !tried.is_multiple_of(Limits::CLOCK_EVERY) {
            return None;
        }
        self.interrupted(tried)
    }

    /// The deadline and the cancel flag, looked at every [`Limits::CLOCK_EVERY`] options
    /// (the deadline not before the first).
    #[cold]
    #[inline(never)]
    fn interrupted(&self, tried: u64) -> Option<SearchEnd> {
        if let Some(deadline) = self.deadline
            && tried > 0
            && Instant::now() >= deadline
        {
            return Some(SearchEnd::Deadline);
        }
        if let Some(cancel) = self.cancel
            && cancel.is_set()
        {
            return Some(SearchEnd::Deadline);
        }
        None
    }

    /// No limit at all.
    pub const NONE: Limits = Limits {
        max_nodes: u64::MAX,
        deadline: None,
        cancel: None,
    };

    /// These limits once `used` nodes of the budget are spent: the same deadline and
    /// cancel flag, `max_nodes` less `used` (never below zero).
    pub fn spent(self, used: u64) -> Limits {
        Limits {
            max_nodes: self.max_nodes.saturating_sub(used),
            ..self
        }
    }

    /// These limits with at most `nodes` search nodes: the smaller of the two budgets.
    pub fn at_most(self, nodes: u64) -> Limits {
        Limits {
            max_nodes: self.max_nodes.min(nodes),
            ..self
        }
    }

    /// Only a node limit.
    pub fn nodes(max_nodes: u64) -> Limits {
        Limits {
            max_nodes,
            ..Limits::NONE
        }
    }

    /// Only a deadline.
    pub fn deadline(deadline: Instant) -> Limits {
        Limits {
            deadline: Some(deadline),
            ..Limits::NONE
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::NONE
    }
}

/// Why an option could not be pre-selected with [`Solver::select`](crate::Solver::select).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum SelectError {
    /// No such option.
    #[error("unknown option {0}")]
    UnknownOption(usize),
    /// An item of the option is already covered (or colored differently) by a selected option.
    #[error("option {option} conflicts with an option selected before it")]
    Conflict {
        /// The option that could not be selected.
        option: usize,
    },
}

/// The number of solutions found by [`Solver::count_solutions`](crate::Solver::count_solutions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// True when the search ended early: at the solution limit or the node limit, so that
    /// there may be more.
    pub stopped_early: bool,
    /// True when the node limit or the deadline ended the search.
    pub node_limit: bool,
}

impl Count {
    /// Counts to `limit` solutions with `run`, a search that calls its argument once per
    /// solution and stops when it says `Break`: the one count-to-a-limit policy that every
    /// solver's `count_solutions_within` shares.
    pub(crate) fn up_to(
        limit: u64,
        run: impl FnOnce(&mut dyn FnMut() -> ControlFlow<()>) -> SearchEnd,
    ) -> Count {
        let mut solutions = 0u64;
        if limit == 0 {
            return Count {
                solutions,
                stopped_early: true,
                node_limit: false,
            };
        }
        let end = run(&mut || {
            solutions += 1;
            if solutions >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        Count {
            solutions,
            stopped_early: end != SearchEnd::Exhausted,
            node_limit: matches!(end, SearchEnd::NodeLimit | SearchEnd::Deadline),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spent_and_at_most_shape_the_node_budget_only() {
        let l = Limits::nodes(10);
        assert_eq!(l.spent(3).max_nodes, 7);
        assert_eq!(l.spent(30).max_nodes, 0);
        assert_eq!(l.at_most(4).max_nodes, 4);
        assert_eq!(l.at_most(40).max_nodes, 10);
        assert_eq!(Limits::NONE.spent(5).at_most(9).max_nodes, 9);
        assert_eq!(Limits::NONE.spent(5).deadline, None);
    }
}
