//! [`search`](super::search)'s search written again for 9×9 with 3×3 boxes, on bitboards:
//! the same propagation (naked and hidden singles to their fixpoint), the same counting
//! (the root plus every branch taken) and the same branching (an empty cell with the
//! fewest candidates: among cells with two, the one whose peers weigh most, two for each
//! with two candidates and three for each empty one, the first in reading order among
//! equals; otherwise the first in reading order; digits ascending).
//!
//! Propagation reaches the same fixpoint in any order (each rule only removes candidates,
//! and a removal never disables another rule), and a contradiction found in one order is
//! found in any, so both searches walk the same tree: same fills, same first fill, same
//! nodes (tested on random isomorphs of every data set). This one is several times faster.
//!
//! Each digit's candidates and placed cells are a bitboard of three bands, a `u32` each
//! holding the band's 27 cells (bit `9·row + column` of the band), kept as the three lanes
//! of a four-lane vector ([`Bands`]) so that one operation works on the whole grid: a
//! placement clears its cell from the nine digits in nine vector operations and its digit
//! from the peers in one. Naked singles and empty cells come from counting each cell's
//! candidates bit-sliced over the nine digits (all three bands at once), hidden singles and
//! missing digits from each unit's places of a digit counted to two; only the digits whose
//! board changed since they were last scanned are scanned again (found by comparing with a
//! copy of the boards then). The branch cell is a cell with exactly two candidates when
//! there is one (each cell counted to three; which one, [`heaviest_pair`] says), else the
//! first with the fewest, found by the full count. A node copies its state (160 bytes) by
//! value; nothing is allocated but the first fill.

use super::board::Candidates;
use super::search::{Found, Isomorph};
use super::techniques::ONES9;
use super::weights::{EMPTY_WEIGHT, PAIR_WEIGHT};
use crate::geometry::Geometry;

const CELLS: usize = 81;

/// The tables of 9×9 with 3×3 boxes: each cell's peers as a three-band board (the units'
/// cells in a band are the constants [`ROW`], [`BOX`] and [`COL`]), and as a list.
#[derive(Debug, Clone)]
pub(crate) struct Tables9 {
    peers: [Bands; CELLS],
    peer_cells: [[u8; 20]; CELLS],
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
        let mut peers = [Bands::ZERO; CELLS];
        let mut peer_cells = [[0u8; 20]; CELLS];
        for (c, (board, list)) in peers.iter_mut().zip(&mut peer_cells).enumerate() {
            assert_eq!(g.peers[c].len(), 20, "a 9×9 cell has twenty peers");
            for (&p, at) in g.peers[c].iter().zip(list.iter_mut()) {
                board.0[p / 27] |= 1 << (p % 27);
                *at = p as u8;
            }
        }
        Some(Tables9 { peers, peer_cells })
    }

    /// The peers of `cell`, band by band.
    pub(crate) fn peers(&self, cell: usize) -> &[u32] {
        &self.peers[cell].0[..3]
    }

    /// The twenty peers of `cell`.
    pub(crate) fn peer_cells(&self, cell: usize) -> &[u8; 20] {
        &self.peer_cells[cell]
    }
}

/// A board of the grid: lane `b` holds band `b` (bit `9·row + column` of the band); lane 3
/// is not a band and stays 0 in every board the search keeps. Four lanes of 32 bits, so
/// that each operation below is one SSE2 (or NEON) instruction: the compiler vectorizes
/// these lane-by-lane loops.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(C, align(16))]
struct Bands([u32; 4]);

impl Bands {
    const ZERO: Bands = Bands([0; 4]);

    /// `x` in every lane.
    #[inline(always)]
    const fn splat(x: u32) -> Bands {
        Bands([x; 4])
    }

    /// The one cell `i` of band `b`.
    #[inline(always)]
    fn cell(b: usize, i: usize) -> Bands {
        let mut out = Bands::ZERO;
        out.0[b] = 1 << i;
        out
    }

    #[inline(always)]
    fn zip(self, o: Bands, f: impl Fn(u32, u32) -> u32) -> Bands {
        Bands([
            f(self.0[0], o.0[0]),
            f(self.0[1], o.0[1]),
            f(self.0[2], o.0[2]),
            f(self.0[3], o.0[3]),
        ])
    }

