//! Algorithm X over bit sets: Knuth's search tree, his order of solutions and his counts,
//! without the links.
//!
//! For a problem with few options, the state of a search node fits in a few words: the set
//! `A` of options still active (one bit each), and the length of each primary item (how many
//! active options contain it). Dancing links keep that state in the links themselves and
//! undo every change on the way back; here each level of the search writes a fresh copy of
//! the state from its parent's (a few cache lines), and backing up is just returning to the
//! parent's copy. This is the same algorithm, node for node:
//!
//! * **The choice.** Knuth's active items form a list that cover/uncover keep in item order,
//!   so "the leftmost item of minimum length" is the smallest item number among those of
//!   minimum length. Here a covered item has the length [`COVERED`] (larger than any real
//!   length), and the choice is the first minimum of the lengths of the primary items.
//! * **The branches.** Knuth tries the options of the chosen item `i` in the order of its
//!   vertical list, which is the order the options were added (hide and unhide keep it):
//!   here, the set bits of `A ∩ M_i` in ascending order, `M_i` being the options of `i`.
//! * **The counts.** Covering `i` hides every active option of `i`; committing option `x`
//!   covers each other item of `x`, hiding the active options that meet it. Each option is
//!   hidden once, and hiding option `o` is `|o| − 1` updates (its nodes outside the list it
//!   is hidden from), so the updates of a commit are `|x| − 1` (the items covered) plus
//!   `Σ (|o| − 1)` over the options it removes: `A ∩ C_x`, where `C_x` is the set of options
//!   that share an item with `x`. The order in which Knuth covers `x`'s items changes which
//!   list hides an option, not whether or how often, so the sum is his.
//!
//! With colors (Algorithm C), an option's items are committed one at a time, and a hidden
//! option's cost leaves out its cleansed nodes: see `bits/colors.rs`.
//!
//! The engine takes this representation for problems whose option sets are small
//! ([`Bits::suits`]); [`Solver::new`](crate::Solver::new) decides, and
//! `Solver::with_links` keeps the dancing links for any problem. Tests run both on random
//! problems, with colors and without, and require the same solutions in the same order
//! with the same `Stats`.

use std::ops::ControlFlow;

use crate::choose::{ActiveItems, COVERED, Chooser};
use crate::limits::{SearchEnd, SelectError};
use crate::problem::Problem;

mod colored;
pub(crate) mod colors;
mod span;
mod state;

use colors::SINK_RUN;

use colors::Colors;
use span::Span;
use state::{BitStep, LANES};
pub(crate) use state::{Bits, Visit, Walk};

/// Evaluates `$body` with `$P` a constant equal to `$width` when that is 1 to
/// [`MAX_UNIFORM`], else 0: one copy of the code per width, chosen once per call.
macro_rules! by_width {
    ($width:expr, |$P:ident| $body:expr) => {
        by_width!(@arms $width, $P, $body, 1 2 3 4 5 6 7 8)
    };
    (@arms $width:expr, $P:ident, $body:expr, $($n:literal)*) => {
        match $width {
            $($n => {
                const $P: usize = $n;
                $body
            })*
            _ => {
                const $P: usize = 0;
                $body
            }
        }
    };
}

/// States (and levels) made room for at the start; more come by doubling.
const FIRST_STATES: usize = 32;

/// The most primary items per option for which the search has a copy with that number fixed.
const MAX_UNIFORM: usize = 8;

/// The largest number of options this representation takes (a length must stay below
/// [`COVERED`], and the state copied at each level grows with the options).
const MAX_OPTIONS: usize = 4096;

impl Bits {
    /// True when the problem has the form this representation takes: few enough options
    /// that a state is a few cache lines, and at most 64 secondary items named with a color.
    pub(crate) fn suits(problem: &Problem) -> bool {
        problem.options() <= MAX_OPTIONS
            && (!problem.has_colors || Colors::suits(problem))
            // Item numbers are `u16`, the sink's (`primary`, with colors) included.
            && problem.primary + usize::from(problem.has_colors) <= u16::MAX as usize + 1
            && problem.options() > 0
    }

