//! The memoized search for problems with multiplicities: Knuth's Algorithm M (dlx3) with
//! a cache of subproblems, on dlx6's links (`links.rs`). Knuth's dlx6 does not read
//! multiplicities, so this walk is ours; its tree is dlx3's, with the same item choice and
//! option order.
//!
//! In Algorithm M an item under branching keeps its place in the active list while it may
//! take more options: each option tried is *tweaked* out (hidden from every list) before
//! the next is tried, and the last branch, where M has one, gives the item up. So what is
//! left after some choices is not told by the items alone, as in dlx6: it is the set `R`
//! of options still in the lists and, per active primary item, how many more options it
//! may and must take. The signature captures exactly that:
//!
//! - per primary item, whether it is active (an item covered to its bound or given up has
//!   every option that names it hidden);
//! - per active primary item of bound `hi ≥ 2`, its remaining bound and the place, in its
//!   list as built, of the first option still in it. Only such items are tweaked while
//!   they stay active, and every option tweaked on one lies above that place; an option
//!   not tweaked lies above it only if it is hidden for another reason, which the rest of
//!   the signature tells;
//! - per secondary item, as in dlx6: 0 when no option left names it, else 1 plus the color
//!   it is purified to (0 for none).
//!
//! An option is in `R` exactly when its primary items are active, it lies at or below the
//! first option of each of them that carries a place, and its secondary items have a
//! nonzero code that its colors agree with; so equal signatures mean equal `R`, equal
//! demands and equal solutions. (The place of the first option left is a function of `R`,
//! so two nodes with the same `R` and bounds always meet.)
//!
//! The ZDD node of a level is a chain: the first option tried, whose `hi` branch holds the
//! solutions with it and whose `lo` branch is the next option's node, and so on down to
//! the solutions of the branch that gives the item up (0 where M has none).

use super::links::Links;
use super::run::{MemoRun, MemoStats, Probe, Slot, total_of};
use super::table::{Lookup, Table};
use crate::multiplicity::choice::Dlx3Choice;
use crate::zdd::{Zdd, ZddNode};
use crate::{Limits, Problem, SearchEnd};

/// An active primary item of bound 2 or more: where its bound and the place of its first
/// option go in a signature.
#[derive(Clone, Copy)]
struct Counted {
    item: u32,
    bound: Slot,
    place: Slot,
}

/// One level of the search: the item branched on, the node being tried (the item's header
/// for the branch that gives it up), the first node tweaked, the cache entry of the
/// level's subproblem, where its tried options begin in [`MultiWalk::pending`], and the
/// plain nodes counted before it.
#[derive(Clone, Copy, Default)]
struct Level {
    best: u32,
    cur: u32,
    first: u32,
    entry: u32,
    pending: u32,
    plain: u64,
}

/// The steps of the search loop.
enum Step {
    /// Enter a new node at the current level.
    Forward,
    /// Try the node at the level's `cur`, or end the level.
    Advance,
    /// End the level; the argument is the ZDD node of the branch that gave the item up.
    Finish(u32),
    /// Return to the level above with the ZDD node of the subproblem just done.
    Backdown(u32),
}

/// The memoized Algorithm M's state.
pub(super) struct MultiWalk {
    links: Links,
    /// Per item (by links number): how many more options may cover it, and `hi − lo`.
    bound: Vec<i32>,
    slack: Vec<i32>,
    /// Per node: its place in its item's list as built (from 0); a header: its length.
    place: Vec<u32>,
    /// The primary items of bound 2 or more.
    counted: Vec<Counted>,
    /// Per secondary item (by links number), where its code goes.
    slots: Vec<Slot>,
    /// The signature being built.
    key: Vec<u64>,
    table: Table,
    zdd: Vec<ZddNode>,
    levels: Vec<Level>,
    /// The options tried at each level that led to solutions, with their ZDD nodes.
    pending: Vec<(u32, u32)>,
    /// The root's ZDD node once the search is done.
    root: u32,
    /// Per cache entry: the nodes of the plain tree below its subproblem (itself
    /// included), once known.
    plain: Vec<u64>,
    stats: MemoStats,
}

