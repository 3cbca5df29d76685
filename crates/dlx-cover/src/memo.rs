//! Memoized search: Algorithms X and C that remember every subproblem they finish, as in
//! Nishino, Yasuda, Minato and Nagata's "Dancing with decision diagrams" (AAAI 2017) and
//! Knuth's dlx6, which extends it to colors. What is left of a problem after some choices
//! is fully told by its *signature*: the primary items not yet covered and, for each
//! secondary item some active option still names, whether it is purified and to which
//! color. A subproblem met again (a *hit*) is not searched again: the ZDD node of its
//! solutions is reused. The result is a [`Zdd`] of all solutions, whose count may be far
//! beyond what any enumeration could reach ([`BigCount`]).
//!
//! The walk is dlx6's node for node (same item choice, same option order, same
//! signatures), so its counts are dlx6's: search nodes (every node entered, a hit
//! included, and one more per solution), hits (solutions included), ZDD nodes and
//! signatures.
//!
//! A problem with multiplicities (primary items `lo:hi|name`) is searched by a memoized
//! Algorithm M of ours (`memo/multi.rs`; dlx6 does not read multiplicities): the same
//! counts and ZDD format, on dlx3's tree, with a signature that also tells each item's
//! remaining bound and which of its options its branching has already tried.
//!
//! ```
//! use dlx_cover::{Limits, Problem, memo};
//!
//! // Domino tilings of a 2×3 board: cells 0..6, a domino per pair of neighbours.
//! let mut p = Problem::new(6, 0)?;
//! for pair in [[0, 1], [1, 2], [3, 4], [4, 5], [0, 3], [1, 4], [2, 5]] {
//!     p.add_option(pair)?;
//! }
//! let run = memo::count(&p, Limits::NONE, None)?;
//! assert_eq!(run.count.to_u64(), Some(3));
//! assert_eq!(run.zdd.unwrap().count().to_u64(), Some(3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod links;
mod multi;
mod run;
mod table;

use crate::zdd::{Zdd, ZddNode};
use crate::{BigCount, Limits, Problem, SearchEnd};
use links::Links;
use table::{Lookup, Table};

use run::Slot;
pub use run::{MemoRun, MemoStats, Probe};

/// Why a problem cannot be searched with memo. [`count`] takes every problem; a job's
/// subtree ([`count_below`](crate::subtree::count_below)), a path in the tree of Algorithms
/// X and C, is refused when the problem has multiplicities.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MemoError {
    /// An item has a multiplicity other than 1:1.
    #[error(
        "item {item} has a multiplicity; a job's subtree is counted with memo for exact cover and colors only"
    )]
    Multiplicity {
        /// The item, numbered from 0.
        item: usize,
    },
}

/// Counts the solutions of `problem` by memoized search, within `limits`; with a `probe`,
/// stops early when memo does not pay. Problems with multiplicities are searched by the
/// memoized Algorithm M (see the module docs); the error is for future refusals.
pub fn count(
    problem: &Problem,
    limits: Limits,
    probe: Option<Probe>,
) -> Result<MemoRun, MemoError> {
    if problem.primary_items() == 0 {
        // Nothing to cover: the empty set of options is the one solution.
        return Ok(MemoRun {
            count: BigCount::from(1u64),
            zdd: Some(Zdd {
                nodes: Vec::new(),
                root: 1,
            }),
            end: SearchEnd::Exhausted,
            stats: MemoStats::default(),
        });
    }
    let mut run = if problem.has_multiplicities() {
        let mut walk = multi::MultiWalk::new(problem);
        let end = walk.run(limits, probe);
        walk.finish_run(end)
    } else {
        let mut walk = Walk::new(problem);
        let end = walk.run(limits, probe);
        walk.finish(end)
    };
    let end = run.end;
    // A search that ended before the probe's look is kept only when a plain search would
    // have visited many more solutions than it took nodes (hits on a small tree say little).
    let pays = |p: &Probe, run: &MemoRun| {
        if problem.has_multiplicities() {
            p.pays_plain(run.stats.nodes, run.stats.plain_nodes)
        } else {
            p.pays(run.stats.nodes, 0, &run.count)
        }
    };
    if let Some(p) = probe
        && end == SearchEnd::Exhausted
        && run.stats.nodes < p.nodes
        && !pays(&p, &run)
    {
        run.end = SearchEnd::Stopped;
    }
    Ok(run)
}

/// Refuses a problem with an item of multiplicity other than 1:1.
pub(crate) fn refuse_multiplicities(problem: &Problem) -> Result<(), MemoError> {
    match (0..problem.items()).find(|&i| problem.multiplicity(i).is_some_and(|m| m != (1, 1))) {
        Some(item) => Err(MemoError::Multiplicity { item }),
        None => Ok(()),
    }
}

/// The search's state: dlx6's levels, as an explicit stack.
struct Walk {
    links: Links,
    table: Table,
    /// Per secondary item (by item number), where its code goes.
    slots: Vec<Slot>,
    /// The signature being built.
    key: Vec<u64>,
    zdd: Vec<ZddNode>,
    /// Per level: the node chosen, the ZDD node of the solutions found so far at this
    /// level when the next level began, and the cache entry of the level's subproblem.
    choice: Vec<u32>,
    saved: Vec<u32>,
    entry: Vec<u32>,
    stats: MemoStats,
}

