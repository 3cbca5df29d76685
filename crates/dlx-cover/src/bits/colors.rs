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

use super::{Bits, COVERED, LANES, Span};

/// The most secondary items named with a color that the bit sets take.
const MAX_COLORED: usize = 64;

/// What the bit sets keep for a problem with colors.
#[derive(Debug, Clone)]
pub(super) struct Colors {
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

#[derive(Debug, Clone, Copy)]
struct Entry {
    item: u32,
    color: u32,
    mask: u32,
}

impl Colors {
    /// True when the colored items are few enough for one word.
    pub(super) fn suits(problem: &crate::Problem) -> bool {
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
    pub(super) fn build(problem: &crate::Problem, words: usize, item_options: &[u64]) -> Colors {
        let options = problem.options();
        let mut bit = vec![0u64; problem.items()];
        let mut next_bit = 0;
        let mut masks = std::collections::HashMap::new();
        let mut purify = Vec::new();
        let (mut entries, mut start) = (Vec::new(), vec![0u32]);
        for o in 0..options {
            for (j, c) in problem.colored_option(o) {
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
                            if problem.colored_option(q).any(|e| e == (j, c)) {
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
            .map(|o| problem.option(o).fold(0, |m, j| m | bit[j]))
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

    /// Makes room for state `slot`.
    pub(super) fn reserve(&mut self, slot: usize) {
        if self.purified.len() <= slot {
            self.purified.resize(slot + 1, 0);
        }
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
fn hide_set(
    span: &[Span],
    option_primary: &[u16],
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
        let Span { start, end, weight } = span[o];
        updates += u64::from(weight) - u64::from((marks[o] & p).count_ones());
        for &j in &option_primary[start as usize..end as usize] {
            len[j as usize] -= 1;
        }
    }
    updates
}

impl Bits {
    /// [`Bits::cover`] on a problem with colors: the options of `i` hidden, each costing its
    /// nodes outside `i`'s list that are not cleansed.
    pub(super) fn cover_colored(&mut self, slot: usize, i: usize, level: usize) -> u64 {
        let (w, stride) = (self.words, self.stride);
        if self.untried.len() < (level + 1) * w {
            self.untried
                .resize((level + 1).max(2 * self.untried.len() / w) * w, 0);
        }
        let colors = self.colors.as_ref().expect("a colored problem");
        let p = colors.purified[slot];
        let active = &mut self.active[slot * w..slot * w + w];
        let len = &mut self.len[slot * stride..slot * stride + stride];
        let untried = &mut self.untried[level * w..level * w + w];
        let mask = &self.item_options[i * w..i * w + w];
        let mut updates = 1;
        for (k, ((a, u), &m)) in active.iter_mut().zip(untried).zip(mask).enumerate() {
            let removed = *a & m;
            *a &= !removed;
            *u = removed;
            updates += hide_set(
                &self.span,
                &self.option_primary,
                &colors.marks,
                len,
                k,
                removed,
                p,
            );
        }
        len[i] = COVERED;
        updates
    }

    /// Writes into state `to` (after `from`) the state `from` with option `x` committed as
    /// dlx2 commits it, and returns the updates: in the search (`after` = the level's item,
    /// already covered, `x` hidden with it) the items of `x` after that one in the option's
    /// order, cyclically; for a selection (`after` = `None`) all its items from the first.
    pub(super) fn commit_colored(
        &mut self,
        from: usize,
        to: usize,
        x: usize,
        after: Option<usize>,
    ) -> u64 {
        let (w, stride) = (self.words, self.stride);
        let colors = self.colors.as_mut().expect("a colored problem");
        colors.reserve(to);
        let (s, e) = (colors.start[x] as usize, colors.start[x + 1] as usize);
        let (first, steps) = match after {
            Some(i) => {
                let at = colors.entries[s..e]
                    .iter()
                    .position(|entry| entry.item as usize == i)
                    .expect("the level's item is in the option");
                (at + 1, e - s - 1)
            }
            None => (0, e - s),
        };
        let mut p = colors.purified[from];
        // The state `to` starts as a copy of `from`, a vector of lengths at a time.
        let (older, newer) = self.active.split_at_mut(to * w);
        let active = &mut newer[..w];
        active.copy_from_slice(&older[from * w..from * w + w]);
        let (older, newer) = self.len.split_at_mut(to * stride);
        let len = &mut newer[..stride];
        for (t, f) in len
            .chunks_exact_mut(LANES)
            .zip(older[from * stride..from * stride + stride].chunks_exact(LANES))
        {
            t.copy_from_slice(f);
        }
        let mut updates = 0u64;
        // For a selection: `x` is active until one of its own items hides it.
        let (mut x_hidden, own) = (after.is_some(), p);
        let mut at = s + first;
        for _ in 0..steps {
            if at == e {
                at = s;
            }
            let Entry { item, color, mask } = colors.entries[at];
            at += 1;
            let j = item as usize;
            let mask = if color == 0 {
                updates += 1;
                &self.item_options[j * w..j * w + w]
            } else if p & colors.bit[j] != 0 {
                // Purified before with this color: the node is cleansed, dlx2 skips it.
                continue;
            } else {
                &colors.purify[mask as usize * w..mask as usize * w + w]
            };
            for (k, (a, &m)) in active.iter_mut().zip(mask).enumerate() {
                let removed = *a & m;
                if removed == 0 {
                    continue;
                }
                *a &= !removed;
                let (span, primary) = (&self.span[..], &self.option_primary[..]);
                updates += hide_set(span, primary, &colors.marks, len, k, removed, p);
                if !x_hidden && k == x / 64 && removed >> (x % 64) & 1 == 1 {
                    x_hidden = true;
                    // Its own purifications so far did not cleanse its own nodes.
                    updates += u64::from((colors.marks[x] & p & !own).count_ones());
                }
            }
            if color != 0 {
                p |= colors.bit[j];
            }
        }
        colors.purified[to] = p;
        let Span { start, end, .. } = self.span[x];
        for &j in &self.option_primary[start as usize..end as usize] {
            len[j as usize] = COVERED;
        }
        updates
    }
}
