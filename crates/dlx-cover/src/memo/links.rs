//! The dancing links of the memoized search, laid out and updated as Knuth's dlx6 does, so
//! that an item's length counts only the options still active and a secondary item whose
//! length falls to zero leaves the list of active secondary items: what is left of the
//! problem is then read off the two item lists alone (the subproblem's signature).
//!
//! Items are numbered from 1 (0 is the head of the primary list, `n + 1` the head of the
//! secondary list); node `k ≤ n` is the header of item `k`, nodes from `n + 1` on are the
//! options, each followed by a spacer. A spacer's `itm` is minus the number of options
//! before it, its `up` the first node of the option before it, its `down` the last node of
//! the option after it. A node's color is its item's color code (from 1), 0 for none, -1
//! once a purification has made it redundant (cleansed).

use super::run::Slot;
use crate::Problem;

pub(crate) struct Links {
    /// Horizontal lists of items: the primary list from 0, the secondary from `n + 1`.
    pub(crate) prev: Vec<u32>,
    pub(crate) next: Vec<u32>,
    /// Active options in each item's list; -1 marks an item purified down to nothing.
    pub(crate) len: Vec<i32>,
    /// The color code an item is purified to, 0 if none.
    pub(crate) purified: Vec<i32>,
    pub(crate) up: Vec<u32>,
    pub(crate) down: Vec<u32>,
    pub(crate) itm: Vec<i32>,
    pub(crate) color: Vec<i32>,
    /// The first secondary item.
    pub(crate) second: u32,
    /// The head of the secondary list and the first spacer: `n + 1`.
    pub(crate) last: u32,
    /// Per item, the number of colors it takes.
    pub(crate) colors: Vec<u32>,
    pub(crate) updates: u64,
    pub(crate) cleansings: u64,
    /// The primary items in the active list, as bits (item `k` is bit `k − 1`): the
    /// primary part of a subproblem's signature, kept up to date by `unlink` and `relink`
    /// so that taking a signature does not walk the list.
    pub(crate) active: Vec<u64>,
}

impl Links {
    /// The links of `problem` (multiplicities, if any, are kept by the caller).
    pub(crate) fn new(problem: &Problem) -> Links {
        let n = problem.items();
        let last = n as u32 + 1;
        let second = problem.primary_items() as u32 + 1;
        let mut prev = vec![0u32; n + 2];
        let mut next = vec![0u32; n + 2];
        // Two circular lists: 0, 1, ..., second - 1 and n + 1, second, ..., n.
        let primary: Vec<u32> = (0..second).collect();
        let secondary: Vec<u32> = std::iter::once(last).chain(second..last).collect();
        for ring in [primary, secondary] {
            for (i, &k) in ring.iter().enumerate() {
                let after = ring[(i + 1) % ring.len()];
                next[k as usize] = after;
                prev[after as usize] = k;
            }
        }
        let mut links = Links {
            prev,
            next,
            len: vec![0; n + 2],
            purified: vec![0; n + 2],
            up: (0..=last).collect(),
            down: (0..=last).collect(),
            itm: vec![0; n + 2],
            color: vec![0; n + 2],
            second,
            last,
            colors: vec![0; n + 2],
            updates: 0,
            cleansings: 0,
            active: {
                let primary = second as usize - 1;
                let mut bits = vec![u64::MAX; primary.div_ceil(64)];
                if !primary.is_multiple_of(64) {
                    // Only the items that exist.
                    if let Some(top) = bits.last_mut() {
                        *top = (1 << (primary % 64)) - 1;
                    }
                }
                bits
            },
        };
        let mut codes: Vec<Vec<u32>> = vec![Vec::new(); n + 2];
        for o in 0..problem.options() {
            let start = links.itm.len() as u32;
            for (item, color) in problem.colored_option(o) {
                let k = item as u32 + 1;
                let code = if color == 0 || k < second {
                    0
                } else {
                    let known = &mut codes[k as usize];
                    match known.iter().position(|&c| c == color) {
                        Some(at) => at as i32 + 1,
                        None => {
                            known.push(color);
                            known.len() as i32
                        }
                    }
                };
                let node = links.itm.len() as u32;
                let bottom = links.up[k as usize];
                links.up.push(bottom);
                links.down.push(k);
                links.down[bottom as usize] = node;
                links.up[k as usize] = node;
                links.itm.push(k as i32);
                links.color.push(code);
                links.len[k as usize] += 1;
            }
            let end = links.itm.len() as u32 - 1;
            // The spacer before this option points down to its last node.
            links.down[start as usize - 1] = end;
            links.up.push(start);
            links.down.push(0);
            links.itm.push(-(o as i32 + 1));
            links.color.push(0);
        }
        for (k, known) in codes.iter().enumerate() {
            links.colors[k] = known.len() as u32;
        }
        // Secondary items in no option leave the active list at once.
        for k in second..last {
            if links.len[k as usize] == 0 {
                links.unlink(k);
            }
        }
        links
    }

