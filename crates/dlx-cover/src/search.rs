//! Algorithm X (and C, with colors) over the arena: an iterative search with an explicit
//! stack of choices, pluggable item choice, node limits and statistics.
//!
//! The walk is Knuth's steps X2–X8 as a loop over a small state (`Step`), kept between two
//! solutions in a `Walk`, so a search can pause at a solution and go on. Every entry point
//! (`solutions`, `first_solution`, `count_solutions`, `search`, the subtree searches of
//! `split.rs`) is made of three pieces: `start` (the root; it first ends any search left
//! open), `resume` (on to the next solution or the end) and `finish`, which uncovers
//! whatever is still covered. So after any search, even one stopped by a limit or an
//! iterator dropped early (`Solutions` finishes on drop), the arena is bit for bit what it
//! was; a selection is undone by `clear_selection`. Cover/uncover and commit/uncommit must
//! nest like parentheses; the unit tests compare whole arenas before and after.
//!
//! A walk can also pause after a number of nodes (`advance`, behind
//! [`Solutions::next_within`] and [`OwnedSolutions`]): a node limit met in step X5 leaves
//! the level's item covered and the walk on the option it was about to try, so that the
//! next `resume` tries it as if nothing had happened, and `finish` uncovers that item
//! first. A paused walk is the same tree, solutions, order and `Stats` as one that never
//! paused.

use std::ops::ControlFlow;

use crate::arena::{Arena, Counters, Link, Node, commit, cover, uncommit, uncover};
use crate::bits::Bits;
use crate::choose::{ActiveItems, Chooser, choose_forced_then_leftmost, choose_mrv};
use crate::limits::{Count, Limits, SearchEnd, SelectError, Stats};
use crate::problem::Problem;

mod solution;

pub use solution::Solution;

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
    /// The problem as bit sets, for problems small enough (colors or not): the same
    /// tree, solutions and counts as the links, faster (see `bits.rs`). `None`: the links.
    bits: Option<Box<Bits>>,
    has_colors: bool,
    /// First node of each option chosen during the search, by level.
    choice: Vec<u32>,
    /// First node of each option selected before the search, in order.
    selected: Vec<u32>,
    /// How many of the selected options, oldest first, `split.rs` has checked to be a path
    /// of the default search tree (so that a move to another path can keep them).
    pub(crate) on_path: usize,
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

/// The solutions of a search, found one at a time as the iterator is advanced
/// ([`Solver::solutions`], [`Solver::solutions_with`]). The search pauses between two
/// solutions; dropping the iterator ends it and puts the solver back as it was.
pub struct Solutions<'s, 'c> {
    solver: &'s mut Solver,
    chooser: Chooser<'c>,
    limits: Limits,
    end: Option<SearchEnd>,
}

/// Where [`Solutions::next_within`] or [`OwnedSolutions::next_within`] left the search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// The next solution.
    Solution(Solution),
    /// The nodes given were spent before a solution was met: the search waits where it
    /// stands, and the next call goes on from there.
    Paused,
    /// The search is over, for this reason (the solver is as it was before it).
    End(SearchEnd),
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

    /// Runs the search on to its next solution or its end, or until `nodes` more options
    /// have been tried (at least one): then [`Next::Paused`], and the next call (or
    /// [`Iterator::next`]) goes on where it stopped. Pausing changes nothing else: the
    /// same tree, solutions, order and [`Stats`] as a search that never paused.
    ///
    /// ```
    /// use dlx_cover::{Next, Problem, Solver};
    /// let mut p = Problem::new(2, 0)?;
    /// for o in [&[0][..], &[1], &[0, 1]] {
    ///     p.add_option(o.iter().copied())?;
    /// }
    /// let mut solver = Solver::new(&p);
    /// let mut it = solver.solutions();
    /// let mut found = Vec::new();
    /// loop {
    ///     match it.next_within(1) {
    ///         Next::Solution(s) => found.push(s.to_vec()),
    ///         Next::Paused => {} // e.g. look at the clock, or for a signal
    ///         Next::End(_) => break,
    ///     }
    /// }
    /// assert_eq!(found, [vec![0, 1], vec![2]]);
    /// # Ok::<(), dlx_cover::ProblemError>(())
    /// ```
    pub fn next_within(&mut self, nodes: u64) -> Next {
        self.solver
            .advance(&mut self.chooser, &self.limits, nodes, &mut self.end)
    }
}

impl Iterator for Solutions<'_, '_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        next_solution(|nodes| self.next_within(nodes))
    }
}

impl std::iter::FusedIterator for Solutions<'_, '_> {}

impl Drop for Solutions<'_, '_> {
    fn drop(&mut self) {
        self.solver.finish();
    }
}

/// The solutions of a search that owns its solver ([`Solver::into_solutions`]): Knuth's
/// choice, found one at a time, each call to [`OwnedSolutions::next_within`] bounded in
/// nodes. Nothing borrowed, so it can be kept anywhere (in a Python object, say) and
/// advanced a slice at a time.
#[derive(Debug, Clone)]
pub struct OwnedSolutions {
    solver: Solver,
    limits: Limits,
    end: Option<SearchEnd>,
}

impl OwnedSolutions {
    /// Why the search ended: `None` while it can still go on.
    pub fn end(&self) -> Option<SearchEnd> {
        self.end
    }

