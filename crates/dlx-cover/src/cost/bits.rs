//! dlx5's search on bit sets, for problems with at most [`MAX_OPTIONS`] options (and, with
//! colors, at most 64 secondary items named with a color): the same tree and counts as
//! `links.rs`, node for node, with one state copied per level instead of links undone on
//! the way back.
//!
//! Options are renumbered by net cost (stable), so every item's list in dlx5's order is
//! its options in ascending number, and "the options that cost less than θ" is a prefix of
//! the numbers. The state of a level is the set of *live* options (those no cover has
//! hidden), and for each active primary item its list as one word, bit `j` for the item's
//! `j`-th option (so every primary item may have at most 64 options). Covering item `c`
//! with threshold θ hides the live options of `c` below θ, which is what dlx5's cover does
//! link by link; the covers of one option's items share one θ, so they hide one union.
//! The choice walks each item's word as dlx5 walks its list, without chasing links.
//!
//! With colors a level's state also holds `P`, the purified items (a bit per secondary item
//! some option names with a color; the tables are `bits/colors.rs`'s), and a commit goes
//! through the option's entries one by one in dlx5's order, as Algorithm M's bit sets do
//! (`multiplicity/bits/colored.rs`): a purification hides the cheap live options that give
//! the item another color and cleanses the cheap ones that agree. Hiding a live option then
//! costs `|o| − 1 − |o ∩ P|`: the threshold only falls down the tree (the cutoff falls and
//! the cost so far grows), so an option cheap enough to be hidden now was cheap enough for
//! every purification above, and its nodes there were cleansed.

use std::ops::ControlFlow;

use super::links::LEN_THRESHOLD;
use crate::bits::colors::Colors;
use crate::limits::{Limits, SearchEnd, Stats};
use crate::problem::Problem;
use crate::words::{and, count, first_bit, next_bit, prefix};

/// The most options a problem may have to be searched on bit sets.
pub(crate) const MAX_OPTIONS: usize = 4096;

/// Runs dlx5's search on bit sets when `problem` fits (no colors, few enough options);
/// `None` when it does not.
pub(crate) fn run<F>(
    problem: &Problem,
    net: &[u64],
    limits: Limits,
    visit: F,
) -> Option<(SearchEnd, Stats)>
where
    F: FnMut(&[usize], u64, &mut u64) -> ControlFlow<()>,
{
    let m = problem.options();
    let colors_fit = !problem.has_colors() || Colors::suits(problem);
    if !colors_fit || m > MAX_OPTIONS || problem.primary_items() == 0 {
        return None;
    }
    let primary = problem.primary_items();
    let mut lengths = vec![0usize; primary];
    for o in 0..m {
        for item in problem.option(o).filter(|&i| i < primary) {
            lengths[item] += 1;
        }
    }
    if lengths.iter().any(|&l| l > 64) {
        return None;
    }
    Some(match m.div_ceil(64) {
        0..=1 => Bits::<1>::new(problem, net).search(limits, visit),
        2 => Bits::<2>::new(problem, net).search(limits, visit),
        3..=4 => Bits::<4>::new(problem, net).search(limits, visit),
        5..=8 => Bits::<8>::new(problem, net).search(limits, visit),
        9..=16 => Bits::<16>::new(problem, net).search(limits, visit),
        17..=32 => Bits::<32>::new(problem, net).search(limits, visit),
        _ => Bits::<64>::new(problem, net).search(limits, visit),
    })
}

/// One level's state: the live options and the primary items' lists.
#[derive(Clone)]
struct State<const W: usize> {
    live: [u64; W],
    /// Per primary item, its live options: bit `j` for its `j`-th option.
    list: Vec<u64>,
    /// The active primary items, as bits.
    active: Vec<u64>,
    /// How many primary items are active.
    left: u32,
    /// The purified items (with colors).
    purified: u64,
}

