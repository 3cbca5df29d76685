//! Pencilmark input: one line of `n³` characters, for each cell (in reading order) `n`
//! characters, the `i`-th being digit `i` when it is a candidate of the cell and `.` (or `0`)
//! when it is not — the format tdoku and Sukaku Explainer read (729 characters for 9×9).
//!
//! ```
//! use dlx_sudoku::pencil;
//!
//! // Every cell open, except r1c1 which can only be 5.
//! let mut line = "....5....".to_string();
//! line.push_str(&"123456789".repeat(80));
//! let (shape, marks) = pencil::parse(line.as_bytes()).unwrap();
//! assert_eq!(shape.side(), 9);
//! assert_eq!(marks[0], 1 << 4);
//! assert_eq!(marks[1], 0x1FF);
//! ```

use std::ops::ControlFlow;

use dlx_cover::{Chooser, Limits, Problem, Solver};
use thiserror::Error;

use super::encoding;
use super::grid::{Grid, Shape, describe_byte};
use super::solver::{CountOutcome, GaveUp, NoSolution, Outcome, count_up_to};

/// The sides whose pencilmark lines are read: 4, 6, 9, 16 and 25 (lines of 64, 216, 729,
/// 4096 and 15625 characters).
const SIDES: [usize; 5] = [4, 6, 9, 16, 25];

/// The shape whose pencilmark line has `len` characters, if any.
pub fn shape_for_length(len: usize) -> Option<Shape> {
    SIDES
        .into_iter()
        .find(|n| n * n * n == len)
        .and_then(Shape::for_side)
}

/// What is wrong with a pencilmark line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PencilError {
    /// Not `n³` characters for any side read.
    #[error("a pencilmark line has 64, 216, 729, 4096 or 15625 characters, found {0}")]
    WrongLength(usize),
    /// A character that is neither the digit of its slot nor `.`/`0`.
    #[error("column {column}: {found} is not '{digit}' or '.' (cell {cell}, digit {digit})")]
    BadMark {
        /// 1-based position on the line.
        column: usize,
        /// The character found, quoted or escaped.
        found: String,
        /// The cell, `r1c2`.
        cell: String,
        /// The digit this slot stands for.
        digit: char,
    },
    /// A cell with no candidate at all.
    #[error("cell {0} has no candidate")]
    EmptyCell(String),
}

/// Reads a pencilmark line: its shape and, for each cell, its candidates as a mask (bit
/// `v − 1` for digit `v`).
///
/// # Errors
/// A wrong length, a character out of place, or a cell without candidates.
pub fn parse(line: &[u8]) -> Result<(Shape, Vec<u32>), PencilError> {
    let shape = shape_for_length(line.len()).ok_or(PencilError::WrongLength(line.len()))?;
    let n = shape.side();
    let cell_name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
    let mut marks = Vec::with_capacity(n * n);
    for (c, chunk) in line.chunks(n).enumerate() {
        let mut mask = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            let digit = shape.symbol(i as u8 + 1);
            if b == b'.' || b == b'0' {
                continue;
            }
            if b.to_ascii_uppercase() != digit as u8 {
                return Err(PencilError::BadMark {
                    column: c * n + i + 1,
                    found: describe_byte(b),
                    cell: cell_name(c),
                    digit,
                });
            }
            mask |= 1 << i;
        }
        if mask == 0 {
            return Err(PencilError::EmptyCell(cell_name(c)));
        }
        marks.push(mask);
    }
    Ok((shape, marks))
}

/// The grid of the cells with a single candidate (the others blank).
pub fn singles(shape: Shape, marks: &[u32]) -> Grid {
    let values: Vec<u8> = marks
        .iter()
        .map(|&m| {
            if m.count_ones() == 1 {
                m.trailing_zeros() as u8 + 1
            } else {
                0
            }
        })
        .collect();
    Grid::from_values(shape, &values).expect("marks stay within the shape")
}

/// The pencilmark line of a grid: each filled cell its digit alone, each blank every digit.
pub fn line_of(grid: &Grid) -> String {
    let n = grid.shape().side();
    let marks: Vec<u32> = grid
        .cells()
        .iter()
        .map(|&v| if v == 0 { (1 << n) - 1 } else { 1 << (v - 1) })
        .collect();
    line_of_marks(grid.shape(), &marks)
}

/// The pencilmark line of every cell's candidates (bit `v − 1` for digit `v`).
pub fn line_of_marks(shape: Shape, marks: &[u32]) -> String {
    let n = shape.side();
    let mut out = String::with_capacity(n * n * n);
    for &m in marks {
        for d in 1..=n as u8 {
            out.push(if m & (1 << (d - 1)) != 0 {
                shape.symbol(d)
            } else {
                '.'
            });
        }
    }
    out
}

