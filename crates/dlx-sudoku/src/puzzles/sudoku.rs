//! A Sudoku puzzle as a named exact-cover problem, in the layout of
//! [`sudoku::problem`](crate::problem), for Knuth's text format.

use super::common::{add, base36};
use crate::{Grid, encoding};
use dlx_cover::Problem;
use dlx_cover::knuth::Named;

/// A Sudoku puzzle of any shape as exact cover, with Knuth-style names: `pRC` (cell),
/// `rRV` (row has value), `cCV` (column), `bBV` (box), one base-36 digit each, all primary.
///
/// The givens are built in: a given cell has only its own option, and an empty cell only
/// the values that no given in its row, column or box holds. Option `RC:V` text is
/// `pRC rRV cCV bBV`. Solutions decode to the filled grid; the empty 4×4 grid has 288.
#[derive(Debug, Clone)]
pub struct SudokuCover {
    puzzle: Grid,
    named: Named,
    /// `(cell, value)` of each option.
    placements: Vec<(usize, u8)>,
}

impl SudokuCover {
    /// The problem for `puzzle`. Givens that clash make a problem with no solution.
    pub fn new(puzzle: &Grid) -> SudokuCover {
        let shape = puzzle.shape();
        let n = shape.side();
        let nn = n * n;
        // used[unit][v]: value v+1 is given in that row (0..n), column (n..2n), box (2n..3n).
        let mut used = vec![false; 3 * n * n];
        for r in 0..n {
            for c in 0..n {
                let v = puzzle.get(r, c) as usize;
                if v > 0 {
                    for unit in [r, n + c, 2 * n + shape.box_of(r, c)] {
                        used[unit * n + v - 1] = true;
                    }
                }
            }
        }
        let mut problem = Problem::new(4 * nn, 0).expect("a Sudoku of side <= 25 fits");
        let mut placements = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let b = shape.box_of(r, c);
                let given = puzzle.get(r, c) as usize;
                for v in 0..n {
                    let allowed = if given > 0 {
                        v + 1 == given
                    } else {
                        [r, n + c, 2 * n + b].iter().all(|&u| !used[u * n + v])
                    };
                    if allowed {
                        add(&mut problem, &encoding::option_items(shape, r, c, v + 1));
                        placements.push((r * n + c, v as u8 + 1));
                    }
                }
            }
        }
        let mut names = Vec::with_capacity(4 * nn);
        for (prefix, count) in [('p', n), ('r', n), ('c', n), ('b', n)] {
            for a in 0..count {
                for b in 0..n {
                    // Cells are (row, column), 0-based; the others (unit, value), 1-based values.
                    let second = if prefix == 'p' { b } else { b + 1 };
                    names.push(format!("{prefix}{}{}", base36(a), base36(second)));
                }
            }
        }
        SudokuCover {
            puzzle: puzzle.clone(),
            named: Named::new(problem, names, Vec::new()),
            placements,
        }
    }

    /// The puzzle with the solution's values filled in.
    ///
    /// # Panics
    /// If an option number is not one of this problem's.
    pub fn decode(&self, solution: &[usize]) -> Grid {
        let mut grid = self.puzzle.clone();
        let n = grid.shape().side();
        for &o in solution {
            let (cell, v) = self.placements[o];
            grid.set(cell / n, cell % n, v);
        }
        grid
    }
}

super::common::named_accessors!(SudokuCover);
