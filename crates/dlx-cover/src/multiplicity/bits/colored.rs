//! Algorithm M with colors on bit sets: dlx3's purifications and its counts.
//!
//! A secondary item named with a color is *purified* when an option naming it so is
//! committed: the live options naming it with another color, or with none, are hidden, and
//! the nodes of those naming it with the same color are *cleansed* (dlx3 counts one
//! cleansing for the purification and one per node marked). A level's state gains `P`,
//! the set of purified items, one bit per secondary item some option names with a color
//! (at most 64, as for dlx2's bit sets in `bits/colors.rs`, whose tables this reads).
//!
//! Cleansed nodes are skipped by every later hide, so the updates of hiding a live option
//! `o` are `|o| − 1 − |o ∩ P|` with `P` as it stands at that moment: a live option names
//! each purified item with the purifying color (else it would have been hidden), and its
//! node there was cleansed, since the option was live then too (hides are undone last in,
//! first out). The option chosen at a level is never live when it is committed (dlx3
//! covers or tweaks it out first), so its own nodes are not among those cleansed. As `P`
//! grows along a commit, the commit goes through the option's entries one by one in
//! dlx3's order (those after the branching item's, cyclically); an entry on an item
//! already purified is a cleansed node, which dlx3 skips.

use std::ops::ControlFlow;

use crate::bits::colors::Colors;
use crate::limits::{Limits, SearchEnd};
use crate::words::{and, and_not, count};

/// The sets a search reads, `W` words each: per item its options, per option the options
/// that meet one of its secondary items, and with colors the masks of a purification.
pub(super) struct Tables<'a, const W: usize> {
    pub(super) of_item: &'a [[u64; W]],
    pub(super) secondary_meet: &'a [[u64; W]],
    pub(super) purify: &'a [[u64; W]],
}

/// What `MultiBits::last_item` counts, and where its solutions go.
pub(super) struct Last<'a, F> {
    pub(super) limits: &'a Limits,
    pub(super) visit: &'a mut F,
    /// The options chosen so far.
    pub(super) solution: &'a mut Vec<usize>,
    pub(super) nodes: u64,
    pub(super) updates: u64,
    pub(super) cleansings: u64,
    pub(super) solutions: u64,
}

impl<F: FnMut(&[usize]) -> ControlFlow<()>> Last<'_, F> {
    /// Counts a node, unless a limit is reached first.
    #[inline(always)]
    pub(super) fn node(&mut self) -> ControlFlow<SearchEnd> {
        if let Some(why) = self.limits.reached(self.nodes) {
            return ControlFlow::Break(why);
        }
        self.nodes += 1;
        ControlFlow::Continue(())
    }

    /// Counts a solution node and visits its solution.
    #[inline(always)]
    pub(super) fn solution_node(&mut self) -> ControlFlow<SearchEnd> {
        self.node()?;
        self.solutions += 1;
        if (self.visit)(self.solution).is_break() {
            return ControlFlow::Break(SearchEnd::Stopped);
        }
        ControlFlow::Continue(())
    }
}

/// What the commits and weights read of the problem: its primary items, each option's
/// size and number of secondary items, the size all options share (if they do) less one,
/// and the colors.
pub(super) struct View<'a> {
    pub(super) primary: usize,
    pub(super) size: &'a [u32],
    pub(super) uniform: Option<u64>,
    pub(super) secondary_count: &'a [u32],
    pub(super) colors: Option<&'a Colors>,
}

