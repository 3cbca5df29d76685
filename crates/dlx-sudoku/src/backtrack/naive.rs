//! Seeds 000 and 002: every value tried is checked by scanning the cell's row, column and
//! box for it. The blanks are listed once before the search, as seed 000 does; seed 002
//! finds the next blank by rescanning the grid from the top, which costs more per node but
//! visits the same tree.

use super::board::{Board, ScanTable};
use crate::grid::{Grid, Shape};

/// The grid and nothing else: legality is found by scanning.
#[derive(Debug, Clone)]
pub(super) struct Scan {
    geometry: ScanTable,
    cells: Vec<u8>,
}

impl Board for Scan {
    fn new(shape: Shape) -> Self {
        Scan {
            geometry: ScanTable::new(shape),
            cells: vec![0; shape.cells()],
        }
    }

    fn load(&mut self, puzzle: &Grid) {
        self.cells.copy_from_slice(puzzle.cells());
    }

    fn next(&self, cell: usize, after: u8) -> u8 {
        let n = self.geometry.n as u8;
        (after + 1..=n)
            .find(|&v| self.geometry.free_by_scan(&self.cells, cell, v))
            .unwrap_or(0)
    }

    fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }
}
