//! The ladder's steps beyond the singles on 9×9 with 3×3 boxes, on bitboards, for `rate`'s
//! tally: each technique of [`techniques::beyond_singles`](super::techniques::beyond_singles)
//! written again over one 81-bit board per digit (bit `9·row + column` of a `u128`), giving
//! the same first step (the same technique and the same eliminations) without building it.
//!
//! Each technique scans in the general one's order: units rows, columns, boxes; digits
//! ascending; subsets, fish and wings in the lexicographic order of their cells, lines or
//! digits ([`first_subset`] is the general one itself). Where the general code walks
//! peer lists and unit indices, this one intersects boards: the cells that see both
//! pincers are `peers[a] & peers[c]`, a fish's eliminations `cand & covers & !bases`.
//!
//! A scan that found nothing is remembered by what decides it, exactly: a unit's candidates
//! (nine 9-bit masks, 81 bits) for naked and hidden subsets, a digit's board for fish,
//! pointing, claiming and colouring. While that is unchanged the scan is skipped, since it
//! would find nothing again; a test checks every step against the general ladder's.
//!
//! Most scans are decided before any enumeration, by first tests that leave out only units
//! and digits where the scan finds nothing: segments for pointing and claiming
//! ([`confined`]), counts of candidates and places for subsets and fish ([`Census`],
//! [`Slices`], [`may_hold`]), two alike for pairs, and on a settled board the duals'
//! floors ([`floor`]), tested on each unit's count of open cells (each digit's of open
//! lines) for all units at once. What they leave out is remembered like a scan that found
//! nothing.
//!
//! When the caller knows the board's fill ([`Memo::with_fill`], as `rate`'s path does),
//! the subsets and fish of every size are first decided together, without enumerating:
//! through the fill, a unit's candidates are a graph on its digits and a digit's a graph
//! on its columns, a subset or fish is a closed set of nodes with an edge coming in, and a
//! graph has none exactly when each of its weakly connected parts is strongly connected
//! ([`matched`], with the proof). Units and digits that pass are remembered as having no
//! subset and no fish; on a board where only a guess is left, every unit and digit tested
//! passes (those with fewer than four open cells or lines are left to the floors).

use super::search9::{SPREAD, band_masks};
use super::step::Technique;
use super::techniques::{ONES9, first_subset, fish_technique, hidden_technique, naked_technique};
use std::cell::OnceCell;
use std::ops::{BitAnd, BitOr};

/// A set of cells: bit `9·row + column`.
type Cells = u128;

/// Rows `0..9`, columns `9..18`, boxes `18..27`, as the general geometry numbers them.
struct Tables {
    /// The cells of each unit.
    unit: [Cells; 27],
    /// The cells of each unit in reading order (as the general ladder indexes them).
    cells: [[u8; 9]; 27],
    /// The peers of each cell (itself excluded).
    peers: [Cells; 81],
}

/// The units of cell `c`: its row, its column and its box, as `T` numbers them.
const fn units_of(c: usize) -> [usize; 3] {
    let (r, k) = (c / 9, c % 9);
    [r, 9 + k, 18 + (r / 3) * 3 + k / 3]
}

const fn tables() -> Tables {
    let mut t = Tables {
        unit: [0; 27],
        cells: [[0; 9]; 27],
        peers: [0; 81],
    };
    let mut fill = [0usize; 27];
    let mut c = 0;
    while c < 81 {
        let units = units_of(c);
        let mut j = 0;
        while j < 3 {
            let u = units[j];
            t.unit[u] |= 1 << c;
            t.cells[u][fill[u]] = c as u8;
            fill[u] += 1;
            j += 1;
        }
        c += 1;
    }
    c = 0;
    while c < 81 {
        let [r, k, b] = units_of(c);
        let near = t.unit[r] | t.unit[k] | t.unit[b];
        t.peers[c] = near & !(1 << c);
        c += 1;
    }
    t
}

static T: Tables = tables();

/// What the techniques look at: each digit's candidate cells, and each cell's candidates
/// (bit `v − 1`; 0 for a filled cell), the second made from the first.
struct View<'m> {
    cand: [Cells; 9],
    masks: &'m [u32; 81],
    /// Each unit's cells' candidates counted ([`Slices`]: a digit's places), and each
    /// digit's rows counted (a column's places), made when a scan first needs them.
    unit_places: [OnceCell<Slices>; 27],
    column_places: [OnceCell<Slices>; 9],
    /// Whether the board is settled: no single, and a fill ([`floor`]).
    settled: bool,
}

impl View<'_> {
    /// A unit's places counted, from its cells' candidates, made once.
    fn unit_places(&self, u: usize) -> &Slices {
        self.unit_places[u]
            .get_or_init(|| Slices::count(T.cells[u].iter().map(|&c| self.masks[c as usize])))
    }

    /// The cells holding both digits of a two-digit mask among their candidates.
    fn holding(&self, pair: u32) -> Cells {
        let (lo, hi) = (
            pair.trailing_zeros() as usize,
            31 - pair.leading_zeros() as usize,
        );
        self.cand[lo] & self.cand[hi]
    }

    /// The units (bit `u`) where digit `d` has exactly two places: its strong links.
    fn strong_units(&self, d: usize) -> u32 {
        unit_counts(self.cand[d])
            .iter()
            .enumerate()
            .fold(0, |out, (u, &n)| out | u32::from(n == 2) << u)
    }

    fn new<'m>(cand: &[Cells; 9], masks: &'m [u32; 81], settled: bool) -> View<'m> {
        debug_assert_eq!(*masks, masks_of(cand), "the masks are the boards' cells");
        View {
            cand: *cand,
            masks,
            unit_places: std::array::from_fn(|_| OnceCell::new()),
            column_places: std::array::from_fn(|_| OnceCell::new()),
            settled,
        }
    }
}

