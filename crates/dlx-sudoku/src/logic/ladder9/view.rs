//! What the bitboard ladder's techniques look at ([`View`]: each digit's board, each
//! cell's candidates, the counts made once), with the
//! counts the first tests and the floors rest on ([`Census`], [`floor`]).

use super::bits::{
    COLUMN, Cells, Slices, T, at_least, at_least_each, layers, masks_of, ones9, unit_counts,
};
use crate::logic::ladder::{Board, Found, Tables};
use crate::logic::techniques::ONES9;
use std::cell::OnceCell;

/// What a scan gives: the first step it found, if any.
pub(super) type Hit = Option<Found<Cells>>;

/// What the techniques look at: each digit's candidate cells, and each cell's candidates
/// (bit `v − 1`; 0 for a filled cell), the second made from the first.
pub(super) struct View<'m> {
    /// The units and peers, as the one ladder's techniques read them.
    t: &'m Tables<Cells>,
    pub(super) cand: [Cells; 9],
    pub(super) masks: &'m [u32; 81],
    /// Each unit's cells' candidates counted ([`Slices`]: a digit's places), and each
    /// digit's rows counted (a column's places), made when a scan first needs them.
    unit_places: [OnceCell<Slices>; 27],
    pub(super) column_places: [OnceCell<Slices>; 9],
    /// Whether the board is settled: no single, and a fill ([`floor`]).
    pub(super) settled: bool,
}

impl View<'_> {
    /// A unit's places counted, from its cells' candidates, made once.
    pub(super) fn unit_places(&self, u: usize) -> &Slices {
        self.unit_places[u]
            .get_or_init(|| Slices::count(T.cells[u].iter().map(|&c| self.masks[c as usize])))
    }

    /// The board as the one ladder's techniques read it.
    #[inline]
    pub(super) fn board(&self) -> Board<'_, Cells> {
        Board {
            t: self.t,
            cand: &self.cand,
            masks: self.masks,
        }
    }

    pub(super) fn new<'m>(
        t: &'m Tables<Cells>,
        cand: &[Cells; 9],
        masks: &'m [u32; 81],
        settled: bool,
    ) -> View<'m> {
        debug_assert_eq!(*masks, masks_of(cand), "the masks are the boards' cells");
        View {
            t,
            cand: *cand,
            masks,
            unit_places: std::array::from_fn(|_| OnceCell::new()),
            column_places: std::array::from_fn(|_| OnceCell::new()),
            settled,
        }
    }
}

/// Every fish scope (numbered as in [`Memo::fish`](super::memo::Memo::fish)).
pub(super) const ALL_SCOPES: u32 = (1 << 18) - 1;

/// Every unit (bit `u`).
pub(super) const ALL_UNITS: u32 = (1 << 27) - 1;

/// On a settled board (no naked or hidden single, and a fill), the fewest open cells a unit
/// needs for a naked (`second` false) or hidden (`second` true) subset scan of size `k` to
/// find a step, and the fewest open rows (columns) a digit needs for a fish scan with rows
/// (columns) as base lines.
///
/// Each subset has a dual. A unit with `m` open cells lacks `m` digits, each cell has two
/// candidates or more and each digit two places or more. If `k` cells hold only the `k`
/// digits `D` (a naked subset), the other `m − k` digits have their places among the other
/// `m − k` cells only, and in all of them, since the fill puts those digits there (this is
/// where the fill is needed: without one, three digits could share two places). So they
/// are a hidden subset, found by the same rules (masks of two places or more, their union
/// exactly `m − k` cells, more than `m − k` masks), and the eliminations are the same: the
/// digits of `D` in those cells. The converse holds alike, and for fish: if a digit's places
/// in `k` base rows lie in `k` columns, its places in the other `m − k` columns lie in the
/// other `m − k` rows, and both remove the digit from the `k` columns outside the `k` rows.
/// A dual of size 1 would be a single, which a settled board lacks.
///
/// The floors are tested on counts ([`Census::open_in`], [`Census::lines`]) that rest on two
/// more facts of every board here: a placed digit is in no peer's candidates (placing it
/// takes it from them), and every digit a unit lacks has two places or more in it (its
/// fill's, and no hidden single). So a unit's digits with two places or more are its open
/// cells, and a digit's rows (columns) with two places or more are the columns holding a
/// candidate of it.
///
/// The ladder runs naked pairs, hidden pairs, naked triples, X-wings, hidden triples,
/// swordfish, (wings,) naked quads, jellyfish, hidden quads, each over every unit or digit
/// (rows before columns) before the next, and goes on only while all found nothing. So a
/// naked `k`-subset whose dual is smaller than `k` was already looked for and is not there:
/// a naked scan needs `m ≥ 2k`. A hidden scan comes after the naked scan of its size, so it
/// needs `m ≥ 2k + 1`; fish with rows as base need `m ≥ 2k`, with columns `m ≥ 2k + 1`.
/// (The earlier dual scan did look at the unit: its own floor lets it, since its size `j =
/// m − k` is below `k`, or equal and first. When the memo skipped it there instead, the
/// memo's "nothing here" is exact too, for the unit's candidates alone decide it.)
#[inline]
pub(super) const fn floor(k: usize, second: bool) -> usize {
    2 * k + second as usize
}

