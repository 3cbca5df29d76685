//! Algorithm X (and C, with colors) over the arena: an iterative search with an explicit
//! stack of choices, pluggable item choice, node limits and statistics.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use thiserror::Error;

use super::arena::{Arena, Counters, Link, Node, commit, cover, uncommit, uncover};
use super::bits::{Bits, COVERED};
use super::problem::Problem;

/// What a search counted, in the conventions of Knuth's dlx1 and dlx2, so that the figures
/// compare one to one with his programs' `nodes` and `updates`. Cumulative over the
/// searches a [`Solver`] has run, until [`Solver::reset_stats`].
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

/// Why an option could not be pre-selected with [`Solver::select`].
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

/// The number of solutions found by [`Solver::count_solutions`].
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

/// The active primary items at a branch point, handed to an [`ItemChooser`].
pub struct ActiveItems<'a> {
    view: View<'a>,
}

/// Where the lengths live: in the links' headers, or in the bit-set engine's table.
enum View<'a> {
    Links {
        items: &'a [Link],
        nodes: &'a [Node],
    },
    Lengths(&'a [i16]),
}

impl<'a> ActiveItems<'a> {
    /// The primary items of a bit-set state ([`COVERED`] marks the inactive ones).
    pub(crate) fn from_lengths(len: &'a [i16]) -> ActiveItems<'a> {
        ActiveItems {
            view: View::Lengths(len),
        }
    }

    /// The active primary items in list order (that is, ascending item number), each with
    /// the number of options that can still cover it.
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut i = match self.view {
            View::Links { items, .. } => items[0].next as usize,
            View::Lengths(_) => 0,
        };
        std::iter::from_fn(move || match self.view {
            View::Links { items, nodes } => {
                if i == 0 {
                    return None;
                }
                let item = i;
                i = items[i].next as usize;
                Some((item - 1, nodes[item].top as usize))
            }
            View::Lengths(len) => {
                while i < len.len() {
                    let item = i;
                    i += 1;
                    if len[item] != COVERED {
                        return Some((item, len[item] as usize));
                    }
                }
                None
            }
        })
    }
}

/// Chooses the item to branch on at each search node.
///
/// `choose` gets the active primary items and returns one of them, or `None` to declare
/// the branch dead (the search then backtracks). Returning an item that is not active is a
/// bug in the chooser and panics. Closures `FnMut(&ActiveItems) -> Option<usize>` qualify.
pub trait ItemChooser {
    /// The item (0-based) to branch on next.
    fn choose(&mut self, items: &ActiveItems<'_>) -> Option<usize>;
}

impl<F: FnMut(&ActiveItems<'_>) -> Option<usize>> ItemChooser for F {
    fn choose(&mut self, items: &ActiveItems<'_>) -> Option<usize> {
        self(items)
    }
}

/// How the search picks the item to branch on at each node.
#[derive(Default)]
pub enum Chooser<'c> {
    /// Knuth's choice in dlx1 and dlx2 ("minimum remaining values"): the leftmost active
    /// primary item of minimum length, the scan stopping early only at a length of 0. The
    /// default: the search walks Knuth's tree node for node.
    #[default]
    Mrv,
    /// The item with the fewest options, the leftmost on ties, but the scan stops at the
    /// first item of length 0 *or 1*. It saves part of a scan where a forced item comes
    /// early, at the price of a tree that may be larger than Knuth's: with items `A B C`
    /// and options `{A}`, `{B}`, it branches on `A`, then `B`, then meets `C` empty, where
    /// [`Chooser::Mrv`] sees `C` empty at once. The Sudoku solvers keep it, so that their
    /// node counts stay what they were.
    MrvStopAtOne,
    /// Forced items first, else the leftmost item: the first active item with 0 or 1
    /// options if there is one, otherwise the first active item in item order.
    ///
    /// This makes the search visit solutions in the order of their options: a forced item
    /// leaves only one way on, and branching on the leftmost item tries its options in the
    /// order they were added. The Sudoku module uses it for lexicographic answers.
    ForcedThenLeftmost,
    /// A chooser of the caller's own.
    Custom(&'c mut dyn ItemChooser),
}

/// A solver for one [`Problem`]: the arena built once, reused for any number of searches.
///
/// ```
/// use dlx_cover::{Problem, Solver};
/// // Items 0,1,2; options {0,1}, {2}, {0}, {1,2}.
/// let mut p = Problem::new(3, 0).unwrap();
/// for o in [&[0, 1][..], &[2], &[0], &[1, 2]] {
///     p.add_option(o.iter().copied()).unwrap();
/// }
/// let mut s = Solver::new(&p);
/// assert_eq!(s.first_solution().unwrap(), [0, 1]);
/// assert_eq!(s.count_solutions(10).solutions, 2);
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    /// The dancing links (an empty arena when `bits` holds the problem instead).
    arena: Arena,
    /// The problem as bit sets, for problems small enough and without colors: the same
    /// tree, solutions and counts as the links, faster (see `bits.rs`). `None`: the links.
    bits: Option<Box<Bits>>,
    has_colors: bool,
    /// First node of each option chosen during the search, by level.
    choice: Vec<u32>,
    /// First node of each option selected before the search, in order.
    selected: Vec<u32>,
    /// The solution handed to visitors: selected options, then chosen ones.
    buffer: Vec<usize>,
    counters: Counters,
    stats: Stats,
    /// Where the search in progress stands (an iterator may leave it between solutions).
    walk: Walk,
}

