//! The candidates grid: for every cell its value or the set of digits still possible there,
//! as a bitmask (bit `v − 1` for digit `v`), over the [`Geometry`] of rows, columns and
//! boxes.

use std::fmt::Write as _;

use crate::geometry::Geometry;
use crate::{Clash, Grid, Shape};

/// A Sudoku in progress: each cell holds a value, or the candidates still possible there.
///
/// ```
/// use dlx_sudoku::{Grid, logic::Candidates};
///
/// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///     .parse()?;
/// let board = Candidates::from_grid(&puzzle).expect("no clash");
/// // r1c3 sees 5, 3, 7 in its row, 6, 8, 9 in its box: 1, 2 and 4 are left.
/// assert_eq!(board.candidates(0, 2), vec![1, 2, 4]);
/// # Ok::<(), dlx_sudoku::GridError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidates {
    shape: Shape,
    /// The value of each cell, 0 while it is empty.
    pub(crate) values: Vec<u8>,
    /// The candidates of each empty cell (bit `v − 1` for digit `v`); 0 for a filled cell.
    pub(crate) masks: Vec<u32>,
}

impl Candidates {
    /// The candidates grid of a puzzle: every empty cell starts with every digit, then each
    /// given removes its digit from its peers.
    ///
    /// # Errors
    /// When two givens clash.
    pub fn from_grid(puzzle: &Grid) -> Result<Candidates, Clash> {
        Candidates::from_grid_in(&Geometry::new(puzzle.shape()), puzzle)
    }

    /// [`Candidates::from_grid`] with the shape's geometry at hand.
    pub(crate) fn from_grid_in(geometry: &Geometry, puzzle: &Grid) -> Result<Candidates, Clash> {
        if puzzle.shape() == Shape::CLASSIC {
            Candidates::from_classic(puzzle)
        } else {
            Candidates::from_units(geometry, puzzle)
        }
    }

    /// [`Candidates::from_grid_in`] on any shape, by the geometry's units.
    fn from_units(geometry: &Geometry, puzzle: &Grid) -> Result<Candidates, Clash> {
        let shape = puzzle.shape();
        let n = shape.side();
        let full = full_mask(n);
        // Each unit's digits; an empty cell keeps the digits none of its units has (what
        // placing the givens one by one leaves, with no clash). A digit met twice in a
        // unit is a clash, which `Grid::clash` then names.
        let mut used = vec![0u32; 3 * n];
        let mut twice = false;
        // (Without a branch on the cell: a blank's digit bit is 0, and which cells are
        // given follows no pattern a branch predictor could learn.)
        for (units, &v) in geometry.cell_units.iter().zip(puzzle.cells()) {
            let bit = (1u32 << v) >> 1;
            for &u in units {
                twice |= used[u] & bit != 0;
                used[u] |= bit;
            }
        }
        if twice && let Some(clash) = puzzle.clash() {
            return Err(clash);
        }
        let values = puzzle.cells().to_vec();
        let masks = geometry
            .cell_units
            .iter()
            .zip(&values)
            .map(|(units, &v)| {
                let blank = 0u32.wrapping_sub(u32::from(v == 0));
                full & !units.iter().fold(0, |m, &u| m | used[u]) & blank
            })
            .collect();
        Ok(Candidates {
            shape,
            values,
            masks,
        })
    }