/// Places codes of given widths in words, none across two words.
struct Packer {
    word: u32,
    shift: u32,
}

impl Packer {
    fn place(&mut self, bits: u32) -> Slot {
        if self.shift + bits > 64 {
            self.word += 1;
            self.shift = 0;
        }
        let slot = Slot {
            word: self.word,
            shift: self.shift,
        };
        self.shift += bits;
        slot
    }

    fn words(&self) -> usize {
        self.word as usize + usize::from(self.shift > 0)
    }
}

/// Bits to write the numbers `0..=n`.
fn width(n: u32) -> u32 {
    32 - n.leading_zeros()
}

impl MultiWalk {
    pub(super) fn new(problem: &Problem) -> MultiWalk {
        let links = Links::new(problem);
        let primary = problem.primary_items();
        let mut bound = vec![0i32; links.len.len()];
        let mut slack = vec![0i32; links.len.len()];
        let mut place = vec![0u32; links.itm.len()];
        for k in 1..links.last {
            let mut x = links.down[k as usize];
            let mut at = 0;
            while x != k {
                place[x as usize] = at;
                at += 1;
                x = links.down[x as usize];
            }
            place[k as usize] = at;
        }
        let mut packer = Packer {
            word: primary.div_ceil(64) as u32,
            shift: 0,
        };
        let mut counted = Vec::new();
        for i in 0..primary {
            let (lo, hi) = problem.multiplicity(i).expect("a primary item");
            let k = i as u32 + 1;
            (bound[k as usize], slack[k as usize]) = (hi as i32, (hi - lo) as i32);
            if hi >= 2 {
                counted.push(Counted {
                    item: k,
                    bound: packer.place(width(hi)),
                    place: packer.place(width(place[k as usize])),
                });
            }
        }
        let mut slots = vec![Slot::default(); links.len.len()];
        for k in links.second..links.last {
            // Codes 0 (no option left), 1 (not purified), 1 + c (purified to color c).
            slots[k as usize] = packer.place(width(links.colors[k as usize] + 1));
        }
        let words = packer.words().max(1);
        MultiWalk {
            links,
            bound,
            slack,
            place,
            counted,
            slots,
            key: vec![0; words],
            table: Table::new(words),
            zdd: Vec::new(),
            levels: Vec::new(),
            pending: Vec::new(),
            root: 0,
            plain: Vec::new(),
            stats: MemoStats::default(),
        }
    }

    /// The signature of the current subproblem, in `self.key` (see the module docs).
    fn signature(&mut self) {
        let l = &self.links;
        l.sign(&self.slots, &mut self.key);
        for c in &self.counted {
            let i = c.item as usize - 1;
            if (l.active[i / 64] >> (i % 64)) & 1 != 0 {
                let k = c.item as usize;
                self.key[c.bound.word as usize] |= (self.bound[k] as u64) << c.bound.shift;
                let top = self.place[l.down[k] as usize] as u64;
                self.key[c.place.word as usize] |= top << c.place.shift;
            }
        }
    }

    /// dlx3's choice ([`Dlx3Choice`]): the active primary item of least branching degree,
    /// with that degree; stops at a degree of 0 or less. `None` when no primary item is
    /// active.
    fn choose(&self) -> Option<(u32, i64)> {
        let l = &self.links;
        let mut k = l.next[0];
        let mut choice = Dlx3Choice::new();
        while k != 0 {
            let (bound, slack) = (self.bound[k as usize] as i64, self.slack[k as usize] as i64);
            if choice.offer(k, bound, slack, l.len[k as usize] as i64) {
                break;
            }
            k = l.next[k as usize];
        }
        choice.best()
    }

