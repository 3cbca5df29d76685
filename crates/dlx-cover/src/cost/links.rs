//! Knuth's dlx5 over dancing links: Algorithm C with option costs, walking his tree node
//! for node. Options carry their *net* costs (after the taxes of `taxes`), every item's
//! list is sorted by net cost, and the search
//!
//! * branches on the active primary item with the fewest *usable* options (those whose net
//!   cost keeps the partial solution below the cutoff), counting at most [`LEN_THRESHOLD`]
//!   of them before settling for the list's length, ties going to the larger cheapest cost,
//!   then to the leftmost item;
//! * backs up at once when some item has no option left, or only options too dear;
//! * stops each list where the options become too dear (an option that would bring the
//!   cost to the cutoff is cut: the cutoff is the cost to beat);
//! * covers and purifies only the options cheap enough to matter, with the threshold of
//!   the moment, and undoes each with the same threshold.
//!
//! [`Stats`] counts as dlx5 prints: a node for the root, for every option tried and for
//! every solution met; an update for every item covered and every node unlinked;
//! cleansings for every purification and every node it marks as agreeing.

use std::ops::ControlFlow;

use crate::entry::{self, entry_fields, hide_others, unhide_others};
use crate::limits::{Limits, SearchEnd, Stats};
use crate::problem::Problem;

/// dlx5's `lenthresh` (its default, option `h`): how many usable options the choice counts
/// in an item's list before it takes the list's whole length instead.
pub(crate) const LEN_THRESHOLD: u32 = 10;

/// A node: an item's header (`itm` holds the list's length), an option's entry, or a
/// spacer (`itm <= 0`; `up` is the first entry of the option before, `down` the last entry
/// of the option after).
#[derive(Debug, Clone, Copy, Default)]
struct Node {
    up: u32,
    down: u32,
    itm: i32,
    /// 0 none, `> 0` a color, `-1` cleansed (known to agree with the item's color).
    color: i32,
    /// The net cost of the entry's option.
    cost: u64,
}

entry_fields!(Node);

/// A primary item's place in the list of active items (secondary items point to
/// themselves, so unlinking them changes nothing).
#[derive(Debug, Clone, Copy, Default)]
struct Link {
    prev: u32,
    next: u32,
}

/// The state that a search keeps per level.
#[derive(Debug, Clone, Copy, Default)]
struct Level {
    /// The node tried at this level.
    choice: u32,
    /// The net cost of the options chosen below this level.
    part_cost: u64,
    /// The threshold with which the branching item was covered.
    thresh0: u64,
    /// The threshold with which the other items of `choice` were covered.
    thresh: u64,
}

/// dlx5's lists for one problem (without multiplicities), reused for any number of
/// searches.
#[derive(Debug, Clone)]
pub(crate) struct CostLinks {
    items: Vec<Link>,
    nodes: Vec<Node>,
    /// The last item header; nodes above it are entries and spacers.
    last_item: u32,
    /// Option number of each entry (`u32::MAX` elsewhere).
    node_option: Vec<u32>,
    levels: Vec<Level>,
    buffer: Vec<usize>,
    stats: Stats,
}

impl CostLinks {
    /// dlx5's lists for `problem`, whose options cost `net` (already taxed).
    pub(crate) fn new(problem: &Problem, net: &[u64]) -> CostLinks {
        let n = problem.items();
        let primary = problem.primary_items();
        let mut items = vec![Link::default(); n + 1];
        for (i, link) in items.iter_mut().enumerate() {
            *link = if i <= primary {
                Link {
                    prev: if i == 0 { primary as u32 } else { i as u32 - 1 },
                    next: if i == primary { 0 } else { i as u32 + 1 },
                }
            } else {
                Link {
                    prev: i as u32,
                    next: i as u32,
                }
            };
        }
        let (nodes, node_option) = entry::build(problem, |k, node: Node| Node {
            cost: net[k],
            ..node
        });
        let mut links = CostLinks {
            items,
            nodes,
            last_item: n as u32,
            node_option,
            levels: Vec::new(),
            buffer: Vec::new(),
            stats: Stats::default(),
        };
        links.sort_lists();
        links
    }

    /// Relinks every item's list (secondary ones too) in order of net cost; stable, as
    /// dlx5's merge sort, so equal costs keep the order of the input.
    fn sort_lists(&mut self) {
        let mut members = Vec::new();
        for header in 1..=self.last_item {
            entry::sort_list(&mut self.nodes, header, &mut members, |nodes, x| {
                nodes[x as usize].cost
            });
        }
    }

