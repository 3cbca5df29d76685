//! The problem builder: items, options, and the checks made on them.

use thiserror::Error;

/// The largest number of nodes (items + option entries + spacers) a problem may hold: node
/// indices are `u32` inside the dancing-links arena.
pub const MAX_NODES: usize = u32::MAX as usize - 1;

/// What is wrong with an option or with the size of a problem.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProblemError {
    /// An option names an item number that the problem does not have.
    #[error("option {option}: unknown item {item} (the problem has {items} items)")]
    UnknownItem {
        /// Index the option would have had.
        option: usize,
        /// The item number given.
        item: usize,
        /// How many items the problem has.
        items: usize,
    },
    /// An option names the same item twice.
    #[error("option {option}: item {item} appears twice")]
    DuplicateItem {
        /// Index the option would have had.
        option: usize,
        /// The repeated item.
        item: usize,
    },
    /// An option with no primary item could never be chosen by Algorithm X.
    #[error("option {option} has no primary item")]
    NoPrimaryItem {
        /// Index the option would have had.
        option: usize,
    },
    /// The problem would need more nodes than the arena's `u32` indices hold.
    #[error("the problem is too large: more than {max} nodes")]
    TooLarge {
        /// The limit that was passed.
        max: usize,
    },
    /// A multiplicity was given to an item that is not primary.
    #[error("item {item} is not a primary item, so it takes no multiplicity")]
    NotPrimary {
        /// The item given.
        item: usize,
    },
    /// A multiplicity interval `[lo..hi]` with `hi = 0` or `lo > hi`.
    #[error("item {item}: bad multiplicity {lo}:{hi} (need 0 <= lo <= hi and hi >= 1)")]
    BadMultiplicity {
        /// The item given.
        item: usize,
        /// The lower bound given.
        lo: u32,
        /// The upper bound given.
        hi: u32,
    },
    /// A cost was given to an option that does not exist.
    #[error("unknown option {option} (the problem has {options} options)")]
    UnknownOption {
        /// The option given.
        option: usize,
        /// How many options the problem has.
        options: usize,
    },
}

/// An exact-cover problem: `primary` items that every solution covers exactly once,
/// `secondary` items that it covers at most once, and options, each a set of items.
///
/// Items are numbered `0..primary` (primary) then `primary..primary + secondary` (secondary).
/// Options are numbered in the order they are added; a solution is a list of option numbers.
/// An option may give a secondary item a *color* (see [`Problem::add_colored_option`]):
/// options that give one secondary item different colors exclude each other, options that
/// agree on its color may share it (Knuth's Algorithm C).
#[derive(Debug, Clone, Default)]
pub struct Problem {
    pub(crate) primary: usize,
    pub(crate) secondary: usize,
    /// Item numbers of every option, concatenated; `option_ends[k]` closes option `k`.
    pub(crate) entries: Vec<u32>,
    /// Color of each entry: 0 for none, otherwise a color number ≥ 1 (secondary items only).
    pub(crate) colors: Vec<u32>,
    pub(crate) option_ends: Vec<usize>,
    /// True once any entry has a color: the search then uses Algorithm C's purify step.
    pub(crate) has_colors: bool,
    /// Multiplicity `(lo, hi)` of primary items, by item number (Knuth's dlx3); items past
    /// the end are `(1, 1)`. Empty in the common case, so plain problems pay nothing.
    pub(crate) bounds: Vec<(u32, u32)>,
    /// Cost of each option, by option number (Knuth's dlx5); options past the end cost 0.
    pub(crate) costs: Vec<u64>,
}

impl Problem {
    /// A problem with `primary` primary and `secondary` secondary items and no options yet.
    pub fn new(primary: usize, secondary: usize) -> Result<Self, ProblemError> {
        if primary + secondary + 2 > MAX_NODES {
            return Err(ProblemError::TooLarge { max: MAX_NODES });
        }
        Ok(Problem {
            primary,
            secondary,
            ..Problem::default()
        })
    }

    /// Number of primary items.
    pub fn primary_items(&self) -> usize {
        self.primary
    }

    /// Number of secondary items.
    pub fn secondary_items(&self) -> usize {
        self.secondary
    }

    /// Number of items, primary and secondary.
    pub fn items(&self) -> usize {
        self.primary + self.secondary
    }

    /// Number of options added so far.
    pub fn options(&self) -> usize {
        self.option_ends.len()
    }

