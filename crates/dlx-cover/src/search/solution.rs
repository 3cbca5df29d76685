//! A solution of the links' and bit sets' search, as its iterators hand it out: the
//! numbers of its options, sorted.

use crate::problem::Problem;

/// A solution: the numbers of its options, in ascending order (options fixed with
/// [`Solver::select`](crate::Solver::select) included). It derefs to `&[usize]`.
///
/// ```
/// use dlx_cover::{Problem, Solver};
/// let mut p = Problem::with_names(["a", "b"], ["x"])?;
/// p.add_named_option(["b", "x"])?;
/// p.add_named_option(["a"])?;
/// let mut solver = Solver::new(&p);
/// let solution = solver.first_solution().expect("one solution");
/// assert_eq!(solution.options(), [0, 1]);
/// assert_eq!(solution.to_names(&p), ["b x", "a"]);
/// # Ok::<(), dlx_cover::ProblemError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Solution {
    options: Vec<usize>,
}

impl Solution {
    pub(super) fn from_options(options: &[usize]) -> Solution {
        let mut options = options.to_vec();
        options.sort_unstable();
        Solution { options }
    }

    /// The option numbers, ascending.
    pub fn options(&self) -> &[usize] {
        &self.options
    }

    /// The options as text, in the same order: item names (numbers when the problem has
    /// none) separated by spaces, `item:color` for colored entries
    /// ([`Problem::option_text`]).
    ///
    /// # Panics
    /// If `problem` is not the one solved (an option number out of range).
    pub fn to_names(&self, problem: &Problem) -> Vec<String> {
        self.options
            .iter()
            .map(|&o| problem.option_text(o))
            .collect()
    }

    /// The option numbers as a vector.
    pub fn into_vec(self) -> Vec<usize> {
        self.options
    }
}

impl std::ops::Deref for Solution {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.options
    }
}

impl<'a> IntoIterator for &'a Solution {
    type Item = &'a usize;
    type IntoIter = std::slice::Iter<'a, usize>;
    fn into_iter(self) -> Self::IntoIter {
        self.options.iter()
    }
}

impl PartialEq<[usize]> for Solution {
    fn eq(&self, other: &[usize]) -> bool {
        self.options == other
    }
}

impl<const N: usize> PartialEq<[usize; N]> for Solution {
    fn eq(&self, other: &[usize; N]) -> bool {
        self.options == other
    }
}

impl PartialEq<Vec<usize>> for Solution {
    fn eq(&self, other: &Vec<usize>) -> bool {
        &self.options == other
    }
}