    /// The counts so far.
    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }

    /// dlx5's search. `visit` gets each solution (option numbers in the order chosen) with
    /// its net cost, and sets the cutoff, its third argument: from then on no partial
    /// solution is carried on whose net cost reaches it. The lists are restored afterwards,
    /// whatever ended the search.
    ///
    /// Long on purpose: dlx5's steps as one loop run once per node, sharing its locals
    /// (the node, the item, the costs); cut into calls they would be on every node's path.
    pub(crate) fn run(
        &mut self,
        limits: Limits,
        mut visit: impl FnMut(&[usize], u64, &mut u64) -> ControlFlow<()>,
    ) -> SearchEnd {
        enum Step {
            Forward,
            Advance,
            Recover,
            Backup,
            Backdown,
        }
        let mut cutoff = u64::MAX;
        let mut level = 0usize;
        let (mut cur_cost, mut next_cost) = (0u64, 0u64);
        let (mut best, mut cur) = (0u32, 0u32);
        let mut tried = 0u64;
        let mut end = None;
        let mut step = Step::Forward;
        self.stats.nodes += 1;
        if self.items[0].next == 0 {
            // No primary item: the empty set is the one solution.
            self.stats.solutions += 1;
            if visit(&[], 0, &mut cutoff).is_break() {
                return SearchEnd::Stopped;
            }
            return SearchEnd::Exhausted;
        }
        loop {
            match step {
                Step::Forward => {
                    let Some(item) = self.choose(cutoff - cur_cost) else {
                        step = Step::Backdown;
                        continue;
                    };
                    best = item;
                    cur = self.nodes[best as usize].down;
                    next_cost = cur_cost + self.nodes[cur as usize].cost;
                    self.ensure_level(level);
                    let here = &mut self.levels[level];
                    here.part_cost = cur_cost;
                    here.choice = cur;
                    here.thresh0 = cutoff - next_cost;
                    let thresh0 = here.thresh0;
                    self.cover(best, thresh0);
                    step = Step::Advance;
                }
                Step::Advance => {
                    if let Some(why) = limits.reached(tried) {
                        end = Some(why);
                        step = Step::Backup;
                        continue;
                    }
                    tried += 1;
                    self.stats.nodes += 1;
                    let thresh = cutoff - next_cost;
                    self.levels[level].thresh = thresh;
                    self.commit_others(cur, thresh);
                    if self.items[0].next == 0 {
                        self.stats.solutions += 1;
                        self.buffer.clear();
                        for here in &self.levels[..=level] {
                            self.buffer
                                .push(self.node_option[here.choice as usize] as usize);
                        }
                        if visit(&self.buffer, next_cost, &mut cutoff).is_break() {
                            end = Some(SearchEnd::Stopped);
                        }
                        step = Step::Recover;
                        continue;
                    }
                    level += 1;
                    cur_cost = next_cost;
                    step = Step::Forward;
                }
                Step::Recover => {
                    self.uncommit_others(cur, self.levels[level].thresh);
                    if end.is_some() {
                        step = Step::Backup;
                        continue;
                    }
                    cur = self.nodes[cur as usize].down;
                    self.levels[level].choice = cur;
                    if cur == best {
                        step = Step::Backup;
                        continue;
                    }
                    next_cost = cur_cost + self.nodes[cur as usize].cost;
                    step = if next_cost >= cutoff {
                        Step::Backup
                    } else {
                        Step::Advance
                    };
                }
                Step::Backup => {
                    self.uncover(best, self.levels[level].thresh0);
                    step = Step::Backdown;
                }
                Step::Backdown => {
                    if level == 0 {
                        break;
                    }
                    level -= 1;
                    let here = self.levels[level];
                    cur = here.choice;
                    best = self.nodes[cur as usize].itm as u32;
                    cur_cost = here.part_cost;
                    step = Step::Recover;
                }
            }
        }
        self.stats.options_tried += tried;
        end.unwrap_or(SearchEnd::Exhausted)
    }

    fn ensure_level(&mut self, level: usize) {
        if self.levels.len() <= level {
            self.levels.resize(level + 1, Level::default());
        }
    }

    /// dlx5's choice with `room` (the cutoff less the cost so far): the active primary item
    /// with the fewest usable options (options that cost less than `room`), the count
    /// taken as the list's length once it reaches [`LEN_THRESHOLD`]; on ties the larger
    /// cheapest cost, then the leftmost. `None`: some item has no usable option (dlx5
    /// backs up at once, the first such item ending the scan).
    fn choose(&self, room: u64) -> Option<u32> {
        let nodes = &self.nodes;
        let last_item = self.last_item;
        let (mut best, mut best_count, mut best_min) = (0u32, u32::MAX, 0u64);
        let mut k = self.items[0].next;
        while k != 0 {
            let first = nodes[k as usize].down;
            if first == k {
                return None;
            }
            let min = nodes[first as usize].cost;
            if min >= room {
                return None;
            }
            let mut s = 1u32;
            let mut p = nodes[first as usize].down;
            let count = loop {
                if p <= last_item || nodes[p as usize].cost >= room {
                    break Some(s);
                }
                if s == best_count {
                    break None;
                }
                if s >= LEN_THRESHOLD {
                    break Some(nodes[k as usize].itm as u32);
                }
                p = nodes[p as usize].down;
                s += 1;
            };
            if let Some(s) = count
                && (s < best_count || (s == best_count && min > best_min))
            {
                (best, best_count, best_min) = (k, s, min);
            }
            k = self.items[k as usize].next;
        }
        Some(best)
    }

    /// Covers item `c`: unlinks it from the active items and hides the options of its list
    /// that cost less than `thresh` (the list is sorted, so the first dearer one ends it).
    fn cover(&mut self, c: u32, thresh: u64) {
        let Link { prev, next } = self.items[c as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
        let nodes = &mut self.nodes[..];
        let mut updates = 1;
        let mut rr = nodes[c as usize].down;
        while rr > self.last_item && nodes[rr as usize].cost < thresh {
            updates += hide_others(nodes, rr);
            rr = nodes[rr as usize].down;
        }
        self.stats.updates += updates;
    }

    /// Undoes [`CostLinks::cover`] with the same threshold (going down again works: dlx5's
    /// observation).
    fn uncover(&mut self, c: u32, thresh: u64) {
        let nodes = &mut self.nodes[..];
        let mut rr = nodes[c as usize].down;
        while rr > self.last_item && nodes[rr as usize].cost < thresh {
            unhide_others(nodes, rr);
            rr = nodes[rr as usize].down;
        }
        let Link { prev, next } = self.items[c as usize];
        self.items[prev as usize].next = c;
        self.items[next as usize].prev = c;
    }

    /// Algorithm C's purify, cheap options only: hides those that give `p`'s item another
    /// color and marks those that agree as cleansed.
    fn purify(&mut self, p: u32, thresh: u64) {
        let within = self.cheap(thresh);
        let (updates, cleansings) = entry::purify(&mut self.nodes, p, within);
        self.stats.updates += updates;
        self.stats.cleansings += cleansings;
    }

    fn unpurify(&mut self, p: u32, thresh: u64) {
        let within = self.cheap(thresh);
        entry::unpurify(&mut self.nodes, p, within);
    }

    /// Whether a list walk from its top goes on at node `rr`: an entry that costs less
    /// than `thresh` (the lists are sorted by cost).
    fn cheap(&self, thresh: u64) -> impl Fn(&[Node], u32) -> bool + use<> {
        let last_item = self.last_item;
        move |nodes, rr| rr > last_item && nodes[rr as usize].cost < thresh
    }

    /// Covers or purifies the other items of `x`'s option, left to right.
    fn commit_others(&mut self, x: u32, thresh: u64) {
        let mut pp = x + 1;
        while pp != x {
            let Node { up, itm, color, .. } = self.nodes[pp as usize];
            if itm <= 0 {
                pp = up;
                continue;
            }
            if color == 0 {
                self.cover(itm as u32, thresh);
            } else if color > 0 {
                self.purify(pp, thresh);
            }
            pp += 1;
        }
    }

    /// Undoes [`CostLinks::commit_others`], right to left.
    fn uncommit_others(&mut self, x: u32, thresh: u64) {
        let mut pp = x - 1;
        while pp != x {
            let Node {
                down, itm, color, ..
            } = self.nodes[pp as usize];
            if itm <= 0 {
                pp = down;
                continue;
            }
            if color == 0 {
                self.uncover(itm as u32, thresh);
            } else if color > 0 {
                self.unpurify(pp, thresh);
            }
            pp -= 1;
        }
    }
}