    #[inline(always)]
    fn map(self, f: impl Fn(u32) -> u32) -> Bands {
        Bands([f(self.0[0]), f(self.0[1]), f(self.0[2]), f(self.0[3])])
    }

    #[inline(always)]
    fn and(self, o: Bands) -> Bands {
        self.zip(o, |a, b| a & b)
    }

    #[inline(always)]
    fn or(self, o: Bands) -> Bands {
        self.zip(o, |a, b| a | b)
    }

    /// The cells of `self` not in `o`.
    #[inline(always)]
    fn minus(self, o: Bands) -> Bands {
        self.zip(o, |a, b| a & !b)
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
}

/// Nine boards copied by vector moves (see [`State::copy`]).
#[inline(always)]
fn copy9(p: &[Bands; 9]) -> [Bands; 9] {
    let c = |b: Bands| b.map(|w| w);
    [
        c(p[0]),
        c(p[1]),
        c(p[2]),
        c(p[3]),
        c(p[4]),
        c(p[5]),
        c(p[6]),
        c(p[7]),
        c(p[8]),
    ]
}

/// One node's state.
#[derive(Clone, Copy)]
struct State {
    /// `pos[d]`: the cells that hold digit `d + 1` or may still: its candidates and its
    /// placed cells together. A placed digit has left its peers, so in a unit where it is
    /// placed it has that one cell; where it is not, its candidates. One board per digit
    /// serves the candidates (`pos & open`), the placed cells (`pos − open`) and the
    /// missing-digit check (a unit without any), and keeps the state small.
    pos: [Bands; 9],
    /// The empty cells.
    open: Bands,
}

impl State {
    /// A copy made by ten vector moves: the plain copy of 160 bytes is a call to `memcpy`,
    /// whose start costs more than the moves.
    #[inline(always)]
    fn copy(&self) -> State {
        State {
            pos: copy9(&self.pos),
            open: self.open,
        }
    }

    /// Sets the `pos` boards from each cell's digits (bit `d` for digit `d + 1`: a filled
    /// cell's value, an empty cell's candidates), band by band.
    fn set_digits(&mut self, digits: &[u32; CELLS]) {
        for b in 0..3 {
            for (pos, w) in self.pos.iter_mut().zip(band_words(&digits[27 * b..])) {
                pos.0[b] = w;
            }
        }
    }

    /// Each cell's value (0 while empty).
    fn values(&self) -> [u8; CELLS] {
        let mut values = [0u8; CELLS];
        for (d, pos) in self.pos.iter().enumerate() {
            let solved = pos.minus(self.open);
            for b in 0..3 {
                let mut cells = solved.0[b];
                while cells != 0 {
                    values[b * 27 + cells.trailing_zeros() as usize] = d as u8 + 1;
                    cells &= cells - 1;
                }
            }
        }
        values
    }
}

struct Search<'t> {
    t: &'t Tables9,
    limit: u64,
    found: Found,
    /// The `pos` boards as they were when each digit was last scanned for hidden singles
    /// (or, for a child, as the parent left them, all scanned): a digit whose board
    /// differs has lost a place since and is scanned again.
    seen: [Bands; 9],
}

/// The fills of `board` (9×9, `t` its tables), up to `limit`, with the first one and the
/// nodes: what [`super::search::search`] answers without `lex`.
pub(crate) fn search(t: &Tables9, board: &Candidates, limit: u64) -> Found {
    run(t, root_state(board), limit, false)
}