/// What the search does next: Knuth's steps X2–X8 folded into three states.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// X2/X3: at a new level; report a solution or choose an item.
    Enter,
    /// X5: try node `x` of item `i`'s list (`x == i`: the list is used up).
    Try { i: u32, x: u32 },
    /// X8: leave the level and resume the one below.
    Back,
}

/// The state of a search between two solutions.
#[derive(Debug, Clone, Copy)]
struct Walk {
    /// Options chosen so far (`Solver::choice[..level]`).
    level: usize,
    step: Step,
    /// Options tried since the root: what [`Limits::max_nodes`] bounds.
    tried: u64,
    /// True from the start of a search until it is finished (the arena unwound).
    running: bool,
}

/// A solution: the numbers of its options, in ascending order (options fixed with
/// [`Solver::select`] included). It derefs to `&[usize]`.
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
    fn from_options(options: &[usize]) -> Solution {
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

/// The solutions of a search, found one at a time as the iterator is advanced
/// ([`Solver::solutions`], [`Solver::solutions_with`]). The search pauses between two
/// solutions; dropping the iterator ends it and puts the solver back as it was.
pub struct Solutions<'s, 'c> {
    solver: &'s mut Solver,
    chooser: Chooser<'c>,
    limits: Limits,
    end: Option<SearchEnd>,
}

impl Solutions<'_, '_> {
    /// Why the search ended: `None` while it can still go on.
    pub fn end(&self) -> Option<SearchEnd> {
        self.end
    }

    /// The solver's counts so far, this search included.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }
}

impl Iterator for Solutions<'_, '_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.end.is_some() {
            return None;
        }
        match self.solver.resume(&mut self.chooser, &self.limits) {
            None => Some(Solution::from_options(&self.solver.buffer)),
            Some(end) => {
                self.solver.finish();
                self.end = Some(end);
                None
            }
        }
    }
}

impl std::iter::FusedIterator for Solutions<'_, '_> {}

impl Drop for Solutions<'_, '_> {
    fn drop(&mut self) {
        self.solver.finish();
    }
}

impl Solver {
    /// A solver for `problem`. It walks Knuth's tree with Knuth's counts whatever it holds
    /// the problem in: dancing links, or, for a problem without colors and with at most a
    /// few thousand options, bit sets of the active options, which are faster there (the
    /// crate docs say more). [`Solver::with_links`] always takes the links.
    pub fn new(problem: &Problem) -> Solver {
        if Bits::suits(problem) {
            let mut solver = Solver::with_links(&Problem::default());
            solver.bits = Some(Box::new(Bits::build(problem)));
            solver
        } else {
            Solver::with_links(problem)
        }
    }

    /// A solver that holds `problem` in dancing links (Knuth's dlx1 and dlx2 layout) in
    /// every case: the same answers and counts as [`Solver::new`], which may choose bit sets.
    pub fn with_links(problem: &Problem) -> Solver {
        let arena = Arena::build(problem);
        Solver {
            bits: None,
            has_colors: problem.has_colors,
            choice: Vec::with_capacity(problem.primary_items()),
            selected: Vec::new(),
            buffer: Vec::with_capacity(problem.primary_items()),
            counters: Counters::default(),
            stats: Stats::default(),
            walk: Walk {
                level: 0,
                step: Step::Enter,
                tried: 0,
                running: false,
            },
            arena,
        }
    }

    /// Number of options of the problem.
    pub fn options(&self) -> usize {
        match &self.bits {
            Some(bits) => bits.options(),
            None => self.arena.option_first.len(),
        }
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        Stats {
            updates: self.counters.updates + self.bits.as_ref().map_or(0, |b| b.updates),
            ..self.stats
        }
    }

