//! Colors on bit sets: Algorithm C (Knuth's dlx2) with dlx2's tree and counts.
//!
//! A secondary item named with a color is *purified* when an option naming it so is
//! chosen: the active options naming it with another color, or with none, are hidden, and
//! those naming it with the same color keep it as a *cleansed* node that no later hide
//! touches. So the state of a node is still its set of active options and the lengths of
//! its primary items, plus the set `P` of purified items: one word, a bit for each
//! secondary item that some option names with a color (at most 64 of them here). The
//! active set after choosing `x` is the one dlx2 reaches; what needs care is the count of
//! updates, since a hidden option costs its nodes outside the list it is hidden from *less
//! its cleansed ones*. An active option `o` names each purified item with the purifying
//! color (else it would have been hidden), and that node was cleansed, so hiding `o` costs
//! `|o| − 1 − |o ∩ P|` with `P` as it stands at that moment. dlx2 commits `x`'s items one by
//! one, in the option's order after the chosen item, and `P` grows as it goes: so does the
//! walk here, one item's mask at a time (`M_j` for an item covered, the options of `j`
//! with another color or none for an item purified).
//!
//! The option chosen is itself hidden when its item is covered at the level's start,
//! before its own purifications; a selected option (all its items committed in order, the
//! first included) may purify items before one of its items hides it, and its own nodes
//! there were not cleansed (dlx2 leaves the purifying node as it is): those count.

use super::span::Span;
use crate::choose::COVERED;

/// With colors, each option's primary items in `option_primary` come in whole runs of this
/// many, the last filled up with the sink: a length after the primary items' that hiding an
/// option lowers with theirs, put back to [`COVERED`] when the hiding is done, so that the
/// loop over an option's items has a fixed length (no branch mispredicted on it).
pub(super) const SINK_RUN: usize = 4;

/// The most secondary items named with a color that the bit sets take.
const MAX_COLORED: usize = 64;

/// What the bit sets keep for a problem with colors.
#[derive(Debug, Clone)]
pub(crate) struct Colors {
    /// Each option's entries in the problem's order: item, color (0: none) and, for a
    /// colored entry, which mask of `purify` is its item's with its color. Option `o`'s are
    /// `entries[start[o]..start[o + 1]]`.
    entries: Vec<Entry>,
    start: Vec<u32>,
    /// For each (secondary item, color) that options name: the options naming the item
    /// with another color or with none, `words` words each.
    purify: Vec<u64>,
    /// Per item: its bit in a set of purified items (items some option names with a
    /// color), or 0.
    bit: Vec<u64>,
    /// Per option: the bits of its items that may be purified.
    marks: Vec<u64>,
    /// Per state: the purified items.
    purified: Vec<u64>,
}

/// An option's entry: its item, its color (0: none) and, for a colored entry, which mask of
/// [`Colors::purify_masks`] is its item's with its color.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) item: u32,
    pub(crate) color: u32,
    pub(crate) mask: u32,
}

impl Colors {
    /// True when the colored items are few enough for one word.
    pub(crate) fn suits(problem: &crate::Problem) -> bool {
        let mut colored = vec![false; problem.items()];
        for o in 0..problem.options() {
            for (j, c) in problem.colored_option(o) {
                colored[j] |= c > 0;
            }
        }
        colored.iter().filter(|&&c| c).count() <= MAX_COLORED
    }

    /// The colors of `problem`'s options, for bit sets of `words` words per option set,
    /// `item_options` being each item's options.
    pub(crate) fn build(problem: &crate::Problem, words: usize, item_options: &[u64]) -> Colors {
        let order: Vec<u32> = (0..problem.options() as u32).collect();
        Colors::build_in_order(problem, words, item_options, &order)
    }

    /// [`Colors::build`] for the options renumbered: option `o` of the sets is option
    /// `order[o]` of `problem`.
    pub(crate) fn build_in_order(
        problem: &crate::Problem,
        words: usize,
        item_options: &[u64],
        order: &[u32],
    ) -> Colors {
        let options = problem.options();
        let option = |o: usize| problem.colored_option(order[o] as usize);
        let mut bit = vec![0u64; problem.items()];
        let mut next_bit = 0;
        let mut masks = std::collections::HashMap::new();
        let mut purify = Vec::new();
        let (mut entries, mut start) = (Vec::new(), vec![0u32]);
        for o in 0..options {
            for (j, c) in option(o) {
                let mut mask = u32::MAX;
                if c > 0 {
                    if bit[j] == 0 {
                        bit[j] = 1 << next_bit;
                        next_bit += 1;
                    }
                    let fresh = masks.len() as u32;
                    mask = *masks.entry((j, c)).or_insert(fresh);
                    if mask == fresh {
                        // The options of j, less those that name it with color c.
                        let mut m = item_options[j * words..(j + 1) * words].to_vec();
                        for q in 0..options {
                            if option(q).any(|e| e == (j, c)) {
                                m[q / 64] &= !(1 << (q % 64));
                            }
                        }
                        purify.extend(m);
                    }
                }
                entries.push(Entry {
                    item: j as u32,
                    color: c,
                    mask,
                });
            }
            start.push(entries.len() as u32);
        }
        let marks = (0..options)
            .map(|o| option(o).fold(0, |m, (j, _)| m | bit[j]))
            .collect();
        Colors {
            entries,
            start,
            purify,
            bit,
            marks,
            purified: Vec::new(),
        }
    }

    /// Option `o`'s entries, in the problem's order.
    #[inline]
    pub(crate) fn entries(&self, o: usize) -> &[Entry] {
        &self.entries[self.start[o] as usize..self.start[o + 1] as usize]
    }

