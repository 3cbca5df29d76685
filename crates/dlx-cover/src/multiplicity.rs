//! Knuth's Algorithm M (his program dlx3): exact cover with *multiplicities*. Each primary
//! item `i` carries an interval `[lo..hi]` ([`Problem::set_multiplicity`]), and a solution
//! is a set of options that covers it at least `lo` and at most `hi` times; secondary items
//! keep their meaning (at most once, or any number of times with one color, Algorithm C).
//!
//! ```
//! use dlx_cover::{MultiSolver, Problem};
//!
//! // Knuth's dlx3 example: items A B 2:3|C | X Y, and five options; one solution,
//! // {A C X:1 Y:1}, {B X:1}, {C Y:1} (options 1, 3 and 4).
//! let (a, b, c, x, y) = (0, 1, 2, 3, 4);
//! let mut p = Problem::new(3, 2)?;
//! p.set_multiplicity(c, 2, 3)?;
//! p.add_colored_option([(a, 0), (b, 0), (x, 1), (y, 1)])?;
//! p.add_colored_option([(a, 0), (c, 0), (x, 2), (y, 2)])?;
//! p.add_colored_option([(c, 0), (x, 1)])?;
//! p.add_colored_option([(b, 0), (x, 2)])?;
//! p.add_colored_option([(c, 0), (y, 2)])?;
//! let mut solver = MultiSolver::new(&p);
//! let mut solution = solver.first_solution().expect("one solution");
//! solution.sort();
//! assert_eq!(solution, [1, 3, 4]);
//! assert_eq!(solver.count_solutions(u64::MAX).solutions, 1);
//! # Ok::<(), dlx_cover::ProblemError>(())
//! ```
//!
//! The search is Knuth's, step for step: the branching item is the active primary item of
//! least *branching degree* `len + s − bound + 1` (`s` = the smaller of its slack and its
//! remaining bound), ties to the smaller `s`, then to the longer list, then the leftmost.
//! Where an item may still take more options than it must, the options in its list are
//! tried one by one and then *tweaked* out of the list (dlx3's dance step), and the last
//! branch is the "null" move that leaves the item with what it has. Every solution is
//! visited once. [`Stats`] counts in dlx3's conventions: a node for every entry to a level
//! (the root and each solution included), an update for every node unlinked from a list
//! and for every item covered.
//!
//! With no multiplicities this is Algorithm C (dlx2) and finds the same solutions as
//! [`Solver`](crate::Solver), on a slightly different tree. Option costs (dlx5) are honoured
//! only by the branch-and-bound search of [`cost`](crate::cost), which runs on this engine.
//!
//! Problems without costs, with at most 4,096 options and at most 64 secondary items named
//! with a color, are searched on bit sets (`multiplicity/bits.rs`, colors in
//! `multiplicity/bits/colored.rs`), on the same tree with the same counts;
//! [`MultiSolver::with_links`] keeps the links below for any problem.
//!
//! It keeps links of its own (nodes with `up`, `down`, `itm` and `color`; items with
//! `bound` and `slack`) rather than the arena of `arena.rs`: tweaking and partial covering
//! need fields the plain arena does not carry, and carrying them would slow Algorithms X and
//! C down. A stop (node limit, deadline, cancel flag) sends the loop back through its own backtracking
//! steps, so the lists are restored as [`Solver`](crate::Solver) restores its arena.

use std::ops::ControlFlow;

use crate::entry::{self, entry_fields, hide_others, unhide_others};

mod bits;
pub(crate) mod choice;

use crate::limits::{Count, Limits, SearchEnd, Stats};
use crate::problem::Problem;
use bits::MultiBits;
use choice::Dlx3Choice;

/// A node of Algorithm M's lists: an item header, an option's entry, or a spacer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Node {
    up: u32,
    down: u32,
    /// An entry's item; a header's list length (Knuth's LEN); `<= 0` in a spacer.
    itm: i32,
    /// An entry's color: 0 none, `> 0` a color, `-1` cleansed (known to agree); 0 elsewhere.
    color: i32,
}

entry_fields!(Node);

/// A primary item's place in the active list, and how much more it may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Item {
    prev: u32,
    next: u32,
    /// How many more options may cover the item (starts at `hi`).
    bound: i32,
    /// `hi − lo`: how many of those are optional. Never changes.
    slack: i32,
}

