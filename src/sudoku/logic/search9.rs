//! [`search`](super::search)'s search written again for 9×9 with 3×3 boxes, on bitboards:
//! the same propagation (naked and hidden singles to their fixpoint), the same branching
//! (the first empty cell in reading order with the fewest candidates; digits ascending) and
//! the same counting (the root plus every branch taken).
//!
//! Propagation reaches the same fixpoint in any order (each rule only removes candidates,
//! and a removal never disables another rule), and a contradiction found in one order is
//! found in any, so both searches walk the same tree: same fills, same first fill, same
//! nodes (tested on random isomorphs of every data set). This one is several times faster.
//!
//! Each digit's candidates are a bitboard of three bands, a `u32` each holding the band's
//! 27 cells (bit `9·row + column` of the band). Naked singles and empty cells come from
//! counting each cell's candidates bit-sliced over the nine digits, hidden singles and
//! missing digits from a popcount of the digit's board under each unit's mask; only the
//! digits that lost a candidate are scanned again, and their rows and boxes only in the
//! bands where they lost it. The branch cell is the first with exactly two candidates when
//! there is one (each cell counted to three), else found by the full count. A node copies its state (about 230
//! bytes) by value; nothing is allocated but the first fill.

use super::board::{Candidates, Geometry};
use super::search::Found;

const CELLS: usize = 81;

/// The tables of 9×9 with 3×3 boxes: each cell's peers as a three-band board, and each
/// unit's cells (rows, columns, boxes) as a band mask with the band(s) it spans.
#[derive(Debug, Clone)]
pub(crate) struct Tables9 {
    pub(crate) peers: [[u32; 3]; CELLS],
}

/// The cells of each row of a band, and of each box (`k` = box column) of a band.
pub(crate) const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
pub(crate) const BOX: [u32; 3] = [0x7 * 0x40201, 0x38 * 0x40201, 0x1C0 * 0x40201];
/// Column `j` of a band: bits `j`, `9 + j`, `18 + j`.
pub(crate) const COL: u32 = 0x40201;

impl Tables9 {
    /// The tables for `g`, or `None` unless it is 9×9 with 3×3 boxes.
    pub fn new(g: &Geometry) -> Option<Tables9> {
        if g.n != 9 || g.shape.box_rows() != 3 || g.shape.box_cols() != 3 {
            return None;
        }
        let mut peers = [[0u32; 3]; CELLS];
        for (c, board) in peers.iter_mut().enumerate() {
            for &p in &g.peers[c] {
                board[p / 27] |= 1 << (p % 27);
            }
        }
        Some(Tables9 { peers })
    }
}

/// One node's state.
#[derive(Clone, Copy)]
struct State {
    /// `cand[d][b]`: the empty cells of band `b` where digit `d + 1` is possible.
    cand: [[u32; 3]; 9],
    /// `solved[d][b]`: the cells of band `b` that hold digit `d + 1`.
    solved: [[u32; 3]; 9],
    /// The empty cells.
    open: [u32; 3],
    /// Each cell's value, 0 while empty.
    values: [u8; CELLS],
}

struct Search<'t> {
    t: &'t Tables9,
    limit: u64,
    found: Found,
    /// Digits that lost a candidate since they were last scanned for hidden singles, by
    /// band: bit `3·d + b` for digit `d + 1` in band `b` (only that band's rows and boxes
    /// can have changed; the columns are scanned whole).
    dirty: u32,
    /// Bands that lost a candidate since they were last scanned for naked singles.
    bands: u32,
}

/// The fills of `board` (9×9, `t` its tables), up to `limit`, with the first one and the
/// nodes: what [`super::search::search`] answers without `lex`.
pub(crate) fn search(t: &Tables9, board: &Candidates, limit: u64) -> Found {
    let mut root = root_state(board);
    let mut s = Search::new(t, limit);
    s.node(&mut root);
    s.found
}

/// The board with its singles propagated to their fixpoint (the root node's state), or
/// `None` when that meets a contradiction. Propagation commutes with the symmetries of the
/// grid, so the search from an isomorph of the fixpoint walks the same tree, with the same
/// nodes, as the search from that isomorph of the board: the machine effort's samples share
/// this work.
pub(crate) fn fixpoint(t: &Tables9, board: &Candidates) -> Option<Candidates> {
    let mut st = root_state(board);
    let mut s = Search::new(t, 1);
    if !s.propagate(&mut st) {
        return None;
    }
    let mut out = board.clone();
    for c in 0..CELLS {
        let (b, bit) = (c / 27, 1u32 << (c % 27));
        out.values[c] = st.values[c];
        out.masks[c] = (0..9)
            .filter(|&d| st.cand[d][b] & bit != 0)
            .fold(0, |m, d| m | 1 << d);
    }
    Some(out)
}

