//! `rate`'s path on 9×9 with 3×3 boxes: the ladder's steps counted as
//! [`Logic::rate`](super::Logic::rate) counts them, all on bitboards: the singles on each
//! digit's candidates as three 27-bit bands (as in `search9`), the steps beyond them by
//! the one ladder's techniques through [`ladder9`]'s scans, on the same candidates as 81-bit
//! boards. Nothing builds a [`Step`] but a guess.
//!
//! The path is the same: the first naked single in reading order, else the first hidden
//! single (boxes, then rows, then columns; the smallest digit in the first unit that has
//! one), else the ladder's first step beyond the singles (which [`ladder9`]'s scans find as
//! the full scans do), else the guess (tested against the general tally).
//!
//! [`Step`]: super::Step

use super::board::Candidates;
use super::ladder::Tables;
use super::ladder9;
use super::search9::{BOX, COL, ROW, Tables9, band_fewest, band_words, index_planes, plane_digit};
use super::step::Technique;
use crate::Grid;

/// How often each technique was used, by [`Technique::index`].
pub(crate) type Counts = [u32; Technique::ALL.len()];

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// The candidates of every digit as three bands (band-major: `cand[b][d]`, so that a band's
/// nine digits lie together), the empty cells, and each cell's value.
struct Bits {
    cand: [[u32; 9]; 3],
    open: [u32; 3],
    values: [u8; 81],
    /// Each cell's candidates (bit `d`; 0 for a filled cell): `cand` by cell, as
    /// [`ladder9`] and the guess read them, kept up to date by each placement and
    /// elimination rather than made again from `cand` for each step (a placement changes
    /// a few cells; making all 81 costs several times more).
    masks: [u32; 81],
}

impl Bits {
    fn new(board: &Candidates) -> Bits {
        let mut bits = Bits {
            cand: [[0; 9]; 3],
            open: [0; 3],
            values: [0; 81],
            masks: [0; 81],
        };
        bits.values.copy_from_slice(&board.values);
        // Without a branch per cell or per candidate (a filled cell's mask is 0): which
        // cells are given, and how many candidates each has, follows no pattern the
        // branch predictor could learn.
        for (b, (cand, open)) in bits.cand.iter_mut().zip(&mut bits.open).enumerate() {
            for i in 0..27 {
                *open |= u32::from(board.values[b * 27 + i] == 0) << i;
            }
            *cand = band_words(&board.masks[27 * b..]);
        }
        bits.masks.copy_from_slice(&board.masks);
        bits
    }

    /// Digit `d + 1` in `cell`: the cell's candidates go, and the digit leaves its peers.
    fn place(&mut self, t: &Tables9, cell: usize, d: usize) {
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        self.values[cell] = d as u8 + 1;
        self.open[b] &= !bit;
        for x in &mut self.cand[b] {
            *x &= !bit;
        }
        for (band, p) in self.cand.iter_mut().zip(t.peers(cell)) {
            band[d] &= !p;
        }
        // (All twenty peers, a loop of fixed length: those that lose the digit follow no
        // pattern the branch predictor could learn.)
        self.masks[cell] = 0;
        for &p in t.peer_cells(cell) {
            self.masks[p as usize] &= !(1 << d);
        }
    }

    /// Places naked singles, a round at a time, until a round finds none; returns how many
    /// it placed. (A cell that lost its one candidate to a single of the same round stays
    /// empty: no board on the way to its fill has one.)
    fn naked_singles(&mut self, t: &Tables9) -> u32 {
        let mut placed = 0;
        loop {
            let before = placed;
            for b in 0..3 {
                let mut single = self.naked_in(b);
                // Each single's digit from the planes of the digit index
                // ([`index_planes`]), taken before this band's placements; a single that
                // loses its candidate to one placed just now is left empty.
                let planes = index_planes(&self.cand[b], |x, y| x | y);
                while single != 0 {
                    let i = single.trailing_zeros() as usize;
                    single &= single - 1;
                    let d = plane_digit(planes, i);
                    if self.cand[b][d] >> i & 1 != 0 {
                        self.place(t, b * 27 + i, d);
                        placed += 1;
                    }
                }
            }
            if placed == before {
                return placed;
            }
        }
    }