/// Each cell's candidates (bit `d`; 0 for a filled cell) from each digit's board.
pub(crate) fn masks_of(cand: &[Cells; 9]) -> [u32; 81] {
    let mut masks = [0u32; 81];
    for (b, out) in masks.chunks_exact_mut(27).enumerate() {
        let words = std::array::from_fn(|d| (cand[d] >> (27 * b)) as u32 & ((1 << 27) - 1));
        out.copy_from_slice(&band_masks(&words));
    }
    masks
}

/// A step beyond the singles: the technique and the candidates it removes, which are
/// always some digits' candidates in some cells (one digit, or a subset's digits).
pub(crate) type Found = (Technique, Gone);

/// The candidates of `digits` (bit `d`) in `cells`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Gone {
    pub digits: u32,
    pub cells: Cells,
}

impl Gone {
    /// The candidates removed from `cand`, per digit.
    #[cfg(test)]
    pub(crate) fn per_digit(self, cand: &[Cells; 9]) -> [Cells; 9] {
        std::array::from_fn(|d| {
            if self.digits >> d & 1 != 0 {
                cand[d] & self.cells
            } else {
                0
            }
        })
    }
}

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
    naked: [u32; 3],
    /// The same for hidden subsets.
    hidden: [u32; 3],
    /// By fish size: the digits and orientations (bit `2·d` with rows as base, `2·d + 1` with
    /// columns, so that a digit's rows come first) with no fish.
    fish: [u32; 3],
    /// The digits (bit `d`) with no pointing, no claiming, no colouring.
    pointing: u32,
    claiming: u32,
    colouring: u32,
    /// `confined[k][d]`: the units where digit `d + 1` may point (`k` = 0) or claim
    /// (`k` = 1), as [`confined`] finds them, kept while its board is unchanged (while bit
    /// `d` of `confined_kept[k]` is set).
    confined: [[u32; 9]; 2],
    confined_kept: [u32; 2],
    /// The board's fill, when the caller knows it ([`Memo::with_fill`]): what [`matched`]
    /// needs to find the units and digits with no subset or fish at all.
    fill: Option<Fill>,
}

/// A fill (81 values, 1 to 9) and, made when [`matched`] first needs them, its maps.
struct Fill {
    values: [u8; 81],
    maps: OnceCell<FillMaps>,
}

/// A fill read for [`matched`]: in each unit the cell of each digit, and for each digit the
/// row of each column.
struct FillMaps {
    /// `unit_cell[u][d]`: the cell of unit `u` that the fill gives digit `d + 1`.
    unit_cell: [[u8; 9]; 27],
    /// `col_row[d][c]`: the row of column `c` that the fill gives digit `d + 1`.
    col_row: [[u8; 9]; 9],
}

impl Fill {
    /// Panics unless the board is one [`Memo::with_fill`] is for: each empty cell keeps its
    /// fill digit, and no placed digit (a cell without candidates) is a candidate of a
    /// peer. (For debug builds: what [`matched`] rests on.)
    fn check(&self, v: &View) {
        for (c, (&m, &f)) in v.masks.iter().zip(&self.values).enumerate() {
            let d = f as usize - 1;
            if m != 0 {
                assert!(m >> d & 1 != 0, "cell {c} lost its fill digit {f}");
            } else {
                assert_eq!(v.cand[d] & T.peers[c], 0, "digit {f} placed in cell {c}");
            }
        }
    }

    /// The maps, made on the first call. (A path that never looks past pointing and
    /// claiming, or never past the singles, never makes them.)
    fn maps(&self) -> &FillMaps {
        self.maps.get_or_init(|| {
            let mut maps = FillMaps {
                unit_cell: [[0; 9]; 27],
                col_row: [[0; 9]; 9],
            };
            for (u, cells) in T.cells.iter().enumerate() {
                for &c in cells {
                    maps.unit_cell[u][self.values[c as usize] as usize - 1] = c;
                }
            }
            for (c, &v) in self.values.iter().enumerate() {
                maps.col_row[v as usize - 1][c % 9] = (c / 9) as u8;
            }
            maps
        })
    }
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
    /// are first tested for all units and digits at once ([`matched`]).
    pub(crate) fn with_fill(fill: &[u8; 81]) -> Memo {
        let values = *fill;
        Memo {
            fill: Some(Fill {
                values,
                maps: OnceCell::new(),
            }),
            ..Memo::new()
        }
    }

    /// Forgets what changed since the last call: the units with a cell whose candidates
    /// changed, the digits whose board changed.
    fn refresh(&mut self, cand: &[Cells; 9]) {
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
fn scopes_of(digits: u32) -> u32 {
    (0..9).fold(0, |m, d| m | ((digits >> d & 1) * (3 << (2 * d))))
}

/// The indices (bit `i`) whose count is `m` or more.
#[inline]
fn at_least_each(counts: &[u8], m: usize) -> u32 {
    counts
        .iter()
        .enumerate()
        .fold(0, |out, (i, &n)| out | u32::from(n as usize >= m) << i)
}

#[inline]
fn ones9(m: u32) -> u32 {
    ONES9[m as usize & 0x1FF] as u32
}

/// The cells of a board, lowest first.
#[inline]
fn each(mut x: Cells) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let c = x.trailing_zeros() as usize;
            x &= x - 1;
            c
        })
    })
}

/// Whether a board has two cells or more.
#[inline]
fn several(x: Cells) -> bool {
    x & x.wrapping_sub(1) != 0
}

/// The cells of unit `u` at the indices of `mask`.
#[inline]
fn cells_at(u: usize, mut mask: u32) -> Cells {
    let mut out = 0;
    while mask != 0 {
        out |= 1 << T.cells[u][mask.trailing_zeros() as usize];
        mask &= mask - 1;
    }
    out
}

