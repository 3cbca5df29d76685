//! Algorithm M (dlx3) on bit sets, for problems without costs, with at most
//! [`MAX_OPTIONS`] options (and, with colors, at most 64 secondary items named with a
//! color: `bits/colored.rs`): dlx3's tree node for node, its solutions in its order and its
//! counts, with one state copied per level instead of links undone on the way back.
//!
//! The state of a level is the set of *live* options (those in every list: no cover has
//! hidden them and no tweak has blocked them), the bound left to each primary item, and
//! the set of active primary items. Every list is kept in option order by dlx3, so:
//!
//! * an active item's list is the live options that contain it, its length a popcount,
//!   and dlx3's choice (least branching degree `len + s − bound + 1`, then the smaller
//!   `s`, then the longer list, then the leftmost item) scans the active items in order;
//! * covering an item hides its live options: `1 + Σ (|o| − 1)` updates over them (an
//!   option meets each list once, so the order of the covers of one commit does not change
//!   the sum); the branching item keeps its list, frozen at the cover, and dlx3 tries its
//!   options in ascending order (tweaking each off when the item still has slack: one
//!   update);
//! * when the branching item may take more (its bound not yet 0), dlx3 tweaks the top
//!   option out of every list (`|o|` updates), which here takes it out of the live set:
//!   the next option to try is then the first live one of the item again, and the list's
//!   length, for dlx3's "too few left" test, a popcount. The last move is the null one.
//! * a move after which no primary item is active leads to a solution: that node (one
//!   node, one solution, the move's updates) is counted at the level of the move, which
//!   then undoes it at once, with no level copied for it.
//! * a move after which one primary item is left active (most nodes of dlx3's random
//!   problems) leads to a subtree that only that item branches in: it is walked there, by
//!   [`MultiBits::last_item`], on a stack of live sets, without the choice or levels.

use std::ops::ControlFlow;

use super::choice::Dlx3Choice;
use crate::bits::colors::Colors;
use crate::limits::{Limits, SearchEnd, Stats};
use crate::problem::Problem;
use crate::words::{and, and_not, count, first_bit, next_bit};

/// The most options a problem may have to be searched on bit sets.
pub(crate) const MAX_OPTIONS: usize = 4096;

/// The widths the search is compiled for, in words per option set; a problem's sets take
/// the least that holds its options. Each is a copy of the search: the odd widths up to 6
/// save the words past the options (a fifth of the work on 300–320 options) where they
/// are most common. The browser's module (wasm32), where size counts more than the last
/// fifth, has the powers of two only.
#[cfg(not(target_arch = "wasm32"))]
const WIDTHS: [usize; 9] = [1, 2, 3, 4, 5, 6, 8, 16, 64];
#[cfg(target_arch = "wasm32")]
const WIDTHS: [usize; 6] = [1, 2, 4, 8, 16, 64];

/// A level's "next move" when its null move has been made: nothing is left to try.
const NULL_DONE: u32 = u32::MAX;

/// The problem as bit sets: per-option and per-item sets of `words` words each.
#[derive(Debug, Clone)]
pub(crate) struct MultiBits {
    /// Words per option set: one of [`WIDTHS`], so that the search has a copy per width.
    words: usize,
    primary: usize,
    /// Per item (primary, then secondary), the options that contain it.
    of_item: Vec<u64>,
    /// Per option, its primary items: `prim[start[o]..start[o + 1]]`.
    start: Vec<u32>,
    prim: Vec<u32>,
    /// Per option, the options that meet one of its secondary items (which a commit always
    /// covers), and how many secondary items it has.
    secondary_meet: Vec<u64>,
    secondary_count: Vec<u32>,
    /// Per option, its entries.
    size: Vec<u32>,
    /// The updates of hiding an option, `|o| − 1`, when every option has the same size
    /// (then the updates of hiding a set are a popcount).
    uniform: Option<u64>,
    /// Per primary item, its bound at the start (`hi`) and its slack (`hi − lo`).
    bound: Vec<i32>,
    slack: Vec<i32>,
    /// The options' colors, when some option names a secondary item with one
    /// (`multiplicity/bits/colored.rs`).
    colors: Option<Colors>,
}