    /// Runs the search to its end, a limit, or (with a probe) a look that finds memo does
    /// not pay.
    pub(super) fn run(&mut self, limits: Limits, mut probe: Option<Probe>) -> SearchEnd {
        let mut level = 0usize;
        let mut step = Step::Forward;
        loop {
            step = match step {
                Step::Forward => {
                    if let Some(end) = limits.reached(self.stats.nodes) {
                        return end;
                    }
                    if let Some(p) = probe
                        && self.stats.nodes >= p.nodes
                    {
                        if !p.pays_plain(self.stats.nodes, self.stats.plain_nodes) {
                            return SearchEnd::Stopped;
                        }
                        probe = None;
                    }
                    match self.forward(level) {
                        Some(step) => step,
                        None => return SearchEnd::NodeLimit,
                    }
                }
                Step::Advance => {
                    let step = self.advance(level);
                    if matches!(step, Step::Forward) {
                        level += 1;
                    }
                    step
                }
                Step::Finish(z) => match self.finish(level, z) {
                    Some(step) => step,
                    None => return SearchEnd::NodeLimit,
                },
                Step::Backdown(z) => {
                    if level == 0 {
                        self.root = z;
                        return SearchEnd::Exhausted;
                    }
                    level -= 1;
                    self.backdown(level, z)
                }
            };
        }
    }

    /// Enters a node at `level`: a solution, a hit, a dead end, or a new level; `None`
    /// when the cache is full.
    fn forward(&mut self, level: usize) -> Option<Step> {
        self.stats.nodes += 1;
        let plain_before = self.stats.plain_nodes;
        self.stats.plain_nodes = plain_before.saturating_add(1);
        if self.links.next[0] == 0 {
            // No primary item left to branch on: the empty set completes a solution.
            self.stats.hits += 1;
            return Some(Step::Backdown(1));
        }
        self.signature();
        let entry = match self.table.lookup(&self.key)? {
            Lookup::Hit(z, e) => {
                self.stats.hits += 1;
                // The subtree this hit saves, in the plain tree's nodes.
                let size = self.plain[e as usize];
                self.stats.plain_nodes = plain_before.saturating_add(size);
                return Some(Step::Backdown(z));
            }
            Lookup::Miss(e) => e,
        };
        self.plain.push(1);
        let (best, score) = self.choose().expect("an active primary item");
        if score <= 0 {
            return Some(Step::Backdown(0));
        }
        let cur = self.links.down[best as usize];
        self.bound[best as usize] -= 1;
        if self.bound[best as usize] == 0 {
            self.links.cover(best);
        }
        let here = Level {
            best,
            cur,
            first: cur,
            entry,
            pending: self.pending.len() as u32,
            plain: plain_before,
        };
        if self.levels.len() <= level {
            self.levels.push(here);
        } else {
            self.levels[level] = here;
        }
        Some(Step::Advance)
    }

    /// Step M5 and its neighbours: tries the level's node, or ends the level.
    fn advance(&mut self, level: usize) -> Step {
        let Level { best, cur, .. } = self.levels[level];
        let (bound, slack) = (self.bound[best as usize], self.slack[best as usize]);
        let len = self.links.len[best as usize];
        if bound == 0 && slack == 0 {
            if cur == best {
                return Step::Finish(0);
            }
        } else if len <= bound - slack {
            // Too few options left to reach the item's lower bound.
            return Step::Finish(0);
        } else if cur != best {
            self.tweak(cur, bound != 0);
        } else if bound != 0 {
            // The last branch: the item takes nothing more.
            self.links.unlink(best);
        }
        if cur != best {
            self.commit(cur);
        }
        Step::Forward
    }

    /// Back at `level` from the node below, whose ZDD node is `z`.
    fn backdown(&mut self, level: usize, z: u32) -> Step {
        let Level { best, cur, .. } = self.levels[level];
        if cur == best {
            if self.bound[best as usize] != 0 {
                self.links.relink(best);
            }
            return Step::Finish(z);
        }
        let option = self.uncommit(cur);
        if z != 0 {
            self.pending.push((option, z));
        }
        // A tweaked node's `down` still leads to the next one.
        self.levels[level].cur = self.links.down[cur as usize];
        Step::Advance
    }