/// [`search`] on a board moved by `iso` (cell `c` to `iso.cell[c]`, digit `v` to
/// `iso.digit[v]`), without making the moved board: the fills found are the moved ones.
/// The board is given as its values and each cell's candidates (bit `d` for digit
/// `d + 1`), as `rate`'s path keeps them, so no board is made on the way either.
///
/// With `settled`, the caller's word that the board is at the fixpoint of its singles (no
/// naked or hidden single left, as `rate`'s path leaves it): the root is not propagated
/// again ([`Search::settled_root`]). On a board with a fill the search is the same; on one
/// without, it still finds no fill, perhaps with other nodes.
pub(crate) fn search_moved(
    t: &Tables9,
    values: &[u8; CELLS],
    masks: &[u32; CELLS],
    iso: &Isomorph,
    limit: u64,
    settled: bool,
) -> Found {
    let mut root = State {
        pos: [Bands::ZERO; 9],
        open: Bands::ZERO,
    };
    // A cell's digits moved, by two tables (digits 1 to 5, then 6 to 9).
    let image = |d: usize| 1u32 << (iso.digit[d + 1] - 1);
    let low: [u32; 32] =
        std::array::from_fn(|m| (0..5).fold(0, |out, d| out | ((m as u32 >> d & 1) * image(d))));
    let high: [u32; 16] = std::array::from_fn(|m| {
        (0..4).fold(0, |out, d| out | ((m as u32 >> d & 1) * image(5 + d)))
    });
    // Each cell's digits (its candidates, or its value), moved to its image cell; then
    // the moved cells turned back into digit boards. No branch on the cells.
    let mut moved = [0u32; CELLS];
    for (c, (&m, &v)) in masks.iter().zip(values).enumerate() {
        let at = iso.cell[c];
        root.open.0[at / 27] |= u32::from(v == 0) << (at % 27);
        let m = m | (1u32 << v) >> 1;
        moved[at] = low[m as usize & 31] | high[m as usize >> 5];
    }
    root.set_digits(&moved);
    run(t, root, limit, settled)
}

/// The search from `root`; with `settled`, from a root at the fixpoint of its singles
/// ([`Search::settled_root`]).
fn run(t: &Tables9, mut root: State, limit: u64, settled: bool) -> Found {
    let mut s = Search::new(t, limit);
    if settled {
        s.settled_root(&mut root);
    } else {
        s.node(&mut root);
    }
    s.found
}