    pub(crate) fn build(problem: &Problem) -> Bits {
        let options = problem.options();
        let words = Bits::words_for(problem);
        let items = problem.items();
        let primary = problem.primary;
        let mut item_options = vec![0u64; items * words];
        let mut option_primary = Vec::new();
        let mut span = Vec::with_capacity(options);
        for o in 0..options {
            let start = option_primary.len() as u32;
            for j in problem.option(o) {
                item_options[j * words + o / 64] |= 1 << (o % 64);
                if j < primary {
                    option_primary.push(j as u16);
                }
            }
            if problem.has_colors {
                // Whole runs of [`SINK_RUN`], the last filled up with the sink.
                while !(option_primary.len() - start as usize).is_multiple_of(SINK_RUN) {
                    option_primary.push(primary as u16);
                }
            }
            span.push(Span {
                start,
                end: option_primary.len() as u32,
                weight: problem.option(o).len() as u32 - 1,
            });
        }
        let first = span[0];
        let uniform = span
            .iter()
            .all(|s| s.end - s.start == first.end - first.start && s.weight == first.weight)
            .then_some(((first.end - first.start) as usize, u64::from(first.weight)))
            .filter(|&(p, _)| (1..=MAX_UNIFORM).contains(&p) && !problem.has_colors);
        let colors = problem
            .has_colors
            .then(|| Colors::build(problem, words, &item_options));
        let mut conflicts = vec![0u64; options * words];
        for o in 0..options {
            let c = &mut conflicts[o * words..(o + 1) * words];
            for j in problem.option(o) {
                for (w, m) in c.iter_mut().zip(&item_options[j * words..(j + 1) * words]) {
                    *w |= m;
                }
            }
        }
        let mut active = vec![0u64; words];
        for (w, a) in active.iter_mut().enumerate() {
            let bits = options.saturating_sub(w * 64).min(64);
            *a = if bits == 64 { !0 } else { (1u64 << bits) - 1 };
        }
        // With colors, one length more: the sink.
        let stride = (primary + usize::from(problem.has_colors))
            .next_multiple_of(LANES)
            .max(LANES);
        let mut len = vec![COVERED; stride];
        len[..primary].fill(0);
        for &j in &option_primary {
            if (j as usize) < primary {
                len[j as usize] += 1;
            }
        }
        let mut bits = Bits {
            words,
            primary,
            stride,
            item_options,
            conflicts,
            option_primary,
            span,
            uniform,
            active,
            len,
            selected: Vec::new(),
            chosen: Vec::with_capacity(FIRST_STATES),
            untried: Vec::with_capacity(FIRST_STATES * words),
            level: 0,
            step: BitStep::Enter,
            updates: 0,
            colors,
            branch: Vec::new(),
        };
        bits.reserve(FIRST_STATES - 1);
        bits
    }

    /// Number of options.
    pub(crate) fn options(&self) -> usize {
        self.span.len()
    }

    /// The options selected so far, oldest first.
    pub(crate) fn selection(&self) -> &[usize] {
        &self.selected
    }

    /// Makes sure state `slot` exists.
    fn reserve(&mut self, slot: usize) {
        if let Some(colors) = &mut self.colors {
            colors.reserve(slot);
        }
        let states = slot + 1;
        if self.active.len() < states * self.words {
            // At least double, so that a deep first search grows the states a few times,
            // not once per level.
            let states = states.max(2 * self.active.len() / self.words);
            self.active.resize(states * self.words, 0);
            self.len.resize(states * self.stride, COVERED);
        }
    }

    /// True when option `o` is active in state `slot`.
    fn is_active(&self, slot: usize, o: usize) -> bool {
        self.active[slot * self.words + o / 64] >> (o % 64) & 1 == 1
    }

