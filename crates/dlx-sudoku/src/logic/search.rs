//! A small search on the candidates grid: naked and hidden singles propagated at each node,
//! then a branch on a cell with the fewest candidates. It finds a puzzle's fill (up to two),
//! and counts its nodes for the machine effort, on random isomorphs of the puzzle.

use super::board::{Candidates, full_mask};
use super::weights::{EMPTY_WEIGHT, PAIR_WEIGHT};
use crate::canon::Transform;
use crate::geometry::Geometry;
use crate::rng::SplitMix;

/// What a search found: the number of fills (it stops at its limit), the first fill, and
/// its nodes (the root plus every branch taken).
pub(crate) struct Found {
    pub fills: u64,
    pub first: Option<Vec<u8>>,
    pub nodes: u64,
}

/// Counts the fills of `board` up to `limit`. With `lex`, it branches on the first empty
/// cell in reading order, digits ascending, so the first fill found is the
/// lexicographically smallest (propagation only removes digits no fill has there);
/// otherwise on a cell with the fewest candidates ([`Search::fewest`]: among cells with
/// two, the one with the most two-candidate and empty peers), the tree the machine effort
/// counts.
pub(crate) fn search(g: &Geometry, board: &Candidates, limit: u64, lex: bool) -> Found {
    let cells = board.values.len();
    let mut s = Search {
        limit,
        lex,
        g,
        found: Found {
            fills: 0,
            first: None,
            nodes: 0,
        },
        full: full_mask(g.n),
        queue: Vec::with_capacity(cells),
        frames: Vec::new(),
    };
    let mut root = Frame {
        values: board.values.clone(),
        masks: board.masks.clone(),
    };
    s.queue
        .extend((0..cells).filter(|&c| root.values[c] == 0 && root.masks[c].count_ones() <= 1));
    s.node(&mut root, 0);
    s.found
}

/// The state of one node: values and candidates of every cell.
#[derive(Clone)]
struct Frame {
    values: Vec<u8>,
    masks: Vec<u32>,
}

struct Search<'g> {
    limit: u64,
    lex: bool,
    g: &'g Geometry,
    found: Found,
    full: u32,
    /// Cells left with one candidate (or none), to be placed.
    queue: Vec<usize>,
    /// The children's frames, one per depth, reused.
    frames: Vec<Frame>,
}

impl Search<'_> {
    /// One node at `depth`; returns `true` to stop (the limit reached).
    fn node(&mut self, f: &mut Frame, depth: usize) -> bool {
        self.found.nodes += 1;
        if !self.propagate(f) {
            return false;
        }
        let best = if self.lex {
            f.values.iter().position(|&v| v == 0).unwrap_or(usize::MAX)
        } else {
            self.fewest(f)
        };
        if best == usize::MAX {
            self.found.fills += 1;
            if self.found.first.is_none() {
                self.found.first = Some(f.values.clone());
            }
            return self.found.fills >= self.limit;
        }
        if self.frames.len() <= depth {
            self.frames.push(f.clone());
        }
        let mut m = f.masks[best];
        while m != 0 {
            let v = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            let empty = Frame {
                values: Vec::new(),
                masks: Vec::new(),
            };
            let mut child = std::mem::replace(&mut self.frames[depth], empty);
            child.values.copy_from_slice(&f.values);
            child.masks.copy_from_slice(&f.masks);
            self.queue.clear();
            let stop = self.assign(&mut child, best, v) && self.node(&mut child, depth + 1);
            self.frames[depth] = child;
            if stop {
                return true;
            }
        }
        false
    }

    /// The branch cell of a node at its fixpoint (`usize::MAX` when every cell is
    /// filled): an empty cell with the fewest candidates. Among cells with two (after
    /// propagation no empty cell has fewer), the one of the largest weight, which keeps
    /// the tree small: [`PAIR_WEIGHT`] for each peer with two candidates, [`EMPTY_WEIGHT`]
    /// for each empty peer (the first in reading order among equals); with three or
    /// more, the first in reading order.
    fn fewest(&self, f: &Frame) -> usize {
        let (mut best, mut best_count, mut best_weight) = (usize::MAX, u32::MAX, 0);
        for (c, (&v, &m)) in f.values.iter().zip(f.masks.iter()).enumerate() {
            if v != 0 {
                continue;
            }
            let count = m.count_ones();
            if count == 2 {
                let weight: u32 = self.g.peers[c]
                    .iter()
                    .filter(|&&p| f.values[p] == 0)
                    .map(|&p| EMPTY_WEIGHT + PAIR_WEIGHT * u32::from(f.masks[p].count_ones() == 2))
                    .sum();
                if best_count != 2 || weight > best_weight {
                    (best, best_count, best_weight) = (c, 2, weight);
                }
            } else if count < best_count {
                (best, best_count) = (c, count);
            }
        }
        best
    }

    /// Puts `v` in `cell`, removes it from the peers, and queues peers left with one
    /// candidate; `false` when a peer is left with none.
    fn assign(&mut self, f: &mut Frame, cell: usize, v: u8) -> bool {
        f.values[cell] = v;
        f.masks[cell] = 0;
        let bit = 1u32 << (v - 1);
        for &p in &self.g.peers[cell] {
            let m = f.masks[p];
            if m & bit != 0 {
                let m = m & !bit;
                f.masks[p] = m;
                if m & m.wrapping_sub(1) == 0 {
                    if m == 0 {
                        return false;
                    }
                    self.queue.push(p);
                }
            }
        }
        true
    }

    /// Places naked and hidden singles until none is left; `false` on a contradiction (an
    /// empty cell without candidates, or a digit with no place in a unit).
    fn propagate(&mut self, f: &mut Frame) -> bool {
        let g = self.g;
        loop {
            while let Some(c) = self.queue.pop() {
                if f.values[c] != 0 {
                    continue;
                }
                let m = f.masks[c];
                if m == 0 || !self.assign(f, c, m.trailing_zeros() as u8 + 1) {
                    return false;
                }
            }
            let mut progress = false;
            for u in 0..3 * g.n {
                let (mut once, mut twice, mut done) = (0u32, 0u32, 0u32);
                for &c in g.cells(u) {
                    let v = f.values[c];
                    if v != 0 {
                        done |= 1 << (v - 1);
                    } else {
                        let m = f.masks[c];
                        twice |= once & m;
                        once |= m;
                    }
                }
                if once | done != self.full {
                    return false;
                }
                let mut single = once & !twice & !done;
                while single != 0 {
                    let b = single & single.wrapping_neg();
                    single &= single - 1;
                    let Some(&c) = g.cells(u).iter().find(|&&c| f.masks[c] & b != 0) else {
                        return false;
                    };
                    if !self.assign(f, c, b.trailing_zeros() as u8 + 1) {
                        return false;
                    }
                    progress = true;
                }
            }
            if !progress {
                return true;
            }
        }
    }
}