mod colored;

use colored::{Last, Tables, View};

/// One search's state: per level a [`Frame`]; the bounds and the active items, changed in
/// place and changed back on the way up (a move changes few of them); the options chosen.
struct Levels<const W: usize> {
    frames: Vec<Frame<W>>,
    /// Per primary item, how many more options may cover it.
    bounds: Vec<i32>,
    /// The active primary items, as bits.
    active: Vec<u64>,
    /// The options chosen above the current level.
    solution: Vec<usize>,
    /// The live options and purified items at each depth of [`MultiBits::last_item`].
    stack: Vec<([u64; W], u64)>,
}

/// What a level keeps.
#[derive(Clone, Copy)]
struct Frame<const W: usize> {
    /// The live options (copied from the level above).
    live: [u64; W],
    /// The branching item's list, when it was covered.
    list: [u64; W],
    /// The purified items (with colors: a bit per colored secondary item).
    purified: u64,
    /// The branching item.
    best: u32,
    /// Where the next option to try is looked for (covered items), or [`NULL_DONE`].
    at: u32,
    /// The move made: an option, or [`NULL`].
    choice: u32,
    /// How many options were chosen above this level.
    depth: u32,
}

/// The greatest bound of a last active item whose subtree [`MultiBits::last_item`] counts
/// (one call deep per option it may still take).
const MAX_LAST_BOUND: i32 = 64;

/// The null move, in [`Levels::choice`].
const NULL: u32 = u32::MAX;

impl MultiBits {
    /// True when `problem` has the form this search takes.
    pub(crate) fn suits(problem: &Problem) -> bool {
        !problem.has_costs()
            && problem.options() <= MAX_OPTIONS
            && (!problem.has_colors() || Colors::suits(problem))
    }

    pub(crate) fn new(problem: &Problem) -> MultiBits {
        let m = problem.options();
        let words = m.div_ceil(64).max(1);
        let words = *WIDTHS
            .iter()
            .find(|&&w| w >= words)
            .expect("at most 64 words");
        let primary = problem.primary_items();
        let mut of_item = vec![0u64; problem.items() * words];
        let (mut start, mut prim) = (vec![0u32], Vec::new());
        for o in 0..m {
            for item in problem.option(o) {
                of_item[item * words + o / 64] |= 1 << (o % 64);
                if item < primary {
                    prim.push(item as u32);
                }
            }
            start.push(prim.len() as u32);
        }
        let mut secondary_meet = vec![0u64; m * words];
        let mut secondary_count = vec![0u32; m];
        let mut size = vec![0u32; m];
        for o in 0..m {
            size[o] = problem.option(o).len() as u32;
            for item in problem.option(o).filter(|&i| i >= primary) {
                secondary_count[o] += 1;
                let meet = &mut secondary_meet[o * words..(o + 1) * words];
                for (w, s) in meet.iter_mut().zip(&of_item[item * words..]) {
                    *w |= s;
                }
            }
        }
        let uniform = match size.iter().min() {
            Some(&least) if size.iter().all(|&s| s == least) => Some(u64::from(least) - 1),
            _ => None,
        };
        let multiplicity = |k| problem.multiplicity(k).expect("primary");
        let colors = problem
            .has_colors()
            .then(|| Colors::build(problem, words, &of_item));
        MultiBits {
            words,
            primary,
            of_item,
            start,
            prim,
            secondary_meet,
            secondary_count,
            size,
            uniform,
            bound: (0..primary).map(|k| multiplicity(k).1 as i32).collect(),
            slack: (0..primary)
                .map(|k| (multiplicity(k).1 - multiplicity(k).0) as i32)
                .collect(),
            colors,
        }
    }

