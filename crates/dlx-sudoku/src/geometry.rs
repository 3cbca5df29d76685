//! The geometry of a shape, computed once for every room that needs it: the cells of each
//! row, column and box, the units of each cell and its peers. The logic
//! room works on it directly; the generator and the backtracking baselines derive their
//! compact tables from it.

use crate::{Shape, Unit};

/// Rows, columns and boxes of a shape, precomputed: the cells of each unit and the units of
/// each cell. Units are numbered rows `0..n`, columns `n..2n`, boxes `2n..3n`.
#[derive(Debug, Clone)]
pub(crate) struct Geometry {
    pub shape: Shape,
    pub n: usize,
    /// The cells of unit `u`, in reading order: `unit_cells[u * n..(u + 1) * n]`.
    pub unit_cells: Vec<usize>,
    /// The row, column and box unit of each cell.
    pub cell_units: Vec<[usize; 3]>,
    /// The peers of each cell (cells sharing a unit with it, itself excluded), sorted.
    pub peers: Vec<Vec<usize>>,
    /// The index of each cell among the cells of its row, column and box.
    pub cell_index: Vec<[u8; 3]>,
}

impl Geometry {
    pub fn new(shape: Shape) -> Geometry {
        let n = shape.side();
        let mut unit_cells = vec![0; 3 * n * n];
        let mut fill = vec![0usize; 3 * n];
        let mut cell_units = Vec::with_capacity(n * n);
        let mut cell_index = Vec::with_capacity(n * n);
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let units = [r, n + c, 2 * n + shape.box_of(r, c)];
            let mut index = [0u8; 3];
            for (k, u) in units.into_iter().enumerate() {
                unit_cells[u * n + fill[u]] = cell;
                index[k] = fill[u] as u8;
                fill[u] += 1;
            }
            cell_units.push(units);
            cell_index.push(index);
        }
        let peers = (0..n * n)
            .map(|cell| {
                let mut p: Vec<usize> = cell_units[cell]
                    .iter()
                    .flat_map(|&u| unit_cells[u * n..(u + 1) * n].iter().copied())
                    .filter(|&q| q != cell)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Geometry {
            shape,
            n,
            unit_cells,
            cell_units,
            peers,
            cell_index,
        }
    }

    /// The cells of unit `u`.
    #[inline]
    pub fn cells(&self, u: usize) -> &[usize] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    /// Unit `u` as the public [`Unit`].
    pub fn unit(&self, u: usize) -> Unit {
        let n = self.n;
        match u / n {
            0 => Unit::Row(u),
            1 => Unit::Column(u - n),
            _ => Unit::Box(u - 2 * n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unit `u`'s cells are exactly the cells of row `u`, column `u − n` or box `u − 2n`
    /// (`box_of`'s numbering), in ascending order, for every box shape.
    #[test]
    fn unit_cells_are_the_rows_columns_and_boxes() {
        for (br, bc) in [
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (4, 4),
            (1, 7),
            (6, 1),
            (5, 5),
        ] {
            let shape = Shape::new(br, bc).unwrap();
            let n = shape.side();
            let units = Geometry::new(shape).unit_cells;
            assert_eq!(units.len(), 3 * n * n);
            for (u, cells) in units.chunks(n).enumerate() {
                let expected: Vec<usize> = (0..n * n)
                    .filter(|&cell| {
                        let (r, c) = (cell / n, cell % n);
                        match u / n {
                            0 => r == u,
                            1 => c == u - n,
                            _ => shape.box_of(r, c) == u - 2 * n,
                        }
                    })
                    .collect();
                assert_eq!(cells, expected, "{br}x{bc} boxes, unit {u}");
            }
        }
    }
}
