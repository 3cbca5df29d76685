//! What the row-major backtracking boards share: the [`Board`] trait the search drives, and
//! the table the scanning boards read the geometry from.

use crate::geometry::Geometry;
use crate::grid::{Grid, Shape};

/// The state a row-major search needs: the grid being filled and a legality test.
pub(super) trait Board {
    /// A board for grids of `shape`.
    fn new(shape: Shape) -> Self;
    /// Takes the givens of `puzzle` (known not to clash) as the starting grid.
    fn load(&mut self, puzzle: &Grid);
    /// The smallest value greater than `after` that may go in the blank `cell`, or 0.
    fn next(&self, cell: usize, after: u8) -> u8;
    /// Puts `value` in the blank `cell` (a board that keeps only the grid writes it there).
    fn place(&mut self, cell: usize, value: u8) {
        self.cells_mut()[cell] = value;
    }
    /// Takes `value` back out of `cell`.
    fn clear(&mut self, cell: usize, _value: u8) {
        self.cells_mut()[cell] = 0;
    }
    /// The grid as it stands, row-major, 0 for blank.
    fn cells(&self) -> &[u8];
    /// The grid, to write.
    fn cells_mut(&mut self) -> &mut [u8];
}

/// What the scanning boards read of the [`Geometry`]: for each cell, its row, column and
/// the top-left cell of its box.
#[derive(Debug, Clone)]
pub(super) struct ScanTable {
    pub(super) n: usize,
    pub(super) box_rows: usize,
    pub(super) box_cols: usize,
    /// `(row, col, box corner cell)` per cell.
    pub(super) at: Vec<(u8, u8, u16)>,
}

impl ScanTable {
    pub(super) fn new(shape: Shape) -> Self {
        let g = Geometry::new(shape);
        let n = g.n;
        let at = (0..n * n)
            .map(|cell| {
                let [_, _, b] = g.cell_units[cell];
                // A box's cells are listed in reading order: its first is the corner.
                let corner = g.cells(b)[0];
                ((cell / n) as u8, (cell % n) as u8, corner as u16)
            })
            .collect();
        ScanTable {
            n,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            at,
        }
    }

    /// Whether `v` is nowhere in the row, the column or the box of `cell`, by scanning
    /// them, as the seeds do.
    pub(super) fn free_by_scan(&self, cells: &[u8], cell: usize, v: u8) -> bool {
        let n = self.n;
        let (r, c, corner) = self.at[cell];
        let (r, c, corner) = (r as usize, c as usize, corner as usize);
        if cells[r * n..r * n + n].contains(&v) {
            return false;
        }
        if (0..n).any(|i| cells[i * n + c] == v) {
            return false;
        }
        for i in 0..self.box_rows {
            let start = corner + i * n;
            if cells[start..start + self.box_cols].contains(&v) {
                return false;
            }
        }
        true
    }
}