/// The first step beyond the singles, as the general ladder finds it, or `None` when only a
/// guess is left (the board may have singles: they are not looked for here).
///
/// `settled` is the caller's word that the board has no naked or hidden single and has a
/// fill, as every board does where `rate`'s tally looks beyond the singles. Then each scan
/// leaves out the units and digits where only its dual could hold (see [`floor`]).
pub(crate) fn beyond_singles(
    cand: &[Cells; 9],
    masks: &[u32; 81],
    settled: bool,
    memo: &mut Memo,
) -> Option<Found> {
    memo.refresh(cand);
    if let Some(f) = intersection(cand, true, memo).or_else(|| intersection(cand, false, memo)) {
        return Some(f);
    }
    let v = &View::new(cand, masks, settled);
    let n = Census::new(v);
    if let Some(fill) = &memo.fill {
        if cfg!(debug_assertions) {
            fill.check(v);
        }
        // Only what some scan would look at: units and digits not known to have nothing at
        // every size, with the open cells (lines) a subset (fish) needs, four.
        let units = !(memo.naked[0] & memo.naked[1] & memo.naked[2])
            | !(memo.hidden[0] & memo.hidden[1] & memo.hidden[2]);
        let scopes = !(memo.fish[0] & memo.fish[1] & memo.fish[2]);
        let digits = (0..9).fold(0u32, |m, d| m | u32::from(scopes >> (2 * d) & 3 != 0) << d);
        // (On a settled board a unit with three open cells or fewer has no subset, and a
        // digit with three open lines or fewer no fish: the floors leave them out.)
        let (units, digits) = if settled {
            (units & n.units_with(4), digits & at_least_each(&n.lines, 4))
        } else {
            (units, digits)
        };
        let (units, digits) = (units & ALL_UNITS, digits & 0x1FF);
        if units | digits != 0 {
            let (units, digits) = matched(v, fill.maps(), units, digits);
            for k in 0..3 {
                memo.naked[k] |= units;
                memo.hidden[k] |= units;
                memo.fish[k] |= scopes_of(digits);
            }
        }
    }
    naked_subset(v, &n, 2, memo)
        .or_else(|| hidden_subset(v, &n, 2, memo))
        .or_else(|| naked_subset(v, &n, 3, memo))
        .or_else(|| fish(v, &n, 2, memo))
        .or_else(|| hidden_subset(v, &n, 3, memo))
        .or_else(|| fish(v, &n, 3, memo))
        .or_else(|| xy_wing(v, &n))
        .or_else(|| xyz_wing(v, &n))
        .or_else(|| w_wing(v, &n))
        .or_else(|| naked_subset(v, &n, 4, memo))
        .or_else(|| fish(v, &n, 4, memo))
        .or_else(|| hidden_subset(v, &n, 4, memo))
        .or_else(|| simple_colouring(v, memo))
}

/// The units (bit `u`) among `units` with no naked or hidden subset of any size, and the
/// digits (bit `d`) among `digits` with no fish of any size or orientation, on a board whose
/// every empty cell keeps its fill digit (`maps`) among its candidates and whose placed
/// digits are candidates of none of their peers. Nothing is enumerated: this is Régin's
/// test for an all-different constraint, on eight graphs at a time.
///
/// A unit's graph has a node for each digit; digit `d` points to the candidates of the
/// cell where the fill puts `d` (itself among them; a digit placed in the unit has no
/// edges). A set of digits that points nowhere else is *closed*: its cells hold only its
/// digits. A naked subset (cells `C`, digits `U`, as many as cells) is the closed set of
/// the fill digits of `C`, since each cell's fill digit is one of `U`, all different; and
/// what it removes is an edge into that set from outside. A hidden subset (digits `D`,
/// places `P`) is a closed set too, the fill digits of the unit's other open cells (no
/// place of `D` is among them), and what it removes is an edge into that set from `P`. So a
/// unit has a subset step only if some closed set has an edge coming in, that is, only if
/// some edge `d → e` cannot be walked back from `e` to `d`. When every edge can, each
/// weakly connected part of the graph is strongly connected, and the unit has no subset
/// step of any size. (The converse holds on a board without singles, for a closed set of
/// `s` digits among `m ≤ 9` is a naked `s`-subset or a hidden `(m − s)`-subset, one of
/// them of four or fewer; the ladder looks for them all.)
///
/// A digit's graph has a node for each column: column `c` points to the columns of the
/// digit's candidates in the row where the fill puts it in column `c`. A fish with base
/// rows `B` and cover columns `K` is the closed set `K`: each base row holds the digit's
/// candidate in its fill column, and none holds the digit placed (a placed digit has left
/// its row), so `K` is the fill columns of `B`; an edge in removes the digit from a cover
/// column. A fish with columns as base is the closed set of the other open columns, as
/// with hidden subsets. (A row where the digit is placed but still a candidate elsewhere
/// would break this: the peers rule above is what keeps such rows out.)
///
/// Reachability comes from Warshall's closure, on eight graphs at once (a node's row of
/// each graph in a lane of one vector); every edge can be walked back exactly when the
/// closure is symmetric.
fn matched(v: &View, maps: &FillMaps, units: u32, digits: u32) -> (u32, u32) {
    // The graphs to test, by lane: unit `u` as `u`, digit `d` as `27 + d`.
    let mut todo = u64::from(units) | u64::from(digits) << 27;
    let mut clean = 0u64;
    while todo != 0 {
        let mut lanes = [0u8; 8];
        // `reach[i][lane]`: the nodes node `i` of the lane's graph points to, then reaches.
        let mut reach = [[0u16; 8]; 9];
        let mut n = 0;
        while todo != 0 && n < 8 {
            let g = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            lanes[n] = g as u8;
            for (i, row) in reach.iter_mut().enumerate() {
                row[n] = if g < 27 {
                    v.masks[maps.unit_cell[g][i] as usize] as u16
                } else {
                    let d = g - 27;
                    (v.cand[d] >> (9 * maps.col_row[d][i] as u32)) as u16 & 0x1FF
                };
            }
            n += 1;
        }
        for k in 0..9 {
            let through = reach[k];
            for row in reach.iter_mut() {
                for (x, &y) in row.iter_mut().zip(&through) {
                    // (Bit `k` spread over the lane: no branch.)
                    *x |= y & ((*x << (15 - k)) as i16 >> 15) as u16;
                }
            }
        }
        // Bit 0 of each lane: whether some `i` reaches `j` but not `j` `i`. (Every pair is
        // visited, so that the loops have fixed bounds and unroll; the other bits of the
        // lanes are left unused.)
        let mut asymmetric = [0u16; 8];
        for i in 0..9 {
            for j in 0..9 {
                if j > i {
                    for ((a, &x), &y) in asymmetric.iter_mut().zip(&reach[i]).zip(&reach[j]) {
                        *a |= x >> j ^ y >> i;
                    }
                }
            }
        }
        for (&g, &a) in lanes[..n].iter().zip(&asymmetric) {
            clean |= u64::from(a & 1 == 0) << g;
        }
    }
    (clean as u32 & ALL_UNITS, (clean >> 27) as u32 & 0x1FF)
}