    /// Per (secondary item, color) that options name: the options naming the item with
    /// another color or with none, `words` words each, one after another.
    #[inline]
    pub(crate) fn purify_masks(&self) -> &[u64] {
        &self.purify
    }

    /// Item `j`'s bit in a set of purified items (0 if no option names it with a color).
    #[inline]
    pub(crate) fn bit(&self, j: usize) -> u64 {
        self.bit[j]
    }

    /// Per option, the bits of its items that may be purified.
    #[inline]
    pub(crate) fn all_marks(&self) -> &[u64] {
        &self.marks
    }

    /// The bits of option `o`'s items that may be purified.
    #[inline]
    pub(crate) fn marks(&self, o: usize) -> u64 {
        self.marks[o]
    }

    /// Makes room for state `slot`.
    pub(super) fn reserve(&mut self, slot: usize) {
        if self.purified.len() <= slot {
            self.purified.resize(slot + 1, 0);
        }
    }

    /// The purified items of state `slot`.
    #[inline]
    pub(super) fn purified(&self, slot: usize) -> u64 {
        self.purified[slot]
    }

    /// State `to` gets the purified items of state `from`.
    pub(super) fn copy(&mut self, from: usize, to: usize) {
        self.reserve(to);
        self.purified[to] = self.purified[from];
    }
}

/// Lowers the lengths of the primary items of the options in `removed` (bit `b` is option
/// `64·k + b`) and returns their cost as dlx2 counts it: `|o| − 1` less the nodes of `o` on
/// the purified items `p`.
#[inline(always)]
pub(super) fn hide_set(
    sets: &Sets<'_>,
    marks: &[u64],
    len: &mut [i16],
    k: usize,
    mut removed: u64,
    p: u64,
) -> u64 {
    let mut updates = 0;
    while removed != 0 {
        let o = k * 64 + removed.trailing_zeros() as usize;
        removed &= removed - 1;
        let Span { start, end, weight } = sets.span[o];
        updates += u64::from(weight) - u64::from((marks[o] & p).count_ones());
        // Whole runs, the sink filling the last ([`SINK_RUN`]).
        for run in sets.option_primary[start as usize..end as usize]
            .as_chunks::<SINK_RUN>()
            .0
        {
            for &j in run {
                len[j as usize] -= 1;
            }
        }
    }
    updates
}

/// The pieces of the bit sets a commit reads: words per set, each item's options, each
/// option's span and the primary items the spans point into.
pub(super) struct Sets<'a> {
    pub(super) words: usize,
    pub(super) item_options: &'a [u64],
    pub(super) span: &'a [Span],
    pub(super) option_primary: &'a [u16],
}

impl Colors {
    /// Commits option `x` as dlx2 does, from state `from` (its active options `source`) to
    /// state `to`, whose active options `active` this writes and whose lengths `len` start
    /// as a copy of `from`'s; returns the updates. In the search (`after` = the level's
    /// item, already covered, `x` hidden with it) the items of `x` after that one in the
    /// option's order, cyclically; for a selection (`after` = `None`) all its items from the
    /// first. `W` is 0, or the words per set (see `Bits::run`).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn commit<const W: usize>(
        &mut self,
        (from, to): (usize, usize),
        x: usize,
        after: Option<usize>,
        sets: &Sets<'_>,
        source: &[u64],
        active: &mut [u64],
        len: &mut [i16],
    ) -> u64 {
        let w = if W == 0 { sets.words } else { W };
        let (source, active) = (&source[..w], &mut active[..w]);
        active.copy_from_slice(source);
        self.reserve(to);
        let (s, e) = (self.start[x] as usize, self.start[x + 1] as usize);
        let (first, steps) = match after {
            Some(i) => {
                let at = self.entries[s..e]
                    .iter()
                    .position(|entry| entry.item as usize == i)
                    .expect("the level's item is in the option");
                (at + 1, e - s - 1)
            }
            None => (0, e - s),
        };
        let mut p = self.purified[from];
        let mut updates = 0u64;
        // For a selection: `x` is active until one of its own items hides it.
        let (mut x_hidden, own) = (after.is_some(), p);
        let mut at = s + first;
        for _ in 0..steps {
            if at == e {
                at = s;
            }
            let Entry { item, color, mask } = self.entries[at];
            at += 1;
            let j = item as usize;
            let mask = if color == 0 {
                updates += 1;
                &sets.item_options[j * w..j * w + w]
            } else if p & self.bit[j] != 0 {
                // Purified before with this color: the node is cleansed, dlx2 skips it.
                continue;
            } else {
                &self.purify[mask as usize * w..mask as usize * w + w]
            };
            for (k, (a, &m)) in active.iter_mut().zip(mask).enumerate() {
                let removed = *a & m;
                if removed == 0 {
                    continue;
                }
                *a &= !removed;
                updates += hide_set(sets, &self.marks, len, k, removed, p);
                if !x_hidden && k == x / 64 && removed >> (x % 64) & 1 == 1 {
                    x_hidden = true;
                    // Its own purifications so far did not cleanse its own nodes.
                    updates += u64::from((self.marks[x] & p & !own).count_ones());
                }
            }
            if color != 0 {
                p |= self.bit[j];
            }
        }
        self.purified[to] = p;
        let Span { start, end, .. } = sets.span[x];
        for &j in &sets.option_primary[start as usize..end as usize] {
            len[j as usize] = COVERED;
        }
        updates
    }
}