    /// Sets the counts back to zero.
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
        self.counters = Counters::default();
        if let Some(bits) = &mut self.bits {
            bits.updates = 0;
        }
    }

    /// Makes `option` part of every solution from now on (a "given"), covering its items
    /// before any search. Fails, changing nothing, when the option clashes with one selected
    /// earlier. Undo with [`Solver::clear_selection`].
    pub fn select(&mut self, option: usize) -> Result<(), SelectError> {
        if let Some(bits) = &mut self.bits {
            return bits.select(option);
        }
        let first = *self
            .arena
            .option_first
            .get(option)
            .ok_or(SelectError::UnknownOption(option))?;
        let mut p = first;
        while self.arena.nodes[p as usize].top != 0 {
            let item = self.arena.nodes[p as usize].top;
            if !self.arena.is_active(item) || !self.arena.is_linked(p) {
                return Err(SelectError::Conflict { option });
            }
            p += 1;
        }
        if self.has_colors {
            self.commit_option::<true>(first);
        } else {
            self.commit_option::<false>(first);
        }
        self.selected.push(first);
        Ok(())
    }

    /// Undoes every [`Solver::select`], newest first.
    pub fn clear_selection(&mut self) {
        if let Some(bits) = &mut self.bits {
            bits.clear_selection();
        }
        while let Some(first) = self.selected.pop() {
            if self.has_colors {
                self.uncommit_option::<true>(first);
            } else {
                self.uncommit_option::<false>(first);
            }
        }
    }

    /// The options selected so far, oldest first.
    pub fn selection(&self) -> impl Iterator<Item = usize> + '_ {
        let in_bits = self.bits.as_ref().map_or(&[][..], |b| b.selection());
        in_bits.iter().copied().chain(
            self.selected
                .iter()
                .map(|&x| self.arena.node_option[x as usize] as usize),
        )
    }

    fn commit_option<const COLORS: bool>(&mut self, first: u32) {
        let Arena {
            items,
            nodes,
            color,
            ..
        } = &mut self.arena;
        let mut p = first;
        while nodes[p as usize].top != 0 {
            commit::<COLORS>(items, nodes, color, p, &mut self.counters);
            p += 1;
        }
    }

    fn uncommit_option<const COLORS: bool>(&mut self, first: u32) {
        let Arena {
            items,
            nodes,
            color,
            ..
        } = &mut self.arena;
        let mut p = first;
        while nodes[p as usize + 1].top != 0 {
            p += 1;
        }
        loop {
            uncommit::<COLORS>(items, nodes, color, p);
            if p == first {
                break;
            }
            p -= 1;
        }
    }

    /// The first solution (Knuth's choice, no limits), its options in ascending order, or
    /// `None` when there is none. Options fixed with [`Solver::select`] are part of it.
    pub fn first_solution(&mut self) -> Option<Solution> {
        self.solutions().next()
    }

    /// Counts solutions, stopping at `limit`. Allocates nothing per solution.
    pub fn count_solutions(&mut self, limit: u64) -> Count {
        self.count_solutions_within(limit, Limits::default())
    }

    /// Counts solutions, stopping at `limit` solutions or at a search limit.
    pub fn count_solutions_within(&mut self, limit: u64, limits: Limits) -> Count {
        Count::up_to(limit, |found| {
            self.search(Chooser::Mrv, limits, |_| found())
        })
    }

    /// Every solution, lazily, with Knuth's choice and no limits: the search runs only as
    /// far as the next solution each time the iterator is advanced, and can be left at any
    /// point (dropping the iterator puts the solver back as it was).
    ///
    /// ```
    /// use dlx_cover::{Problem, Solver};
    /// // Items 0, 1; options {0}, {1}, {0, 1}: two solutions.
    /// let mut p = Problem::new(2, 0)?;
    /// for o in [&[0][..], &[1], &[0, 1]] {
    ///     p.add_option(o.iter().copied())?;
    /// }
    /// let mut solver = Solver::new(&p);
    /// let all: Vec<Vec<usize>> = solver.solutions().map(|s| s.to_vec()).collect();
    /// assert_eq!(all, [vec![0, 1], vec![2]]);
    /// # Ok::<(), dlx_cover::ProblemError>(())
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_, 'static> {
        self.solutions_with(Chooser::Mrv, Limits::NONE)
    }

    /// Every solution, lazily, choosing items with `chooser`, under `limits`. When the
    /// iterator ends, [`Solutions::end`] says why.
    pub fn solutions_with<'c>(
        &mut self,
        chooser: Chooser<'c>,
        limits: Limits,
    ) -> Solutions<'_, 'c> {
        self.start();
        Solutions {
            solver: self,
            chooser,
            limits,
            end: None,
        }
    }

    /// Visits solutions in search order, choosing items with `chooser`, until `visit`
    /// breaks, the search is exhausted, or a limit is hit. `visit` gets the option numbers
    /// in the order they were taken: the selected options first, then the chosen ones, level
    /// by level. The arena is exactly as before afterwards, so the solver can run any number
    /// of searches.
    pub fn search<F>(&mut self, mut chooser: Chooser<'_>, limits: Limits, mut visit: F) -> SearchEnd
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.start();
        let end = loop {
            match self.resume(&mut chooser, &limits) {
                None => {
                    if visit(&self.buffer).is_break() {
                        break SearchEnd::Stopped;
                    }
                }
                Some(end) => break end,
            }
        };
        self.finish();
        end
    }

    /// The item that `chooser` would branch on at the current node (after the selection)
    /// and the options the search would try there, in order; `None` when every primary item
    /// is covered. [`Solver::branches`] is the public face of this, with the default choice.
    pub(crate) fn branches_with(&self, mut chooser: Chooser<'_>) -> Option<(usize, Vec<usize>)> {
        if let Some(bits) = &self.bits {
            let root = bits.root();
            let i = bits.choose(root, &mut chooser)?;
            return Some((i, bits.options_of(root, i)));
        }
        let i = self.choose(&mut chooser)?;
        let nodes = &self.arena.nodes;
        let mut options = Vec::with_capacity(nodes[i as usize].top as usize);
        let mut x = nodes[i as usize].down;
        while x != i {
            options.push(self.arena.node_option[x as usize] as usize);
            x = nodes[x as usize].down;
        }
        Some((i as usize - 1, options))
    }

    /// The item to branch on (arena numbering), or `None` when no primary item is left or
    /// a custom chooser declares the branch dead.
    fn choose(&self, chooser: &mut Chooser<'_>) -> Option<u32> {
        let items = &self.arena.items;
        let nodes = &self.arena.nodes;
        if items[0].next == 0 {
            return None;
        }
        match chooser {
            Chooser::Mrv => Some(choose_mrv::<0>(items, nodes)),
            Chooser::MrvStopAtOne => Some(choose_mrv::<1>(items, nodes)),
            Chooser::ForcedThenLeftmost => Some(choose_forced_then_leftmost(items, nodes)),
            Chooser::Custom(c) => c
                .choose(&ActiveItems {
                    view: View::Links { items, nodes },
                })
                .map(|i| {
                    let i = i as u32 + 1;
                    assert!(
                        (i as usize) < items.len() - 1 && self.arena.is_active(i),
                        "ItemChooser returned item {} that is not an active primary item",
                        i - 1
                    );
                    i
                }),
        }
    }

    /// Begins a search at the root (after ending any search left unfinished).
    fn start(&mut self) {
        self.finish();
        self.choice.clear();
        self.walk = Walk {
            level: 0,
            step: Step::Enter,
            tried: 0,
            running: true,
        };
        // The root is a node of the tree (Knuth's convention).
        self.stats.nodes += 1;
    }

    /// Ends the search in progress, if any: uncovers whatever is still covered, so that
    /// the arena is as it was before [`Solver::start`].
    fn finish(&mut self) {
        if !self.walk.running {
            return;
        }
        self.walk.running = false;
        if let Some(bits) = &mut self.bits {
            bits.reset_walk();
            return;
        }
        let has_colors = self.has_colors;
        let Arena {
            items,
            nodes,
            color,
            ..
        } = &mut self.arena;
        while self.walk.level > 0 {
            self.walk.level -= 1;
            let x = self.choice[self.walk.level];
            let i = nodes[x as usize].top;
            if has_colors {
                uncommit_others::<true>(items, nodes, color, x);
                uncover::<true>(items, nodes, color, i);
            } else {
                uncommit_others::<false>(items, nodes, color, x);
                uncover::<false>(items, nodes, color, i);
            }
        }
    }

    /// Runs the search on to its next solution (`None`: the solution is in `buffer`) or to
    /// its end.
    fn resume(&mut self, chooser: &mut Chooser<'_>, limits: &Limits) -> Option<SearchEnd> {
        if !self.walk.running {
            return Some(SearchEnd::Stopped);
        }
        if let Some(bits) = &mut self.bits {
            let start = self.walk.tried;
            let end = bits.run(
                &mut self.walk.tried,
                chooser,
                limits,
                &mut self.buffer,
                &mut self.stats.solutions,
            );
            // One node per option tried, as in `run`.
            self.stats.nodes += self.walk.tried - start;
            self.stats.options_tried += self.walk.tried - start;
            return end;
        }
        if self.has_colors {
            self.run::<true>(chooser, limits)
        } else {
            self.run::<false>(chooser, limits)
        }
    }

    /// Knuth's steps X2–X8 as a loop over three states, from where the walk stands to the
    /// next solution or the end. A search that ends here still has to be finished.
    fn run<const COLORS: bool>(
        &mut self,
        chooser: &mut Chooser<'_>,
        limits: &Limits,
    ) -> Option<SearchEnd> {
        let Walk {
            mut level,
            mut step,
            mut tried,
            ..
        } = self.walk;
        let start = tried;
        let end = loop {
            match step {
                Step::Enter => {
                    if self.arena.items[0].next == 0 {
                        self.stats.solutions += 1;
                        self.buffer.clear();
                        let node_option = &self.arena.node_option;
                        self.buffer.extend(
                            self.selected
                                .iter()
                                .chain(&self.choice[..level])
                                .map(|&x| node_option[x as usize] as usize),
                        );
                        step = Step::Back;
                        break None;
                    }
                    match self.choose(chooser) {
                        Some(i) if self.arena.nodes[i as usize].top > 0 => {
                            let Arena {
                                items,
                                nodes,
                                color,
                                ..
                            } = &mut self.arena;
                            cover::<COLORS>(items, nodes, color, i, &mut self.counters);
                            if self.choice.len() <= level {
                                self.choice.push(0);
                            }
                            step = Step::Try {
                                i,
                                x: nodes[i as usize].down,
                            };
                        }
                        Some(_) => {
                            // Knuth covers an item with no options (one update) before
                            // backing up; the link changes cancel, the count stays.
                            self.counters.updates += 1;
                            step = Step::Back;
                        }
                        None => step = Step::Back,
                    }
                }
                Step::Try { i, x } => {
                    let Arena {
                        items,
                        nodes,
                        color,
                        ..
                    } = &mut self.arena;
                    if x == i {
                        uncover::<COLORS>(items, nodes, color, i);
                        step = Step::Back;
                        continue;
                    }
                    if let Some(end) = limits.reached(tried) {
                        uncover::<COLORS>(items, nodes, color, i);
                        break Some(end);
                    }
                    tried += 1;
                    let mut p = x + 1;
                    while p != x {
                        let top = nodes[p as usize].top;
                        if top == 0 {
                            p = nodes[p as usize].up;
                        } else {
                            commit::<COLORS>(items, nodes, color, p, &mut self.counters);
                            p += 1;
                        }
                    }
                    self.choice[level] = x;
                    level += 1;
                    step = Step::Enter;
                }
                Step::Back => {
                    if level == 0 {
                        break Some(SearchEnd::Exhausted);
                    }
                    level -= 1;
                    let x = self.choice[level];
                    let Arena {
                        items,
                        nodes,
                        color,
                        ..
                    } = &mut self.arena;
                    uncommit_others::<COLORS>(items, nodes, color, x);
                    step = Step::Try {
                        i: nodes[x as usize].top,
                        x: nodes[x as usize].down,
                    };
                }
            }
        };
        self.walk.level = level;
        self.walk.step = step;
        self.walk.tried = tried;
        // One node per option tried (Knuth's convention; the root was counted at the start).
        self.stats.nodes += tried - start;
        self.stats.options_tried += tried - start;
        end
    }

    /// The item the default choice ([`Chooser::Mrv`]) would branch on now (after the
    /// selection), with its options in the order the search tries them; `None` when no
    /// primary item is left, that is, at a solution. `split.rs` builds on this, so that its
    /// subtrees are exactly the search's.
    pub(crate) fn default_branch(&self) -> Option<(usize, Vec<usize>)> {
        self.branches_with(Chooser::Mrv)
    }

    /// The item the default choice branches on at the current node and whether `option`
    /// is one of its branches; `None` at a solution. What `select_path` asks at each step,
    /// without listing the branches (bit sets answer from two bits).
    pub(crate) fn default_branch_has(&self, option: usize) -> Option<(usize, bool)> {
        if let Some(bits) = &self.bits {
            let root = bits.root();
            let i = bits.choose(root, &mut Chooser::Mrv)?;
            return Some((i, bits.is_branch(root, i, option)));
        }
        self.default_branch()
            .map(|(item, options)| (item, options.contains(&option)))
    }

    #[cfg(test)]
    pub(crate) fn arena(&self) -> &Arena {
        &self.arena
    }
}