    /// Writes into state `to` (which must come after `from`) the state `from` with option
    /// `x` committed: every active option that shares an item with `x` hidden (their primary
    /// items' lengths lowered) and `x`'s primary items marked [`COVERED`]. Returns the hidden
    /// options weighted as Knuth counts them, `Σ (|o| − 1)`.
    /// `P` is 0, or the options' uniform number of primary items (see [`Bits::uniform`]).
    #[inline(always)]
    fn hide<const P: usize>(&mut self, from: usize, to: usize, x: usize) -> u64 {
        let (w, p) = (self.words, self.stride);
        let (before, after) = self.active.split_at_mut(to * w);
        let source = &before[from * w..from * w + w];
        let target = &mut after[..w];
        let (before, after) = self.len.split_at_mut(to * p);
        let len = &mut after[..p];
        let source_len = &before[from * p..from * p + p];
        for (t, s) in len
            .chunks_exact_mut(LANES)
            .zip(source_len.chunks_exact(LANES))
        {
            t.copy_from_slice(s);
        }
        let mask = &self.conflicts[x * w..x * w + w];
        let (span, option_primary) = (&self.span[..], &self.option_primary[..]);
        let weight = self.uniform.map_or(0, |(_, w)| w);
        let mut hidden = 0u64;
        for (k, ((t, &a), &m)) in target.iter_mut().zip(source).zip(mask).enumerate() {
            let removed = a & m;
            *t = a & !removed;
            hidden += lower::<P>(span, option_primary, len, k, removed, weight);
        }
        let own = if P == 0 {
            let Span { start, end, .. } = self.span[x];
            &self.option_primary[start as usize..end as usize]
        } else {
            &self.option_primary[P * x..P * x + P]
        };
        for &j in own {
            len[j as usize] = COVERED;
        }
        hidden
    }

    /// Makes state `to` a copy of state `from`.
    fn copy_state(&mut self, from: usize, to: usize) {
        let (w, p) = (self.words, self.stride);
        self.active.copy_within(from * w..(from + 1) * w, to * w);
        self.len.copy_within(from * p..(from + 1) * p, to * p);
        if let Some(colors) = &mut self.colors {
            colors.copy(from, to);
        }
    }

    /// Covers item `i` in state `slot` itself (the state of search level `level`): hides its
    /// active options, which are the ones the level will try, and keeps them in the level's
    /// `untried` set. Returns Knuth's updates: one for the item, `|o| − 1` per option.
    #[inline(always)]
    fn cover<const P: usize>(&mut self, slot: usize, i: usize, level: usize) -> u64 {
        let (w, p) = (self.words, self.stride);
        if self.untried.len() < (level + 1) * w {
            self.untried
                .resize((level + 1).max(2 * self.untried.len() / w) * w, 0);
        }
        let active = &mut self.active[slot * w..slot * w + w];
        let len = &mut self.len[slot * p..slot * p + p];
        let untried = &mut self.untried[level * w..level * w + w];
        let mask = &self.item_options[i * w..i * w + w];
        let weight = self.uniform.map_or(0, |(_, w)| w);
        let mut updates = 1;
        for (k, ((a, u), &m)) in active.iter_mut().zip(untried).zip(mask).enumerate() {
            let removed = *a & m;
            *a &= !removed;
            *u = removed;
            updates += lower::<P>(&self.span, &self.option_primary, len, k, removed, weight);
        }
        len[i] = COVERED;
        updates
    }

    /// The next option level `level` tries: the smallest of its untried ones, taken out.
    /// `W` is 0, or the words per set (see [`Bits::run`]).
    #[inline(always)]
    fn next_untried<const W: usize>(&mut self, level: usize) -> Option<usize> {
        let w = self.width_or::<W>();
        let untried = &mut self.untried[level * w..level * w + w];
        for (k, u) in untried.iter_mut().enumerate() {
            if *u != 0 {
                let o = k * 64 + u.trailing_zeros() as usize;
                *u &= *u - 1;
                return Some(o);
            }
        }
        None
    }