impl View<'_> {
    /// The updates of hiding the options of `set` from one of their lists: `Σ (|o| − 1)`,
    /// less, with colors (`C`), each option's nodes on the items `purified` (cleansed, see
    /// `bits/colored.rs`).
    #[inline(always)]
    #[allow(unsafe_code)] // SAFETY: below. Gain: see `MultiBits::run`.
    pub(super) fn weight<const C: bool, const W: usize>(
        &self,
        set: &[u64; W],
        purified: u64,
    ) -> u64 {
        let colored = C && purified != 0;
        if let Some(weight) = self.uniform
            && !colored
        {
            return weight * u64::from(count(set));
        }
        let marks = self.colors.map_or(&[][..], |c| c.all_marks());
        let mut total = 0u64;
        for (w, &word) in set.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let o = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                debug_assert!(o < self.size.len());
                // SAFETY: `o` is a member of an option set, so an option, and `size` has
                // an entry per option.
                total += u64::from(unsafe { *self.size.get_unchecked(o) }) - 1;
                if colored {
                    total -= u64::from((marks[o] & purified).count_ones());
                }
            }
        }
        total
    }

    /// The updates of tweaking live option `x` out of every list (dlx3 blocks it): its
    /// nodes less the cleansed ones.
    #[inline(always)]
    pub(super) fn size_in<const C: bool>(&self, x: usize, purified: u64) -> u64 {
        let size = u64::from(self.size[x]);
        if !C || purified == 0 {
            return size;
        }
        let colors = self.colors.expect("a colored problem");
        size - u64::from((colors.marks(x) & purified).count_ones())
    }

    /// Commits option `x`, chosen for item `best`, as dlx3's step M5 does on a problem with
    /// colors: its other entries in order after `best`'s, cyclically; a primary item takes
    /// one more option of its bound (`bounds`, `active`), covered when it may take no
    /// more; an uncolored secondary item is covered; a colored one is purified, unless it
    /// is already. `moved`: the live options (without `x`) and purified items before;
    /// returns them after, adding to `updates` and `cleansings`.
    #[inline(always)]
    pub(super) fn commit_colored<const W: usize>(
        &self,
        tables: &Tables<'_, W>,
        (live, purified): (&[u64; W], u64),
        (x, best): (usize, usize),
        (bounds, active): (&mut [i32], &mut [u64]),
        (updates, cleansings): (&mut u64, &mut u64),
    ) -> ([u64; W], u64) {
        let colors = self.colors.expect("a colored problem");
        let entries = colors.entries(x);
        let at = entries
            .iter()
            .position(|e| e.item as usize == best)
            .expect("the branching item is in the option");
        let (mut live, mut purified) = (*live, purified);
        for e in entries[at + 1..].iter().chain(&entries[..at]) {
            let j = e.item as usize;
            let hide = if j < self.primary {
                bounds[j] -= 1;
                if bounds[j] != 0 {
                    continue;
                }
                active[j / 64] &= !(1 << (j % 64));
                *updates += 1;
                &tables.of_item[j]
            } else if e.color == 0 {
                *updates += 1;
                &tables.of_item[j]
            } else if purified & colors.bit(j) != 0 {
                // Purified before: the node is cleansed, dlx3 skips it.
                continue;
            } else {
                &tables.purify[e.mask as usize]
            };
            let hidden = and(&live, hide);
            *updates += self.weight::<true, W>(&hidden, purified);
            and_not(&mut live, &hidden);
            if j >= self.primary && e.color != 0 {
                // The options left in the item's list all name it with this color.
                *cleansings += 1 + u64::from(count(&and(&live, &tables.of_item[j])));
                purified |= colors.bit(j);
            }
        }
        (live, purified)
    }

    /// Commits option `x` of the last active item `k` (its other items all secondary) on
    /// the live options and purified items `moved`, counting into `last`; returns the live
    /// options and purified items below.
    #[inline(always)]
    pub(super) fn commit_secondary<const W: usize, const C: bool, F>(
        &self,
        tables: &Tables<'_, W>,
        (live, purified): (&[u64; W], u64),
        x: usize,
        k: usize,
        last: &mut Last<'_, F>,
    ) -> ([u64; W], u64) {
        if C {
            let counts = (&mut last.updates, &mut last.cleansings);
            return self.commit_colored(
                tables,
                (live, purified),
                (x, k),
                (&mut [], &mut []),
                counts,
            );
        }
        let hidden = and(live, &tables.secondary_meet[x]);
        last.updates += u64::from(self.secondary_count[x]) + self.weight::<false, W>(&hidden, 0);
        let mut below = *live;
        and_not(&mut below, &hidden);
        (below, 0)
    }
}