/// A pencilmark puzzle as exact cover, searched within [`Limits`]: one option per candidate
/// of each cell, the cells' items first and in reading order, each cell's options by value.
/// So the forced-then-leftmost search meets the fills in lexicographic order, as the DLX
/// solvers' answers (see [`encoding`]), and every search is bounded.
///
/// ```
/// use dlx_sudoku::{Limits, Outcome, pencil};
///
/// let line = "123456789".repeat(81);
/// let (shape, marks) = pencil::parse(line.as_bytes()).unwrap();
/// let mut search = pencil::MarkSearch::new(shape, &marks);
/// let Outcome::Solved(fill) = search.smallest_fill(Limits::NONE) else { panic!() };
/// assert!(fill.to_line().starts_with("123456789456789123"));
/// assert!(search.count_fills(2, Limits::nodes(10)).gave_up.is_some());
/// ```
#[derive(Debug)]
pub struct MarkSearch {
    shape: Shape,
    solver: Solver,
    /// `(cell, value)` of each option.
    placements: Vec<(usize, u8)>,
}

impl MarkSearch {
    /// The search for the candidates `marks` (bit `v − 1` for digit `v`, one mask per cell).
    pub fn new(shape: Shape, marks: &[u32]) -> MarkSearch {
        let n = shape.side();
        let mut problem = Problem::new(4 * n * n, 0).expect("a Sudoku of side <= 25 fits");
        let mut placements = Vec::new();
        for (cell, &mask) in marks.iter().enumerate() {
            for v in 1..=n {
                if mask & (1 << (v - 1)) != 0 {
                    let items = encoding::option_items(shape, cell / n, cell % n, v);
                    problem.add_option(items).expect("items are in range");
                    placements.push((cell, v as u8));
                }
            }
        }
        MarkSearch {
            shape,
            solver: Solver::new(&problem),
            placements,
        }
    }

    /// Search nodes (options tried) so far, over every search.
    pub fn options_tried(&self) -> u64 {
        self.solver.stats().options_tried
    }

    /// The fills up to `limit`, by MRV within `limits`.
    pub fn count_fills(&mut self, limit: u64, limits: Limits) -> CountOutcome {
        let mut found = 0u64;
        let end = self
            .solver
            .search(Chooser::Mrv, limits, count_up_to(limit, &mut found));
        CountOutcome::after(found, end)
    }

    /// The lexicographically smallest fill within `limits` (the node limit covers the whole
    /// solve): an MRV count to two first (none, or exactly one, is the answer), then the
    /// forced-then-leftmost search for the first fill in order.
    pub fn smallest_fill(&mut self, limits: Limits) -> Outcome {
        let start = self.options_tried();
        let mut first = None;
        let mut found = 0u64;
        let end = self.solver.search(Chooser::Mrv, limits, |options| {
            found += 1;
            first.get_or_insert_with(|| options.to_vec());
            if found >= 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if let Some(why) = GaveUp::from_end(end) {
            return Outcome::GaveUp(why);
        }
        if found == 2 {
            let rest = limits.spent(self.options_tried() - start);
            first = None;
            let end = self
                .solver
                .search(Chooser::ForcedThenLeftmost, rest, |options| {
                    first = Some(options.to_vec());
                    ControlFlow::Break(())
                });
            if let Some(why) = GaveUp::from_end(end) {
                return Outcome::GaveUp(why);
            }
        }
        match first {
            None => Outcome::NoSolution(NoSolution::Unsolvable),
            Some(options) => {
                let mut values = vec![0u8; self.shape.cells()];
                for o in options {
                    let (cell, v) = self.placements[o];
                    values[cell] = v;
                }
                Outcome::Solved(Grid::from_values(self.shape, &values).expect("a fill"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_name_the_fault() {
        assert_eq!(parse(b"123"), Err(PencilError::WrongLength(3)));
        let mut line = "123456789".repeat(81).into_bytes();
        line[10] = b'5'; // r1c2, slot 2
        assert_eq!(
            parse(&line).unwrap_err().to_string(),
            "column 11: '5' is not '2' or '.' (cell r1c2, digit 2)"
        );
        line[10] = b'x';
        assert!(
            parse(&line)
                .unwrap_err()
                .to_string()
                .starts_with("column 11: 'x'")
        );
        let mut line = "123456789".repeat(81).into_bytes();
        line[18..27].copy_from_slice(b".........");
        assert_eq!(parse(&line), Err(PencilError::EmptyCell("r1c3".into())));
    }

    #[test]
    fn a_grid_reads_back_from_its_line() {
        let g: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let (shape, marks) = parse(line_of(&g).as_bytes()).unwrap();
        assert_eq!(singles(shape, &marks), g);
    }
}
