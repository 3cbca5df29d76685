//! Item choice: the [`Chooser`] policies, the [`ItemChooser`] trait for choosers of the
//! caller's own, the [`ActiveItems`] view they see (over the links or the bit-set engine's
//! lengths), and the built-in MRV scans over the links.

use crate::arena::{Link, Node};

/// The length of an item that is no longer active (covered, or chosen at this level) in
/// the bit-set engine's table of lengths.
pub(crate) const COVERED: i16 = i16::MAX;

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

    /// The active primary items of the links (their headers hold the lengths).
    pub(crate) fn from_links(items: &'a [Link], nodes: &'a [Node]) -> ActiveItems<'a> {
        ActiveItems {
            view: View::Links { items, nodes },
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

/// The leftmost active item of minimum length; the scan stops at the first item of length
/// `STOP` or less (`STOP = 0`: Knuth's rule; `STOP = 1`: [`Chooser::MrvStopAtOne`]).
#[inline]
pub(crate) fn choose_mrv<const STOP: u32>(items: &[Link], nodes: &[Node]) -> u32 {
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
pub(crate) fn choose_forced_then_leftmost(items: &[Link], nodes: &[Node]) -> u32 {
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