    /// Selects option `option` before the search (see `Solver::select`).
    pub(crate) fn select(&mut self, option: usize) -> Result<(), SelectError> {
        if option >= self.options() {
            return Err(SelectError::UnknownOption(option));
        }
        let slot = self.selected.len();
        if !self.is_active(slot, option) {
            return Err(SelectError::Conflict { option });
        }
        self.reserve(slot + 1);
        if self.colors.is_some() {
            self.updates += self.commit_colored::<0>(slot, slot + 1, option, None);
            self.selected.push(option);
            return Ok(());
        }
        // Knuth's commit of a selected option covers all its items, the option itself
        // included among those it hides.
        let hidden = by_width!(self.width(), |P| self.hide::<P>(slot, slot + 1, option));
        self.updates += u64::from(self.span[option].weight) + 1 + hidden;
        self.selected.push(option);
        Ok(())
    }

    /// Undoes the newest selections until `len` are left: each selection wrote a state of
    /// its own from the one before, so the older states are still as they were.
    pub(crate) fn truncate_selection(&mut self, len: usize) {
        self.selected.truncate(len);
    }

    /// The lengths of the primary items in state `slot` ([`COVERED`] for the inactive, and
    /// for the padding after the last item).
    pub(crate) fn lengths(&self, slot: usize) -> &[i16] {
        &self.len[slot * self.stride..(slot + 1) * self.stride]
    }

    /// The state the search starts from (after the selection).
    pub(crate) fn root(&self) -> usize {
        self.selected.len()
    }

    /// The item `chooser` picks in state `slot` (0-based), or `None` when no primary item is
    /// active (a solution) or a custom chooser declares the branch dead.
    #[inline(always)]
    pub(crate) fn choose(&self, slot: usize, chooser: &mut Chooser<'_>) -> Option<usize> {
        let len = self.lengths(slot);
        match chooser {
            Chooser::Mrv => first_minimum(len),
            // The first item of length 0 or 1, else the leftmost of minimum length.
            Chooser::MrvStopAtOne => len
                .iter()
                .position(|&l| l <= 1)
                .or_else(|| first_minimum(len)),
            Chooser::ForcedThenLeftmost => len
                .iter()
                .position(|&l| l <= 1)
                .or_else(|| len.iter().position(|&l| l != COVERED)),
            Chooser::Custom(c) => {
                if len.iter().all(|&l| l == COVERED) {
                    return None;
                }
                let items = ActiveItems::from_lengths(len);
                c.choose(&items).inspect(|&i| {
                    assert!(
                        i < self.primary && len[i] != COVERED,
                        "ItemChooser returned item {i} that is not an active primary item"
                    );
                })
            }
        }
    }

    /// The options of item `i` active in state `slot`, in Knuth's order (ascending).
    pub(crate) fn options_of(&self, slot: usize, i: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut o = self.next_option(slot, i, 0);
        while let Some(x) = o {
            out.push(x);
            o = self.next_option(slot, i, x + 1);
        }
        out
    }

    /// True when option `o` is active in state `slot` and contains item `i`: one of the
    /// branches on `i` there.
    pub(crate) fn is_branch(&self, slot: usize, i: usize, o: usize) -> bool {
        o < self.options()
            && self.is_active(slot, o)
            && self.item_options[i * self.words + o / 64] >> (o % 64) & 1 == 1
    }

    /// The first option at or after `from` that is active in `slot` and contains item `i`.
    #[inline(always)]
    fn next_option(&self, slot: usize, i: usize, from: usize) -> Option<usize> {
        let w = self.words;
        let mut k = from / 64;
        if k >= w {
            return None;
        }
        let mut bits =
            self.active[slot * w + k] & self.item_options[i * w + k] & (!0u64 << (from % 64));
        loop {
            if bits != 0 {
                return Some(k * 64 + bits.trailing_zeros() as usize);
            }
            k += 1;
            if k == w {
                return None;
            }
            bits = self.active[slot * w + k] & self.item_options[i * w + k];
        }
    }

    /// Puts the walk at the root (a new search, or the end of one: there is nothing to
    /// undo, since every level wrote states of its own).
    pub(crate) fn reset_walk(&mut self) {
        self.level = 0;
        self.step = BitStep::Enter;
    }