/// The problem as bit sets, options numbered by net cost.
struct Bits<const W: usize> {
    primary: usize,
    /// Per item (primary and secondary), the options that contain it.
    of_item: Vec<[u64; W]>,
    /// Per option (new numbering), its items: `items[start[o]..start[o + 1]]`.
    start: Vec<u32>,
    items: Vec<u32>,
    /// Per option: the updates hiding it makes (its entries less one), and the range of
    /// `primaries` that holds its primary items with its bit in each one's list.
    hiding: Vec<(u32, u32, u32)>,
    primaries: Vec<(u32, u32)>,
    /// Per primary item, the net cost of its `j`-th option.
    item_cost: Vec<[u64; 64]>,
    /// Per option, its net cost, ascending.
    cost: Vec<u64>,
    /// Per option, its number in the problem.
    original: Vec<u32>,
    /// When the net costs are small enough (see [`MAX_TABLE`]): per room `r` from 0 to the
    /// largest net cost plus one (larger rooms are that one), the number of options that
    /// cost less than `r` (`below_all[r]`), and for each primary item `k` the number of its
    /// options that do (`below_item[r * primary + k]`). Empty otherwise.
    below_all: Vec<u32>,
    below_item: Vec<u8>,
    /// The options' colors, when some option names a secondary item with one, and their
    /// purification masks as sets.
    colors: Option<Colors>,
    purify: Vec<[u64; W]>,
    stats: Stats,
}

/// The most entries the tables of [`Bits::below_item`] may take.
const MAX_TABLE: usize = 1 << 20;

impl<const W: usize> Bits<W> {
    fn new(problem: &Problem, net: &[u64]) -> Bits<W> {
        let m = problem.options();
        let mut order: Vec<u32> = (0..m as u32).collect();
        order.sort_by_key(|&o| net[o as usize]);
        let mut of_item = vec![[0u64; W]; problem.items()];
        let (mut start, mut items) = (vec![0u32], Vec::new());
        let (mut primary_start, mut primaries) = (vec![0u32], Vec::new());
        let primary = problem.primary_items();
        let mut item_cost = vec![[u64::MAX; 64]; primary];
        let mut lengths = vec![0u32; primary];
        for (new, &o) in order.iter().enumerate() {
            for item in problem.option(o as usize) {
                of_item[item][new / 64] |= 1 << (new % 64);
                items.push(item as u32);
                if item < primary {
                    let j = lengths[item];
                    lengths[item] += 1;
                    item_cost[item][j as usize] = net[o as usize];
                    primaries.push((item as u32, j));
                }
            }
            start.push(items.len() as u32);
            primary_start.push(primaries.len() as u32);
        }
        let hiding = (0..m)
            .map(|o| {
                (
                    start[o + 1] - start[o] - 1,
                    primary_start[o],
                    primary_start[o + 1],
                )
            })
            .collect();
        let cost: Vec<u64> = order.iter().map(|&o| net[o as usize]).collect();
        let rooms = cost.last().map_or(1, |&c| c.saturating_add(2)) as usize;
        let (mut below_all, mut below_item) = (Vec::new(), Vec::new());
        if rooms.saturating_mul(primary + 1) <= MAX_TABLE {
            for r in 0..rooms as u64 {
                below_all.push(cost.partition_point(|&c| c < r) as u32);
                for (k, &len) in lengths.iter().enumerate() {
                    let n = item_cost[k][..len as usize].partition_point(|&c| c < r);
                    below_item.push(n as u8);
                }
            }
        }
        let flat: Vec<u64> = of_item.iter().flatten().copied().collect();
        let colors = problem
            .has_colors()
            .then(|| Colors::build_in_order(problem, W, &flat, &order));
        let purify = colors.as_ref().map_or(Vec::new(), |c| {
            c.purify_masks()
                .chunks_exact(W)
                .map(|set| set.try_into().expect("W words"))
                .collect()
        });
        Bits {
            primary: problem.primary_items(),
            of_item,
            start,
            items,
            hiding,
            primaries,
            item_cost,
            cost,
            original: order,
            below_all,
            below_item,
            colors,
            purify,
            stats: Stats::default(),
        }
    }

