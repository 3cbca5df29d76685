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

use thiserror::Error;

use super::grid::{Grid, Shape, describe_byte};

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