/// The state of a board, before any propagation. A board never has a digit among the
/// candidates of a peer of a cell holding it (placing a digit takes it from the peers), so
/// a unit where a digit is placed has that one cell in its `pos`.
fn root_state(board: &Candidates) -> State {
    let mut root = State {
        pos: [Bands::ZERO; 9],
        open: Bands::ZERO,
    };
    // Without a branch per cell or per candidate, which would follow no pattern: each
    // cell's digits (its candidates, 0 for a filled cell, or its value), then the band's
    // cells turned into digit boards.
    let mut digits = [0u32; CELLS];
    for (c, m) in digits.iter_mut().enumerate() {
        let v = board.values[c];
        root.open.0[c / 27] |= u32::from(v == 0) << (c % 27);
        *m = board.masks[c] | (1u32 << v) >> 1;
    }
    root.set_digits(&digits);
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
            // Unlike any board (lane 3 is never set): every digit is scanned at the root.
            seen: [Bands([0, 0, 0, !0]); 9],
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
        self.branch(st)
    }

    /// A root at the fixpoint of its singles, as a node: what [`Search::node`] does, less
    /// the propagation, which would place nothing. Its one test that a contradiction could
    /// fail is kept, a cell without candidates (which the branching below would take for a
    /// filled one); a unit without a place for a digit is found further down (a unit can
    /// only be filled with all nine digits, so one of its cells runs out of candidates
    /// first). On a board with a fill, which has neither, this walks the tree of
    /// [`Search::node`].
    fn settled_root(&mut self, st: &mut State) -> bool {
        self.found.nodes += 1;
        let (mut once, open) = (Bands::ZERO, st.open);
        for &pos in &st.pos {
            once = once.or(pos);
        }
        if !open.minus(once).is_empty() {
            return false;
        }
        // As if every digit had been scanned here.
        self.seen = copy9(&st.pos);
        self.branch(st)
    }

    /// The rest of a node, from its fixpoint: a fill, or the branches on the cell
    /// [`fewest`] picks.
    #[inline(always)]
    fn branch(&mut self, st: &mut State) -> bool {
        let Some(best) = fewest(st) else {
            self.found.fills += 1;
            if self.found.first.is_none() {
                self.found.first = Some(st.values().to_vec());
            }
            return self.found.fills >= self.limit;
        };
        let (b, i) = (best / 27, best % 27);
        // The cell's candidates as a mask, gathered without a branch per digit.
        let mut ds = (0..9).fold(0u32, |m, d| m | (st.pos[d].0[b] >> i & 1) << d);
        let mut first = true;
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            // Everything was scanned at this node's fixpoint: `propagate` leaves `seen`
            // equal to the boards, and only an earlier child's search changes it.
            debug_assert!(!first || self.seen == st.pos, "scanned at the fixpoint");
            if !first {
                self.seen = copy9(&st.pos);
            }
            first = false;
            if ds == 0 {
                // The last child takes this node's state, which is not needed again.
                self.assign(st, b, i, d);
                return self.node(st);
            }
            let mut child = st.copy();
            self.assign(&mut child, b, i, d);
            if self.node(&mut child) {
                return true;
            }
        }
        false
    }

    /// Puts digit `d + 1` in the empty cell `i` of band `b`: its other candidates go, and
    /// `d + 1` leaves its peers. Emptied cells and missing digits are for `propagate` to
    /// find.
    #[inline(always)]
    fn assign(&mut self, st: &mut State, b: usize, i: usize, d: usize) {
        let here = Bands::cell(b, i);
        st.open = st.open.minus(here);
        for pos in &mut st.pos {
            *pos = pos.minus(here);
        }
        st.pos[d] = st.pos[d].or(here).minus(self.t.peers[b * 27 + i]);
    }

    /// Places the singles `cells`, each cell's digit read from `planes`, the planes of the
    /// digit index ([`index_planes`]) of nine boards that hold each cell once, made before
    /// any placement. A cell whose digit a single placed just now took is left empty, or
    /// with `LOST_FAILS` ends the placing: `false`, a contradiction.
    #[inline(always)]
    fn place<const LOST_FAILS: bool>(
        &mut self,
        st: &mut State,
        cells: Bands,
        planes: [Bands; 4],
    ) -> bool {
        for b in 0..3 {
            let band = planes.map(|p| p.0[b]);
            let mut here = cells.0[b];
            while here != 0 {
                let i = here.trailing_zeros() as usize;
                here &= here - 1;
                let d = plane_digit(band, i);
                if st.pos[d].0[b] & (1 << i) != 0 {
                    self.assign(st, b, i, d);
                } else if LOST_FAILS {
                    return false;
                }
            }
        }
        true
    }

    /// Places naked and hidden singles until none is left; `false` on a contradiction (an
    /// empty cell without candidates, or a digit with no place in a unit).
    fn propagate(&mut self, st: &mut State) -> bool {
        'again: loop {
            // Naked singles and empty cells: each cell's candidates counted to two.
            loop {
                let (mut once, mut twice) = (Bands::ZERO, Bands::ZERO);
                // (A placed cell has one digit in `pos`: the counts are masked to the
                // empty cells.)
                for &pos in &st.pos {
                    twice = twice.or(once.and(pos));
                    once = once.or(pos);
                }
                if !st.open.minus(once).is_empty() {
                    return false;
                }
                let single = st.open.and(once).minus(twice);
                if single.is_empty() {
                    break;
                }
                // (A cell that loses its candidate to a single placed just now is left
                // empty, for the next count to find.)
                let planes = index_planes(&st.pos, Bands::or);
                self.place::<false>(st, single, planes);
            }
            // Hidden singles and missing digits, digit by digit, for the digits whose
            // board changed since their last scan; then all the singles found placed at
            // once, and back to the naked singles. (A placement changes digits scanned in
            // the pass: their next scan covers that. Placing each digit's singles as soon
            // as it was scanned took 1 % longer on top1465, 3 % on forum_hardest_1106;
            // going back after the first digit with singles, 5 % longer: the same tree.)
            let mut changed = 0u32;
            for d in 0..9 {
                let x = self.seen[d].zip(st.pos[d], |a, b| a ^ b);
                changed |= u32::from(x.0[0] | x.0[1] | x.0[2] | x.0[3] != 0) << d;
            }
            // (A single found on a board that loses places later stays forced: a
            // placement takes its cell from the other digits and its digit from its
            // peers, so the single's cell loses its digit only to another single of the
            // pass, and then its unit has no place left.)
            let mut sing = [Bands::ZERO; 9];
            let (mut once, mut twice) = (Bands::ZERO, Bands::ZERO);
            while changed != 0 {
                let d = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.seen[d] = st.pos[d];
                let Some(singles) = hidden_singles(st, d) else {
                    return false;
                };
                sing[d] = singles;
                twice = twice.or(once.and(singles));
                once = once.or(singles);
            }
            if once.is_empty() {
                return true;
            }
            // A cell that is the only place of two digits.
            if !twice.is_empty() {
                return false;
            }
            // (A single placed just now may take a cell's digit: then its unit has no
            // place left for it.)
            if !self.place::<true>(st, once, index_planes(&sing, Bands::or)) {
                return false;
            }
            continue 'again;
        }
    }
}