/// The cells by their number of candidates (bit-sliced over the nine digits), for the
/// naked subsets' first test and the wings; and the counts the floors are tested on, each
/// unit's open cells and each digit's open lines.
pub(super) struct Census {
    /// Cells with exactly two candidates, and exactly three.
    pub(super) two: Cells,
    pub(super) three: Cells,
    /// By `k` − 2: cells with two to `k` candidates.
    pub(super) up_to: [Cells; 3],
    /// Cells with two candidates or more.
    pub(super) open: Cells,
    /// By unit: how many cells with two candidates or more it has.
    open_in: [u8; 27],
    /// By digit: how many columns hold a candidate of it (on a settled board, its open
    /// rows and columns: the lines with two places or more).
    pub(super) lines: [u8; 9],
}

impl Census {
    pub(super) fn new(v: &View) -> Census {
        // `at_least[i]`: the cells with more than `i` candidates.
        let at_least = layers(v.cand.iter().copied());
        let open = at_least[1];
        let census = Census {
            two: open & !at_least[2],
            three: at_least[2] & !at_least[3],
            up_to: [
                open & !at_least[2],
                open & !at_least[3],
                open & !at_least[4],
            ],
            open,
            open_in: unit_counts(open),
            lines: std::array::from_fn(|d| {
                let x = v.cand[d];
                let bands = x | x >> 27 | x >> 54;
                ONES9[(bands | bands >> 9 | bands >> 18) as usize & 0x1FF]
            }),
        };
        if cfg!(debug_assertions) && v.settled {
            census.check_floor_counts(v);
        }
        census
    }

    /// Checks what [`floor`]'s docs say of the counts on a settled board: each unit's open
    /// cells are its digits with two places or more, and each digit's columns holding a
    /// candidate are its rows, and its columns, with two places or more.
    fn check_floor_counts(&self, v: &View) {
        for u in 0..27 {
            let places = ones9(v.unit_places(u).0[1]);
            assert_eq!(places, u32::from(self.open_in[u]), "unit {u}");
        }
        for d in 0..9 {
            let x = v.cand[d];
            let rows = (0..9).filter(|r| ones9((x >> (9 * r)) as u32) >= 2).count();
            let cols = (0..9).filter(|c| at_least(x & COLUMN << c, 2)).count();
            assert_eq!(
                (rows, cols),
                (self.lines[d] as usize, self.lines[d] as usize),
                "digit {d}"
            );
        }
    }

    /// The fish scopes (bit `2·d` with rows as base, `2·d + 1` with columns) at or above
    /// their floor for size `k`, taking each digit's lines as its open rows and columns.
    #[inline]
    pub(super) fn scopes_with(&self, k: usize) -> u32 {
        self.lines.iter().enumerate().fold(0, |out, (d, &m)| {
            let m = m as usize;
            out | u32::from(m >= floor(k, false)) << (2 * d)
                | u32::from(m >= floor(k, true)) << (2 * d + 1)
        })
    }

    /// The units (bit `u`) with `m` cells or more of two candidates or more.
    #[inline]
    pub(super) fn units_with(&self, m: usize) -> u32 {
        at_least_each(&self.open_in, m)
    }
}
