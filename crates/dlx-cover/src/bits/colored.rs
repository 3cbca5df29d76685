//! The search of a problem with colors on bit sets (`bits/colors.rs` has the counts): a
//! level's cover and commit, and the copies of the search with the number of words per
//! set fixed.

use super::colors::{Sets, hide_set};
use super::state::{Bits, LANES, Walk};
use crate::choose::COVERED;
use crate::limits::SearchEnd;
use crate::problem::Problem;

/// The numbers of words per set for which the search of a problem with colors has a copy
/// with that number fixed (on x86-64 with `popcnt`): a problem with colors whose options
/// need 7 words gets 8, 9 to 16 get 16 (the extra words hold no option).
#[cfg(target_arch = "x86_64")]
const COLORED_WIDTHS: [usize; 8] = [1, 2, 3, 4, 5, 6, 8, 16];

impl Bits {
    /// Words per option set: enough for the options, or for a problem with colors the
    /// least of [`COLORED_WIDTHS`] that is enough, if any.
    pub(super) fn words_for(problem: &Problem) -> usize {
        let words = problem.options().div_ceil(64).max(1);
        #[cfg(target_arch = "x86_64")]
        if problem.has_colors {
            return COLORED_WIDTHS
                .into_iter()
                .find(|&w| w >= words)
                .unwrap_or(words);
        }
        words
    }

    /// [`Bits::cover`] on a problem with colors: the options of `i` hidden, each costing its
    /// nodes outside `i`'s list that are not cleansed (`bits/colors.rs`).
    /// `W` is 0, or the words per set (see [`Bits::run`]).
    #[inline(always)]
    pub(super) fn cover_colored<const W: usize>(
        &mut self,
        slot: usize,
        i: usize,
        level: usize,
    ) -> u64 {
        let (w, p) = (self.width_or::<W>(), self.stride);
        if self.untried.len() < (level + 1) * w {
            self.untried
                .resize((level + 1).max(2 * self.untried.len() / w) * w, 0);
        }
        let colors = self.colors.as_ref().expect("a colored problem");
        let purified = colors.purified(slot);
        let sets = Sets {
            words: w,
            item_options: &self.item_options,
            span: &self.span,
            option_primary: &self.option_primary,
        };
        let active = &mut self.active[slot * w..slot * w + w];
        let len = &mut self.len[slot * p..slot * p + p];
        let untried = &mut self.untried[level * w..level * w + w];
        let mask = &self.item_options[i * w..i * w + w];
        let mut updates = 1;
        for (k, ((a, u), &m)) in active.iter_mut().zip(untried).zip(mask).enumerate() {
            let removed = *a & m;
            *a &= !removed;
            *u = removed;
            if removed != 0 {
                updates += hide_set(&sets, colors.all_marks(), len, k, removed, purified);
            }
        }
        len[i] = COVERED;
        len[self.primary] = COVERED;
        updates
    }

    /// Writes into state `to` (after `from`) the state `from` with option `x` committed as
    /// dlx2 commits it (`bits/colors.rs`); returns the updates. `after`: the level's item in
    /// the search, `None` for a selection.
    /// `W` is 0, or the words per set (see [`Bits::run`]).
    #[inline(always)]
    pub(super) fn commit_colored<const W: usize>(
        &mut self,
        from: usize,
        to: usize,
        x: usize,
        after: Option<usize>,
    ) -> u64 {
        let (w, p) = (self.width_or::<W>(), self.stride);
        let (older, newer) = self.active.split_at_mut(to * w);
        let (source, active) = (&older[from * w..from * w + w], &mut newer[..w]);
        let (older, newer) = self.len.split_at_mut(to * p);
        let len = &mut newer[..p];
        for (t, f) in len
            .chunks_exact_mut(LANES)
            .zip(older[from * p..from * p + p].chunks_exact(LANES))
        {
            t.copy_from_slice(f);
        }
        let sets = Sets {
            words: w,
            item_options: &self.item_options,
            span: &self.span,
            option_primary: &self.option_primary,
        };
        let colors = self.colors.as_mut().expect("a colored problem");
        let updates = colors.commit::<W>((from, to), x, after, &sets, source, active, len);
        len[self.primary] = COVERED;
        updates
    }

    /// [`Bits::run_as`] on a problem with colors.
    #[inline(never)]
    pub(super) fn run_colored(&mut self, walk: Walk<'_, '_, '_>) -> Option<SearchEnd> {
        self.run_as::<0, true, 0>(walk)
    }

    /// [`Bits::run_colored`] compiled with the `popcnt` instruction, with the number of
    /// words per set a constant when it is one of [`COLORED_WIDTHS`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    #[inline(never)]
    pub(super) fn run_colored_popcnt(&mut self, walk: Walk<'_, '_, '_>) -> Option<SearchEnd> {
        match self.words {
            1 => self.run_as::<0, true, 1>(walk),
            2 => self.run_as::<0, true, 2>(walk),
            3 => self.run_as::<0, true, 3>(walk),
            4 => self.run_as::<0, true, 4>(walk),
            5 => self.run_as::<0, true, 5>(walk),
            6 => self.run_as::<0, true, 6>(walk),
            8 => self.run_as::<0, true, 8>(walk),
            16 => self.run_as::<0, true, 16>(walk),
            _ => self.run_as::<0, true, 0>(walk),
        }
    }

    /// `W`, or the words per set when `W` is 0.
    #[inline(always)]
    pub(super) fn width_or<const W: usize>(&self) -> usize {
        if W == 0 { self.words } else { W }
    }
}