    /// Ends `level`: restores its item, makes the level's ZDD chain down to `last` (the
    /// branch that gave the item up) and caches it; `None` when the ZDD is full.
    fn finish(&mut self, level: usize, last: u32) -> Option<Step> {
        let Level {
            best,
            first,
            entry,
            pending,
            plain,
            ..
        } = self.levels[level];
        self.plain[entry as usize] = self.stats.plain_nodes.saturating_sub(plain);
        let (bound, slack) = (self.bound[best as usize], self.slack[best as usize]);
        if bound != 0 || slack != 0 {
            self.untweak(best, first, bound != 0);
        }
        if bound == 0 {
            self.links.uncover(best);
        }
        self.bound[best as usize] += 1;
        let start = pending as usize;
        if self.zdd.len() + (self.pending.len() - start) >= (u32::MAX - 2) as usize {
            return None;
        }
        let mut z = last;
        for k in (start..self.pending.len()).rev() {
            let (option, hi) = self.pending[k];
            self.zdd.push(ZddNode { option, lo: z, hi });
            z = self.zdd.len() as u32 + 1;
        }
        self.stats.zdd_nodes += (self.pending.len() - start) as u64;
        self.pending.truncate(start);
        if z != 0 {
            self.table.set(entry, z);
            self.stats.good_memos += 1;
        }
        Some(Step::Backdown(z))
    }

    /// dlx3's tweak: takes the top option `x` out of its item's list, and (when `block`)
    /// out of every other list too.
    fn tweak(&mut self, x: u32, block: bool) {
        let l = &mut self.links;
        if block {
            l.hide(x);
        }
        let (u, d) = (l.up[x as usize], l.down[x as usize]);
        l.down[u as usize] = d;
        l.up[d as usize] = u;
        l.len[l.itm[x as usize] as usize] -= 1;
        l.updates += 1;
    }

    /// Undoes the tweaks of a level on item `c`, the first on node `x`: relinks them into
    /// `c`'s list, then (when `unblock`) into the other lists, last tweaked first.
    fn untweak(&mut self, c: u32, x: u32, unblock: bool) {
        let l = &mut self.links;
        let z = l.down[c as usize];
        l.down[c as usize] = x;
        let (mut rr, mut qq, mut k) = (x, c, 0);
        while rr != z {
            l.up[rr as usize] = qq;
            k += 1;
            qq = rr;
            rr = l.down[rr as usize];
        }
        l.up[rr as usize] = qq;
        l.len[c as usize] += k;
        if unblock {
            while qq != c {
                l.unhide(qq);
                qq = l.up[qq as usize];
            }
        }
    }

    /// Step M5's covering for the other items of `cur`'s option, left to right: a primary
    /// item takes one option less, and is covered when it can take no more.
    fn commit(&mut self, cur: u32) {
        let mut pp = cur + 1;
        while pp != cur {
            let l = &mut self.links;
            let cc = l.itm[pp as usize];
            if cc <= 0 {
                pp = l.up[pp as usize];
                continue;
            }
            if (cc as u32) < l.second {
                self.bound[cc as usize] -= 1;
                if self.bound[cc as usize] == 0 {
                    l.cover(cc as u32);
                }
            } else if l.len[cc as usize] != 0 {
                match l.color[pp as usize] {
                    0 => l.cover(cc as u32),
                    c if c > 0 => l.purify(pp),
                    _ => {}
                }
            }
            pp += 1;
        }
    }

    /// Undoes [`MultiWalk::commit`], right to left; returns the option's number.
    fn uncommit(&mut self, cur: u32) -> u32 {
        let mut option = 0;
        let mut pp = cur - 1;
        while pp != cur {
            let l = &mut self.links;
            let cc = l.itm[pp as usize];
            if cc <= 0 {
                option = (-cc) as u32;
                pp = l.down[pp as usize];
                continue;
            }
            if (cc as u32) < l.second {
                if self.bound[cc as usize] == 0 {
                    l.uncover(cc as u32);
                }
                self.bound[cc as usize] += 1;
            } else if l.len[cc as usize] != 0 {
                match l.color[pp as usize] {
                    0 => l.uncover(cc as u32),
                    c if c > 0 => l.unpurify(pp),
                    _ => {}
                }
            }
            pp -= 1;
        }
        option
    }

