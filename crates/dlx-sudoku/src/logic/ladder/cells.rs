//! Sets of cells as bits ([`CellSet`]: bit `n·row + column`), one width per size of board
//! so that each is a few machine words (a `u128` up to 10×10, ten `u64` words
//! above), and the tables of units and peers as such sets ([`Tables`]).

use crate::geometry::Geometry;
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of cells: bit `n·row + column`. Bits past the board's cells may be set in a
/// complement (`!x`); every set the techniques keep is intersected with a board's cells.
pub(crate) trait CellSet:
    Copy
    + Eq
    + Default
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The most cells a set holds.
    const CAPACITY: usize;

    /// The set of cell `c` alone.
    fn cell(c: usize) -> Self;

    /// The cells after `c` (`c + 1` on).
    fn after(c: usize) -> Self;

    /// The first cell (the set must not be empty).
    fn first(self) -> usize;

    /// The set less its first cell.
    fn less_first(self) -> Self;

    /// Cells `start..start + len` (`len` ≤ 32), as the bits of a mask.
    fn bits_at(self, start: usize, len: usize) -> u32;

    /// How many cells of the set each unit of a 9×9 board with 3×3 boxes holds, where the
    /// set has a faster way than unit by unit.
    #[inline]
    fn classic_unit_counts(self) -> Option<[u8; 27]> {
        None
    }

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::default()
    }

    /// The set of its first cell alone (empty when it is).
    #[inline]
    fn lowest(self) -> Self {
        self & !self.less_first()
    }
}

impl CellSet for u128 {
    const CAPACITY: usize = 128;

    #[inline]
    fn cell(c: usize) -> u128 {
        1 << c
    }

    #[inline]
    fn after(c: usize) -> u128 {
        !((2u128 << c).wrapping_sub(1))
    }

    #[inline]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }

    #[inline]
    fn less_first(self) -> u128 {
        self & self.wrapping_sub(1)
    }

    #[inline]
    fn bits_at(self, start: usize, len: usize) -> u32 {
        (self >> start) as u32 & crate::logic::board::full_mask(len)
    }

    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }

    #[inline]
    fn lowest(self) -> u128 {
        self & self.wrapping_neg()
    }

    #[inline]
    fn classic_unit_counts(self) -> Option<[u8; 27]> {
        Some(crate::logic::ladder9::unit_counts(self))
    }
}

/// A set of up to `64·W` cells in `W` words (word `i` holds cells `64·i..64·i + 64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wide<const W: usize>([u64; W]);

impl<const W: usize> Default for Wide<W> {
    fn default() -> Self {
        Wide([0; W])
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $op:tt, $atr:ident, $af:ident) => {
        impl<const W: usize> $tr for Wide<W> {
            type Output = Wide<W>;
            #[inline]
            fn $f(self, o: Wide<W>) -> Wide<W> {
                Wide(std::array::from_fn(|i| self.0[i] $op o.0[i]))
            }
        }
        impl<const W: usize> $atr for Wide<W> {
            #[inline]
            fn $af(&mut self, o: Wide<W>) {
                for (x, y) in self.0.iter_mut().zip(o.0) {
                    *x = *x $op y;
                }
            }
        }
    };
}

wide_op!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
wide_op!(BitOr, bitor, |, BitOrAssign, bitor_assign);

