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
}