    /// The solutions found so far: those of the options tried at every level.
    fn found(&mut self) -> crate::BigCount {
        let ids: Vec<u32> = self.pending.iter().map(|&(_, z)| z).collect();
        total_of(&mut self.zdd, &ids)
    }

    /// The outcome: the ZDD when the search ran to the end, else the solutions found so
    /// far.
    pub(super) fn finish_run(mut self, end: SearchEnd) -> MemoRun {
        let counts = (self.links.updates, self.links.cleansings);
        self.stats.close(counts, &self.table, self.zdd.capacity());
        let complete = end == SearchEnd::Exhausted;
        let count = if complete {
            let zdd = Zdd {
                nodes: std::mem::take(&mut self.zdd),
                root: self.root,
            };
            let count = zdd.count();
            self.zdd = zdd.nodes;
            count
        } else {
            self.found()
        };
        MemoRun {
            count,
            zdd: complete.then_some(Zdd {
                nodes: self.zdd,
                root: self.root,
            }),
            end,
            stats: self.stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(p: &Problem) -> MemoRun {
        let mut walk = MultiWalk::new(p);
        let end = walk.run(Limits::NONE, None);
        walk.finish_run(end)
    }

    #[test]
    fn codes_never_straddle_two_words() {
        assert_eq!(
            (width(0), width(1), width(2), width(7), width(8)),
            (0, 1, 2, 3, 4)
        );
        let mut packer = Packer { word: 1, shift: 0 };
        let slots: Vec<Slot> = (0..40).map(|k| packer.place(1 + k % 31)).collect();
        for (k, s) in slots.iter().enumerate() {
            assert!(s.shift + 1 + k as u32 % 31 <= 64, "{k}");
            assert!(s.word >= 1);
        }
        assert_eq!(packer.words(), slots.last().unwrap().word as usize + 1);
    }

    /// Item 0 taken exactly twice from three equal options: the three pairs, which a
    /// signature blind to the tweaks would take for one subproblem met three times.
    #[test]
    fn tweaked_options_tell_subproblems_apart() {
        let mut p = Problem::new(1, 0).unwrap();
        for _ in 0..3 {
            p.add_option([0]).unwrap();
        }
        p.set_multiplicity(0, 2, 2).unwrap();
        let run = count(&p);
        assert_eq!(run.count.to_u64(), Some(3));
        let mut pairs = Vec::new();
        run.zdd.unwrap().solutions(|s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            pairs.push(s);
            true
        });
        pairs.sort();
        assert_eq!(pairs, [vec![0, 1], vec![0, 2], vec![1, 2]]);
    }

    /// Knuth's dlx3 example (items A B 2:3|C, secondary X Y with colors): one solution.
    #[test]
    fn dlx3_example() {
        let mut p = Problem::new(3, 2).unwrap();
        p.set_multiplicity(2, 2, 3).unwrap();
        p.add_colored_option([(0, 0), (1, 0), (3, 1), (4, 1)])
            .unwrap();
        p.add_colored_option([(0, 0), (2, 0), (3, 2), (4, 2)])
            .unwrap();
        p.add_colored_option([(2, 0), (3, 1)]).unwrap();
        p.add_colored_option([(1, 0), (3, 2)]).unwrap();
        p.add_colored_option([(2, 0), (4, 2)]).unwrap();
        let run = count(&p);
        assert_eq!(run.count.to_u64(), Some(1));
        let mut found = Vec::new();
        run.zdd.unwrap().solutions(|s| {
            found = s.to_vec();
            true
        });
        found.sort_unstable();
        assert_eq!(found, [1, 3, 4]);
        // The plain tree it stood for: dlx3's, whose counts the plain solver keeps.
        let mut plain = crate::MultiSolver::new(&p);
        plain.count_solutions(u64::MAX);
        assert_eq!(run.stats.plain_nodes, plain.stats().nodes);
    }
}