/// The four bit planes of the digit index over nine digit boards: plane `k` is the union of
/// the boards of the digits `d` (from 0) with bit `k` set. On a cell with one candidate,
/// the planes holding it spell that candidate's index ([`plane_digit`]): its digit found
/// without a branch per digit.
#[inline(always)]
pub(crate) fn index_planes<T: Copy>(p: &[T; 9], or: impl Fn(T, T) -> T) -> [T; 4] {
    [
        or(or(p[1], p[3]), or(p[5], p[7])),
        or(or(p[2], p[3]), or(p[6], p[7])),
        or(or(p[4], p[5]), or(p[6], p[7])),
        p[8],
    ]
}

/// The digit index (from 0) spelt at bit `i` of the planes of [`index_planes`].
#[inline(always)]
pub(crate) fn plane_digit(planes: [u32; 4], i: usize) -> usize {
    (planes[0] >> i & 1
        | (planes[1] >> i & 1) << 1
        | (planes[2] >> i & 1) << 2
        | (planes[3] >> i & 1) << 3) as usize
}

/// The cells that are the only place of digit `d + 1` in a row, column or box; `None` when
/// a unit has neither the digit nor a place for it.
#[inline]
fn hidden_singles(st: &State, d: usize) -> Option<Bands> {
    let x = st.pos[d];
    // Rows and boxes, the three bands at once: a unit's cells of the digit are one when
    // clearing the lowest leaves none (a single, unless it is where the digit is placed),
    // and missing when there are none. Lane 3 holds nothing and is left out.
    let mut out = Bands::ZERO;
    let mut missing = Bands::ZERO;
    for mask in [ROW[0], ROW[1], ROW[2], BOX[0], BOX[1], BOX[2]] {
        let here = x.and(Bands::splat(mask));
        let lone = here
            .map(|h| h & h.wrapping_sub(1))
            .map(|r| (r == 0) as u32 * !0);
        out = out.or(here.and(lone));
        missing = missing.or(here.map(|u| (u == 0) as u32 * !0));
    }
    if missing.0[0] | missing.0[1] | missing.0[2] != 0 {
        return None;
    }
    // Columns: each band's three rows counted to two (lane by lane), then the bands'; no
    // popcount (the default target has no such instruction).
    let rows = |v: Bands, k: u32| v.map(|w| (w >> (9 * k)) & 0x1FF);
    let (r0, r1, r2) = (rows(x, 0), rows(x, 1), rows(x, 2));
    let once = r0.or(r1).or(r2);
    let twice = r0.and(r1).or(r0.or(r1).and(r2));
    let [o0, o1, o2, _] = once.0;
    let [t0, t1, t2, _] = twice.0;
    let all = o0 | o1 | o2;
    if all != 0x1FF {
        return None;
    }
    let twice = t0 | t1 | t2 | (o0 & o1) | ((o0 | o1) & o2);
    let single = (!twice & 0x1FF) * COL;
    Some(
        out.or(x.and(Bands([single, single, single, 0])))
            .and(st.open),
    )
}