impl<const W: usize> BitXor for Wide<W> {
    type Output = Wide<W>;
    #[inline]
    fn bitxor(self, o: Wide<W>) -> Wide<W> {
        Wide(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}

impl<const W: usize> Not for Wide<W> {
    type Output = Wide<W>;
    #[inline]
    fn not(self) -> Wide<W> {
        Wide(self.0.map(|x| !x))
    }
}

impl<const W: usize> CellSet for Wide<W> {
    const CAPACITY: usize = 64 * W;

    #[inline]
    fn cell(c: usize) -> Wide<W> {
        let mut out = Wide::default();
        out.0[c / 64] = 1 << (c % 64);
        out
    }

    #[inline]
    fn after(c: usize) -> Wide<W> {
        Wide(std::array::from_fn(|i| match (i * 64).cmp(&(c + 1)) {
            std::cmp::Ordering::Greater | std::cmp::Ordering::Equal => u64::MAX,
            std::cmp::Ordering::Less if c / 64 == i => !((2u64 << (c % 64)).wrapping_sub(1)),
            std::cmp::Ordering::Less => 0,
        }))
    }

    #[inline]
    fn first(self) -> usize {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map_or(Self::CAPACITY, |i| {
                64 * i + self.0[i].trailing_zeros() as usize
            })
    }

    #[inline]
    fn less_first(mut self) -> Wide<W> {
        if let Some(w) = self.0.iter_mut().find(|w| **w != 0) {
            *w &= *w - 1;
        }
        self
    }

    #[inline]
    fn bits_at(self, start: usize, len: usize) -> u32 {
        let (w, s) = (start / 64, start % 64);
        let lo = self.0[w] >> s;
        let hi = match (s, self.0.get(w + 1)) {
            (1.., Some(&next)) => next << (64 - s),
            _ => 0,
        };
        (lo | hi) as u32 & crate::logic::board::full_mask(len)
    }
}

/// The cells of a set, first to last.
#[inline]
pub(crate) fn each<B: CellSet>(mut x: B) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (!x.is_empty()).then(|| {
            let c = x.first();
            x = x.less_first();
            c
        })
    })
}

/// Whether a set has two cells or more.
#[inline]
pub(crate) fn several<B: CellSet>(x: B) -> bool {
    !x.less_first().is_empty()
}

/// Whether a set has `k` cells or more.
#[inline]
pub(crate) fn at_least<B: CellSet>(mut x: B, k: usize) -> bool {
    for _ in 1..k {
        x = x.less_first();
    }
    !x.is_empty()
}

/// The set bits of a mask, lowest first. (A mask of units: for boards up to 21×21 its
/// bits are in the low word, which the loop takes first on its own.)
#[inline]
pub(crate) fn bits_of(m: u128) -> impl Iterator<Item = usize> {
    let (mut lo, mut hi) = (m as u64, (m >> 64) as u64);
    std::iter::from_fn(move || {
        if lo != 0 {
            let i = lo.trailing_zeros() as usize;
            lo &= lo - 1;
            Some(i)
        } else if hi != 0 {
            let i = hi.trailing_zeros() as usize;
            hi &= hi - 1;
            Some(64 + i)
        } else {
            None
        }
    })
}

/// A board's units and peers as sets of cells: rows `0..n`, columns `n..2n`, boxes
/// `2n..3n`, as the geometry numbers them.
#[derive(Debug, Clone)]
pub(crate) struct Tables<B> {
    /// The side.
    pub(crate) n: usize,
    /// The cells of each unit.
    pub(crate) unit: Vec<B>,
    /// The cells of each unit in reading order (as the geometry indexes them), `n` a unit.
    unit_cells: Vec<u16>,
    /// The peers of each cell (itself left out).
    pub(crate) peers: Vec<B>,
    /// The units of each cell: its row, column and box.
    pub(crate) cell_units: Vec<[u8; 3]>,
    /// Whether the board is 9×9 with 3×3 boxes.
    classic: bool,
}

impl<B: CellSet> Tables<B> {
    /// The tables of a geometry whose cells fit in `B`.
    pub(crate) fn new(g: &Geometry) -> Tables<B> {
        let n = g.n;
        assert!(n * n <= B::CAPACITY, "{n}×{n} cells fit the set");
        let set = |cells: &[usize]| cells.iter().fold(B::default(), |m, &c| m | B::cell(c));
        Tables {
            n,
            unit: (0..3 * n).map(|u| set(g.cells(u))).collect(),
            unit_cells: g.unit_cells.iter().map(|&c| c as u16).collect(),
            peers: g.peers.iter().map(|p| set(p)).collect(),
            cell_units: g.cell_units.iter().map(|u| u.map(|x| x as u8)).collect(),
            classic: g.shape == crate::Shape::CLASSIC,
        }
    }