/// The state of a board, before any propagation.
fn root_state(board: &Candidates) -> State {
    let mut root = State {
        cand: [[0; 3]; 9],
        solved: [[0; 3]; 9],
        open: [0; 3],
        values: [0; CELLS],
    };
    root.values.copy_from_slice(&board.values);
    for c in 0..CELLS {
        let (b, bit) = (c / 27, 1u32 << (c % 27));
        match board.values[c] {
            0 => {
                root.open[b] |= bit;
                let mut m = board.masks[c];
                while m != 0 {
                    root.cand[m.trailing_zeros() as usize][b] |= bit;
                    m &= m - 1;
                }
            }
            v => root.solved[v as usize - 1][b] |= bit,
        }
    }
    root
}

impl<'t> Search<'t> {
    /// A search with everything still to scan, as at the root.
    fn new(t: &'t Tables9, limit: u64) -> Search<'t> {
        Search {
            t,
            limit,
            found: Found {
                fills: 0,
                first: None,
                nodes: 0,
            },
            dirty: 0x7FF_FFFF,
            bands: 0b111,
        }
    }
}

impl Search<'_> {
    /// One node; returns `true` to stop (the limit reached).
    fn node(&mut self, st: &mut State) -> bool {
        self.found.nodes += 1;
        if !self.propagate(st) {
            return false;
        }
        let Some(best) = fewest(st) else {
            self.found.fills += 1;
            if self.found.first.is_none() {
                self.found.first = Some(st.values.to_vec());
            }
            return self.found.fills >= self.limit;
        };
        let (b, bit) = (best / 27, 1u32 << (best % 27));
        for d in 0..9 {
            if st.cand[d][b] & bit != 0 {
                let mut child = *st;
                self.dirty = 0;
                self.bands = 0;
                self.assign(&mut child, b, best % 27, d);
                if self.node(&mut child) {
                    return true;
                }
            }
        }
        false
    }

    /// Puts digit `d + 1` in the empty cell `cell`: its other candidates go, and `d + 1`
    /// leaves its peers. Emptied cells and missing digits are for `propagate` to find.
    #[inline]
    fn assign(&mut self, st: &mut State, b: usize, i: usize, d: usize) {
        let (cell, bit) = (b * 27 + i, 1u32 << i);
        st.values[cell] = d as u8 + 1;
        st.open[b] &= !bit;
        st.solved[d][b] |= bit;
        self.bands |= 1 << b;
        // Without branches: which digits the cell had is unpredictable.
        for (e, cand) in st.cand.iter_mut().enumerate() {
            let had = (cand[b] >> i) & 1;
            cand[b] &= !bit;
            self.dirty |= had << (3 * e + b);
        }
        let peers = &self.t.peers[cell];
        let cand = &mut st.cand[d];
        for k in 0..3 {
            if cand[k] & peers[k] != 0 {
                cand[k] &= !peers[k];
                self.bands |= 1 << k;
                self.dirty |= 1 << (3 * d + k);
            }
        }
    }

    /// Places naked and hidden singles until none is left; `false` on a contradiction (an
    /// empty cell without candidates, or a digit with no place in a unit).
    fn propagate(&mut self, st: &mut State) -> bool {
        'again: loop {
            // Naked singles and empty cells: each cell's candidates counted to two, in the
            // bands that lost a candidate.
            while self.bands != 0 {
                let b = self.bands.trailing_zeros() as usize;
                self.bands &= self.bands - 1;
                let (mut once, mut twice) = (0u32, 0u32);
                for cand in &st.cand {
                    twice |= once & cand[b];
                    once |= cand[b];
                }
                if st.open[b] & !once != 0 {
                    return false;
                }
                let single = st.open[b] & once & !twice;
                if single != 0 {
                    // Digit by digit, the singles that are still its places (a cell that
                    // lost its last candidate to a single placed just now is left empty,
                    // for the next count to find).
                    for d in 0..9 {
                        let mut cells = st.cand[d][b] & single;
                        while cells != 0 {
                            let i = cells.trailing_zeros() as usize;
                            cells &= cells - 1;
                            if st.cand[d][b] & (1 << i) != 0 {
                                self.assign(st, b, i, d);
                            }
                        }
                    }
                }
            }
            // Hidden singles and missing digits, digit by digit.
            while self.dirty != 0 {
                let d = self.dirty.trailing_zeros() as usize / 3;
                let bands = self.dirty >> (3 * d) & 7;
                self.dirty &= !(7 << (3 * d));
                let Some(singles) = hidden_singles(st, d, bands) else {
                    return false;
                };
                if singles != [0; 3] {
                    for (b, mut cells) in singles.into_iter().enumerate() {
                        while cells != 0 {
                            let i = cells.trailing_zeros();
                            cells &= cells - 1;
                            // A single placed just now may have taken this cell's digit:
                            // then its unit has no place left for it.
                            if st.cand[d][b] & (1 << i) == 0 {
                                return false;
                            }
                            self.assign(st, b, i as usize, d);
                        }
                    }
                    // Back to the naked singles first.
                    continue 'again;
                }
            }
            return true;
        }
    }
}