/// A symmetry of the puzzle's shape: cell `c` moves to `cell[c]`, digit `v` becomes
/// `digit[v]` (index 0 unused).
pub(crate) struct Isomorph {
    pub cell: Vec<usize>,
    pub digit: Vec<u8>,
}

impl Isomorph {
    /// A random isomorph: bands and the rows inside each band shuffled, stacks and the
    /// columns inside each stack shuffled, the digits relabelled, and (square boxes only)
    /// a transposition half of the time.
    pub fn random(g: &Geometry, rng: &mut SplitMix) -> Isomorph {
        let n = g.n;
        let (br, bc) = (g.shape.box_rows(), g.shape.box_cols());
        // Sides are at most 25: the orders fit in arrays (no allocation per isomorph).
        let lines = |rng: &mut SplitMix, per: usize| -> [usize; 25] {
            let mut groups = [0usize; 25];
            for (i, g) in groups.iter_mut().enumerate() {
                *g = i;
            }
            rng.shuffle(&mut groups[..n / per]);
            let mut out = [0usize; 25];
            for (k, &grp) in groups[..n / per].iter().enumerate() {
                let mut inner = [0usize; 25];
                for (i, x) in inner.iter_mut().enumerate() {
                    *x = i;
                }
                rng.shuffle(&mut inner[..per]);
                for i in 0..per {
                    out[k * per + i] = grp * per + inner[i];
                }
            }
            out
        };
        let rows = lines(rng, br);
        let cols = lines(rng, bc);
        let transpose = br == bc && rng.next_u64() & 1 == 1;
        let mut digit: Vec<u8> = (0..=n as u8).collect();
        rng.shuffle(&mut digit[1..]);
        let cell = (0..n * n)
            .map(|c| {
                let (r, k) = (rows[c / n], cols[c % n]);
                if transpose { k * n + r } else { r * n + k }
            })
            .collect();
        Isomorph { cell, digit }
    }

    /// The isomorph of 9×9 that a canonical [`Transform`] describes (it moves the puzzle
    /// onto its canonical form).
    pub fn from_transform(t: &Transform) -> Isomorph {
        let mut cell = vec![0; 81];
        for i in 0..9 {
            for j in 0..9 {
                let (r, c) = (t.rows[i] as usize, t.cols[j] as usize);
                let from = if t.transpose { c * 9 + r } else { r * 9 + c };
                cell[from] = i * 9 + j;
            }
        }
        Isomorph {
            cell,
            digit: t.digits.to_vec(),
        }
    }

    /// The board moved by this isomorph.
    pub fn apply(&self, board: &Candidates) -> Candidates {
        let mut out = board.clone();
        for c in 0..board.values.len() {
            let to = self.cell[c];
            let v = board.values[c];
            out.values[to] = self.digit[v as usize];
            let mut m = board.masks[c];
            let mut moved = 0;
            while m != 0 {
                let v = m.trailing_zeros() as usize + 1;
                m &= m - 1;
                moved |= 1 << (self.digit[v] - 1);
            }
            out.masks[to] = moved;
        }
        out
    }

    /// A fill of the moved board, moved back.
    pub fn undo(&self, fill: &[u8]) -> Vec<u8> {
        let mut back = vec![0u8; self.digit.len()];
        for (v, &w) in self.digit.iter().enumerate() {
            back[w as usize] = v as u8;
        }
        (0..fill.len())
            .map(|c| back[fill[self.cell[c]] as usize])
            .collect()
    }
}