    /// Whether a naked or a hidden single is left.
    fn has_single(&self) -> bool {
        (0..3).any(|b| self.naked_in(b) != 0) || self.hidden().is_some()
    }

    /// The empty cells of band `b` with one candidate (each cell's candidates counted to
    /// two, bit-sliced over the digits).
    fn naked_in(&self, b: usize) -> u32 {
        let (mut once, mut twice) = (0u32, 0u32);
        for &x in &self.cand[b] {
            twice |= once & x;
            once |= x;
        }
        self.open[b] & once & !twice
    }

    /// The empty cell with the fewest candidates, the first in reading order among them
    /// (an unsolved board has one), band by band ([`band_fewest`]).
    fn fewest(&self) -> usize {
        let mut best = (10, usize::MAX);
        for (b, (band, &open)) in self.cand.iter().zip(&self.open).enumerate() {
            if let Some((n, i)) = band_fewest(band, open, 0, best.0) {
                best = (n, 27 * b + i);
            }
        }
        assert!(best.1 < 81, "an unsolved board has an empty cell");
        best.1
    }

    /// The first hidden single: the cell and the digit (from 0). Boxes first, then rows,
    /// then columns, as the ladder looks; in each kind, the first unit with one, and its
    /// smallest digit with one place.
    fn hidden(&self) -> Option<(usize, usize)> {
        // Boxes and rows: a band's box (row) `k` holds the cells of `units[k]`.
        for units in [&BOX, &ROW] {
            for b in 0..3 {
                for &unit in units {
                    // The digits with one place here, tested without a branch each.
                    let mut ones = 0u32;
                    for (d, &x) in self.cand[b].iter().enumerate() {
                        ones |= u32::from(is_one(x & unit)) << d;
                    }
                    if ones != 0 {
                        let d = ones.trailing_zeros() as usize;
                        let p = self.cand[b][d] & unit;
                        return Some((b * 27 + p.trailing_zeros() as usize, d));
                    }
                }
            }
        }
        // Columns: for each digit, its places in each column counted to two (bit-sliced
        // over the nine rows); then the first column with a digit of one place.
        let mut ones = [0u32; 9];
        let mut any = 0;
        for (d, ones_d) in ones.iter_mut().enumerate() {
            let (mut once, mut twice) = (0u32, 0u32);
            for w in self.cand.iter().map(|band| band[d]) {
                for k in 0..3 {
                    let row = (w >> (9 * k)) & 0x1FF;
                    twice |= once & row;
                    once |= row;
                }
            }
            *ones_d = once & !twice;
            any |= *ones_d;
        }
        if any == 0 {
            return None;
        }
        let j = any.trailing_zeros();
        let d = (0..9).find(|&d| ones[d] >> j & 1 != 0)?;
        let b = (0..3).find(|&b| self.cand[b][d] & (COL << j) != 0)?;
        Some((
            b * 27 + (self.cand[b][d] & (COL << j)).trailing_zeros() as usize,
            d,
        ))
    }

    /// Each digit's candidates as one 81-bit board (bit = cell), as [`ladder9`] reads them.
    fn boards(&self) -> [u128; 9] {
        let [b0, b1, b2] = &self.cand;
        std::array::from_fn(|d| b0[d] as u128 | (b1[d] as u128) << 27 | (b2[d] as u128) << 54)
    }
}

#[inline]
fn is_one(m: u32) -> bool {
    (m != 0) & (m & m.wrapping_sub(1) == 0)
}

/// How often each technique is used on the path from the board to its fill, and the number
/// of steps: what the general tally gives, faster.
#[cfg(test)]
pub(crate) fn tally(
    t: &Tables9,
    sets: &Tables<u128>,
    board: &Candidates,
    fill: &Grid,
) -> (Counts, usize) {
    Path::new(t, board).finish(fill, sets)
}