/// [`matched`] on every unit and digit of a board (its candidates by digit), for tests.
#[cfg(test)]
pub(crate) fn matched_everywhere(cand: &[Cells; 9], fill: &[u8; 81]) -> (u32, u32) {
    let fill = Fill {
        values: *fill,
        maps: OnceCell::new(),
    };
    matched(
        &View::new(cand, &masks_of(cand), false),
        fill.maps(),
        ALL_UNITS,
        0x1FF,
    )
}

/// Whether `first_subset` can find a subset of `k` among masks of which `small` have two to
/// `k` bits and `open` two bits or more: it chooses `k` of the former, and a subset removes
/// something only when some mask is left over. The scans below test this on counts before
/// they build the masks.
#[inline]
fn may_hold(small: u32, open: u32, k: usize) -> bool {
    small as usize >= k && open as usize > k
}

/// Whether a board has `k` cells or more.
#[inline]
fn at_least(mut x: Cells, k: usize) -> bool {
    for _ in 1..k {
        x &= x.wrapping_sub(1);
    }
    x != 0
}

/// Sets counted bit by bit (bit-sliced): `out[i]` holds the bits set in more than `i` of
/// them, for `i` up to 4.
#[inline]
fn layers<T>(sets: impl Iterator<Item = T>) -> [T; 5]
where
    T: Copy + Default + BitAnd<Output = T> + BitOr<Output = T>,
{
    let mut at = [T::default(); 5];
    for x in sets {
        for i in (1..5).rev() {
            at[i] = at[i] | (at[i - 1] & x);
        }
        at[0] = at[0] | x;
    }
    at
}

/// Nine masks counted bit by bit ([`layers`]): `0[i]` holds the bits set in more than `i`
/// of them. For a unit's cells' candidates, a bit is a digit and the count its places; for
/// a digit's rows, a bit is a column.
struct Slices([u32; 5]);

impl Slices {
    #[inline]
    fn count(masks: impl Iterator<Item = u32>) -> Slices {
        Slices(layers(masks))
    }

    /// [`may_hold`] for the bits counted.
    #[inline]
    fn may_hold(&self, k: usize) -> bool {
        may_hold(ones9(self.0[1] & !self.0[k]), ones9(self.0[1]), k)
    }

    /// The bits set in exactly `i` of the masks (1 ≤ `i` ≤ 4).
    #[inline]
    fn exactly(&self, i: usize) -> u32 {
        self.0[i - 1] & !self.0[i]
    }
}

/// Whether two of at most nine values are equal (a pair's test: two cells with the same two
/// candidates, two digits or lines with the same two places).
#[inline]
fn repeats(values: impl Iterator<Item = Cells>) -> bool {
    let mut seen = [0; 9];
    for (n, x) in values.take(9).enumerate() {
        if seen[..n].contains(&x) {
            return true;
        }
        seen[n] = x;
    }
    false
}

/// The set bits of a mask, lowest first.
#[inline]
fn digits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// Every fish scope (numbered as in [`Memo::fish`]).
const ALL_SCOPES: u32 = (1 << 18) - 1;

/// Every unit (bit `u`).
const ALL_UNITS: u32 = (1 << 27) - 1;

/// The units (fish scopes) among `all` that a scan visits: those its memo (`known`) does not
/// hold to have nothing, less, on a settled board, those below the floor (outside `reach`),
/// which are remembered like a scan that found nothing.
#[inline]
fn to_scan(known: &mut u32, all: u32, reach: Option<u32>) -> u32 {
    let todo = !*known & all;
    let Some(reach) = reach else {
        return todo;
    };
    *known |= todo & !reach;
    todo & reach
}

/// Column 0 (bit `9·r` for each row `r`).
const COLUMN: Cells = every(9);

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
const fn floor(k: usize, second: bool) -> usize {
    2 * k + second as usize
}

/// One digit's eliminations.
#[inline]
fn only(technique: Technique, d: usize, gone: Cells) -> Found {
    (
        technique,
        Gone {
            digits: 1 << d,
            cells: gone,
        },
    )
}