    /// The items of option `option`, in the order they were given.
    ///
    /// # Panics
    /// If `option` is not less than [`Problem::options`].
    pub fn option(&self, option: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        let (start, end) = self.option_range(option);
        self.entries[start..end].iter().map(|&i| i as usize)
    }

    /// The items of option `option` with their colors (0 = no color).
    pub fn colored_option(
        &self,
        option: usize,
    ) -> impl ExactSizeIterator<Item = (usize, u32)> + '_ {
        let (start, end) = self.option_range(option);
        self.entries[start..end]
            .iter()
            .zip(&self.colors[start..end])
            .map(|(&i, &c)| (i as usize, c))
    }

    pub(crate) fn option_range(&self, option: usize) -> (usize, usize) {
        let start = if option == 0 {
            0
        } else {
            self.option_ends[option - 1]
        };
        (start, self.option_ends[option])
    }

    /// Adds an option (a set of items) and returns its number.
    ///
    /// Errors: an item out of range, an item named twice, no primary item, or a problem too
    /// large for the arena. On error the problem is unchanged.
    pub fn add_option<I>(&mut self, items: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator<Item = usize>,
    {
        self.add_colored_option(items.into_iter().map(|i| (i, 0)))
    }

    /// Adds an option whose entries are `(item, color)` pairs, color 0 meaning "no color".
    /// Colors mean something only on secondary items; a color given to a primary item is
    /// dropped. Errors as for [`Problem::add_option`].
    pub fn add_colored_option<I>(&mut self, items: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator<Item = (usize, u32)>,
    {
        let option = self.options();
        let start = self.entries.len();
        let n = self.items();
        let mut primary_seen = false;
        let mut failure = None;
        for (item, color) in items {
            if item >= n {
                failure = Some(ProblemError::UnknownItem {
                    option,
                    item,
                    items: n,
                });
                break;
            }
            if self.entries[start..].contains(&(item as u32)) {
                failure = Some(ProblemError::DuplicateItem { option, item });
                break;
            }
            primary_seen |= item < self.primary;
            // A color on a primary item means nothing; keep the data clean.
            let color = if item < self.primary { 0 } else { color };
            self.entries.push(item as u32);
            self.colors.push(color);
        }
        if failure.is_none() && !primary_seen {
            failure = Some(ProblemError::NoPrimaryItem { option });
        }
        // Header nodes, one node per entry, one spacer per option plus the last one.
        if failure.is_none() && n + 2 + self.entries.len() + self.options() + 1 > MAX_NODES {
            failure = Some(ProblemError::TooLarge { max: MAX_NODES });
        }
        if let Some(error) = failure {
            self.entries.truncate(start);
            self.colors.truncate(start);
            return Err(error);
        }
        if self.colors[start..].iter().any(|&c| c != 0) {
            self.has_colors = true;
        }
        self.option_ends.push(self.entries.len());
        Ok(option)
    }
}

/// Multiplicities (Knuth's dlx3, Algorithm M) and option costs (dlx5). Only
/// [`MultiSolver`](crate::MultiSolver) and [`cost`](crate::cost) honour them; [`Solver`](
/// crate::Solver) solves the plain problem, every primary item exactly once.
impl Problem {
    /// Lets primary item `item` be covered between `lo` and `hi` times (Knuth's `lo:hi|name`)
    /// instead of exactly once. Errors: not a primary item, `hi = 0`, or `lo > hi`; the
    /// problem is then unchanged.
    ///
    /// ```
    /// use dlx_cover::{MultiSolver, Problem};
    /// // Item 0 must be covered twice, by any two of three options.
    /// let mut p = Problem::new(1, 0)?;
    /// for _ in 0..3 {
    ///     p.add_option([0])?;
    /// }
    /// p.set_multiplicity(0, 2, 2)?;
    /// assert_eq!(MultiSolver::new(&p).count_solutions(u64::MAX).solutions, 3);
    /// # Ok::<(), dlx_cover::ProblemError>(())
    /// ```
    pub fn set_multiplicity(&mut self, item: usize, lo: u32, hi: u32) -> Result<(), ProblemError> {
        if item >= self.primary {
            return Err(ProblemError::NotPrimary { item });
        }
        if hi == 0 || lo > hi {
            return Err(ProblemError::BadMultiplicity { item, lo, hi });
        }
        if self.bounds.len() <= item {
            if (lo, hi) == (1, 1) {
                return Ok(());
            }
            self.bounds.resize(item + 1, (1, 1));
        }
        self.bounds[item] = (lo, hi);
        Ok(())
    }

    /// The multiplicity `(lo, hi)` of a primary item (`(1, 1)` unless set), or `None` for a
    /// secondary item or one out of range.
    pub fn multiplicity(&self, item: usize) -> Option<(u32, u32)> {
        (item < self.primary).then(|| self.bounds.get(item).copied().unwrap_or((1, 1)))
    }

    /// True when some primary item has a multiplicity other than exactly once.
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    /// True when some entry gives a secondary item a color.
    pub fn has_colors(&self) -> bool {
        self.has_colors
    }

    /// Sets the cost of option `option` (Knuth's `|n` after an option). Errors when there is
    /// no such option.
    pub fn set_cost(&mut self, option: usize, cost: u64) -> Result<(), ProblemError> {
        if option >= self.options() {
            return Err(ProblemError::UnknownOption {
                option,
                options: self.options(),
            });
        }
        if self.costs.len() <= option {
            if cost == 0 {
                return Ok(());
            }
            self.costs.resize(option + 1, 0);
        }
        self.costs[option] = cost;
        Ok(())
    }

    /// The cost of option `option` (0 unless set).
    pub fn cost(&self, option: usize) -> u64 {
        self.costs.get(option).copied().unwrap_or(0)
    }

    /// True when some option has a cost other than 0.
    pub fn has_costs(&self) -> bool {
        self.costs.iter().any(|&c| c != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_reports_each_error_and_stays_unchanged() {
        let mut p = Problem::new(3, 1).unwrap();
        assert_eq!(p.add_option([0, 3]), Ok(0));
        assert_eq!(
            p.add_option([1, 4]),
            Err(ProblemError::UnknownItem {
                option: 1,
                item: 4,
                items: 4
            })
        );
        assert_eq!(
            p.add_option([1, 2, 1]),
            Err(ProblemError::DuplicateItem { option: 1, item: 1 })
        );
        assert_eq!(
            p.add_option([3]),
            Err(ProblemError::NoPrimaryItem { option: 1 })
        );
        assert_eq!(p.options(), 1);
        assert_eq!(p.option(0).collect::<Vec<_>>(), vec![0, 3]);
        assert_eq!(p.add_option([2, 1]), Ok(1));
        assert_eq!(p.option(1).collect::<Vec<_>>(), vec![2, 1]);
    }

    #[test]
    fn colors_only_on_secondary_items() {
        let mut p = Problem::new(1, 1).unwrap();
        p.add_colored_option([(0, 5), (1, 2)]).unwrap();
        assert_eq!(
            p.colored_option(0).collect::<Vec<_>>(),
            vec![(0, 0), (1, 2)]
        );
        assert!(p.has_colors);
    }

    #[test]
    fn multiplicities_and_costs_are_checked_and_default() {
        let mut p = Problem::new(2, 1).unwrap();
        p.add_option([0, 2]).unwrap();
        assert_eq!(p.multiplicity(1), Some((1, 1)));
        assert_eq!(p.multiplicity(2), None);
        assert!(!p.has_multiplicities());
        assert_eq!(p.set_multiplicity(1, 1, 1), Ok(()));
        assert!(!p.has_multiplicities());
        assert_eq!(p.set_multiplicity(1, 0, 3), Ok(()));
        assert_eq!(p.multiplicity(1), Some((0, 3)));
        assert!(p.has_multiplicities());
        assert_eq!(
            p.set_multiplicity(2, 1, 2),
            Err(ProblemError::NotPrimary { item: 2 })
        );
        assert_eq!(
            p.set_multiplicity(0, 0, 0),
            Err(ProblemError::BadMultiplicity {
                item: 0,
                lo: 0,
                hi: 0
            })
        );
        assert_eq!(
            p.set_multiplicity(0, 3, 2),
            Err(ProblemError::BadMultiplicity {
                item: 0,
                lo: 3,
                hi: 2
            })
        );
        assert_eq!(p.multiplicity(0), Some((1, 1)));
        assert_eq!(p.cost(0), 0);
        assert!(!p.has_costs());
        assert_eq!(p.set_cost(0, 7), Ok(()));
        assert_eq!(p.cost(0), 7);
        assert!(p.has_costs());
        assert_eq!(
            p.set_cost(1, 1),
            Err(ProblemError::UnknownOption {
                option: 1,
                options: 1
            })
        );
    }
}