    /// As [`Solutions::next_within`]: the next solution, the end, or a pause once `nodes`
    /// more options (at least one) have been tried.
    pub fn next_within(&mut self, nodes: u64) -> Next {
        self.solver
            .advance(&mut Chooser::Mrv, &self.limits, nodes, &mut self.end)
    }

    /// The solver back, the search ended (the solver as it was before it, its
    /// [`Solver::stats`] counting this search).
    pub fn into_solver(mut self) -> Solver {
        self.solver.finish();
        self.solver
    }
}

impl Iterator for OwnedSolutions {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        next_solution(|nodes| self.next_within(nodes))
    }
}

impl std::iter::FusedIterator for OwnedSolutions {}

/// [`Iterator::next`] of both iterators: `next_within` with no bound.
fn next_solution(mut next_within: impl FnMut(u64) -> Next) -> Option<Solution> {
    loop {
        match next_within(u64::MAX) {
            Next::Solution(solution) => return Some(solution),
            Next::Paused => {}
            Next::End(_) => return None,
        }
    }
}

impl Solver {
    /// A solver for `problem`. It walks Knuth's tree with Knuth's counts whatever it holds
    /// the problem in: dancing links, or, for a problem with at most a few thousand
    /// options, bit sets of the active options, which are faster there (the
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
            on_path: 0,
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
        self.truncate_selection(0);
    }

    /// Undoes the newest selections until the oldest `len` are left (nothing changes when
    /// `len` or fewer are selected).
    pub fn truncate_selection(&mut self, len: usize) {
        self.on_path = self.on_path.min(len);
        if let Some(bits) = &mut self.bits {
            bits.truncate_selection(len);
        }
        while self.selected.len() > len {
            let first = self.selected.pop().expect("more than `len` are selected");
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
        let (a, counters) = (&mut self.arena, &mut self.counters);
        let mut p = first;
        while a.nodes[p as usize].top != 0 {
            commit::<COLORS>(&mut a.items, &mut a.nodes, &mut a.color, p, counters);
            p += 1;
        }
    }

    fn uncommit_option<const COLORS: bool>(&mut self, first: u32) {
        let a = &mut self.arena;
        let mut p = first;
        while a.nodes[p as usize + 1].top != 0 {
            p += 1;
        }
        loop {
            uncommit::<COLORS>(&mut a.items, &mut a.nodes, &mut a.color, p);
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

    /// Every solution, lazily, with Knuth's choice, under `limits`, the iterator owning
    /// the solver: see [`OwnedSolutions`]. [`OwnedSolutions::into_solver`] gives it back.
    pub fn into_solutions(mut self, limits: Limits) -> OwnedSolutions {
        self.start();
        OwnedSolutions {
            solver: self,
            limits,
            end: None,
        }
    }

    /// The iterators' step: runs the search on to its next solution, its end (which it
    /// finishes, and keeps in `end`), or a pause once `nodes` more options (at least one)
    /// have been tried. The pause is a node limit that `resume` can go on from.
    fn advance(
        &mut self,
        chooser: &mut Chooser<'_>,
        limits: &Limits,
        nodes: u64,
        end: &mut Option<SearchEnd>,
    ) -> Next {
        if let Some(end) = *end {
            return Next::End(end);
        }
        let pause_at = self.walk.tried.saturating_add(nodes.max(1));
        match self.resume(chooser, &limits.at_most(pause_at), None) {
            None => Next::Solution(Solution::from_options(&self.buffer)),
            Some(SearchEnd::NodeLimit) if pause_at < limits.max_nodes => Next::Paused,
            Some(found) => {
                self.finish();
                *end = Some(found);
                Next::End(found)
            }
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
            match self.resume(&mut chooser, &limits, Some(&mut visit)) {
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
            Chooser::Custom(c) => c.choose(&ActiveItems::from_links(items, nodes)).map(|i| {
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
    /// the arena is as it was before [`Solver::start`]. A walk stopped in step X5 (by a
    /// limit or a pause) still has the level's item covered: that goes first.
    fn finish(&mut self) {
        if !self.walk.running {
            return;
        }
        self.walk.running = false;
        let step = std::mem::replace(&mut self.walk.step, Step::Enter);
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
        if let Step::Try { i, .. } = step {
            if has_colors {
                uncover::<true>(items, nodes, color, i);
            } else {
                uncover::<false>(items, nodes, color, i);
            }
        }
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
    /// its end; after a node limit, a later call with a larger one goes on from there. The
    /// bit sets give the solutions to `visit`, when there is one, and go on while it says
    /// `Continue` (`Some(Stopped)` when it breaks): one call for the whole search.
    fn resume(
        &mut self,
        chooser: &mut Chooser<'_>,
        limits: &Limits,
        visit: Option<crate::bits::Visit<'_>>,
    ) -> Option<SearchEnd> {
        if !self.walk.running {
            return Some(SearchEnd::Stopped);
        }
        if let Some(bits) = &mut self.bits {
            let start = self.walk.tried;
            let end = bits.run(crate::bits::Walk {
                tried: &mut self.walk.tried,
                chooser,
                limits,
                buffer: &mut self.buffer,
                solutions: &mut self.stats.solutions,
                visit,
            });
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
    ///
    /// Long on purpose: the engine's inner loop, one state machine run once per node; its
    /// steps share the walk's locals, and cutting them into calls would put them on the hot
    /// path of every search.
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
                        // The walk stays on `x`, `i` covered: `finish` uncovers it, or
                        // the next `resume` goes on here (a pause).
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

#[cfg(test)]
mod tests;