/// X6: undo the commits made for the other nodes of `x`'s option, right to left.
#[inline]
fn uncommit_others<const COLORS: bool>(
    items: &mut [Link],
    nodes: &mut [Node],
    color: &mut [i32],
    x: u32,
) {
    let mut p = x - 1;
    while p != x {
        let top = nodes[p as usize].top;
        if top == 0 {
            p = nodes[p as usize].down;
        } else {
            uncommit::<COLORS>(items, nodes, color, p);
            p -= 1;
        }
    }
}

/// The leftmost active item of minimum length; the scan stops at the first item of length
/// `STOP` or less (`STOP = 0`: Knuth's rule; `STOP = 1`: [`Chooser::MrvStopAtOne`]).
#[inline]
fn choose_mrv<const STOP: u32>(items: &[Link], nodes: &[Node]) -> u32 {
    let mut best = items[0].next;
    let mut best_len = u32::MAX;
    let mut i = best;
    while i != 0 {
        let len = nodes[i as usize].top;
        if len < best_len {
            best = i;
            best_len = len;
            if len <= STOP {
                break;
            }
        }
        i = items[i as usize].next;
    }
    best
}

#[inline]
fn choose_forced_then_leftmost(items: &[Link], nodes: &[Node]) -> u32 {
    let first = items[0].next;
    let mut i = first;
    while i != 0 {
        if nodes[i as usize].top <= 1 {
            return i;
        }
        i = items[i as usize].next;
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's example from "Dancing Links": items A–G, six options, one solution.
    fn knuth_example() -> Problem {
        let mut p = Problem::new(7, 0).unwrap();
        let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
        for o in [
            vec![c, e, f],
            vec![a, d, g],
            vec![b, c, f],
            vec![a, d],
            vec![b, g],
            vec![d, e, g],
        ] {
            p.add_option(o).unwrap();
        }
        p
    }

    #[test]
    fn cover_then_uncover_restores_every_link() {
        let p = knuth_example();
        let mut s = Solver::with_links(&p);
        let before = s.arena().clone();
        let Arena {
            items,
            nodes,
            color,
            ..
        } = &mut s.arena;
        let mut counters = Counters::default();
        // Cover A, then D and G as if option {A, D, G} were chosen, and undo in reverse.
        for i in [1, 4, 7] {
            cover::<false>(items, nodes, color, i, &mut counters);
        }
        assert_ne!(s.arena, before);
        let Arena {
            items,
            nodes,
            color,
            ..
        } = &mut s.arena;
        for i in [7, 4, 1] {
            uncover::<false>(items, nodes, color, i);
        }
        assert_eq!(s.arena, before);
        assert!(counters.updates > 0);
    }

    #[test]
    fn knuth_example_has_its_one_solution_and_leaves_no_trace() {
        let p = knuth_example();
        let mut s = Solver::with_links(&p);
        let before = s.arena().clone();
        let sol = s.first_solution().unwrap();
        // {A, D}, {B, G}, {C, E, F}.
        assert_eq!(sol, vec![0, 3, 4]);
        assert_eq!(s.arena(), &before);
        assert_eq!(
            s.count_solutions(10),
            Count {
                solutions: 1,
                stopped_early: false,
                node_limit: false
            }
        );
        assert_eq!(s.arena(), &before);
        assert!(s.stats().nodes > 0 && s.stats().updates > 0);
    }

    #[test]
    fn selection_restricts_and_clears() {
        let p = knuth_example();
        let mut s = Solver::with_links(&p);
        let before = s.arena().clone();
        s.select(1).unwrap(); // {A, D, G} cannot be completed.
        assert_eq!(s.count_solutions(10).solutions, 0);
        assert_eq!(s.select(3), Err(SelectError::Conflict { option: 3 }));
        s.clear_selection();
        assert_eq!(s.arena(), &before);
        s.select(3).unwrap();
        let sol = s.first_solution().unwrap();
        assert_eq!(sol, [0, 3, 4]);
        s.clear_selection();
        assert_eq!(s.arena(), &before);
        assert_eq!(s.select(99), Err(SelectError::UnknownOption(99)));
    }

    /// Items `0..n`; an option for every item alone and for every pair: the solutions are
    /// the partitions of `n` into blocks of size 1 or 2 (76 for n = 6).
    fn singles_and_pairs(n: usize) -> Problem {
        let mut p = Problem::new(n, 0).unwrap();
        for i in 0..n {
            p.add_option([i]).unwrap();
            for j in i + 1..n {
                p.add_option([i, j]).unwrap();
            }
        }
        p
    }

    #[test]
    fn node_limit_stops_and_restores() {
        let p = singles_and_pairs(6);
        let mut s = Solver::with_links(&p);
        let before = s.arena().clone();
        let all = s.count_solutions(u64::MAX);
        // Set partitions of 6 into blocks of size 1 or 2: 76.
        assert_eq!(all.solutions, 76);
        let limited = s.count_solutions_within(u64::MAX, Limits::nodes(5));
        assert!(limited.node_limit && limited.stopped_early);
        assert_eq!(s.arena(), &before);
    }

    fn visit_all(s: &mut Solver, chooser: Chooser<'_>, limits: Limits) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        s.search(chooser, limits, |sol| {
            let mut v = sol.to_vec();
            v.sort();
            all.push(v);
            ControlFlow::Continue(())
        });
        all
    }

    #[test]
    fn iterator_meets_the_visitors_solutions_in_order_and_counts_the_same() {
        let p = singles_and_pairs(6);
        let mut s = Solver::with_links(&p);
        let before = s.arena().clone();
        let visited = visit_all(&mut s, Chooser::Mrv, Limits::NONE);
        let by_visit = s.stats();
        s.reset_stats();
        let iterated: Vec<Vec<usize>> = s.solutions().map(Solution::into_vec).collect();
        assert_eq!(iterated, visited);
        assert_eq!(s.stats(), by_visit);
        assert_eq!(s.arena(), &before);
    }

    #[test]
    fn iterator_pauses_resumes_and_cleans_up_when_dropped() {
        let p = singles_and_pairs(6);
        let mut s = Solver::with_links(&p);
        let before = s.arena().clone();
        let all: Vec<Solution> = s.solutions().collect();
        assert_eq!(all.len(), 76);
        // Take a few, do something else in between, take the rest.
        let mut it = s.solutions();
        let head: Vec<Solution> = it.by_ref().take(5).collect();
        assert_eq!(it.end(), None);
        let tail: Vec<Solution> = it.collect();
        assert_eq!([head, tail].concat(), all);
        // Dropped half way: the arena is as before.
        let mut it = s.solutions();
        it.nth(30);
        drop(it);
        assert_eq!(s.arena(), &before);
        // Forgotten half way: the next search finishes the old one first.
        let mut it = s.solutions();
        it.nth(10);
        std::mem::forget(it);
        assert_eq!(s.count_solutions(u64::MAX).solutions, 76);
        assert_eq!(s.arena(), &before);
        // Under a node limit the iterator says why it ended.
        let mut it = s.solutions_with(Chooser::Mrv, Limits::nodes(4));
        let some = it.by_ref().count();
        assert!(some < 76);
        assert_eq!(it.end(), Some(SearchEnd::NodeLimit));
        assert_eq!(it.next(), None);
        drop(it);
        assert_eq!(s.arena(), &before);
        let mut it = s.solutions();
        while it.next().is_some() {}
        assert_eq!(it.end(), Some(SearchEnd::Exhausted));
    }

    #[test]
    fn branches_split_the_search_into_parts_that_add_up() {
        let p = singles_and_pairs(6);
        let mut s = Solver::with_links(&p);
        let before = s.arena().clone();
        let whole = visit_all(&mut s, Chooser::Mrv, Limits::NONE);
        let whole_nodes = s.stats().nodes;
        s.reset_stats();
        // Two levels deep: select a path, list the branches below it, count each part.
        let mut parts = Vec::new();
        let (_, top) = s.branches_with(Chooser::Mrv).unwrap();
        for &a in &top {
            s.select(a).unwrap();
            let (_, below) = s.branches_with(Chooser::Mrv).unwrap();
            for &b in &below {
                s.select(b).unwrap();
                parts.extend(s.solutions().map(Solution::into_vec));
                s.clear_selection();
                s.select(a).unwrap();
            }
            s.clear_selection();
        }
        assert_eq!(s.arena(), &before);
        parts.sort();
        let mut whole_sorted = whole.clone();
        whole_sorted.sort();
        assert_eq!(parts, whole_sorted);
        // Each part's root is a node two levels down in the whole tree, so the whole tree
        // has the parts' nodes, plus its root and the nodes of the first level.
        assert_eq!(s.stats().nodes + 1 + top.len() as u64, whole_nodes);
        // A complete selection has no branches; a dead one has an item with none.
        let mut q = Problem::new(2, 0).unwrap();
        q.add_option([0, 1]).unwrap();
        q.add_option([0]).unwrap();
        let mut t = Solver::with_links(&q);
        t.select(0).unwrap();
        assert_eq!(t.branches_with(Chooser::Mrv), None);
        t.clear_selection();
        t.select(1).unwrap();
        assert_eq!(t.branches_with(Chooser::Mrv), Some((1, vec![])));
    }

    #[test]
    fn custom_chooser_and_forced_then_leftmost_agree_on_counts() {
        let p = singles_and_pairs(6);
        let mut s = Solver::with_links(&p);
        let mut n = 0;
        let mut last = |items: &ActiveItems<'_>| items.iter().last().map(|(i, _)| i);
        s.search(Chooser::Custom(&mut last), Limits::default(), |_| {
            n += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(n, 76);
        let mut m = 0;
        s.search(Chooser::ForcedThenLeftmost, Limits::default(), |_| {
            m += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(m, 76);
    }

    #[test]
    fn colors_let_agreeing_options_share_a_secondary_item() {
        // Primary 0, 1; secondary 2. Options: {0, 2:red}, {1, 2:red}, {1, 2:blue}, {0, 2}.
        let mut p = Problem::new(2, 1).unwrap();
        p.add_colored_option([(0, 0), (2, 1)]).unwrap();
        p.add_colored_option([(1, 0), (2, 1)]).unwrap();
        p.add_colored_option([(1, 0), (2, 2)]).unwrap();
        p.add_colored_option([(0, 0), (2, 0)]).unwrap();
        let mut s = Solver::with_links(&p);
        let before = s.arena().clone();
        let mut sols = Vec::new();
        s.search(Chooser::Mrv, Limits::default(), |sol| {
            let mut v = sol.to_vec();
            v.sort();
            sols.push(v);
            ControlFlow::Continue(())
        });
        sols.sort();
        // {0,red}+{1,red} share red; {0,uncolored} excludes every other user of item 2.
        assert_eq!(sols, vec![vec![0, 1]]);
        assert_eq!(s.arena(), &before);
    }
}

#[cfg(test)]
mod color_tests {
    use super::*;

    /// The dlx2 example of TAOCP 7.2.2.1 (49): items p q r | x y, one solution,
    /// `p r x:A y` with `q x:A`.
    #[test]
    fn knuths_colored_example() {
        let (p, q, r, x, y) = (0, 1, 2, 3, 4);
        let (a, b) = (1, 2);
        let mut pr = Problem::new(3, 2).unwrap();
        pr.add_colored_option([(p, 0), (q, 0), (x, 0), (y, a)])
            .unwrap();
        pr.add_colored_option([(p, 0), (r, 0), (x, a), (y, 0)])
            .unwrap();
        pr.add_colored_option([(p, 0), (x, b)]).unwrap();
        pr.add_colored_option([(q, 0), (x, a)]).unwrap();
        pr.add_colored_option([(r, 0), (y, b)]).unwrap();
        let mut s = Solver::with_links(&pr);
        let before = s.arena().clone();
        let mut all = Vec::new();
        s.search(Chooser::Mrv, Limits::NONE, |sol| {
            let mut v = sol.to_vec();
            v.sort();
            all.push(v);
            ControlFlow::Continue(())
        });
        assert_eq!(all, vec![vec![1, 3]]);
        assert_eq!(s.arena(), &before);
    }

    /// Is `chosen` (a set of options) a solution of `p`, by the definition: every primary
    /// item exactly once; a secondary item either in one option only, or in several that
    /// all give it the same color.
    fn is_solution(p: &Problem, chosen: &[usize]) -> bool {
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); p.items()];
        for &o in chosen {
            for (item, color) in p.colored_option(o) {
                uses[item].push(color);
            }
        }
        uses.iter().enumerate().all(|(item, colors)| {
            if item < p.primary_items() {
                colors.len() == 1
            } else {
                colors.len() <= 1 || (colors[0] != 0 && colors.iter().all(|&c| c == colors[0]))
            }
        })
    }

    /// Random small colored problems: the engine finds exactly the solutions a brute-force
    /// check over every subset of options finds, with every chooser, and leaves no trace.
    #[test]
    fn colored_search_matches_brute_force() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rand = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut nontrivial = 0;
        for _ in 0..300 {
            let primary = 1 + rand(5) as usize;
            let secondary = 1 + rand(3) as usize;
            let mut p = Problem::new(primary, secondary).unwrap();
            let options = 1 + rand(12);
            for _ in 0..options {
                let mut entries = vec![(rand(primary as u64) as usize, 0)];
                for item in 0..primary + secondary {
                    if item != entries[0].0 && rand(3) == 0 {
                        let color = if item >= primary { rand(3) as u32 } else { 0 };
                        entries.push((item, color));
                    }
                }
                p.add_colored_option(entries).unwrap();
            }
            let m = p.options();
            let mut expected: Vec<Vec<usize>> = (0u32..1 << m)
                .map(|mask| (0..m).filter(|&o| mask >> o & 1 == 1).collect::<Vec<_>>())
                .filter(|set| is_solution(&p, set))
                .collect();
            expected.sort();
            if expected.len() > 1 {
                nontrivial += 1;
            }
            let mut s = Solver::with_links(&p);
            let before = s.arena().clone();
            let mut last = |items: &ActiveItems<'_>| items.iter().last().map(|(i, _)| i);
            for chooser in [
                Chooser::Mrv,
                Chooser::ForcedThenLeftmost,
                Chooser::Custom(&mut last),
            ] {
                let mut found = Vec::new();
                s.search(chooser, Limits::NONE, |sol| {
                    let mut v = sol.to_vec();
                    v.sort();
                    found.push(v);
                    ControlFlow::Continue(())
                });
                found.sort();
                assert_eq!(found, expected, "problem {p:?}");
                assert_eq!(s.arena(), &before);
            }
        }
        assert!(
            nontrivial > 10,
            "the random problems should have several solutions"
        );
    }
}
