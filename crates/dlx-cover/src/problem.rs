//! The problem builder: items (by number or by name), options, colors, and the checks made
//! on them.

use std::collections::HashMap;

use thiserror::Error;

/// The largest number of nodes (items + option entries + spacers) a problem may hold: node
/// indices are `u32` inside the dancing-links arena.
pub const MAX_NODES: usize = u32::MAX as usize - 1;

/// The largest multiplicity an item may have: Algorithm M counts in 32-bit signed
/// integers, as Knuth's dlx3 does (found by fuzzing: `4111111111|a` wrapped to a negative
/// bound and the empty selection passed as a solution).
pub const MAX_MULTIPLICITY: u32 = i32::MAX as u32;

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
    /// Two items were given the same name.
    #[error("duplicate item name {name:?}")]
    DuplicateName {
        /// The name given twice.
        name: String,
    },
    /// An item or color name is empty, or contains white space.
    #[error("bad name {name:?}: a name is not empty and has no white space")]
    BadName {
        /// The name given.
        name: String,
    },
    /// An option names an item that the problem does not have.
    #[error("option {option}: unknown item name {name:?}")]
    UnknownName {
        /// Index the option would have had.
        option: usize,
        /// The name given.
        name: String,
    },
    /// An option was given by names, but the problem was built without them
    /// ([`Problem::new`] rather than [`Problem::with_names`]).
    #[error("option {option}: the problem has no item names")]
    NoNames {
        /// Index the option would have had.
        option: usize,
    },
    /// A multiplicity was given to an item that is not primary.
    #[error("item {item} is not a primary item, so it takes no multiplicity")]
    NotPrimary {
        /// The item given.
        item: usize,
    },
    /// A multiplicity interval `[lo..hi]` with `hi = 0`, `lo > hi`, or `hi` above
    /// [`MAX_MULTIPLICITY`].
    #[error("item {item}: bad multiplicity {lo}:{hi} (need 0 <= lo <= hi, 1 <= hi <= 2147483647)")]
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

/// Item and color names, with their lookup tables.
#[derive(Debug, Clone, Default)]
pub(crate) struct Names {
    pub items: Vec<String>,
    item_index: HashMap<String, usize>,
    /// Color `c ≥ 1` is `colors[c - 1]`.
    pub colors: Vec<String>,
    color_index: HashMap<String, u32>,
}

impl Names {
    /// The number of color `name`, given a new number if it has none yet.
    fn color(&mut self, name: &str) -> Result<u32, ProblemError> {
        if let Some(&c) = self.color_index.get(name) {
            return Ok(c);
        }
        check_name(name)?;
        self.colors.push(name.to_string());
        let c = self.colors.len() as u32;
        self.color_index.insert(name.to_string(), c);
        Ok(c)
    }
}

fn check_name(name: &str) -> Result<(), ProblemError> {
    if name.is_empty() || name.chars().any(char::is_whitespace) {
        return Err(ProblemError::BadName {
            name: name.to_string(),
        });
    }
    Ok(())
}

/// An exact-cover problem: `primary` items that every solution covers exactly once,
/// `secondary` items that it covers at most once, and options, each a set of items.
///
/// Items are numbered `0..primary` (primary) then `primary..primary + secondary` (secondary).
/// Options are numbered in the order they are added; a solution is a list of option numbers.
/// An option may give a secondary item a *color* (see [`Problem::add_colored_option`]):
/// options that give one secondary item different colors exclude each other, options that
/// agree on its color may share it (Knuth's Algorithm C).
///
/// Items may also have names ([`Problem::with_names`]); options are then added by name
/// ([`Problem::add_named_option`], [`Problem::add_named_colored_option`]) and written back
/// with [`Problem::option_text`]:
///
/// ```
/// use dlx_cover::Problem;
/// let mut p = Problem::with_names(["a", "b"], ["x"])?;
/// p.add_named_option(["a", "x"])?;
/// p.add_named_colored_option([("b", None), ("x", Some("red"))])?;
/// assert_eq!(p.item_by_name("x"), Some(2));
/// assert_eq!(p.option_text(1), "b x:red");
/// # Ok::<(), dlx_cover::ProblemError>(())
/// ```
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
    /// Item and color names, when the problem has them.
    pub(crate) names: Option<Box<Names>>,
    /// Multiplicity `(lo, hi)` of primary items, by item number (Knuth's dlx3); items past
    /// the end are `(1, 1)`. Empty in the common case, so plain problems pay nothing.
    pub(crate) bounds: Vec<(u32, u32)>,
    /// Cost of each option, by option number (Knuth's dlx5); options past the end cost 0.
    pub(crate) costs: Vec<u64>,
}

/// Options up to this many entries are checked for a repeated item entry by entry; the
/// rest of a longer one (Knuth's scale: 100,000 items in one option) by sorting.
const LONG_OPTION: usize = 64;