    /// dlx3's search: visits each solution (options in the order chosen), adding to
    /// `stats` in dlx3's conventions.
    pub(crate) fn search<F>(&self, limits: Limits, stats: &mut Stats, visit: F) -> SearchEnd
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            #[allow(unsafe_code)]
            // SAFETY: the processor has the instruction. Gain: the lengths of the choice
            // are popcounts, which without it are a dozen instructions each (K-queens
            // 10:5: 0.76 of the time).
            return unsafe { self.by_width_popcnt(limits, stats, visit) };
        }
        self.by_width(limits, stats, visit)
    }

    /// [`MultiBits::by_width`] compiled with the `popcnt` instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn by_width_popcnt<F>(&self, limits: Limits, stats: &mut Stats, visit: F) -> SearchEnd
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        self.by_width(limits, stats, visit)
    }

    /// The search with `W` fixed to the problem's width, with or without colors.
    #[inline(always)]
    fn by_width<F>(&self, limits: Limits, stats: &mut Stats, visit: F) -> SearchEnd
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        if self.colors.is_some() {
            return self.by_width_colored::<true, F>(limits, stats, visit);
        }
        self.by_width_colored::<false, F>(limits, stats, visit)
    }

    /// [`MultiBits::by_width`] with `C`: whether the problem has colors.
    #[inline(always)]
    fn by_width_colored<const C: bool, F>(
        &self,
        limits: Limits,
        stats: &mut Stats,
        visit: F,
    ) -> SearchEnd
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        match self.words {
            1 => self.run::<1, C, F>(limits, stats, visit),
            2 => self.run::<2, C, F>(limits, stats, visit),
            #[cfg(not(target_arch = "wasm32"))]
            3 => self.run::<3, C, F>(limits, stats, visit),
            4 => self.run::<4, C, F>(limits, stats, visit),
            #[cfg(not(target_arch = "wasm32"))]
            5 => self.run::<5, C, F>(limits, stats, visit),
            #[cfg(not(target_arch = "wasm32"))]
            6 => self.run::<6, C, F>(limits, stats, visit),
            8 => self.run::<8, C, F>(limits, stats, visit),
            16 => self.run::<16, C, F>(limits, stats, visit),
            _ => self.run::<64, C, F>(limits, stats, visit),
        }
    }

    /// The search at `W` words per set; see the module docs for how its steps are dlx3's.
    ///
    /// Long on purpose: the search's one loop, run once per node; its steps share the
    /// level's locals.
    ///
    /// The frames, the bounds, the active items and the per-item and per-option tables are
    /// read without bounds checks in the steps run at every node (see `frame_at`, `choose`,
    /// `take`, `retreat`, `weight`). Gain, in instructions (cachegrind, `cover --count`):
    /// 5–6 % on the random problems of `tests/data/multiplicity` and K queens 10:5, and
    /// 2–3 % more for the frames.
    #[inline(always)]
    fn run<const W: usize, const C: bool, F>(
        &self,
        limits: Limits,
        stats: &mut Stats,
        mut visit: F,
    ) -> SearchEnd
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let (of_item, secondary_meet) = (sets::<W>(&self.of_item), sets::<W>(&self.secondary_meet));
        let purify = sets::<W>(self.colors.as_ref().map_or(&[], |c| c.purify_masks()));
        let tables = Tables {
            of_item: &of_item,
            secondary_meet: &secondary_meet,
            purify: &purify,
        };
        let of_item = tables.of_item;
        let p = self.primary;
        let mut root_live = [0u64; W];
        for o in 0..self.size.len() {
            root_live[o / 64] |= 1 << (o % 64);
        }
        let root = Frame {
            live: root_live,
            list: [0; W],
            purified: 0,
            best: 0,
            at: 0,
            choice: 0,
            depth: 0,
        };
        let mut lv = Levels::<W> {
            frames: vec![root; 16],
            bounds: self.bound.clone(),
            active: vec![0u64; p.div_ceil(64).max(1)],
            solution: Vec::new(),
            stack: Vec::new(),
        };
        for k in 0..p {
            lv.active[k / 64] |= 1 << (k % 64);
        }
        let mut level = 0usize;
        let mut updates = 0u64;
        let mut cleansings = 0u64;
        let mut nodes_here = 0u64;
        let mut solutions = 0u64;
        let mut end = None;
        let mut forward = true;
        loop {
            if forward {
                if let Some(why) = limits.reached(nodes_here) {
                    end = Some(why);
                    break;
                }
                nodes_here += 1;
                let frame = frame_at(&mut lv.frames, level);
                match self.choose(of_item, &frame.live, &lv.bounds, &lv.active) {
                    None => {
                        solutions += 1;
                        let solution = &lv.solution[..frame.depth as usize];
                        if visit(solution).is_break() {
                            end = Some(SearchEnd::Stopped);
                            break;
                        }
                        forward = false;
                    }
                    Some((_, score)) if score <= 0 => forward = false,
                    Some((best, _)) => {
                        frame.best = best as u32;
                        frame.at = 0;
                        lv.bounds[best] -= 1;
                        if lv.bounds[best] == 0 {
                            let list = and(&frame.live, &of_item[best]);
                            and_not(&mut frame.live, &list);
                            updates += 1 + self.view().weight::<C, W>(&list, frame.purified);
                            frame.list = list;
                            lv.active[best / 64] &= !(1 << (best % 64));
                        }
                    }
                }
                if !forward {
                    if level == 0 {
                        break;
                    }
                    level -= 1;
                    self.retreat(&mut lv, level);
                    continue;
                }
            }
            // The next move at this level: an option, the null move, or none (back up).
            let frame = frame_at(&mut lv.frames, level);
            let best = frame.best as usize;
            let bound = lv.bounds[best];
            let slack = self.slack[best];
            let next = if frame.at == NULL_DONE {
                None
            } else if bound == 0 {
                match next_bit(&frame.list, frame.at as usize) {
                    Some(x) => {
                        frame.at = x as u32 + 1;
                        if slack != 0 {
                            updates += 1;
                        }
                        Some(x as u32)
                    }
                    None if slack != 0 => Some(NULL),
                    None => None,
                }
            } else {
                let list = and(&frame.live, &of_item[best]);
                if count(&list) as i32 <= bound - slack {
                    None
                } else if let Some(x) = first_bit(&list) {
                    frame.live[x / 64] &= !(1 << (x % 64));
                    updates += self.view().size_in::<C>(x, frame.purified);
                    Some(x as u32)
                } else {
                    Some(NULL)
                }
            };
            let Some(x) = next else {
                // Back up: the item takes its option back, and is active again if covered.
                if bound == 0 {
                    lv.active[best / 64] |= 1 << (best % 64);
                }
                lv.bounds[best] += 1;
                if level == 0 {
                    break;
                }
                level -= 1;
                self.retreat(&mut lv, level);
                continue;
            };
            frame.choice = x;
            if x == NULL {
                frame.at = NULL_DONE;
            }
            let (live, depth, purified) = (frame.live, frame.depth, frame.purified);
            lv.solution.truncate(depth as usize);
            // The live options and purified items below the move.
            let below = if x == NULL {
                if bound != 0 {
                    lv.active[best / 64] &= !(1 << (best % 64));
                }
                (live, purified)
            } else {
                lv.solution.push(x as usize);
                let (x, moved) = (x as usize, (&live, purified));
                let (bounds, active) = (&mut lv.bounds[..], &mut lv.active[..]);
                if C {
                    let counts = (&mut updates, &mut cleansings);
                    self.view()
                        .commit_colored(&tables, moved, (x, best), (bounds, active), counts)
                } else {
                    let (hide, covers) = self.take(&tables, (bounds, active), x, best);
                    let mut below = live;
                    and_not(&mut below, &hide);
                    updates += covers + self.view().weight::<false, W>(&and(&live, &hide), 0);
                    (below, 0)
                }
            };
            // No primary item left active below: the node below is a solution. One left,
            // with a bound `last_item` takes: that item's subtree. Either is counted here,
            // without levels of its own.
            let mut active = lv.active.iter().enumerate().filter(|&(_, &w)| w != 0);
            let below_here = match (active.next(), active.next()) {
                (None, _) => Some(None),
                (Some((w, &word)), None) if word & (word - 1) == 0 => {
                    let k = w * 64 + word.trailing_zeros() as usize;
                    (lv.bounds[k] <= MAX_LAST_BOUND).then_some(Some(k))
                }
                _ => None,
            };
            if let Some(last_active) = below_here {
                let mut last = Last {
                    limits: &limits,
                    visit: &mut visit,
                    solution: &mut lv.solution,
                    nodes: nodes_here,
                    updates,
                    cleansings,
                    solutions,
                };
                let flow = match last_active {
                    None => last.solution_node(),
                    Some(k) => match last.node() {
                        ControlFlow::Continue(()) => self.last_item::<W, C, F>(
                            &tables,
                            (k, below, lv.bounds[k]),
                            &mut lv.stack,
                            &mut last,
                        ),
                        stop => stop,
                    },
                };
                (nodes_here, updates, cleansings, solutions) =
                    (last.nodes, last.updates, last.cleansings, last.solutions);
                if let ControlFlow::Break(why) = flow {
                    end = Some(why);
                    break;
                }
                self.retreat(&mut lv, level);
                forward = false;
                continue;
            }
            let child = level + 1;
            if lv.frames.len() <= child {
                lv.frames.push(root);
            }
            let frame = frame_at(&mut lv.frames, child);
            (frame.live, frame.purified) = below;
            frame.depth = lv.solution.len() as u32;
            level = child;
            forward = true;
        }
        stats.nodes += nodes_here;
        stats.solutions += solutions;
        stats.updates += updates;
        stats.cleansings += cleansings;
        end.unwrap_or(SearchEnd::Exhausted)
    }

    /// The subtree of a node at which `k` is the one active primary item, `live` its live
    /// options and `bound` its bound (the node itself counted by the caller): dlx3's
    /// moves, counts and solutions. Every live option has `k` as its one primary item (the
    /// options of the other primary items were hidden when they were covered, or tweaked
    /// out before their null move), so a move only hides the options that meet its
    /// secondary items (or, with colors, purifies them), and a move that covers `k` leads
    /// to a solution.
    ///
    /// A loop over `stack` (the live options and purified items at each depth below the
    /// node; the bound there is one less per depth) rather than a recursion, so that it is
    /// compiled into the search, with its `popcnt`.
    #[inline(always)]
    fn last_item<const W: usize, const C: bool, F>(
        &self,
        tables: &Tables<'_, W>,
        (k, (live, purified), bound): (usize, ([u64; W], u64), i32),
        stack: &mut Vec<([u64; W], u64)>,
        last: &mut Last<'_, F>,
    ) -> ControlFlow<SearchEnd>
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let (set, slack) = (&tables.of_item[k], self.slack[k]);
        let mut depth = 0usize;
        let mut entering = Some((live, purified));
        loop {
            // `bound`: what `k` may take at the node at `depth`, less its move's option.
            let bound = bound - 1 - depth as i32;
            if let Some((mut live, purified)) = entering.take() {
                let mut list = and(&live, set);
                let len = count(&list) as i32;
                if len + slack.min(bound + 1) - bound <= 0 {
                    // Too few options left: back up.
                } else if bound == 0 {
                    // `k` is covered: each option of its list, then the null move, is a
                    // solution.
                    and_not(&mut live, &list);
                    last.updates += 1 + self.view().weight::<C, W>(&list, purified);
                    while let Some(x) = first_bit(&list) {
                        list[x / 64] &= !(1 << (x % 64));
                        last.updates += u64::from(slack != 0);
                        self.view().commit_secondary::<W, C, F>(
                            tables,
                            (&live, purified),
                            x,
                            k,
                            last,
                        );
                        last.solution.push(x);
                        let flow = last.solution_node();
                        last.solution.pop();
                        flow?;
                    }
                    if slack != 0 {
                        last.solution_node()?;
                    }
                } else {
                    stack.truncate(depth);
                    stack.push((live, purified));
                    continue;
                }
                // Back up to the node above.
                if depth == 0 {
                    return ControlFlow::Continue(());
                }
                depth -= 1;
                last.solution.pop();
                continue;
            }
            // `k` may take more: its first live option, tweaked out, then the next.
            let (live, purified) = &mut stack[depth];
            let list = and(live, set);
            let next = if count(&list) as i32 <= bound - slack {
                None
            } else if let Some(x) = first_bit(&list) {
                Some(x)
            } else {
                // The null move: no primary item is left active.
                last.solution_node()?;
                None
            };
            let Some(x) = next else {
                if depth == 0 {
                    return ControlFlow::Continue(());
                }
                depth -= 1;
                last.solution.pop();
                continue;
            };
            live[x / 64] &= !(1 << (x % 64));
            last.updates += self.view().size_in::<C>(x, *purified);
            let below =
                self.view()
                    .commit_secondary::<W, C, F>(tables, (live, *purified), x, k, last);
            last.node()?;
            last.solution.push(x);
            depth += 1;
            entering = Some(below);
        }
    }

    /// Undoes the move made at `level` (back from the level below): the other primary
    /// items of its option give back what they took, and those that were covered are
    /// active again; after the null move, the branching item is active again.
    #[inline(always)]
    #[allow(unsafe_code)] // SAFETY: below. Gain: see `run`.
    fn retreat<const W: usize>(&self, lv: &mut Levels<W>, level: usize) {
        let Frame {
            best, choice: x, ..
        } = *frame_at(&mut lv.frames, level);
        let best = best as usize;
        if x == NULL {
            if lv.bounds[best] != 0 {
                lv.active[best / 64] |= 1 << (best % 64);
            }
            return;
        }
        for &k in self.primary_of(x as usize) {
            let k = k as usize;
            if k == best {
                continue;
            }
            debug_assert!(k < lv.bounds.len() && k / 64 < lv.active.len());
            // SAFETY: `k` is a primary item, and `bounds` and `active` have an entry (a
            // bit) per primary item.
            unsafe {
                let bound = lv.bounds.get_unchecked_mut(k);
                if *bound == 0 {
                    *lv.active.get_unchecked_mut(k / 64) |= 1 << (k % 64);
                }
                *bound += 1;
            }
        }
    }

    /// Option `o`'s primary items.
    #[inline(always)]
    #[allow(unsafe_code)] // SAFETY: below. Gain: see `run`.
    fn primary_of(&self, o: usize) -> &[u32] {
        debug_assert!(o + 1 < self.start.len());
        // SAFETY: `o` is an option, and `start` has an entry per option and one more, each
        // at most `prim.len()` and none below the one before.
        unsafe {
            let (from, to) = (
                *self.start.get_unchecked(o),
                *self.start.get_unchecked(o + 1),
            );
            self.prim.get_unchecked(from as usize..to as usize)
        }
    }

    /// Commits option `x`, as far as the bounds and active items go: each other item of
    /// `x` takes one more option, and those that may take no more (every secondary item)
    /// are covered. Returns the options that meet a covered item (to hide from the live
    /// ones) and the covers.
    #[inline(always)]
    #[allow(unsafe_code)] // SAFETY: below. Gain: see `run`.
    fn take<const W: usize>(
        &self,
        tables: &Tables<'_, W>,
        (bounds, active): (&mut [i32], &mut [u64]),
        x: usize,
        best: usize,
    ) -> ([u64; W], u64) {
        let of_item = tables.of_item;
        let mut hide = tables.secondary_meet[x];
        let mut covers = u64::from(self.secondary_count[x]);
        for &k in self.primary_of(x) {
            let k = k as usize;
            if k == best {
                continue;
            }
            debug_assert!(k < bounds.len() && k < of_item.len() && k / 64 < active.len());
            // SAFETY: `k` is a primary item, and `bounds`, `of_item` and `active` have an
            // entry (a bit) per primary item.
            let bound = unsafe { bounds.get_unchecked_mut(k) };
            *bound -= 1;
            if *bound == 0 {
                covers += 1;
                // SAFETY: as above.
                let set = unsafe { of_item.get_unchecked(k) };
                for (h, s) in hide.iter_mut().zip(set) {
                    *h |= s;
                }
                // SAFETY: as above.
                unsafe { *active.get_unchecked_mut(k / 64) &= !(1 << (k % 64)) };
            }
        }
        (hide, covers)
    }

    /// What the commits and weights read of the problem (`bits/colored.rs`).
    #[inline(always)]
    fn view(&self) -> View<'_> {
        View {
            primary: self.primary,
            size: &self.size,
            uniform: self.uniform,
            secondary_count: &self.secondary_count,
            colors: self.colors.as_ref(),
        }
    }

    /// dlx3's choice (see `MultiSolver::choose`): the active primary item of least
    /// branching degree, with that degree; `None` when no primary item is active.
    #[inline(always)]
    #[allow(unsafe_code)] // SAFETY: below. Gain: see `run`.
    fn choose<const W: usize>(
        &self,
        of_item: &[[u64; W]],
        live: &[u64; W],
        bounds: &[i32],
        active: &[u64],
    ) -> Option<(usize, i32)> {
        let mut choice = Dlx3Choice::new();
        for (w, &word) in active.iter().enumerate() {
            let mut items = word;
            while items != 0 {
                let k = w * 64 + items.trailing_zeros() as usize;
                items &= items - 1;
                debug_assert!(k < bounds.len() && k < self.slack.len() && k < of_item.len());
                // SAFETY: `k` is an active item, so a primary item, and `bounds`, `slack`
                // and `of_item` have an entry per primary item.
                let (bound, slack, set) = unsafe {
                    (
                        *bounds.get_unchecked(k),
                        *self.slack.get_unchecked(k),
                        of_item.get_unchecked(k),
                    )
                };
                let len = i64::from(count(&and(live, set)));
                if choice.offer(k as u32, i64::from(bound), i64::from(slack), len) {
                    return choice.best().map(|(k, t)| (k as usize, t as i32));
                }
            }
        }
        choice.best().map(|(k, t)| (k as usize, t as i32))
    }
}

/// The frame of `level`, without a bounds check.
///
/// Every level the search enters has its frame: the frames are pushed before the search
/// moves down to a new level, and never popped.
#[inline(always)]
#[allow(unsafe_code)] // SAFETY: below. Gain: see `MultiBits::run`.
fn frame_at<const W: usize>(frames: &mut [Frame<W>], level: usize) -> &mut Frame<W> {
    debug_assert!(level < frames.len());
    // SAFETY: `level` is a level the search is at or backs up to (its only callers), and
    // such a level has a frame (above).
    unsafe { frames.get_unchecked_mut(level) }
}

/// `words` as sets of `W` words each.
fn sets<const W: usize>(words: &[u64]) -> Vec<[u64; W]> {
    words
        .chunks_exact(W)
        .map(|set| set.try_into().expect("W words"))
        .collect()
}