/// Pointing (a box's places of a digit on one row, then one column) or claiming (a row's,
/// then a column's, in one box): the digit leaves the rest of the other unit.
///
/// The units where a digit's places lie in one segment (the three cells a box and a line
/// share) and the other unit has places outside it are found for all units of a digit at
/// once ([`confined`]); each such unit and digit is then tested in the general order.
fn intersection(cand: &[Cells; 9], from_box: bool, memo: &mut Memo) -> Option<Found> {
    let k = usize::from(!from_box);
    let known = if from_box {
        &mut memo.pointing
    } else {
        &mut memo.claiming
    };
    let (kept, cache) = (&mut memo.confined_kept[k], &mut memo.confined[k]);
    // The units (bit `u`, as numbered in `T`) where some digit may make the step.
    let mut any = 0u32;
    let open = !*known & 0x1FF;
    for d in self::digits(open) {
        // (A digit's segments are found again only when its board changed.)
        if *kept & 1 << d == 0 {
            cache[d] = confined(cand[d], from_box);
            *kept |= 1 << d;
        }
        any |= cache[d];
    }
    while any != 0 {
        let u = any.trailing_zeros() as usize;
        any &= any - 1;
        // The digits to test there (without a branch per digit).
        let mut ds = (0..9).fold(0u32, |m, d| m | (cache[d] >> u & 1 & open >> d) << d);
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if let Some(found) = intersection_at(cand, from_box, u, d) {
                return Some(found);
            }
        }
    }
    *known = 0x1FF;
    None
}

/// Every `step`-th cell from 0 on.
const fn every(step: usize) -> Cells {
    let mut out = 0;
    let mut c = 0;
    while c < 81 {
        out |= 1 << c;
        c += step;
    }
    out
}

/// Row segments: bit `9·r + 3·j` stands for the cells `3·j..3·j + 3` of row `r`.
const ROW_SEGMENTS: Cells = every(3);
/// Column segments: bit `27·b + c` stands for column `c`'s three cells in band `b`.
const COL_SEGMENTS: Cells = 0x1FF | 0x1FF << 27 | 0x1FF << 54;
/// The first segment of each box (bit `27·b + 3·j` for box `3·b + j`).
const BOX_CORNERS: Cells = 0o111 | 0o111 << 27 | 0o111 << 54;
/// The first segment of each row (bit `9·r`).
const ROW_STARTS: Cells = every(9);

/// The bits of `at` where exactly one of `a`, `b`, `c` is set.
#[inline]
fn one_of(a: Cells, b: Cells, c: Cells, at: Cells) -> Cells {
    at & (a | b | c) & !((a & b) | (a & c) | (b & c))
}

/// The bits of `at` where two or more of `a`, `b`, `c` are set.
#[inline]
fn two_of(a: Cells, b: Cells, c: Cells, at: Cells) -> Cells {
    at & ((a & b) | (a & c) | (b & c))
}

/// `x` with copies shifted left by `i` and by `j`.
#[inline]
fn spread(x: Cells, i: u32, j: u32) -> Cells {
    x | x << i | x << j
}

/// The units (bit `u`) where a digit (its places `x`) may make a step of
/// [`intersection_at`]: boxes (bit `18 + box`) whose places lie in one row, or one column,
/// that has places outside the box, when `from_box`; else rows and columns whose places lie
/// in one box that has places outside the line. Each such unit makes the step unless it
/// holds one place only (a hidden single, which `intersection_at` leaves; a settled board
/// has none).
///
/// A segment is the three cells a box shares with a line; each kind of segment is one bit
/// (the first cell's) of a board, so that the units' segment counts, to one and to two, are
/// a few shifts for all units at once. A box with one occupied row segment points along
/// that row exactly when the row has another occupied segment; a row with one occupied
/// segment claims in its box exactly when the box has another occupied row segment; and
/// the same with columns.
#[inline]
fn confined(x: Cells, from_box: bool) -> u32 {
    // Row segments (bit `9·r + 3·j`: row `r` in stack `j`) and column segments (bit
    // `27·b + c`: column `c` in band `b`) holding places.
    let rows = (x | x >> 1 | x >> 2) & ROW_SEGMENTS;
    let cols = (x | x >> 9 | x >> 18) & COL_SEGMENTS;
    if from_box {
        // Boxes (at their corner) with one occupied row segment, and rows (at their start)
        // with two: spread back onto the segments, they meet where a box points.
        let box_one_row = one_of(rows, rows >> 9, rows >> 18, BOX_CORNERS);
        let row_two = two_of(rows, rows >> 3, rows >> 6, ROW_STARTS);
        let along_row = rows & spread(box_one_row, 9, 18) & spread(row_two, 3, 6);
        let box_one_col = one_of(cols, cols >> 1, cols >> 2, BOX_CORNERS);
        let col_two = two_of(cols, cols >> 27, cols >> 54, 0x1FF);
        let along_col = cols & spread(box_one_col, 1, 2) & spread(col_two, 27, 54);
        let corners = (along_row
            | along_row >> 9
            | along_row >> 18
            | along_col
            | along_col >> 1
            | along_col >> 2)
            & BOX_CORNERS;
        let mut out = 0;
        for b in 0..3 {
            let band = (corners >> (27 * b)) as u32;
            for j in 0..3 {
                out |= (band >> (3 * j) & 1) << (18 + 3 * b + j);
            }
        }
        out
    } else {
        // Rows with one occupied segment and boxes with two occupied row segments; columns
        // with one occupied segment and boxes with two occupied column segments.
        let row_one = one_of(rows, rows >> 3, rows >> 6, ROW_STARTS);
        let box_two_rows = two_of(rows, rows >> 9, rows >> 18, BOX_CORNERS);
        let row_claims = rows & spread(row_one, 3, 6) & spread(box_two_rows, 9, 18);
        let col_one = one_of(cols, cols >> 27, cols >> 54, 0x1FF);
        let box_two_cols = two_of(cols, cols >> 1, cols >> 2, BOX_CORNERS);
        let col_claims = cols & spread(col_one, 27, 54) & spread(box_two_cols, 1, 2);
        let rows_in_box = (row_claims | row_claims >> 3 | row_claims >> 6) & ROW_STARTS;
        let cols_in_box = (col_claims | col_claims >> 27 | col_claims >> 54) & 0x1FF;
        let mut out = (cols_in_box as u32) << 9;
        for r in 0..9 {
            out |= ((rows_in_box >> (9 * r)) as u32 & 1) << r;
        }
        out
    }
}