/// `rate`'s path, taken in two stretches: the singles from the board on, which need no fill,
/// then the rest, which may guess and so needs it.
///
/// The first stretch ends where no single is left. On a board with a fill that is the
/// fixpoint of its singles (the same whatever the order in which they are placed), which is
/// where the effort's search starts; so [`Path::board`] gives that search its root without
/// propagating the singles a second time.
///
/// The naked singles are placed a round at a time: every cell that is a naked single in
/// a band at once, until a round finds none. The general path places them one by one, the
/// first in reading order each time, but it counts the same. A board on the way to its
/// one fill keeps that fill's digit in every cell (each step is sound), so a naked single
/// holds its fill digit, placing it removes only digits the fill does not put there, and a
/// naked single stays one until it is placed: the cells placed before the next hidden
/// single are the same in any order, each counted once as a naked single.
pub(crate) struct Path<'t> {
    t: &'t Tables9,
    bits: Bits,
    counts: Counts,
    steps: usize,
}

impl<'t> Path<'t> {
    /// The path from `board`, its first stretch taken.
    pub(crate) fn new(t: &'t Tables9, board: &Candidates) -> Path<'t> {
        let mut path = Path {
            t,
            bits: Bits::new(board),
            counts: [0; Technique::ALL.len()],
            steps: 0,
        };
        path.singles();
        path
    }

    /// Places singles until none is left: naked singles a round at a time, then the first
    /// hidden single, and again.
    fn singles(&mut self) {
        loop {
            let placed = self.bits.naked_singles(self.t);
            self.counts[Technique::NakedSingle.index()] += placed;
            self.steps += placed as usize;
            if self.bits.open == [0; 3] {
                return;
            }
            let Some((cell, d)) = self.bits.hidden() else {
                return;
            };
            self.counts[Technique::HiddenSingle.index()] += 1;
            self.steps += 1;
            self.bits.place(self.t, cell, d);
        }
    }

    /// Each cell's value where the path is now (0 while empty).
    pub(crate) fn values(&self) -> &[u8; 81] {
        &self.bits.values
    }

    /// Each cell's candidates where the path is now (bit `d` for digit `d + 1`; 0 for a
    /// filled cell).
    pub(crate) fn masks(&self) -> &[u32; 81] {
        &self.bits.masks
    }

    /// Whether every cell is filled.
    pub(crate) fn is_solved(&self) -> bool {
        self.bits.open == [0; 3]
    }

    /// The board where the path is now, shaped like `like` (a 9×9 board).
    pub(crate) fn board(&self, like: &Candidates) -> Candidates {
        let mut out = like.clone();
        out.values.copy_from_slice(&self.bits.values);
        out.masks.copy_from_slice(&self.bits.masks);
        out
    }

    /// The rest of the path, to the fill: how often each technique is used, and the number
    /// of steps.
    pub(crate) fn finish(mut self, fill: &Grid, sets: &Tables<u128>) -> (Counts, usize) {
        let mut memo = ladder9::Memo::with_fill(fill.cells().try_into().expect("81 cells"));
        while self.bits.open != [0; 3] {
            self.steps += 1;
            // The ladder's floors rest on this (`ladder9::view::floor`).
            debug_assert!(!self.bits.has_single(), "settled: no single left");
            let bits = &mut self.bits;
            let boards = bits.boards();
            debug_assert_eq!(
                bits.masks,
                ladder9::masks_of(&boards),
                "masks kept up to date"
            );
            if let Some(found) =
                ladder9::beyond_singles(sets, &boards, &bits.masks, true, &mut memo)
            {
                let gone = found.gone;
                self.counts[found.technique.index()] += 1;
                for (b, band) in bits.cand.iter_mut().enumerate() {
                    let cells = (gone.cells >> (27 * b)) as u32 & BAND;
                    for (d, x) in band.iter_mut().enumerate() {
                        *x &= !(cells & 0u32.wrapping_sub(gone.digits >> d & 1));
                    }
                }
                let mut cells = gone.cells;
                while cells != 0 {
                    bits.masks[cells.trailing_zeros() as usize] &= !gone.digits;
                    cells &= cells - 1;
                }
            } else {
                // The guess: the empty cell with the fewest candidates (the first in reading
                // order among them) takes its fill digit, as `super::guess` chooses.
                let cell = bits.fewest();
                self.counts[Technique::Guess.index()] += 1;
                bits.place(self.t, cell, fill.cells()[cell] as usize - 1);
            }
            self.singles();
        }
        (self.counts, self.steps)
    }
}