    /// The number of options that cost less than `room`: they are the first ones.
    #[inline]
    fn below(&self, room: u64) -> usize {
        match self.below_all.len() {
            0 => self.cost.partition_point(|&c| c < room),
            rooms => self.below_all[(room as usize).min(rooms - 1)] as usize,
        }
    }

    /// For each primary item, how many of its options cost less than `room` (its first
    /// ones), when the table has them.
    #[inline]
    fn below_per_item(&self, room: u64) -> Option<&[u8]> {
        let rooms = self.below_all.len();
        let r = (room.min(rooms.saturating_sub(1) as u64)) as usize;
        self.below_item
            .get(r * self.primary..(r + 1) * self.primary)
    }

    /// dlx5's search (see [`Bits::run`]), with the `popcnt` instruction where the
    /// processor has it.
    fn search<F>(self, limits: Limits, visit: F) -> (SearchEnd, Stats)
    where
        F: FnMut(&[usize], u64, &mut u64) -> ControlFlow<()>,
    {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            #[allow(unsafe_code)]
            // SAFETY: the processor has the instruction. Gain: the choice counts each
            // item's cheap options with a popcount, a dozen instructions without it.
            return unsafe { self.run_popcnt(limits, visit) };
        }
        self.run(limits, visit)
    }

    /// [`Bits::run`] compiled with the `popcnt` instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn run_popcnt<F>(self, limits: Limits, visit: F) -> (SearchEnd, Stats)
    where
        F: FnMut(&[usize], u64, &mut u64) -> ControlFlow<()>,
    {
        self.run(limits, visit)
    }

    /// dlx5's search; see `links.rs`, whose steps this follows (a level's state is copied
    /// to the next rather than undone).
    ///
    /// Long on purpose: the search's one loop, run once per node; its steps share the
    /// level's locals.
    #[inline(always)]
    fn run<F>(mut self, limits: Limits, mut visit: F) -> (SearchEnd, Stats)
    where
        F: FnMut(&[usize], u64, &mut u64) -> ControlFlow<()>,
    {
        let p = self.primary;
        let mut root = State {
            live: [0u64; W],
            list: vec![0; p],
            active: vec![0; p.div_ceil(64)],
            left: p as u32,
            purified: 0,
        };
        for o in 0..self.cost.len() {
            root.live[o / 64] |= 1 << (o % 64);
        }
        for &(item, j) in &self.primaries {
            root.list[item as usize] |= 1 << j;
        }
        for k in 0..p {
            root.active[k / 64] |= 1 << (k % 64);
        }
        // Per level: its state (after the branching item is covered), the branching item,
        // its list, the option tried, the cost so far.
        let mut states = vec![root];
        let mut lists: Vec<[u64; W]> = vec![[0; W]];
        let mut best_of: Vec<u32> = vec![0];
        let mut tried_at: Vec<usize> = vec![0];
        let mut part: Vec<u64> = vec![0];
        let mut cutoff = u64::MAX;
        let mut level = 0usize;
        let mut tried = 0u64;
        let mut end = None;
        let mut buffer = Vec::new();
        self.stats.nodes += 1;
        // Forward: choose at `level`; then try options from `tried_at[level]` on.
        let mut forward = true;
        loop {
            if forward {
                let cur_cost = part[level];
                let Some(best) = self.choose(&states[level], cutoff - cur_cost) else {
                    forward = false;
                    if level == 0 {
                        break;
                    }
                    level -= 1;
                    continue;
                };
                let list = and(&self.of_item[best], &states[level].live);
                let first = first_bit(&list).expect("a usable option");
                let thresh0 = cutoff - (cur_cost + self.cost[first]);
                let state = &mut states[level];
                state.deactivate(best);
                self.stats.updates += 1;
                let hide = and(&list, &prefix::<W>(self.below(thresh0)));
                self.stats.updates += self.hide(state, &hide);
                lists[level] = list;
                best_of[level] = best as u32;
                tried_at[level] = first;
            } else {
                // The next option of the list, if still cheap enough.
                let next = next_bit(&lists[level], tried_at[level] + 1);
                match next {
                    Some(o) if end.is_none() && part[level] + self.cost[o] < cutoff => {
                        tried_at[level] = o;
                    }
                    _ => {
                        if level == 0 {
                            break;
                        }
                        level -= 1;
                        continue;
                    }
                }
            }
            // Advance: try option `tried_at[level]`.
            if let Some(why) = limits.reached(tried) {
                end = Some(why);
                forward = false;
                continue;
            }
            tried += 1;
            self.stats.nodes += 1;
            let cur = tried_at[level];
            let next_cost = part[level] + self.cost[cur];
            let thresh = cutoff - next_cost;
            if states.len() <= level + 1 {
                states.push(states[level].clone());
                lists.push([0; W]);
                best_of.push(0);
                tried_at.push(0);
                part.push(0);
            } else {
                let (below, above) = states.split_at_mut(level + 1);
                above[0].copy_from(&below[level]);
            }
            let best = best_of[level];
            let state = &mut states[level + 1];
            if self.colors.is_some() {
                self.commit_colored(state, cur, best as usize, thresh);
            } else {
                self.commit(state, cur, best, thresh);
            }
            if state.left == 0 {
                self.stats.solutions += 1;
                buffer.clear();
                buffer.extend(
                    tried_at[..=level]
                        .iter()
                        .map(|&o| self.original[o] as usize),
                );
                if visit(&buffer, next_cost, &mut cutoff).is_break() {
                    end = Some(SearchEnd::Stopped);
                }
                forward = false;
                continue;
            }
            level += 1;
            part[level] = next_cost;
            forward = true;
        }
        self.stats.options_tried += tried;
        (end.unwrap_or(SearchEnd::Exhausted), self.stats)
    }

    /// Commits option `cur`, tried for item `best`, with threshold `thresh`: covers its
    /// other items (they share the threshold, so they hide one union).
    #[inline(always)]
    fn commit(&mut self, state: &mut State<W>, cur: usize, best: u32, thresh: u64) {
        let mut union = [0u64; W];
        let mut covered = 0;
        for &item in &self.items[self.start[cur] as usize..self.start[cur + 1] as usize] {
            if item == best {
                continue;
            }
            covered += 1;
            if (item as usize) < self.primary {
                state.deactivate(item as usize);
            }
            for (u, w) in union.iter_mut().zip(&self.of_item[item as usize]) {
                *u |= w;
            }
        }
        let hide = and(&and(&union, &state.live), &prefix::<W>(self.below(thresh)));
        self.stats.updates += covered + self.hide(state, &hide);
    }

    /// [`Bits::commit`] with colors, as dlx5's `commit_others`: the entries of `cur` after
    /// `best`'s, cyclically, one at a time; an uncolored item is covered, a colored one
    /// purified unless it is already (its node is then cleansed, and dlx5 skips it).
    fn commit_colored(&mut self, state: &mut State<W>, cur: usize, best: usize, thresh: u64) {
        let cheap = prefix::<W>(self.below(thresh));
        let colors = self.colors.as_ref().expect("a colored problem");
        let (mut updates, mut cleansings) = (0, 0);
        let entries = colors.entries(cur);
        let at = entries
            .iter()
            .position(|e| e.item as usize == best)
            .expect("the branching item is in the option");
        for e in entries[at + 1..].iter().chain(&entries[..at]) {
            let j = e.item as usize;
            let set = if e.color == 0 {
                updates += 1;
                if j < self.primary {
                    state.deactivate(j);
                }
                &self.of_item[j]
            } else if state.purified & colors.bit(j) != 0 {
                continue;
            } else {
                &self.purify[e.mask as usize]
            };
            let hide = and(&and(set, &state.live), &cheap);
            updates += self.hide(state, &hide);
            if e.color != 0 {
                // The cheap options left in the item's list all give it this color.
                let agree = and(&and(&self.of_item[j], &state.live), &cheap);
                cleansings += 1 + u64::from(count(&agree));
                state.purified |= colors.bit(j);
            }
        }
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
    }

    /// Hides the options of `hide` (live ones): out of the live set, one off the length of
    /// each of their primary items; one update per entry outside the covered item that is
    /// not cleansed (on an item purified, with colors). Returns the updates.
    fn hide(&self, state: &mut State<W>, hide: &[u64; W]) -> u64 {
        let mut updates = 0u64;
        let purified = state.purified;
        for (w, &word) in hide.iter().enumerate() {
            state.live[w] &= !word;
            let mut bits = word;
            while bits != 0 {
                let o = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (less_one, a, b) = self.hiding[o];
                updates += u64::from(less_one);
                if purified != 0 {
                    let marks = self.colors.as_ref().map_or(0, |c| c.marks(o));
                    updates -= u64::from((marks & purified).count_ones());
                }
                for &(item, j) in &self.primaries[a as usize..b as usize] {
                    state.list[item as usize] &= !(1 << j);
                }
            }
        }
        updates
    }

    /// dlx5's choice (see `CostLinks::choose`) on a state, each item's list one word:
    /// `None` when some active item has no live option that costs less than `room` (dlx5
    /// backs up there, whether the list is empty or its cheapest option too dear).
    ///
    /// dlx5 counts an item's usable options (those that cost less than `room`) one by one,
    /// stopping at [`LEN_THRESHOLD`] to take the list's length instead, and gives up on an
    /// item as soon as its count passes the best so far; whatever the order, the item it
    /// takes is the first of least "count" (`u`, the usable options, when `u` is at most
    /// the threshold, else the list's length), ties to the larger cheapest cost. An item's
    /// options are its bits in cost order, so `u` is the popcount of the list below the
    /// item's first option of cost `room` or more.
    #[inline(always)]
    fn choose(&self, state: &State<W>, room: u64) -> Option<usize> {
        let (mut best, mut best_count, mut best_min) = (usize::MAX, u32::MAX, 0u64);
        let row = self.below_per_item(room);
        for (w, &word) in state.active.iter().enumerate() {
            let mut items = word;
            while items != 0 {
                let k = w * 64 + items.trailing_zeros() as usize;
                items &= items - 1;
                let list = state.list[k];
                let costs = &self.item_cost[k];
                let cheap = match row {
                    Some(row) => u32::from(row[k]),
                    None => costs.partition_point(|&c| c < room) as u32,
                };
                let usable = (list & low_bits(cheap)).count_ones();
                if usable == 0 {
                    return None;
                }
                let count = if usable <= LEN_THRESHOLD {
                    usable
                } else {
                    list.count_ones()
                };
                if count < best_count
                    || (count == best_count && costs[list.trailing_zeros() as usize] > best_min)
                {
                    (best, best_count) = (k, count);
                    best_min = costs[list.trailing_zeros() as usize];
                }
            }
        }
        Some(best)
    }
}

/// The word of the `n` lowest bits (`n` at most 64).
#[inline]
fn low_bits(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl<const W: usize> State<W> {
    /// Becomes a copy of `other` (of the same problem), allocating nothing.
    fn copy_from(&mut self, other: &State<W>) {
        self.live = other.live;
        self.list.copy_from_slice(&other.list);
        self.active.copy_from_slice(&other.active);
        self.left = other.left;
        self.purified = other.purified;
    }

    fn deactivate(&mut self, item: usize) {
        self.active[item / 64] &= !(1 << (item % 64));
        self.left -= 1;
    }
}