/// The intersection step of unit `u` (a box when `from_box`, else a line) and digit `d`, if
/// any: the places of `d` in `u` (two or more) all in the row, then the column, of the first
/// (from a box), or in its box (from a line), and places of `d` in that other unit outside `u`.
fn intersection_at(cand: &[Cells; 9], from_box: bool, u: usize, d: usize) -> Option<Found> {
    let p = cand[d] & T.unit[u];
    if !several(p) {
        return None;
    }
    let [row, col, bx] = units_of(p.trailing_zeros() as usize);
    let others: &[usize] = if from_box { &[row, col] } else { &[bx] };
    for &o in others {
        let line = T.unit[o];
        if p & !line != 0 {
            continue;
        }
        let gone = cand[d] & line & !T.unit[u];
        if gone != 0 {
            let t = if from_box {
                Technique::Pointing
            } else {
                Technique::Claiming
            };
            return Some(only(t, d, gone));
        }
    }
    None
}

/// Keeps the masks of two bits or more, as the general ladder chooses from (a mask of one
/// is a single).
#[inline]
fn two_or_more(masks: &mut [u32; 9]) {
    // (Masked, not branched on: which masks are singles follows no pattern.)
    for m in masks {
        *m &= 0u32.wrapping_sub(u32::from(*m & m.wrapping_sub(1) != 0));
    }
}

/// The candidates of `digits` (bit `d`) in `cells`, or `None` when there are none.
#[inline]
fn candidates_in(v: &View, ds: u32, cells: Cells) -> Option<Gone> {
    let any = digits(ds).any(|d| v.cand[d] & cells != 0);
    any.then_some(Gone { digits: ds, cells })
}