/// Knuth's Algorithm M over its own dancing links, built once from a [`Problem`] and reused
/// for any number of searches. See the [module docs](self).
#[derive(Debug, Clone)]
pub struct MultiSolver {
    /// Items `1..=n` (item `k` of the problem is `k + 1`); 0 is the root of the active list.
    items: Vec<Item>,
    /// `[unused | headers 1..=n | spacer | option 0 | spacer | option 1 | … | spacer]`.
    nodes: Vec<Node>,
    /// Number of items; nodes above it are entries or spacers.
    n: u32,
    /// The arena number of the first secondary item (`primary + 1`).
    primary_end: u32,
    /// Option number of each entry (`u32::MAX` elsewhere).
    node_option: Vec<u32>,
    /// Net cost of each option (its cost less the taxes of its exactly-once items).
    net_cost: Vec<u64>,
    /// True when the primary lists are sorted by net cost, so a too-dear option ends a list.
    sorted_by_cost: bool,
    /// Per level: the node chosen (an entry, or the item's header for the null move).
    choice: Vec<u32>,
    /// Per level: the first node tweaked (0 when the item was covered outright).
    first_tweak: Vec<u32>,
    /// Per level: the net cost of the options chosen below it.
    part_cost: Vec<u64>,
    /// The solution handed to visitors.
    buffer: Vec<usize>,
    /// The same problem on bit sets, when it suits them (`multiplicity/bits.rs`): then
    /// [`MultiSolver::search`] runs there, on the same tree.
    bits: Option<Box<MultiBits>>,
    stats: Stats,
}

impl MultiSolver {
    /// Builds the lists for `problem`, with its multiplicities and colors; when options
    /// have costs, the lists are sorted by net cost (see [`cost`](crate::cost)). Problems
    /// without costs, with at most 4,096 options and 64 secondary items named with a color,
    /// are searched on bit sets, node for node the same tree.
    pub fn new(problem: &Problem) -> MultiSolver {
        let mut solver = MultiSolver::with_links(problem);
        if MultiBits::suits(problem) {
            solver.bits = Some(Box::new(MultiBits::new(problem)));
        }
        solver
    }

    /// A solver that searches `problem` on dancing links (dlx3's layout) in every case:
    /// the same answers, order and counts as [`MultiSolver::new`], which may choose bit
    /// sets.
    pub fn with_links(problem: &Problem) -> MultiSolver {
        if problem.has_costs() {
            MultiSolver::with_net_costs(problem, crate::cost::tax::net_costs(problem).0)
        } else {
            MultiSolver::build(problem, vec![0; problem.options()])
        }
    }

    /// The lists for `problem` whose options cost `net` (already taxed), each primary
    /// item's list sorted by it.
    pub(crate) fn with_net_costs(problem: &Problem, net: Vec<u64>) -> MultiSolver {
        let mut solver = MultiSolver::build(problem, net);
        solver.sort_lists_by_cost(problem.primary_items());
        solver
    }

    fn build(problem: &Problem, net_cost: Vec<u64>) -> MultiSolver {
        let n = problem.items();
        let n1 = problem.primary_items();
        let mut items = vec![Item::default(); n + 1];
        let mut prev = 0;
        for i in 1..=n1 {
            let (lo, hi) = problem.multiplicity(i - 1).expect("primary");
            items[i] = Item {
                prev: prev as u32,
                next: 0,
                bound: hi as i32,
                slack: (hi - lo) as i32,
            };
            items[prev].next = i as u32;
            prev = i;
        }
        items[0].prev = prev as u32;
        for (i, item) in items.iter_mut().enumerate().skip(n1 + 1) {
            item.prev = i as u32;
            item.next = i as u32;
        }
        let (nodes, node_option) = entry::build(problem, |_, node: Node| node);
        MultiSolver {
            items,
            nodes,
            n: n as u32,
            primary_end: n1 as u32 + 1,
            node_option,
            net_cost,
            sorted_by_cost: false,
            choice: Vec::new(),
            first_tweak: Vec::new(),
            part_cost: Vec::new(),
            buffer: Vec::new(),
            bits: None,
            stats: Stats::default(),
        }
    }