/// In an option longer than [`LONG_OPTION`], the item of the first entry that repeats an
/// earlier one (the one an entry-by-entry check would stop at), if any.
fn first_repeat(entries: &[u32]) -> Option<usize> {
    if entries.len() <= LONG_OPTION {
        return None;
    }
    let mut sorted: Vec<(u32, usize)> = entries.iter().copied().zip(0..).collect();
    sorted.sort_unstable();
    // For each item named twice or more, the place of its second entry; the first of them.
    sorted
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .map(|w| w[1].1)
        .min()
        .map(|at| entries[at] as usize)
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

    /// A problem whose items have names: the `primary` ones, then the `secondary` ones,
    /// numbered in that order from 0. A name is any non-empty string without white space;
    /// no two items may share one.
    pub fn with_names<P, S>(primary: P, secondary: S) -> Result<Self, ProblemError>
    where
        P: IntoIterator,
        P::Item: AsRef<str>,
        S: IntoIterator,
        S::Item: AsRef<str>,
    {
        let mut names = Names::default();
        let mut add = |name: &str| {
            check_name(name)?;
            let k = names.items.len();
            if names.item_index.insert(name.to_string(), k).is_some() {
                return Err(ProblemError::DuplicateName {
                    name: name.to_string(),
                });
            }
            names.items.push(name.to_string());
            Ok(())
        };
        let mut primary_count = 0;
        for name in primary {
            add(name.as_ref())?;
            primary_count += 1;
        }
        for name in secondary {
            add(name.as_ref())?;
        }
        let primary = primary_count;
        let mut problem = Problem::new(primary, names.items.len() - primary)?;
        problem.names = Some(Box::new(names));
        Ok(problem)
    }

    /// Gives the items (and colors 1, 2, …) of a problem built by number these names; the
    /// caller has checked them (the Knuth reader).
    pub(crate) fn attach_names(&mut self, items: &[String], colors: &[String]) {
        let mut names = Names::default();
        for (k, name) in items.iter().enumerate() {
            names.item_index.insert(name.clone(), k);
        }
        names.items = items.to_vec();
        for (k, name) in colors.iter().enumerate() {
            names.color_index.insert(name.clone(), k as u32 + 1);
        }
        names.colors = colors.to_vec();
        self.names = Some(Box::new(names));
    }

    /// True when the items have names.
    pub fn has_names(&self) -> bool {
        self.names.is_some()
    }

    /// The name of item `item`, if the problem has names and such an item.
    pub fn item_name(&self, item: usize) -> Option<&str> {
        self.names.as_ref()?.items.get(item).map(String::as_str)
    }

    /// The number of the item named `name`.
    pub fn item_by_name(&self, name: &str) -> Option<usize> {
        self.names.as_ref()?.item_index.get(name).copied()
    }

    /// The name of color `color` (numbered from 1 in order of first use).
    pub fn color_name(&self, color: u32) -> Option<&str> {
        let k = (color as usize).checked_sub(1)?;
        self.names.as_ref()?.colors.get(k).map(String::as_str)
    }

    /// Adds an option given by item names and returns its number. Errors as for
    /// [`Problem::add_option`], and [`ProblemError::UnknownName`] for a name the problem does
    /// not have ([`ProblemError::NoNames`] when it has none).
    pub fn add_named_option<I>(&mut self, items: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.add_named_colored_option(items.into_iter().map(|name| (name, None::<&str>)))
    }

    /// Adds an option of `(item name, color name)` pairs, `None` meaning no color. Colors
    /// are numbered from 1 in order of first use ([`Problem::color_name`] names them back).
    /// Errors as for [`Problem::add_named_option`].
    pub fn add_named_colored_option<I, N, C>(&mut self, items: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator<Item = (N, Option<C>)>,
        N: AsRef<str>,
        C: AsRef<str>,
    {
        let option = self.options();
        let Some(names) = self.names.as_mut() else {
            return Err(ProblemError::NoNames { option });
        };
        let colors_before = names.colors.len();
        let mut entries = Vec::new();
        let mut failure = None;
        for (name, color) in items {
            let name = name.as_ref();
            let Some(&item) = names.item_index.get(name) else {
                failure = Some(ProblemError::UnknownName {
                    option,
                    name: name.to_string(),
                });
                break;
            };
            let color = match color {
                Some(c) => match names.color(c.as_ref()) {
                    Ok(c) => c,
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                },
                None => 0,
            };
            entries.push((item, color));
        }
        let result = match failure {
            Some(e) => Err(e),
            None => self.add_colored_option(entries),
        };
        if result.is_err() {
            // Forget colors first named by the rejected option.
            let names = self.names.as_mut().expect("checked above");
            for c in names.colors.drain(colors_before..) {
                names.color_index.remove(&c);
            }
        }
        result
    }

    /// Option `option` as text: its items separated by spaces, each by name (by number when
    /// the problem has no names), `item:color` for a colored entry, as Knuth writes them.
    ///
    /// # Panics
    /// If `option` is not less than [`Problem::options`].
    pub fn option_text(&self, option: usize) -> String {
        let mut text = String::new();
        for (k, (item, color)) in self.colored_option(option).enumerate() {
            if k > 0 {
                text.push(' ');
            }
            match self.item_name(item) {
                Some(name) => text.push_str(name),
                None => text.push_str(&item.to_string()),
            }
            if color > 0 {
                text.push(':');
                match self.color_name(color) {
                    Some(name) => text.push_str(name),
                    None => text.push_str(&color.to_string()),
                }
            }
        }
        text
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
            // A short option is checked as it grows; a long one once, below.
            if self.entries.len() - start < LONG_OPTION
                && self.entries[start..].contains(&(item as u32))
            {
                failure = Some(ProblemError::DuplicateItem { option, item });
                break;
            }
            primary_seen |= item < self.primary;
            // A color on a primary item means nothing; keep the data clean.
            let color = if item < self.primary { 0 } else { color };
            self.entries.push(item as u32);
            self.colors.push(color);
        }
        if failure.is_none()
            && let Some(item) = first_repeat(&self.entries[start..])
        {
            failure = Some(ProblemError::DuplicateItem { option, item });
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
        if hi == 0 || lo > hi || hi > MAX_MULTIPLICITY {
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

    /// Long options (100,000 entries) are checked for repeats in one sort; the repeat
    /// named is the first an entry-by-entry check meets, and a refused option leaves the
    /// problem unchanged.
    #[test]
    fn long_options_name_their_first_repeat() {
        let n = 100_000;
        let mut p = Problem::new(n, 0).unwrap();
        assert_eq!(p.add_option(0..n), Ok(0));
        for (repeats, want) in [
            (vec![(70, 3), (90, 80)], 3),
            (vec![(500, 99_000), (200, 12)], 12),
            (vec![(10, 5), (100, 1)], 5),
        ] {
            let mut items: Vec<usize> = (0..n).collect();
            for &(at, item) in &repeats {
                items[at] = item;
            }
            assert_eq!(
                p.add_option(items),
                Err(ProblemError::DuplicateItem {
                    option: 1,
                    item: want
                }),
                "{repeats:?}"
            );
            assert_eq!(p.options(), 1);
        }
    }

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
    fn names_build_options_and_read_back() {
        let mut p = Problem::with_names(["a", "b"], ["x", "y"]).unwrap();
        assert_eq!((p.primary_items(), p.secondary_items()), (2, 2));
        assert_eq!(p.add_named_option(["b", "y"]), Ok(0));
        assert_eq!(p.option(0).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(
            p.add_named_colored_option([("a", None), ("x", Some("red")), ("y", Some("blue"))]),
            Ok(1)
        );
        assert_eq!(
            p.colored_option(1).collect::<Vec<_>>(),
            vec![(0, 0), (2, 1), (3, 2)]
        );
        assert_eq!(p.option_text(1), "a x:red y:blue");
        assert_eq!(
            (p.color_name(1), p.color_name(2)),
            (Some("red"), Some("blue"))
        );
        assert_eq!((p.item_name(3), p.item_by_name("b")), (Some("y"), Some(1)));
        assert_eq!(p.item_name(4), None);
        assert_eq!(
            p.add_named_option(["a", "z"]),
            Err(ProblemError::UnknownName {
                option: 2,
                name: "z".into()
            })
        );
        // A rejected option leaves no new color behind.
        assert_eq!(
            p.add_named_colored_option([("x", Some("green"))]),
            Err(ProblemError::NoPrimaryItem { option: 2 })
        );
        assert_eq!(p.color_name(3), None);
        assert_eq!(p.options(), 2);
    }

    #[test]
    fn name_errors() {
        assert_eq!(
            Problem::with_names(["a", "b"], ["a"]).unwrap_err(),
            ProblemError::DuplicateName { name: "a".into() }
        );
        assert_eq!(
            Problem::with_names(["a b"], [""; 0]).unwrap_err(),
            ProblemError::BadName { name: "a b".into() }
        );
        assert_eq!(
            Problem::with_names([""], ["x"]).unwrap_err(),
            ProblemError::BadName { name: "".into() }
        );
        let mut p = Problem::new(2, 0).unwrap();
        assert_eq!(
            p.add_named_option(["a"]),
            Err(ProblemError::NoNames { option: 0 })
        );
        let o = p.add_option([1, 0]).unwrap();
        assert_eq!(p.option_text(o), "1 0");
        let mut q = Problem::with_names(["a"], ["x"]).unwrap();
        assert_eq!(
            q.add_named_colored_option([("a", None), ("x", Some(" "))]),
            Err(ProblemError::BadName { name: " ".into() })
        );
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
        assert!(matches!(
            p.set_multiplicity(0, 0, MAX_MULTIPLICITY + 1),
            Err(ProblemError::BadMultiplicity { .. })
        ));
        assert_eq!(p.set_multiplicity(0, 0, MAX_MULTIPLICITY), Ok(()));
        assert_eq!(p.set_multiplicity(0, 1, 1), Ok(()));
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