/// An empty cell with the fewest candidates, or `None` when every cell is filled. After
/// propagation an empty cell has two candidates or more, so the cells with exactly two
/// (counted to three, bit-sliced over the digits) are the choice when there are any, and
/// [`heaviest_pair`] picks among them; otherwise each cell's count is added bit-sliced
/// (four bits) and the first in reading order with the fewest is taken.
fn fewest(st: &State) -> Option<usize> {
    let (mut once, mut twice, mut thrice) = (Bands::ZERO, Bands::ZERO, Bands::ZERO);
    for &x in &st.pos {
        thrice = thrice.or(twice.and(x));
        twice = twice.or(once.and(x));
        once = once.or(x);
    }
    let pairs = st.open.and(twice).minus(thrice);
    if pairs.is_empty() {
        return fewest_counted(st);
    }
    Some(heaviest_pair(st.open, pairs))
}

/// An 8×8 bit matrix transposed: bit `c` of byte `r` goes to bit `r` of byte `c` (three
/// rounds of swapping blocks across the diagonal).
#[inline(always)]
fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^= t ^ (t << 28);
    x
}

/// A band's candidates turned from digits to cells: bit `d` of `out[i]` is bit `i` of
/// `words[d]` (digit `d + 1` may go in cell `i` of the band). Eight cells at a time, as an
/// 8×8 bit matrix of digits 1 to 8 transposed, digit 9 added bit by bit: no branch, and
/// about a tenth of the operations of testing each cell and digit.
pub(crate) fn band_masks(words: &[u32; 9]) -> [u32; 27] {
    let mut out = [0u32; 27];
    for (k, chunk) in out.chunks_mut(8).enumerate() {
        let x = (0..8).fold(0u64, |x, d| {
            x | u64::from((words[d] >> (8 * k)) as u8) << (8 * d)
        });
        let y = transpose8(x);
        let nine = words[8] >> (8 * k);
        for (i, m) in chunk.iter_mut().enumerate() {
            *m = (y >> (8 * i)) as u32 & 0xFF | (nine >> i & 1) << 8;
        }
    }
    out
}

/// [`band_masks`] undone: bit `i` of `out[d]` is bit `d` of `masks[i]`, for the 27 cells of
/// a band.
pub(crate) fn band_words(masks: &[u32]) -> [u32; 9] {
    let mut out = [0u32; 9];
    for (k, chunk) in masks[..27].chunks(8).enumerate() {
        let x = chunk
            .iter()
            .enumerate()
            .fold(0u64, |x, (i, &m)| x | u64::from(m as u8) << (8 * i));
        let y = transpose8(x);
        for (d, w) in out[..8].iter_mut().enumerate() {
            *w |= u32::from((y >> (8 * d)) as u8) << (8 * k);
        }
        let nine = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &m)| n | (m >> 8 & 1) << i);
        out[8] |= nine << (8 * k);
    }
    out
}

/// Each row of nine cells spread into lanes of `width` bits: bit `width·j` of entry `m` is
/// bit `j` of `m`, so that summing spread rows counts each column in its lane.
const fn spread(width: usize) -> [u64; 512] {
    let mut t = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let mut j = 0;
        while j < 9 {
            t[m] |= ((m as u64 >> j) & 1) << (width * j);
            j += 1;
        }
        m += 1;
    }
    t
}

/// Nibble `j` of `SPREAD[m]` is bit `j` of `m`: the sum of the spread rows of a band (or
/// of the grid) holds in nibble `j` the count of column `j`'s cells (up to 9, which fits a
/// nibble).
pub(crate) static SPREAD: [u64; 512] = spread(4);

/// Bit `7·j` of `SPREAD7[m]` is bit `j` of `m`: the weighted sum of the spread rows of a
/// band (or of the grid) holds in lane `j` (seven bits) column `j`'s weight, at most nine
/// cells of [`PAIR_WEIGHT`] + [`EMPTY_WEIGHT`] each (45 < 128).
static SPREAD7: [u64; 512] = spread(7);