    pub(crate) fn unlink(&mut self, k: u32) {
        let (l, r) = (self.prev[k as usize], self.next[k as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        if k < self.second {
            let i = k as usize - 1;
            self.active[i / 64] &= !(1 << (i % 64));
        }
    }

    pub(crate) fn relink(&mut self, k: u32) {
        let (l, r) = (self.prev[k as usize], self.next[k as usize]);
        self.next[l as usize] = k;
        self.prev[r as usize] = k;
        if k < self.second {
            let i = k as usize - 1;
            self.active[i / 64] |= 1 << (i % 64);
        }
    }

    /// Hides the option of node `rr` from every other item's list (a cleansed node stays
    /// in its list but no longer counts).
    #[inline]
    pub(crate) fn hide(&mut self, rr: u32) {
        let mut nn = rr + 1;
        while nn != rr {
            let cc = self.itm[nn as usize];
            if cc <= 0 {
                nn = self.up[nn as usize];
                continue;
            }
            if self.color[nn as usize] >= 0 {
                let (u, d) = (self.up[nn as usize], self.down[nn as usize]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
            }
            self.updates += 1;
            let t = self.len[cc as usize] - 1;
            self.len[cc as usize] = t;
            if t == 0 && cc as u32 >= self.second {
                self.unlink(cc as u32);
            }
            nn += 1;
        }
    }

    /// Undoes [`Links::hide`].
    #[inline]
    pub(crate) fn unhide(&mut self, rr: u32) {
        let mut nn = rr - 1;
        while nn != rr {
            let cc = self.itm[nn as usize];
            if cc <= 0 {
                nn = self.down[nn as usize];
                continue;
            }
            if self.color[nn as usize] >= 0 {
                let (u, d) = (self.up[nn as usize], self.down[nn as usize]);
                self.down[u as usize] = nn;
                self.up[d as usize] = nn;
            }
            let t = self.len[cc as usize] + 1;
            self.len[cc as usize] = t;
            if t == 1 && cc as u32 >= self.second {
                self.relink(cc as u32);
            }
            nn -= 1;
        }
    }

    pub(crate) fn cover(&mut self, c: u32) {
        self.unlink(c);
        self.updates += 1;
        let mut rr = self.down[c as usize];
        while rr >= self.last {
            self.hide(rr);
            rr = self.down[rr as usize];
        }
    }

    pub(crate) fn uncover(&mut self, c: u32) {
        let mut rr = self.up[c as usize];
        while rr >= self.last {
            self.unhide(rr);
            rr = self.up[rr as usize];
        }
        self.relink(c);
    }

    /// Keeps only the options that give `p`'s item `p`'s color.
    pub(crate) fn purify(&mut self, p: u32) {
        let cc = self.itm[p as usize] as u32;
        let x = self.color[p as usize];
        self.purified[cc as usize] = x;
        let mut tt = self.len[cc as usize];
        self.cleansings += 1;
        let mut rr = self.down[cc as usize];
        while rr >= self.last {
            if self.color[rr as usize] != x {
                tt -= 1;
                self.hide(rr);
            } else {
                self.cleansings += 1;
                self.color[rr as usize] = -1;
            }
            rr = self.down[rr as usize];
        }
        if tt > 0 {
            self.len[cc as usize] = tt;
        } else {
            self.len[cc as usize] = -1;
            self.unlink(cc);
        }
    }

    pub(crate) fn unpurify(&mut self, p: u32) {
        let cc = self.itm[p as usize] as u32;
        let x = self.color[p as usize];
        self.purified[cc as usize] = 0;
        let mut tt = self.len[cc as usize];
        if tt < 0 {
            tt = 0;
            self.relink(cc);
        }
        let mut rr = self.up[cc as usize];
        while rr >= self.last {
            if self.color[rr as usize] < 0 {
                self.color[rr as usize] = x;
            } else {
                tt += 1;
                self.unhide(rr);
            }
            rr = self.up[rr as usize];
        }
        self.len[cc as usize] = tt;
    }

    /// Covers or purifies the items of node `cur`'s option other than its own.
    pub(crate) fn choose_option(&mut self, cur: u32) {
        let mut pp = cur + 1;
        while pp != cur {
            let cc = self.itm[pp as usize];
            if cc <= 0 {
                pp = self.up[pp as usize];
                continue;
            }
            if (cc as u32) < self.second || self.len[cc as usize] != 0 {
                match self.color[pp as usize] {
                    0 => self.cover(cc as u32),
                    c if c > 0 => self.purify(pp),
                    _ => {}
                }
            }
            pp += 1;
        }
    }

    /// Undoes [`Links::choose_option`]; returns the option's number (from 0).
    pub(crate) fn unchoose_option(&mut self, cur: u32) -> u32 {
        let mut option = 0;
        let mut pp = cur - 1;
        while pp != cur {
            let cc = self.itm[pp as usize];
            if cc <= 0 {
                option = (-cc) as u32;
                pp = self.down[pp as usize];
                continue;
            }
            if (cc as u32) < self.second || self.len[cc as usize] != 0 {
                match self.color[pp as usize] {
                    0 => self.uncover(cc as u32),
                    c if c > 0 => self.unpurify(pp),
                    _ => {}
                }
            }
            pp -= 1;
        }
        option
    }

    /// Writes dlx6's signature of what is left into `key`: the active primary items' bits
    /// first, then, at its place in `slots`, each secondary item's code: 0 when the item
    /// has no option left, else 1 plus the color it is purified to (0 for none).
    pub(crate) fn sign(&self, slots: &[Slot], key: &mut [u64]) {
        let primary = self.active.len();
        key[..primary].copy_from_slice(&self.active);
        key[primary..].fill(0);
        let mut k = self.next[self.last as usize];
        while k != self.last {
            if self.len[k as usize] != 0 {
                let slot = slots[k as usize];
                let code = 1 + self.purified[k as usize] as u64;
                key[slot.word as usize] |= code << slot.shift;
            }
            k = self.next[k as usize];
        }
    }

    /// The primary item with the fewest active options, the leftmost of those (stopping at
    /// an item with none); `None` when every primary item is covered.
    pub(crate) fn best_item(&self) -> Option<u32> {
        let mut best = None;
        let mut t = i32::MAX;
        let mut k = self.next[0];
        while k != 0 {
            let l = self.len[k as usize];
            if l < t {
                best = Some(k);
                t = l;
                if t == 0 {
                    break;
                }
            }
            k = self.next[k as usize];
        }
        best
    }
}
