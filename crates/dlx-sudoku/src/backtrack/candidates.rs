//! Seed 004: before the search, each blank's candidates are the values absent from the
//! givens of its row, column and box; the search tries only those, in ascending order, and
//! checks each against the grid as it stands by scanning. The candidates are never updated
//! during the search, so they prune only what the givens rule out.

use super::board::{Board, ScanTable};
use crate::grid::{Grid, Shape};

/// The grid plus each cell's candidates from the givens (bit `v` for value `v`).
#[derive(Debug, Clone)]
pub(super) struct Precomputed {
    geometry: ScanTable,
    cells: Vec<u8>,
    candidates: Vec<u32>,
}

impl Board for Precomputed {
    fn new(shape: Shape) -> Self {
        Precomputed {
            geometry: ScanTable::new(shape),
            cells: vec![0; shape.cells()],
            candidates: vec![0; shape.cells()],
        }
    }

    fn load(&mut self, puzzle: &Grid) {
        self.cells.copy_from_slice(puzzle.cells());
        let n = self.geometry.n as u8;
        for cell in 0..self.cells.len() {
            self.candidates[cell] = if self.cells[cell] != 0 {
                0
            } else {
                (1..=n)
                    .filter(|&v| self.geometry.free_by_scan(&self.cells, cell, v))
                    .fold(0, |m, v| m | 1 << v)
            };
        }
    }

    fn next(&self, cell: usize, after: u8) -> u8 {
        let mut left = self.candidates[cell] & (u32::MAX << (after + 1));
        while left != 0 {
            let v = left.trailing_zeros() as u8;
            if self.geometry.free_by_scan(&self.cells, cell, v) {
                return v;
            }
            left &= left - 1;
        }
        0
    }

    fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }
}