/// `k` cells of a unit (two candidates or more each) with `k` candidates between them: those
/// digits leave the unit's other cells.
fn naked_subset(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Option<Found> {
    let reach = v.settled.then(|| n.units_with(floor(k, false)));
    for u in digits(to_scan(&mut memo.naked[k - 2], ALL_UNITS, reach)) {
        let unit = T.unit[u];
        // A naked pair is two cells with the same two candidates.
        let pair = || repeats(each(n.two & unit).map(|c| v.masks[c] as Cells));
        if !(at_least(n.up_to[k - 2] & unit, k) && at_least(n.open & unit, k + 1))
            || (k == 2 && !pair())
        {
            memo.naked[k - 2] |= 1 << u;
            continue;
        }
        let mut masks = [0u32; 9];
        for (m, &c) in masks.iter_mut().zip(&T.cells[u]) {
            *m = v.masks[c as usize];
        }
        two_or_more(&mut masks);
        let found = first_subset(&masks, k, |chosen, union| {
            let mut rest = T.unit[u];
            for &i in chosen {
                rest &= !(1 << T.cells[u][i]);
            }
            candidates_in(v, union, rest).map(|gone| (naked_technique(k), gone))
        });
        if found.is_some() {
            return found;
        }
        memo.naked[k - 2] |= 1 << u;
    }
    None
}

/// `k` digits with `k` places between them in a unit (two places or more each): those cells
/// hold nothing else.
fn hidden_subset(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Option<Found> {
    // (On a settled board a unit's digits of two places or more are its open cells.)
    let reach = v.settled.then(|| n.units_with(floor(k, true)));
    for u in digits(to_scan(&mut memo.hidden[k - 2], ALL_UNITS, reach)) {
        let places = v.unit_places(u);
        // A hidden pair is two digits with the same two places.
        let pair = || repeats(digits(places.exactly(2)).map(|d| v.cand[d] & T.unit[u]));
        if !places.may_hold(k) || (k == 2 && !pair()) {
            memo.hidden[k - 2] |= 1 << u;
            continue;
        }
        // Each digit's places, from the cells' candidates (bit by bit, without a branch
        // per candidate).
        let mut masks = [0u32; 9];
        for (i, &c) in T.cells[u].iter().enumerate() {
            let m = v.masks[c as usize];
            for (d, x) in masks.iter_mut().enumerate() {
                *x |= (m >> d & 1) << i;
            }
        }
        two_or_more(&mut masks);
        let found = first_subset(&masks, k, |chosen, union| {
            let keep: u32 = chosen.iter().fold(0, |m, &d| m | 1 << d);
            candidates_in(v, !keep & 0x1FF, cells_at(u, union))
                .map(|gone| (hidden_technique(k), gone))
        });
        if found.is_some() {
            return found;
        }
        memo.hidden[k - 2] |= 1 << u;
    }
    None
}

/// Fish of size `k`: a digit's places in `k` base lines (rows, then columns) lie in `k`
/// cover lines; the digit leaves the cover lines' other cells.
fn fish(v: &View, n: &Census, k: usize, memo: &mut Memo) -> Option<Found> {
    let reach = v.settled.then(|| n.scopes_with(k));
    for scope in digits(to_scan(&mut memo.fish[k - 2], ALL_SCOPES, reach)) {
        let (d, rows_are_base) = (scope / 2, scope % 2 == 0);
        let x = v.cand[d];
        // An X-wing is two lines with the same two places.
        let may = if rows_are_base {
            let (mut small, mut open, mut pairs) = (0, 0, 0);
            for r in 0..9 {
                let places = ones9((x >> (9 * r)) as u32);
                small += u32::from((2..=k as u32).contains(&places));
                open += u32::from(places >= 2);
                pairs |= u32::from(places == 2) << r;
            }
            may_hold(small, open, k)
                && (k > 2 || repeats(digits(pairs).map(|r| x >> (9 * r) & 0x1FF)))
        } else {
            let places = v.column_places[d]
                .get_or_init(|| Slices::count((0..9).map(|r| (x >> (9 * r)) as u32 & 0x1FF)));
            places.may_hold(k)
                && (k > 2 || repeats(digits(places.exactly(2)).map(|c| x >> c & COLUMN)))
        };
        if !may {
            memo.fish[k - 2] |= 1 << scope;
            continue;
        }
        let (base0, cover0) = if rows_are_base { (0, 9) } else { (9, 0) };
        // Each base line's places: a row's by column, a column's by row.
        let mut masks = [0u32; 9];
        for r in 0..9 {
            let row = ((x >> (9 * r)) & 0x1FF) as u32;
            if rows_are_base {
                masks[r] = row;
            } else {
                let mut cols = row;
                while cols != 0 {
                    masks[cols.trailing_zeros() as usize] |= 1 << r;
                    cols &= cols - 1;
                }
            }
        }
        two_or_more(&mut masks);
        let found = first_subset(&masks, k, |chosen, union| {
            let bases = chosen.iter().fold(0, |m, &i| m | T.unit[base0 + i]);
            let mut covers = 0;
            let mut rest = union;
            while rest != 0 {
                covers |= T.unit[cover0 + rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            let gone = x & covers & !bases;
            (gone != 0).then(|| only(fish_technique(k), d, gone))
        });
        if found.is_some() {
            return found;
        }
        memo.fish[k - 2] |= 1 << scope;
    }
    None
}

/// The cells by their number of candidates (bit-sliced over the nine digits), for the
/// naked subsets' first test and the wings; and the counts the floors are tested on, each
/// unit's open cells and each digit's open lines.
struct Census {
    /// Cells with exactly two candidates, and exactly three.
    two: Cells,
    three: Cells,
    /// By `k` − 2: cells with two to `k` candidates.
    up_to: [Cells; 3],
    /// Cells with two candidates or more.
    open: Cells,
    /// By unit: how many cells with two candidates or more it has.
    open_in: [u8; 27],
    /// By digit: how many columns hold a candidate of it (on a settled board, its open
    /// rows and columns: the lines with two places or more).
    lines: [u8; 9],
}

impl Census {
    fn new(v: &View) -> Census {
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
    fn scopes_with(&self, k: usize) -> u32 {
        self.lines.iter().enumerate().fold(0, |out, (d, &m)| {
            let m = m as usize;
            out | u32::from(m >= floor(k, false)) << (2 * d)
                | u32::from(m >= floor(k, true)) << (2 * d + 1)
        })
    }

    /// The units (bit `u`) with `m` cells or more of two candidates or more.
    #[inline]
    fn units_with(&self, m: usize) -> u32 {
        at_least_each(&self.open_in, m)
    }
}

/// How many cells of `x` each unit holds: rows by table, columns and boxes from the rows
/// spread a nibble per column ([`SPREAD`]) and added.
fn unit_counts(x: Cells) -> [u8; 27] {
    let mut out = [0u8; 27];
    let mut cols = 0u64;
    for b in 0..3 {
        let mut band = 0u64;
        for k in 0..3 {
            let row = (x >> (9 * (3 * b + k))) as usize & 0x1FF;
            out[3 * b + k] = ONES9[row];
            band += SPREAD[row];
        }
        cols += band;
        for s in 0..3 {
            let three = band >> (12 * s);
            out[18 + 3 * b + s] = ((three & 0xF) + (three >> 4 & 0xF) + (three >> 8 & 0xF)) as u8;
        }
    }
    for (j, n) in out[9..18].iter_mut().enumerate() {
        *n = (cols >> (4 * j) & 0xF) as u8;
    }
    out
}

/// XY-wing: pivot `xy` with pincers `xz` and `yz` it sees; `z` leaves the cells that see both
/// pincers.
fn xy_wing(v: &View, w: &Census) -> Option<Found> {
    for pivot in each(w.two) {
        let p = v.masks[pivot];
        let near = T.peers[pivot] & w.two;
        // The pincers share one digit with the pivot: they hold one of its two.
        let (x, y) = (p.trailing_zeros() as usize, 31 - p.leading_zeros() as usize);
        for a in each(near & (v.cand[x] ^ v.cand[y])) {
            let am = v.masks[a];
            let z = am & !p;
            let want = (p & !am) | z;
            let zd = z.trailing_zeros() as usize;
            // The cells of two candidates holding both of `want`'s.
            for c in each(near & !((2 << a) - 1) & v.holding(want)) {
                let gone = v.cand[zd] & T.peers[a] & T.peers[c];
                if gone != 0 {
                    return Some(only(Technique::XyWing, zd, gone));
                }
            }
        }
    }
    None
}

/// XYZ-wing: pivot `xyz` with pincers `xz` and `yz` it sees; `z` leaves the cells that see
/// all three.
fn xyz_wing(v: &View, w: &Census) -> Option<Found> {
    for pivot in each(w.three) {
        let p = v.masks[pivot];
        // The pincers: peers with two candidates, both the pivot's (two of its three:
        // the cells where at least two of its digits' boards meet).
        let [x, y, z] = {
            let lo = p.trailing_zeros() as usize;
            let hi = 31 - p.leading_zeros() as usize;
            let mid = (p & !(1 << lo) & !(1 << hi)).trailing_zeros() as usize;
            [v.cand[lo], v.cand[mid], v.cand[hi]]
        };
        let near = T.peers[pivot] & w.two & ((x & y) | (z & (x | y)));
        for a in each(near) {
            let am = v.masks[a];
            for c in each(near & !((2 << a) - 1) & !v.holding(am)) {
                let cm = v.masks[c];
                let zd = (am & cm).trailing_zeros() as usize;
                let gone = v.cand[zd] & T.peers[pivot] & T.peers[a] & T.peers[c];
                if gone != 0 {
                    return Some(only(Technique::XyzWing, zd, gone));
                }
            }
        }
    }
    None
}

/// W-wing: cells `a` and `c` both `xy`, not peers, and a unit where `x` has two places, one
/// seen by `a` and the other by `c`; `y` leaves the cells that see both. (The general ladder
/// stops at the first such unit for `x`, removing nothing when no cell sees both: whether a
/// step comes out depends on `a`, `c` and `y` alone.)
fn w_wing(v: &View, w: &Census) -> Option<Found> {
    if !several(w.two) {
        return None;
    }
    // Each digit's strong units (where it has two places), made when a pair of cells first
    // needs them; `u32::MAX` until then (27 units use 27 bits).
    let mut strong = [u32::MAX; 9];
    for a in each(w.two) {
        let m = v.masks[a];
        let (lo, hi) = (m.trailing_zeros() as usize, 31 - m.leading_zeros() as usize);
        // The cells after `a` with the same two candidates that do not see it.
        let twins = w.two & !((2 << a) - 1) & v.holding(m) & !T.peers[a];
        for c in each(twins) {
            let both = T.peers[a] & T.peers[c];
            let ends: Cells = 1 << a | 1 << c;
            for (d, y) in [(lo, hi), (hi, lo)] {
                let gone = v.cand[y] & both;
                if gone == 0 {
                    continue;
                }
                if strong[d] == u32::MAX {
                    strong[d] = v.strong_units(d);
                }
                // (Every link tested, with `&` and `|` on the tests: the short-circuit
                // forms branch on each, and their outcomes follow no pattern.)
                let (sa, sc) = (T.peers[a], T.peers[c]);
                let linked = digits(strong[d]).fold(false, |any, u| {
                    // The unit's two places.
                    let p = v.cand[d] & T.unit[u];
                    let e = p & p.wrapping_neg();
                    let f = p & !e;
                    let apart = (e | f) & ends == 0;
                    let seen = ((sa & e != 0) & (sc & f != 0)) | ((sa & f != 0) & (sc & e != 0));
                    any | (apart & seen)
                });
                if linked {
                    return Some(only(Technique::WWing, y, gone));
                }
            }
        }
    }
    None
}

/// Simple colouring on one digit: the cells joined by conjugate pairs take two colours (the
/// component's first cell colour 0, breadth first, as the general ladder colours them);
/// components of four cells or more only. A colour with two cells that see each other goes
/// (wrap); else the cells outside that see both colours lose the digit (trap).
fn simple_colouring(v: &View, memo: &mut Memo) -> Option<Found> {
    for d in 0..9 {
        if memo.colouring & 1 << d != 0 {
            continue;
        }
        let x = v.cand[d];
        // The units where the digit has two places (bit `u`): each one's two places, by
        // unit (none for the other units), and the cells they join.
        let links = v.strong_units(d);
        let mut pair_in = [0 as Cells; 27];
        let mut linked: Cells = 0;
        for u in digits(links) {
            pair_in[u] = x & T.unit[u];
            linked |= pair_in[u];
        }
        // A cell's partners: the other places of its row, column and box, where those
        // hold two places.
        let partners = |e: usize| units_of(e).iter().fold(0, |m, &u| m | pair_in[u]);
        let mut done: Cells = 0;
        while linked & !done != 0 {
            // A component, coloured from its first cell out a layer at a time: each cell
            // the colour of its distance's parity, as breadth first gives it.
            let start = linked & !done;
            let start = start & start.wrapping_neg();
            let mut side: [Cells; 2] = [start, 0];
            let (mut layer, mut colour) = (start, 0);
            done |= start;
            while layer != 0 {
                let next = each(layer).fold(0, |next, e| next | partners(e)) & !done;
                done |= next;
                colour = 1 - colour;
                side[colour] |= next;
                layer = next;
            }
            if !at_least(side[0] | side[1], 4) {
                continue;
            }
            // The cells each colour sees; a colour that sees one of its own cells goes.
            let seen = side.map(|s| each(s).fold(0, |m, e| m | T.peers[e]));
            for (s, seen) in side.into_iter().zip(seen) {
                if seen & s != 0 {
                    return Some(only(Technique::SimpleColouring, d, s));
                }
            }
            let gone = x & !(side[0] | side[1]) & seen[0] & seen[1];
            if gone != 0 {
                return Some(only(Technique::SimpleColouring, d, gone));
            }
        }
        memo.colouring |= 1 << d;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use crate::logic::board::Geometry;

    /// The tables say what the general geometry says: units' cells in reading order, peers.
    #[test]
    fn tables_match_the_geometry() {
        let g = Geometry::new(Shape::CLASSIC);
        for u in 0..27 {
            let cells: Vec<usize> = T.cells[u].iter().map(|&c| c as usize).collect();
            assert_eq!(cells, g.cells(u), "unit {u}");
            assert_eq!(T.unit[u], cells.iter().fold(0, |m, &c| m | 1 << c));
        }
        for c in 0..81 {
            assert_eq!(T.peers[c], g.peers[c].iter().fold(0, |m, &p| m | 1 << p));
        }
    }

    /// Each unit's count of a board's cells, against counting the cells of the unit's
    /// board, on random boards of every density.
    #[test]
    fn unit_counts_count_each_units_cells() {
        let mut rng = crate::logic::search::SplitMix::new(3);
        for round in 0..3000 {
            let keep = round % 8;
            let mut x: Cells = 0;
            for c in 0..81 {
                if rng.next() % 8 < keep {
                    x |= 1 << c;
                }
            }
            for (u, (&n, &unit)) in unit_counts(x).iter().zip(&T.unit).enumerate() {
                assert_eq!(n as u32, (x & unit).count_ones(), "unit {u}");
            }
        }
    }
}