    /// Knuth's steps X2–X8 from where the walk stands to the next solution (`None`: its
    /// options are in `buffer`) or the end, as `Solver::run` does on the links; with a
    /// visitor in `walk`, on past each solution it lets go on. A node limit leaves the walk
    /// where it stood: a later call with a larger one goes on.
    pub(crate) fn run(&mut self, walk: Walk<'_, '_, '_>) -> Option<SearchEnd> {
        if self.colors.is_some() {
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("popcnt") {
                #[allow(unsafe_code)]
                // SAFETY: the processor has the instruction. Gain: a hidden option's
                // cleansed nodes are a popcount, a dozen instructions without it (10–14 %
                // fewer instructions on the random problems of docs/benchmarks.md).
                return unsafe { self.run_colored_popcnt(walk) };
            }
            return self.run_colored(walk);
        }
        by_width!(self.width(), |P| self.run_plain::<P>(walk))
    }

    /// [`Bits::run_as`] on a problem without colors.
    #[inline(never)]
    fn run_plain<const P: usize>(&mut self, walk: Walk<'_, '_, '_>) -> Option<SearchEnd> {
        self.run_as::<P, false, 0>(walk)
    }

    /// The options' uniform number of primary items, or 0 (see [`Bits::uniform`]).
    fn width(&self) -> usize {
        self.uniform.map_or(0, |(p, _)| p)
    }

    /// [`Bits::run`] with `P` fixed: 0, or the options' uniform number of primary items;
    /// `C`: the problem has colors (and `P` is 0); `W`: 0, or the words per set.
    ///
    /// Long on purpose: the search's one loop, run once per node; its steps share the
    /// walk's locals.
    #[inline(always)]
    fn run_as<const P: usize, const C: bool, const W: usize>(
        &mut self,
        walk: Walk<'_, '_, '_>,
    ) -> Option<SearchEnd> {
        let Walk {
            tried,
            chooser,
            limits,
            buffer,
            solutions,
            mut visit,
        } = walk;
        let root = self.root();
        let (mut level, mut step) = (self.level, self.step);
        let end = loop {
            // Level l's state is at root + 1 + l: the node's, then (once its item is covered
            // in place) the state its children start from. The root's own state (the
            // selection's) is never written: the search starts on a copy of it.
            let node = root + 1 + level;
            match step {
                BitStep::Enter => {
                    if level == 0 {
                        self.reserve(node);
                        self.copy_state(root, node);
                    }
                    let Some(i) = self.choose(node, chooser) else {
                        // Only a custom chooser gives no item while some are left.
                        if !matches!(chooser, Chooser::Custom(_))
                            || self.lengths(node).iter().all(|&l| l == COVERED)
                        {
                            *solutions += 1;
                            buffer.clear();
                            buffer.extend_from_slice(&self.selected);
                            buffer.extend(self.chosen[..level].iter().map(|&x| x as usize));
                            step = BitStep::Back;
                            match visit.as_mut().map(|visit| visit(buffer)) {
                                None => break None,
                                Some(ControlFlow::Break(())) => break Some(SearchEnd::Stopped),
                                Some(ControlFlow::Continue(())) => continue,
                            }
                        }
                        step = BitStep::Back;
                        continue;
                    };
                    if self.lengths(node)[i] == 0 {
                        // Knuth covers an item with no options (one update) and backs up.
                        self.updates += 1;
                        step = BitStep::Back;
                        continue;
                    }
                    self.reserve(node + 1);
                    if C {
                        self.updates += self.cover_colored::<W>(node, i, level);
                        if self.branch.len() <= level {
                            self.branch.push(0);
                        }
                        self.branch[level] = i as u32;
                    } else {
                        self.updates += self.cover::<P>(node, i, level);
                    }
                    if self.chosen.len() <= level {
                        self.chosen.push(0);
                    }
                    step = BitStep::Try;
                }
                BitStep::Try => {
                    let Some(x) = self.next_untried::<W>(level) else {
                        step = BitStep::Back;
                        continue;
                    };
                    if let Some(end) = limits.reached(*tried) {
                        // Not tried after all: `x` goes back, so that a walk resumed after
                        // a pause tries it next.
                        self.untried[level * self.words + x / 64] |= 1 << (x % 64);
                        break Some(end);
                    }
                    *tried += 1;
                    self.chosen[level] = x as u32;
                    if C {
                        let i = self.branch[level] as usize;
                        self.updates += self.commit_colored::<W>(node, node + 1, x, Some(i));
                    } else {
                        // Covering the other items of x: |x| − 1 updates, and the options
                        // hidden.
                        let hidden = self.hide::<P>(node, node + 1, x);
                        self.updates += u64::from(self.span[x].weight) + hidden;
                    }
                    level += 1;
                    step = BitStep::Enter;
                }
                BitStep::Back => {
                    if level == 0 {
                        break Some(SearchEnd::Exhausted);
                    }
                    level -= 1;
                    step = BitStep::Try;
                }
            }
        };
        self.level = level;
        self.step = step;
        end
    }
}