/// The cells that are the only place of digit `d + 1` in a row, column or box, as a
/// three-band board; `None` when a unit has neither the digit nor a place for it. Rows and
/// boxes are looked at in the bands of `bands` (bit `b`) only.
#[inline]
fn hidden_singles(st: &State, d: usize, bands: u32) -> Option<[u32; 3]> {
    let x = st.cand[d];
    let s = st.solved[d];
    let mut out = [0u32; 3];
    for b in 0..3 {
        if bands & 1 << b == 0 {
            continue;
        }
        for mask in [ROW[0], ROW[1], ROW[2], BOX[0], BOX[1], BOX[2]] {
            let here = x[b] & mask;
            if here & here.wrapping_sub(1) == 0 {
                if here == 0 && s[b] & mask == 0 {
                    return None;
                }
                out[b] |= here;
            }
        }
    }
    // Columns: the nine rows' places counted to two, bit-sliced (no popcount: the default
    // target has no such instruction).
    let (mut once, mut twice, mut done) = (0u32, 0u32, 0u32);
    for b in 0..3 {
        for k in 0..3 {
            let row = (x[b] >> (9 * k)) & 0x1FF;
            twice |= once & row;
            once |= row;
            done |= (s[b] >> (9 * k)) & 0x1FF;
        }
    }
    if (once | done) != 0x1FF {
        return None;
    }
    let single = (once & !twice) * COL;
    for b in 0..3 {
        out[b] |= x[b] & single;
    }
    Some(out)
}

/// The first empty cell in reading order with the fewest candidates, or `None` when every
/// cell is filled. After propagation an empty cell has two candidates or more, so the first
/// cell with exactly two (counted to three, bit-sliced over the digits) is the answer when
/// there is one; otherwise each cell's count is added bit-sliced (four bits).
fn fewest(st: &State) -> Option<usize> {
    for b in 0..3 {
        let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
        for cand in &st.cand {
            let x = cand[b];
            thrice |= twice & x;
            twice |= once & x;
            once |= x;
        }
        let pairs = st.open[b] & twice & !thrice;
        if pairs != 0 {
            return Some(b * 27 + pairs.trailing_zeros() as usize);
        }
    }
    fewest_counted(st)
}

/// [`fewest`] by the full count of every cell.
fn fewest_counted(st: &State) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for b in 0..3 {
        if st.open[b] == 0 {
            continue;
        }
        let (mut c0, mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32, 0u32);
        for cand in &st.cand {
            let x = cand[b];
            let k0 = c0 & x;
            c0 ^= x;
            let k1 = c1 & k0;
            c1 ^= k0;
            let k2 = c2 & k1;
            c2 ^= k1;
            c3 |= k2;
        }
        // Cells by count, smallest count first; only a smaller count than the best so far
        // replaces it (an earlier band wins ties).
        let counts = [
            (2, !c3 & !c2 & c1 & !c0),
            (3, !c3 & !c2 & c1 & c0),
            (4, !c3 & c2 & !c1 & !c0),
            (5, !c3 & c2 & !c1 & c0),
            (6, !c3 & c2 & c1 & !c0),
            (7, !c3 & c2 & c1 & c0),
            (8, c3 & !c2 & !c1 & !c0),
            (9, c3 & !c2 & !c1 & c0),
        ];
        for (k, cells) in counts {
            let cells = cells & st.open[b];
            if cells != 0 {
                if best.is_none_or(|(bk, _)| k < bk) {
                    best = Some((k, b * 27 + cells.trailing_zeros() as usize));
                }
                break;
            }
            if best.is_some_and(|(bk, _)| bk <= k) {
                break;
            }
        }
        if best.is_some_and(|(k, _)| k == 2) {
            break;
        }
    }
    best.map(|(_, cell)| cell)
}