    /// The cells of unit `u`, in reading order.
    #[inline]
    pub(crate) fn cells(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    /// The cells of unit `u` at the indices of `mask` (bit `i`: the unit's cell `i`).
    #[inline]
    pub(crate) fn cells_at(&self, u: usize, mut mask: u32) -> B {
        let cells = self.cells(u);
        let mut out = B::default();
        while mask != 0 {
            out |= B::cell(cells[mask.trailing_zeros() as usize] as usize);
            mask &= mask - 1;
        }
        out
    }

    /// The cells of row `r` in `x` (bit `i`: column `i`).
    #[inline]
    pub(crate) fn row_bits(&self, x: B, r: usize) -> u32 {
        x.bits_at(self.n * r, self.n)
    }

    /// The units (bit `u`) where `x` holds exactly two cells.
    pub(crate) fn units_with_two(&self, x: B) -> u128 {
        if self.classic
            && let Some(counts) = x.classic_unit_counts()
        {
            let units = counts
                .iter()
                .enumerate()
                .fold(0u32, |out, (u, &n)| out | u32::from(n == 2) << u);
            return u128::from(units);
        }
        self.unit.iter().enumerate().fold(0, |out, (u, &unit)| {
            let p = x & unit;
            out | u128::from(several(p) && !several(p.less_first())) << u
        })
    }
}

/// Each digit's candidates as a set of cells, from each cell's candidates (bit `d` for
/// digit `d + 1`).
pub(crate) fn boards_of<B: CellSet>(masks: &[u32], n: usize) -> Vec<B> {
    let mut out = vec![B::default(); n];
    for (c, &m) in masks.iter().enumerate() {
        let mut m = m;
        while m != 0 {
            out[m.trailing_zeros() as usize] |= B::cell(c);
            m &= m - 1;
        }
    }
    out
}

/// The tables of a shape, in the narrowest set its cells fit.
#[derive(Debug, Clone)]
pub(crate) enum Sets {
    /// Up to 128 cells (up to 10×10).
    Narrow(Tables<u128>),
    /// Up to 640 cells (12×12 to 25×25). One width for all of them: a width for 16×16
    /// alone would compile every technique once more, which the page's module cannot afford.
    Ten(Tables<Wide<10>>),
}

impl Sets {
    pub(crate) fn new(g: &Geometry) -> Sets {
        match g.n * g.n {
            0..=128 => Sets::Narrow(Tables::new(g)),
            _ => Sets::Ten(Tables::new(g)),
        }
    }

    /// The tables of a 9×9 board.
    pub(crate) fn narrow(&self) -> Option<&Tables<u128>> {
        match self {
            Sets::Narrow(t) => Some(t),
            _ => None,
        }
    }
}

/// The cells with two candidates, and with three.
pub(crate) fn by_count<B: CellSet>(masks: &[u32]) -> (B, B) {
    let (mut two, mut three) = (B::default(), B::default());
    for (c, &m) in masks.iter().enumerate() {
        match m.count_ones() {
            2 => two |= B::cell(c),
            3 => three |= B::cell(c),
            _ => {}
        }
    }
    (two, three)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix;

    /// The wide sets against `u128`, on random sets of 128 cells.
    #[test]
    fn wide_sets_do_what_u128_does() {
        let mut rng = SplitMix::new(5);
        let wide = |x: u128| Wide::<2>([x as u64, (x >> 64) as u64]);
        for _ in 0..2000 {
            let x = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
            let x = x & u128::from(rng.next_u64()) << (rng.next_u64() % 100);
            let c = (rng.next_u64() % 128) as usize;
            assert_eq!(wide(x).is_empty(), x.is_empty());
            if x != 0 {
                assert_eq!(wide(x).first(), x.first());
            }
            assert_eq!(wide(x).less_first(), wide(x.less_first()));
            assert_eq!(wide(x).lowest(), wide(x.lowest()));
            let len = 1 + (rng.next_u64() % 25) as usize;
            let start = c.min(128 - len);
            assert_eq!(wide(x).bits_at(start, len), x.bits_at(start, len));
            assert_eq!(Wide::<2>::after(c), wide(u128::after(c)), "after {c}");
            assert_eq!(Wide::<2>::cell(c), wide(u128::cell(c)));
            assert_eq!(!wide(x), wide(!x));
            assert!(each(wide(x)).eq(each(x)));
        }
    }
}