/// The steps of dlx6's search loop.
enum Step {
    /// Enter a new node at the current level.
    Forward,
    /// Try the option at `cur` (or back up when `cur` is the header).
    Advance,
    /// All options of the level tried: restore the item, cache the level's ZDD node.
    Backup,
    /// Return to the level above.
    Backdown,
    /// Undo the option at `cur`, add a ZDD node if it led to solutions, try the next.
    Recover,
}

impl Walk {
    fn new(problem: &Problem) -> Walk {
        let links = Links::new(problem);
        let primary = problem.primary_items();
        let mut word = primary.div_ceil(64) as u32;
        let mut shift = 0u32;
        let mut slots = vec![Slot::default(); links.len.len()];
        for k in links.second..links.last {
            // Codes 0 (inactive), 1 (not purified), 1 + c (purified to color c).
            let codes = links.colors[k as usize] + 2;
            let bits = 32 - (codes - 1).leading_zeros();
            if shift + bits > 64 || (shift == 0 && word as usize == primary.div_ceil(64)) {
                if shift != 0 {
                    word += 1;
                }
                shift = 0;
            }
            slots[k as usize] = Slot { word, shift };
            shift += bits;
        }
        let words = word as usize + usize::from(shift > 0);
        Walk {
            links,
            table: Table::new(words.max(1)),
            slots,
            key: vec![0; words.max(1)],
            zdd: Vec::new(),
            choice: Vec::new(),
            saved: Vec::new(),
            entry: Vec::new(),
            stats: MemoStats::default(),
        }
    }

    /// The signature of the current subproblem, in `self.key`.
    fn signature(&mut self) {
        self.links.sign(&self.slots, &mut self.key);
    }

    /// A new ZDD node; its id.
    fn node(&mut self, option: u32, lo: u32, hi: u32) -> u32 {
        self.zdd.push(ZddNode { option, lo, hi });
        self.stats.zdd_nodes += 1;
        self.zdd.len() as u32 + 1
    }

    /// Long on purpose: dlx6's search loop, five steps sharing the level's registers,
    /// reads best as one match.
    fn run(&mut self, limits: Limits, mut probe: Option<Probe>) -> SearchEnd {
        let mut level = 0usize;
        let (mut cur, mut best) = (0u32, 0u32);
        let (mut znode, mut zsol) = (0u32, 0u32);
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
                        if !p.pays(self.stats.nodes, self.stats.hits, &self.found(level)) {
                            return SearchEnd::Stopped;
                        }
                        probe = None;
                    }
                    self.stats.nodes += 1;
                    self.signature();
                    match self.table.lookup(&self.key) {
                        None => return SearchEnd::NodeLimit,
                        Some(Lookup::Hit(z, _)) => {
                            self.stats.hits += 1;
                            znode = z;
                            Step::Backdown
                        }
                        Some(Lookup::Miss(e)) => {
                            self.entry.truncate(level);
                            self.entry.push(e);
                            znode = 0;
                            best = self.links.best_item().unwrap_or(0);
                            self.links.cover(best);
                            cur = self.links.down[best as usize];
                            self.choice.truncate(level);
                            self.choice.push(cur);
                            Step::Advance
                        }
                    }
                }
                Step::Advance => {
                    if cur == best {
                        Step::Backup
                    } else {
                        self.links.choose_option(cur);
                        if self.links.next[0] == 0 {
                            self.stats.nodes += 1;
                            self.stats.hits += 1;
                            zsol = 1;
                            Step::Recover
                        } else {
                            self.saved.truncate(level);
                            self.saved.push(znode);
                            level += 1;
                            Step::Forward
                        }
                    }
                }
                Step::Backup => {
                    self.links.uncover(best);
                    if znode != 0 {
                        self.table.set(self.entry[level], znode);
                        self.stats.good_memos += 1;
                    }
                    Step::Backdown
                }
                Step::Backdown => {
                    if level == 0 {
                        self.saved.clear();
                        self.saved.push(znode);
                        return SearchEnd::Exhausted;
                    }
                    level -= 1;
                    cur = self.choice[level];
                    best = self.links.itm[cur as usize] as u32;
                    zsol = znode;
                    znode = self.saved[level];
                    Step::Recover
                }
                Step::Recover => {
                    let option = self.links.unchoose_option(cur);
                    if zsol != 0 {
                        if self.zdd.len() >= (u32::MAX - 2) as usize {
                            return SearchEnd::NodeLimit;
                        }
                        znode = self.node(option, znode, zsol);
                    }
                    cur = self.links.down[cur as usize];
                    self.choice[level] = cur;
                    Step::Advance
                }
            };
        }
    }

    /// The solutions found so far, at a node entered at `level`: those of the ZDD chains
    /// left at each level above.
    fn found(&mut self, level: usize) -> BigCount {
        run::total_of(&mut self.zdd, &self.saved[..level])
    }

    /// The outcome: the ZDD when the search ran to the end, else the solutions found so
    /// far (the ZDD chains left at each level above the stop).
    fn finish(mut self, end: SearchEnd) -> MemoRun {
        let counts = (self.links.updates, self.links.cleansings);
        self.stats.close(counts, &self.table, self.zdd.capacity());
        let zdd = Zdd {
            nodes: std::mem::take(&mut self.zdd),
            root: 0,
        };
        let count = zdd.total_of(&self.saved);
        let complete = end == SearchEnd::Exhausted;
        MemoRun {
            count,
            zdd: complete.then(|| Zdd {
                root: self.saved[0],
                ..zdd
            }),
            end,
            stats: self.stats,
        }
    }
}