/// The cell of `pairs` (the empty cells with two candidates, a subset of `open`, not
/// empty) of the largest weight ([`PAIR_WEIGHT`]), the first in reading order among
/// equals. A cell's weight is that of its row, column and box, less those of its row and
/// of its column inside the box, which are counted twice, less its own (the same for
/// every cell, so left out): each row's from a table lookup per set, the columns' added in
/// lanes of seven bits ([`SPREAD7`]), each box's from its columns' in the band, made once
/// per call. The best is kept as a maximum of keys (the weight, then the cell's distance
/// from the end), not by a comparison branched on: which cell wins follows no pattern the
/// branch predictor could learn.
fn heaviest_pair(open: Bands, pairs: Bands) -> usize {
    // The bits of `set` under `mask` from bit `shift` of band `b`, as a table index.
    let bits = |set: &Bands, b: usize, shift: usize, mask: u32| (set.0[b] >> shift & mask) as usize;
    let mut rows = [0u32; 9];
    let mut band_cols = [0u64; 3];
    for b in 0..3 {
        for k in 0..3 {
            let (o, p) = (bits(&open, b, 9 * k, 0x1FF), bits(&pairs, b, 9 * k, 0x1FF));
            rows[3 * b + k] = EMPTY_WEIGHT * ONES9[o] as u32 + PAIR_WEIGHT * ONES9[p] as u32;
            band_cols[b] +=
                u64::from(EMPTY_WEIGHT) * SPREAD7[o] + u64::from(PAIR_WEIGHT) * SPREAD7[p];
        }
    }
    let cols = band_cols[0] + band_cols[1] + band_cols[2];
    let lane = |x: u64, j: usize| (x >> (7 * j)) as u32 & 0x7F;
    let mut best = 0u32;
    for (b, &band_col) in band_cols.iter().enumerate() {
        let boxes: [u32; 3] = std::array::from_fn(|s| {
            lane(band_col, 3 * s) + lane(band_col, 3 * s + 1) + lane(band_col, 3 * s + 2)
        });
        let mut here = pairs.0[b];
        while here != 0 {
            let i = here.trailing_zeros() as usize;
            here &= here - 1;
            let (k, j) = (i / 9, i % 9);
            let stack = j / 3;
            let shift = 9 * k + 3 * stack;
            let mini_row = EMPTY_WEIGHT * ONES9[bits(&open, b, shift, 7)] as u32
                + PAIR_WEIGHT * ONES9[bits(&pairs, b, shift, 7)] as u32;
            let weight =
                rows[3 * b + k] + lane(cols, j) + boxes[stack] - mini_row - lane(band_col, j);
            best = best.max(weight << 7 | (127 - (b * 27 + i) as u32));
        }
    }
    127 - (best & 127) as usize
}

/// [`fewest`] by the full count of every cell (after propagation an empty cell has two
/// candidates or more; the first band wins ties).
fn fewest_counted(st: &State) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for b in 0..3 {
        let words: [u32; 9] = std::array::from_fn(|d| st.pos[d].0[b]);
        let below = best.map_or(10, |(k, _)| k);
        if let Some((k, i)) = band_fewest(&words, st.open.0[b], 2, below) {
            best = Some((k, b * 27 + i));
        }
        if best.is_some_and(|(k, _)| k == 2) {
            break;
        }
    }
    best.map(|(_, cell)| cell)
}

/// Among the cells of `open` (one band's), the first held by the fewest of the nine digit
/// boards `words`, with that count, if it is at least `least` and below `below`: each
/// cell's boards counted bit-sliced (four bits, no branch per cell), then the counts tried
/// from the smallest.
pub(crate) fn band_fewest(
    words: &[u32; 9],
    open: u32,
    least: u32,
    below: u32,
) -> Option<(u32, usize)> {
    let (mut c0, mut c1, mut c2, mut c3) = (0u32, 0u32, 0u32, 0u32);
    for &x in words {
        let k0 = c0 & x;
        c0 ^= x;
        let k1 = c1 & k0;
        c1 ^= k0;
        let k2 = c2 & k1;
        c2 ^= k1;
        c3 |= k2;
    }
    (least..below.min(10)).find_map(|n| {
        let bit = |plane: u32, k: u32| if n >> k & 1 != 0 { plane } else { !plane };
        let cells = open & bit(c0, 0) & bit(c1, 1) & bit(c2, 2) & bit(c3, 3);
        (cells != 0).then(|| (n, cells.trailing_zeros() as usize))
    })
}

#[cfg(test)]
mod tests;