/// The leftmost item of minimum length (Knuth's choice: his list is kept in item order, so
/// the leftmost is the smallest number); `None` when every item is [`COVERED`]. `len` is a
/// whole number of [`LANES`]: two passes a vector at a time (the minimum, then the first
/// vector holding it), rather than one with a branch per item.
#[inline(always)]
fn first_minimum(len: &[i16]) -> Option<usize> {
    let mut least = [COVERED; LANES];
    for chunk in len.chunks_exact(LANES) {
        for (l, &c) in least.iter_mut().zip(chunk) {
            *l = (*l).min(c);
        }
    }
    let least = least.into_iter().min().unwrap_or(COVERED);
    if least == COVERED {
        return None;
    }
    len.iter().position(|&l| l == least)
}

/// Lowers the lengths of the primary items of every option in `removed` (bit `b` is option
/// `64·k + b`), and returns their weight as Knuth counts hidden options, `Σ (|o| − 1)`.
/// With `P > 0` every option has `P` primary items, at `P·o` in `option_primary`, and the
/// weight `weight`.
#[inline(always)]
#[allow(unsafe_code)] // SAFETY: at each block. Gain: the bounds-checked form needs 8 % more
// CPU time on `cover --emit queens 14 | cover --count --threads 1` (365,596
// solutions), medians of 11 alternated whole-process runs of both builds.
fn lower<const P: usize>(
    span: &[Span],
    option_primary: &[u16],
    len: &mut [i16],
    k: usize,
    mut removed: u64,
    weight: u64,
) -> u64 {
    if P > 0 {
        let mut hidden = 0;
        while removed != 0 {
            let o = k * 64 + removed.trailing_zeros() as usize;
            removed &= removed - 1;
            debug_assert!(P * o + P <= option_primary.len());
            for t in 0..P {
                // SAFETY: `o` is an option (masks have bits only for options), and with a
                // uniform `P`, `build` put `P` primary items per option in `option_primary`.
                let j = unsafe { *option_primary.get_unchecked(P * o + t) } as usize;
                debug_assert!(j < len.len());
                // SAFETY: as in the general case below, `j < primary <= stride`.
                unsafe { *len.get_unchecked_mut(j) -= 1 };
            }
            hidden += 1;
        }
        return hidden * weight;
    }
    let mut hidden = 0;
    while removed != 0 {
        let o = k * 64 + removed.trailing_zeros() as usize;
        removed &= removed - 1;
        debug_assert!(o < span.len());
        // SAFETY: `removed` is part of a mask, and a mask has bits only for options (`build`
        // sets no others), so `o < span.len()`.
        let Span { start, end, weight } = unsafe { *span.get_unchecked(o) };
        hidden += u64::from(weight);
        for q in start as usize..end as usize {
            debug_assert!(q < option_primary.len());
            // SAFETY: `build` made every span a range of `option_primary`.
            let j = unsafe { *option_primary.get_unchecked(q) } as usize;
            debug_assert!(j < len.len());
            // SAFETY: `option_primary` holds primary items, `j < primary <= stride`, and
            // `len` is one state's `stride` lengths.
            unsafe { *len.get_unchecked_mut(j) -= 1 };
        }
    }
    hidden
}
