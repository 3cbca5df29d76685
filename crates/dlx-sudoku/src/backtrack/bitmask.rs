//! Seeds 001 and 003: one mask of used values per row, column and box (bit `v` for value
//! `v`), so a value is legal when its bit is clear in all three; placing and clearing a
//! value flips three bits. Seed 001 keeps the same facts in arrays of flags; seed 003 tests
//! the bit of each value in turn, where this finds the lowest free value above the last one
//! tried in one step: the same values in the same order.

use super::board::Board;
use crate::grid::{Grid, Shape};

/// The grid plus used-value masks; `u32` holds values up to 25 (bit 0 unused).
#[derive(Debug, Clone)]
pub(super) struct Masks {
    cells: Vec<u8>,
    /// `(row, col, box)` of each cell.
    units: Vec<[u8; 3]>,
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    /// Bits `1..=n`.
    all: u32,
}

impl Board for Masks {
    fn new(shape: Shape) -> Self {
        let n = shape.side();
        let units = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                [r as u8, c as u8, shape.box_of(r, c) as u8]
            })
            .collect();
        Masks {
            cells: vec![0; n * n],
            units,
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
            all: ((1u64 << (n + 1)) - 2) as u32,
        }
    }

    fn load(&mut self, puzzle: &Grid) {
        self.rows.fill(0);
        self.cols.fill(0);
        self.boxes.fill(0);
        self.cells.fill(0);
        for (i, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                self.place(i, v);
            }
        }
    }

    fn next(&self, cell: usize, after: u8) -> u8 {
        let [r, c, b] = self.units[cell];
        let used = self.rows[r as usize] | self.cols[c as usize] | self.boxes[b as usize];
        // Values above `after` only (after <= 25, so the shift stays below 32).
        let free = !used & self.all & (u32::MAX << (after + 1));
        if free == 0 {
            0
        } else {
            free.trailing_zeros() as u8
        }
    }

    fn place(&mut self, cell: usize, value: u8) {
        let [r, c, b] = self.units[cell];
        let bit = 1u32 << value;
        self.rows[r as usize] |= bit;
        self.cols[c as usize] |= bit;
        self.boxes[b as usize] |= bit;
        self.cells[cell] = value;
    }

    fn clear(&mut self, cell: usize, value: u8) {
        let [r, c, b] = self.units[cell];
        let bit = !(1u32 << value);
        self.rows[r as usize] &= bit;
        self.cols[c as usize] &= bit;
        self.boxes[b as usize] &= bit;
        self.cells[cell] = 0;
    }

    fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }
}
