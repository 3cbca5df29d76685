//! What a memoized search reports (its counts, its end) and takes (the probe of `--memo
//! auto`), and where a signature's parts go: shared by dlx6's walk (`memo.rs`) and the
//! memoized Algorithm M (`multi.rs`).

use super::table::Table;
use crate::zdd::{Zdd, ZddNode};
use crate::{BigCount, SearchEnd};

/// What a memoized search counted, in dlx6's conventions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Search nodes: every node entered (a hit included), and one more per solution.
    pub nodes: u64,
    /// Hits: subproblems found in the cache, and solutions.
    pub hits: u64,
    /// ZDD nodes made.
    pub zdd_nodes: u64,
    /// Signatures cached.
    pub memos: u64,
    /// Signatures cached that have solutions.
    pub good_memos: u64,
    /// Options hidden from an item's list, and items covered.
    pub updates: u64,
    /// Purifications and the nodes they made redundant.
    pub cleansings: u64,
    /// Bytes of the cache and the ZDD at the end.
    pub bytes: u64,
    /// For a problem with multiplicities: the nodes of Algorithm M's plain tree that the
    /// search has covered, each hit standing for the subtree it saved (at the end, dlx3's
    /// node count), stopping at `u64::MAX`; 0 for dlx6's walk.
    pub plain_nodes: u64,
}

impl MemoStats {
    /// ZDD nodes as dlx6 prints them: the next node id (made + 2), or 1 when none was made.
    pub fn dlx6_zdd_nodes(&self) -> u64 {
        if self.zdd_nodes == 0 {
            1
        } else {
            self.zdd_nodes + 2
        }
    }

    /// Signatures as dlx6 prints them, `A+B`: those without solutions, and those with
    /// solutions plus one (the empty signature, which dlx6 counts as cached).
    pub fn dlx6_signatures(&self) -> (u64, u64) {
        (self.memos - self.good_memos, self.good_memos + 1)
    }
}

/// When an automatic choice gives up on memo: after `nodes` search nodes, unless at least
/// `min_hits_per_mille` of them (per thousand) were hits, or the solutions found so far
/// number at least `solutions_per_node` times the nodes (a search that visits every
/// solution would need as many nodes at least); a search that ends before is kept only by
/// the second rule. On a problem with multiplicities, whose plain search (on bit sets) is
/// many times cheaper per node, memo is kept instead when the plain tree's nodes it has
/// covered ([`MemoStats::plain_nodes`]) number at least `plain_per_node` times its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// Search nodes before the look.
    pub nodes: u64,
    /// The hit rate, per thousand nodes, below which the search is abandoned.
    pub min_hits_per_mille: u64,
    /// Solutions per node at or above which the search goes on whatever the hits.
    pub solutions_per_node: u64,
    /// With multiplicities: plain nodes covered per memo node at or above which memo
    /// stays.
    pub plain_per_node: u64,
}

impl Probe {
    /// Whether memo pays after `nodes` nodes with `hits` hits and `found` solutions.
    pub(super) fn pays(&self, nodes: u64, hits: u64, found: &BigCount) -> bool {
        let plenty = BigCount::from(u128::from(nodes) * u128::from(self.solutions_per_node));
        hits * 1000 >= self.min_hits_per_mille * nodes || *found >= plenty
    }

    /// Whether memo pays on a problem with multiplicities after `nodes` nodes that stand
    /// for `plain` nodes of the plain tree.
    pub(super) fn pays_plain(&self, nodes: u64, plain: u64) -> bool {
        u128::from(plain) >= u128::from(nodes) * u128::from(self.plain_per_node)
    }
}

/// The end of a memoized search.
#[derive(Debug, Clone)]
pub struct MemoRun {
    /// The solutions found: all of them when `end` is [`SearchEnd::Exhausted`], else those
    /// found before the search stopped.
    pub count: BigCount,
    /// The ZDD of all solutions, when the search ran to the end.
    pub zdd: Option<Zdd>,
    /// Why it ended: exhausted, or a limit (or [`SearchEnd::Stopped`] when a [`Probe`]
    /// found too few hits).
    pub end: SearchEnd,
    /// The counts.
    pub stats: MemoStats,
}

/// Where a secondary item's code goes in a signature: word, shift.
#[derive(Clone, Copy, Default)]
pub(crate) struct Slot {
    pub(super) word: u32,
    pub(super) shift: u32,
}

impl MemoStats {
    /// Takes the links' update counts (`updates`, `cleansings`) and the cache's and ZDD's
    /// sizes at the end of a search (`zdd_room`: the ZDD nodes allocated).
    pub(super) fn close(
        &mut self,
        (updates, cleansings): (u64, u64),
        table: &Table,
        zdd_room: usize,
    ) {
        self.updates = updates;
        self.cleansings = cleansings;
        self.bytes = (table.bytes() + zdd_room * 12) as u64;
        self.memos = table.len() as u64;
    }
}

/// The solutions of the ZDD chains starting at `ids` in `nodes` (lent to a [`Zdd`] for the
/// count and given back): what a search stopped early has found.
pub(super) fn total_of(nodes: &mut Vec<ZddNode>, ids: &[u32]) -> BigCount {
    let zdd = Zdd {
        nodes: std::mem::take(nodes),
        root: 0,
    };
    let total = zdd.total_of(ids);
    *nodes = zdd.nodes;
    total
}