    /// Relinks each primary item's list in order of net cost (stable: ties keep input order).
    fn sort_lists_by_cost(&mut self, primary: usize) {
        let mut members = Vec::new();
        let (net_cost, node_option) = (&self.net_cost, &self.node_option);
        for header in 1..=primary as u32 {
            entry::sort_list(&mut self.nodes, header, &mut members, |_, x| {
                net_cost[node_option[x as usize] as usize]
            });
        }
        self.sorted_by_cost = true;
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.net_cost.len()
    }

    /// The counts so far (cumulative until [`MultiSolver::reset_stats`]).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Sets the counts back to zero.
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// The first solution found, as option numbers in the order they were chosen.
    pub fn first_solution(&mut self) -> Option<Vec<usize>> {
        let mut found = None;
        self.search(Limits::NONE, |s| {
            found = Some(s.to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// Counts solutions, stopping at `limit`.
    pub fn count_solutions(&mut self, limit: u64) -> Count {
        self.count_solutions_within(limit, Limits::NONE)
    }

    /// Counts solutions, stopping at `limit` solutions or at the search limits.
    pub fn count_solutions_within(&mut self, limit: u64, limits: Limits) -> Count {
        Count::up_to(limit, |found| self.search(limits, |_| found()))
    }

    /// Visits every solution (option numbers in the order chosen) until `visit` breaks, the
    /// search is exhausted or a limit is reached. The lists are restored afterwards.
    pub fn search<F>(&mut self, limits: Limits, mut visit: F) -> SearchEnd
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        if let Some(bits) = &self.bits {
            return bits.search(limits, &mut self.stats, visit);
        }
        self.run(limits, |solution, _, _| visit(solution))
    }

    /// The search itself. `visit` gets each solution with its *net* cost (its cost less
    /// the taxes, see [`cost`](crate::cost)) and may lower the cutoff, its third argument:
    /// as in dlx5, no partial solution is carried on whose net cost reaches it.
    ///
    /// Long on purpose: Algorithm M's steps M2–M9 as one loop run once per node, sharing its
    /// locals; cutting them into calls would put them on the hot path of every search.
    pub(crate) fn run<F>(&mut self, limits: Limits, mut visit: F) -> SearchEnd
    where
        F: FnMut(&[usize], u64, &mut u64) -> ControlFlow<()>,
    {
        enum Step {
            Forward,
            Advance,
            Backup,
            Backdown,
        }
        let n = self.n;
        let mut cutoff = u64::MAX;
        let mut level = 0usize;
        let mut best = 0u32;
        let mut cur = 0u32;
        let mut end = None;
        let mut step = Step::Forward;
        let mut nodes_here = 0u64;
        self.ensure_level(0);
        self.part_cost[0] = 0;
        loop {
            match step {
                Step::Forward => {
                    // The node limit, the deadline and the cancel flag, as every search
                    // (`end` is still `None` here: a stop never goes forward).
                    end = limits.reached(nodes_here);
                    if end.is_some() {
                        step = Step::Backdown;
                        continue;
                    }
                    nodes_here += 1;
                    self.stats.nodes += 1;
                    if self.part_cost[level] >= cutoff {
                        step = Step::Backdown;
                        continue;
                    }
                    let Some((item, score)) = self.choose() else {
                        self.stats.solutions += 1;
                        self.buffer.clear();
                        for &x in &self.choice[..level] {
                            if x > n {
                                self.buffer.push(self.node_option[x as usize] as usize);
                            }
                        }
                        if visit(&self.buffer, self.part_cost[level], &mut cutoff).is_break() {
                            end = Some(SearchEnd::Stopped);
                        }
                        step = Step::Backdown;
                        continue;
                    };
                    if score <= 0 {
                        step = Step::Backdown;
                        continue;
                    }
                    best = item;
                    cur = self.nodes[best as usize].down;
                    self.choice[level] = cur;
                    self.first_tweak[level] = 0;
                    let it = &mut self.items[best as usize];
                    it.bound -= 1;
                    let (bound, slack) = (it.bound, it.slack);
                    if bound != 0 || slack != 0 {
                        self.first_tweak[level] = cur;
                    }
                    if bound == 0 {
                        self.cover(best, true);
                    }
                    step = Step::Advance;
                }
                Step::Advance => {
                    let Item { bound, slack, .. } = self.items[best as usize];
                    if end.is_some() {
                        if bound == 0 && slack != 0 {
                            // Covered with slack: its null move, skipped now, would have
                            // brought it back (dlx3 never stops midway).
                            self.reactivate(best);
                        }
                        step = Step::Backup;
                        continue;
                    }
                    let len = self.nodes[best as usize].itm;
                    let covered = bound == 0 && slack == 0;
                    if covered {
                        if cur == best {
                            step = Step::Backup;
                            continue;
                        }
                    } else if len <= bound - slack {
                        step = Step::Backup;
                        continue;
                    } else if cur != best {
                        self.tweak(cur, bound != 0);
                    } else if bound != 0 {
                        self.deactivate(best);
                    }
                    self.choice[level] = cur;
                    let mut next_cost = self.part_cost[level];
                    if cur > n {
                        let cost = self.net_cost[self.node_option[cur as usize] as usize];
                        next_cost = next_cost.saturating_add(cost);
                        if next_cost >= cutoff {
                            if covered && self.sorted_by_cost {
                                step = Step::Backup;
                            } else {
                                // Not chosen: a tweaked node's `down` still leads on.
                                cur = self.nodes[cur as usize].down;
                            }
                            continue;
                        }
                        self.commit_others(cur);
                    }
                    level += 1;
                    self.ensure_level(level);
                    self.part_cost[level] = next_cost;
                    step = Step::Forward;
                }
                Step::Backup => {
                    let Item { bound, slack, .. } = self.items[best as usize];
                    if bound == 0 && slack == 0 {
                        self.uncover(best, true);
                    } else {
                        self.untweak(best, self.first_tweak[level], bound != 0);
                    }
                    self.items[best as usize].bound += 1;
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    if level == 0 {
                        break;
                    }
                    level -= 1;
                    cur = self.choice[level];
                    if cur <= n {
                        // The null move: the item was set aside; bring it back.
                        best = cur;
                        self.reactivate(best);
                        step = Step::Backup;
                        continue;
                    }
                    best = self.nodes[cur as usize].itm as u32;
                    self.uncommit_others(cur);
                    cur = self.nodes[cur as usize].down;
                    step = Step::Advance;
                }
            }
        }
        end.unwrap_or(SearchEnd::Exhausted)
    }

    fn ensure_level(&mut self, level: usize) {
        if self.choice.len() <= level {
            self.choice.resize(level + 1, 0);
            self.first_tweak.resize(level + 1, 0);
            self.part_cost.resize(level + 1, 0);
        }
    }

    /// dlx3's choice: the active primary item of least branching degree; `None` when no
    /// primary item is active (a solution). Stops early at a degree of 0 or less.
    fn choose(&self) -> Option<(u32, i64)> {
        let mut k = self.items[0].next;
        let mut choice = Dlx3Choice::new();
        while k != 0 {
            let it = self.items[k as usize];
            let len = self.nodes[k as usize].itm as i64;
            if choice.offer(k, it.bound as i64, it.slack as i64, len) {
                break;
            }
            k = it.next;
        }
        choice.best()
    }

    fn deactivate(&mut self, c: u32) {
        let Item { prev, next, .. } = self.items[c as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
    }

    fn reactivate(&mut self, c: u32) {
        let Item { prev, next, .. } = self.items[c as usize];
        self.items[prev as usize].next = c;
        self.items[next as usize].prev = c;
    }

    /// Hides entry `x` alone (a tweak's last step).
    fn hide_entry(&mut self, x: u32) {
        let node = self.nodes[x as usize];
        self.nodes[node.up as usize].down = node.down;
        self.nodes[node.down as usize].up = node.up;
        self.nodes[node.itm as usize].itm -= 1;
        self.stats.updates += 1;
    }

    fn hide_others(&mut self, x: u32) {
        self.stats.updates += hide_others(&mut self.nodes, x);
    }

    fn unhide_others(&mut self, x: u32) {
        unhide_others(&mut self.nodes, x);
    }

    /// Covers item `c`: hides every option in its list (and takes it out of the active list
    /// when `deactivate`).
    fn cover(&mut self, c: u32, deactivate: bool) {
        if deactivate {
            self.deactivate(c);
        }
        let (nodes, n) = (&mut self.nodes[..], self.n);
        let mut updates = 1;
        let mut rr = nodes[c as usize].down;
        while rr > n {
            updates += hide_others(nodes, rr);
            rr = nodes[rr as usize].down;
        }
        self.stats.updates += updates;
    }

    fn uncover(&mut self, c: u32, reactivate: bool) {
        let (nodes, n) = (&mut self.nodes[..], self.n);
        let mut rr = nodes[c as usize].down;
        while rr > n {
            unhide_others(nodes, rr);
            rr = nodes[rr as usize].down;
        }
        if reactivate {
            self.reactivate(c);
        }
    }

    /// Algorithm C's purify: hides the options that give `p`'s item another color and
    /// marks those that agree as cleansed. Cleansings are counted as dlx3 counts them: one
    /// for the purification, one for each other option marked.
    fn purify(&mut self, p: u32) {
        let n = self.n;
        let (updates, cleansings) = entry::purify(&mut self.nodes, p, |_, rr| rr > n);
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
    }

    fn unpurify(&mut self, p: u32) {
        let n = self.n;
        entry::unpurify(&mut self.nodes, p, |_, rr| rr > n);
    }

    /// dlx3's tweak: takes the top option `x` out of its item's list, and (when `block`)
    /// out of every other list too.
    fn tweak(&mut self, x: u32, block: bool) {
        if block {
            self.hide_others(x);
        }
        self.hide_entry(x);
    }

    /// Undoes every tweak made at this level on item `c`, the first being `x`.
    fn untweak(&mut self, c: u32, x: u32, unblock: bool) {
        let z = self.nodes[c as usize].down;
        self.nodes[c as usize].down = x;
        let (mut rr, mut qq, mut k) = (x, c, 0);
        while rr != z {
            self.nodes[rr as usize].up = qq;
            k += 1;
            if unblock {
                self.unhide_others(rr);
            }
            qq = rr;
            rr = self.nodes[rr as usize].down;
        }
        self.nodes[rr as usize].up = qq;
        self.nodes[c as usize].itm += k;
        if !unblock {
            self.uncover(c, false);
        }
    }

    /// The other entries of `x`'s option in dlx3's order: those after `x`, then those
    /// before it from the option's first.
    fn others(&self, x: u32) -> impl DoubleEndedIterator<Item = u32> + use<> {
        let (mut first, mut last) = (x, x);
        while self.nodes[first as usize - 1].itm > 0 {
            first -= 1;
        }
        while self.nodes[last as usize + 1].itm > 0 {
            last += 1;
        }
        (x + 1..=last).chain(first..x)
    }

    /// Step M5's "cover or partially cover" for the other items of `x`'s option, left to
    /// right.
    fn commit_others(&mut self, x: u32) {
        let n1 = self.first_secondary();
        for pp in self.others(x) {
            let Node { itm, color, .. } = self.nodes[pp as usize];
            let cc = itm as u32;
            if cc < n1 {
                let it = &mut self.items[cc as usize];
                it.bound -= 1;
                if it.bound == 0 {
                    self.cover(cc, true);
                }
            } else if color == 0 {
                self.cover(cc, true);
            } else if color > 0 {
                self.purify(pp);
            }
        }
    }

    /// The inverse of [`MultiSolver::commit_others`], right to left.
    fn uncommit_others(&mut self, x: u32) {
        let n1 = self.first_secondary();
        for pp in self.others(x).rev() {
            let Node { itm, color, .. } = self.nodes[pp as usize];
            let cc = itm as u32;
            if cc >= n1 && color > 0 {
                self.unpurify(pp);
            } else if cc >= n1 && color == 0 {
                self.uncover(cc, true);
            } else if cc < n1 {
                if self.items[cc as usize].bound == 0 {
                    self.uncover(cc, true);
                }
                self.items[cc as usize].bound += 1;
            }
        }
    }

    /// The arena number of the first secondary item (items below it are primary).
    #[inline]
    fn first_secondary(&self) -> u32 {
        self.primary_end
    }
}