    /// [`Candidates::from_grid_in`] for 9×9 with 3×3 boxes, the same way on fixed arrays
    /// (the units of a cell found by arithmetic, every index known in range), for `rate`'s
    /// millions of puzzles.
    fn from_classic(puzzle: &Grid) -> Result<Candidates, Clash> {
        let shape = puzzle.shape();
        let cells: &[u8; 81] = puzzle.cells().try_into().expect("81 cells");
        let (mut rows, mut cols, mut boxes) = ([0u32; 9], [0u32; 9], [0u32; 9]);
        let mut twice = 0;
        for r in 0..9 {
            for c in 0..9 {
                let bit = (1u32 << cells[9 * r + c]) >> 1;
                let b = r / 3 * 3 + c / 3;
                twice |= (rows[r] | cols[c] | boxes[b]) & bit;
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        if twice != 0
            && let Some(clash) = puzzle.clash()
        {
            return Err(clash);
        }
        let mut masks = vec![0u32; 81];
        for r in 0..9 {
            for c in 0..9 {
                let blank = 0u32.wrapping_sub(u32::from(cells[9 * r + c] == 0));
                masks[9 * r + c] = 0x1FF & !(rows[r] | cols[c] | boxes[r / 3 * 3 + c / 3]) & blank;
            }
        }
        Ok(Candidates {
            shape,
            values: cells.to_vec(),
            masks,
        })
    }

    /// A candidates grid from raw marks: `masks[cell]` holds the digits allowed in each cell
    /// (bit `v − 1`). A cell with one mark counts as filled, and its digit leaves its peers.
    /// `None` when a cell has no mark at all or two filled cells clash.
    pub fn from_masks(shape: Shape, masks: &[u32]) -> Option<Candidates> {
        let n = shape.side();
        if masks.len() != n * n || masks.iter().any(|&m| m == 0 || m & !full_mask(n) != 0) {
            return None;
        }
        let geometry = Geometry::new(shape);
        let mut board = Candidates {
            shape,
            values: vec![0; n * n],
            masks: masks.to_vec(),
        };
        for (cell, &m) in masks.iter().enumerate() {
            if m.count_ones() == 1 {
                let v = m.trailing_zeros() as u8 + 1;
                if geometry.peers[cell].iter().any(|&p| board.values[p] == v) {
                    return None;
                }
                board.place(&geometry, cell, v);
            }
        }
        // A filled cell may have emptied a peer's marks.
        (0..n * n)
            .all(|c| board.values[c] != 0 || board.masks[c] != 0)
            .then_some(board)
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The value of cell `(row, col)`, 0 while empty.
    pub fn value(&self, row: usize, col: usize) -> u8 {
        self.values[row * self.shape.side() + col]
    }

    /// The candidates of cell `(row, col)`, ascending (empty for a filled cell).
    pub fn candidates(&self, row: usize, col: usize) -> Vec<u8> {
        digits(self.masks[row * self.shape.side() + col])
    }

    /// The candidates of each cell as a bitmask (bit `v − 1`); 0 for a filled cell.
    pub fn masks(&self) -> &[u32] {
        &self.masks
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The filled cells as a grid (0 for the empty ones).
    pub fn to_grid(&self) -> Grid {
        Grid::from_values(self.shape, &self.values).expect("values stay within the shape")
    }

    /// Puts `v` in `cell` and removes it from the cell's peers.
    pub(crate) fn place(&mut self, geometry: &Geometry, cell: usize, v: u8) {
        self.values[cell] = v;
        self.masks[cell] = 0;
        let keep = !(1u32 << (v - 1));
        for &p in &geometry.peers[cell] {
            self.masks[p] &= keep;
        }
    }

    /// Removes candidate `v` from `cell`.
    pub(crate) fn eliminate(&mut self, cell: usize, v: u8) {
        self.masks[cell] &= !(1u32 << (v - 1));
    }

    /// The pencilmark line: for each cell `n` characters, the digit where it is a candidate
    /// (or the cell's value) and `.` elsewhere (729 characters for 9×9).
    pub fn to_pencilmarks(&self) -> String {
        let marks: Vec<u32> = (0..self.values.len()).map(|c| self.cell_marks(c)).collect();
        crate::pencil::line_of_marks(self.shape, &marks)
    }

    /// The marks of a cell: its candidates, or its value alone.
    fn cell_marks(&self, cell: usize) -> u32 {
        match self.values[cell] {
            0 => self.masks[cell],
            v => 1 << (v - 1),
        }
    }

    /// The candidates grid for people: each cell shows its candidates (or its value), columns
    /// padded to the widest cell, `|` between boxes across and a rule between bands.
    pub fn render(&self) -> String {
        let n = self.shape.side();
        let (br, bc) = (self.shape.box_rows(), self.shape.box_cols());
        let text = |cell: usize| -> String {
            digits(self.cell_marks(cell))
                .into_iter()
                .map(|v| self.shape.symbol(v))
                .collect()
        };
        let width: Vec<usize> = (0..n)
            .map(|c| (0..n).map(|r| text(r * n + c).len()).max().unwrap_or(1))
            .collect();
        let mut out = String::new();
        // A stack's cells take `width + 1` characters each; " |" separates stacks, so the
        // rule has a `+` under each `|`.
        let stacks = n / bc;
        let mut rule = String::new();
        for s in 0..stacks {
            let len: usize = (s * bc..(s + 1) * bc).map(|c| width[c] + 1).sum();
            if s + 1 < stacks {
                rule.push_str(&"-".repeat(len + 1));
                rule.push('+');
            } else {
                rule.push_str(&"-".repeat(len));
            }
        }
        for r in 0..n {
            if r > 0 && r % br == 0 {
                out.push_str(&rule);
                out.push('\n');
            }
            let mut line = String::new();
            for (c, &w) in width.iter().enumerate() {
                if c > 0 && c % bc == 0 {
                    line.push_str(" |");
                }
                let _ = write!(line, " {:<w$}", text(r * n + c));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// Every digit of a side `n`, as a mask.
#[inline]
pub(crate) fn full_mask(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// The digits of a mask, ascending.
pub(crate) fn digits(mut mask: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        out.push(mask.trailing_zeros() as u8 + 1);
        mask &= mask - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix;

    /// The 9×9 path against the units' path, on random grids of every density, clashes
    /// among them.
    #[test]
    fn the_classic_board_is_the_units_board() {
        let g = Geometry::new(Shape::CLASSIC);
        let mut rng = SplitMix::new(11);
        let (mut ok, mut clashes) = (0, 0);
        for round in 0..3000 {
            let density = 1 + round % 8;
            let values: Vec<u8> = (0..81)
                .map(|_| match rng.next_u64() % 10 < density as u64 {
                    true => (rng.next_u64() % 9) as u8 + 1,
                    false => 0,
                })
                .collect();
            let grid = Grid::from_values(Shape::CLASSIC, &values).unwrap();
            let fast = Candidates::from_classic(&grid);
            assert_eq!(fast, Candidates::from_units(&g, &grid), "round {round}");
            match fast {
                Ok(_) => ok += 1,
                Err(_) => clashes += 1,
            }
        }
        assert!(ok > 100 && clashes > 100, "{ok} boards, {clashes} clashes");
    }
}
