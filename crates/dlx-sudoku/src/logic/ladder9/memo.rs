//! The bitboard ladder's memory between steps: the scans that found nothing, forgotten
//! when what decides them changes ([`Memo`]).

use super::bits::{Cells, T};
use super::matched::Fill;

/// The scans that found nothing, and whether what decides them has changed since: a
/// unit's candidates for naked and hidden subsets, a digit's board for intersections, fish
/// and colouring. [`Memo::refresh`] compares the boards with those of the last call and
/// forgets the scans of every unit and digit that changed, so a scan is skipped only when
/// it would find nothing again. It also keeps each digit's pointing and claiming segments
/// while its board is unchanged, and, when the caller knows it, the board's fill.
pub(crate) struct Memo {
    /// The boards at the last call.
    seen: [Cells; 9],
    /// By subset size (2, 3, 4): the units (bit `u`) where naked subsets found nothing.
    pub(super) naked: [u32; 3],
    /// The same for hidden subsets.
    pub(super) hidden: [u32; 3],
    /// By fish size: the digits and orientations (bit `2·d` with rows as base, `2·d + 1` with
    /// columns, so that a digit's rows come first) with no fish.
    pub(super) fish: [u32; 3],
    /// The digits (bit `d`) with no pointing, no claiming, no colouring.
    pub(super) pointing: u32,
    pub(super) claiming: u32,
    pub(super) colouring: u32,
    /// `confined[k][d]`: the units where digit `d + 1` may point (`k` = 0) or claim (`k` = 1), as
    /// `intersections::confined` finds them, kept while its board is unchanged (while bit `d` of
    /// `confined_kept[k]` is set).
    pub(super) confined: [[u32; 9]; 2],
    pub(super) confined_kept: [u32; 2],
    /// The board's fill, when the caller knows it ([`Memo::with_fill`]): what
    /// [`matched`](super::matched::matched()) needs to find the units and digits with no subset or
    /// fish at all.
    pub(super) fill: Option<Fill>,
}

impl Memo {
    pub(crate) fn new() -> Memo {
        Memo {
            seen: [0; 9],
            naked: [0; 3],
            hidden: [0; 3],
            fish: [0; 3],
            pointing: 0,
            claiming: 0,
            colouring: 0,
            confined: [[0; 9]; 2],
            confined_kept: [0; 2],
            fill: None,
        }
    }

    /// A memo for the boards on the way to `fill` (81 values, 1 to 9): boards whose every
    /// empty cell keeps its fill digit among its candidates, and whose placed digits are
    /// candidates of none of their peers, as every board of `rate`'s path is (each step is
    /// sound, and placing a digit takes it from the peers). With it, the subsets and fish
    /// are first tested for all units and digits at once ([`matched`](super::matched::matched())).
    pub(crate) fn with_fill(fill: &[u8; 81]) -> Memo {
        let values = *fill;
        Memo {
            fill: Some(Fill::new(values)),
            ..Memo::new()
        }
    }

    /// Forgets what changed since the last call: the units with a cell whose candidates
    /// changed, the digits whose board changed.
    pub(super) fn refresh(&mut self, cand: &[Cells; 9]) {
        let mut diff = 0;
        let mut digits = 0u32;
        // (Without a branch per digit: which digits changed follows no pattern.)
        for (d, (old, &new)) in self.seen.iter_mut().zip(cand).enumerate() {
            let changed = *old ^ new;
            diff |= changed;
            digits |= u32::from(changed != 0) << d;
            *old = new;
        }
        if digits == 0 {
            return;
        }
        // (Masks, not branches: which units changed follows no pattern.)
        let units = T
            .unit
            .iter()
            .enumerate()
            .fold(0u32, |m, (u, &cells)| m | u32::from(cells & diff != 0) << u);
        let scopes = scopes_of(digits);
        for k in 0..3 {
            self.naked[k] &= !units;
            self.hidden[k] &= !units;
            self.fish[k] &= !scopes;
        }
        self.pointing &= !digits;
        self.claiming &= !digits;
        self.confined_kept[0] &= !digits;
        self.confined_kept[1] &= !digits;
        self.colouring &= !digits;
    }
}

/// Both fish orientations (scopes `2·d` and `2·d + 1`) of each digit `d` in `digits`.
#[inline]
pub(super) fn scopes_of(digits: u32) -> u32 {
    (0..9).fold(0, |m, d| m | ((digits >> d & 1) * (3 << (2 * d))))
}

/// The units (fish scopes) among `all` that a scan visits: those its memo (`known`) does not
/// hold to have nothing, less, on a settled board, those below the floor (outside `reach`),
/// which are remembered like a scan that found nothing.
#[inline]
pub(super) fn to_scan(known: &mut u32, all: u32, reach: Option<u32>) -> u32 {
    let todo = !*known & all;
    let Some(reach) = reach else {
        return todo;
    };
    *known |= todo & !reach;
    todo & reach
}
