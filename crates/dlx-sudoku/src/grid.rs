//! Grids, their shapes and symbols, and the checks that need no search.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The shape of a Sudoku: boxes of `box_rows × box_cols` cells, `n = box_rows · box_cols`
/// rows, columns, boxes and symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9×9 grid with 3×3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// The largest side supported: symbols are `1`–`9` then `A`–`P`.
    pub const MAX_SIDE: usize = 25;

    /// A shape with boxes of `box_rows × box_cols`; `None` when the side would be 0 or
    /// larger than [`Shape::MAX_SIDE`].
    pub fn new(box_rows: usize, box_cols: usize) -> Option<Shape> {
        let n = box_rows.checked_mul(box_cols)?;
        (box_rows > 0 && box_cols > 0 && n <= Self::MAX_SIDE).then_some(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The shape whose grid has `cells` cells (16, 36, 64, 81, 100, 144, 256, 400, 625).
    pub fn for_cells(cells: usize) -> Option<Shape> {
        (1..=Self::MAX_SIDE)
            .find(|n| n * n == cells)
            .and_then(Shape::for_side)
    }

    /// The usual shape for a side of `n`: 4 → 2×2, 6 → 2×3, 8 → 2×4, 9 → 3×3, 10 → 2×5,
    /// 12 → 3×4, 16 → 4×4, 20 → 4×5, 25 → 5×5 (boxes wider than tall).
    pub fn for_side(n: usize) -> Option<Shape> {
        let (r, c) = match n {
            4 => (2, 2),
            6 => (2, 3),
            8 => (2, 4),
            9 => (3, 3),
            10 => (2, 5),
            12 => (3, 4),
            16 => (4, 4),
            20 => (4, 5),
            25 => (5, 5),
            _ => return None,
        };
        Shape::new(r, c)
    }

    /// Rows per box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns per box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The side `n`: cells per row, and the number of symbols.
    pub fn side(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// Number of cells, `n²`.
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The box (0-based, row-major over boxes) holding cell `(row, col)`.
    pub fn box_of(self, row: usize, col: usize) -> usize {
        let boxes_per_row = self.side() / self.box_cols();
        (row / self.box_rows()) * boxes_per_row + col / self.box_cols()
    }

    /// The character for value `v` (1-based): `1`–`9`, then `A`, `B`, ….
    pub fn symbol(self, v: u8) -> char {
        match v {
            0 => '.',
            1..=9 => (b'0' + v) as char,
            _ => (b'A' + v - 10) as char,
        }
    }

    /// The value of a symbol character, `Some(0)` for a blank (`.` or `0`), `None` when the
    /// character is not a symbol of this shape. Letters are accepted in either case.
    pub fn value_of(self, ch: u8) -> Option<u8> {
        // A table lookup rather than a `match`: a line's blanks and digits alternate with
        // no pattern, and each branch on them would be a guess.
        let v = SYMBOL_VALUE[ch as usize];
        (v as usize <= self.side()).then_some(v)
    }
}

/// The value of each byte as a symbol (`.` and `0` blank, `1`–`9`, then letters from 10 in
/// either case), `u8::MAX` for a byte that is no symbol.
static SYMBOL_VALUE: [u8; 256] = {
    let mut t = [u8::MAX; 256];
    t[b'.' as usize] = 0;
    let mut ch = b'0';
    while ch <= b'9' {
        t[ch as usize] = ch - b'0';
        ch += 1;
    }
    let mut ch = b'A';
    while ch <= b'Z' {
        t[ch as usize] = ch - b'A' + 10;
        t[(ch + 32) as usize] = ch - b'A' + 10;
        ch += 1;
    }
    t
};

/// A Sudoku grid: `n²` cells in row-major order, each 0 (blank) or a value `1..=n`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// What is wrong with a grid's text or values.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GridError {
    /// The one-line form has the wrong number of cells.
    #[error("expected {expected} cells, found {found}")]
    WrongLength {
        /// Cells the shape needs (or 81 when no shape fits).
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A character that is not a symbol, `.` or `0`.
    #[error("column {column}: {found} is not {allowed}")]
    BadSymbol {
        /// 1-based position on the line.
        column: usize,
        /// The offending character, quoted or escaped for display.
        found: String,
        /// What is allowed there.
        allowed: String,
    },
    /// A value outside `0..=n`.
    #[error("value {value} is out of range 0..={side}")]
    OutOfRange {
        /// The value.
        value: usize,
        /// The side of the grid.
        side: usize,
    },
}

/// A unit of the grid: a row, a column or a box (0-based inside, 1-based when shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered row-major.
    Box(usize),
}

/// Two givens that clash: a unit that holds a value twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{} has two {}s", unit_name(*.unit), .symbol)]
pub struct Clash {
    /// Where.
    pub unit: Unit,
    /// The repeated value.
    pub value: u8,
    /// Its symbol.
    pub symbol: char,
}

fn unit_name(unit: Unit) -> String {
    match unit {
        Unit::Row(r) => format!("row {}", r + 1),
        Unit::Column(c) => format!("column {}", c + 1),
        Unit::Box(b) => format!("box {}", b + 1),
    }
}

/// Shows a byte of input for an error message: `'x'` when printable, `byte 0xNN` otherwise.
pub fn describe_byte(b: u8) -> String {
    if b.is_ascii_graphic() || b == b' ' {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02X}")
    }
}

impl Grid {
    /// The empty grid of a shape.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from values (0 = blank), row-major.
    pub fn from_values(shape: Shape, values: &[u8]) -> Result<Grid, GridError> {
        if values.len() != shape.cells() {
            return Err(GridError::WrongLength {
                expected: shape.cells(),
                found: values.len(),
            });
        }
        if let Some(&v) = values.iter().find(|&&v| v as usize > shape.side()) {
            return Err(GridError::OutOfRange {
                value: v as usize,
                side: shape.side(),
            });
        }
        Ok(Grid {
            shape,
            cells: values.to_vec(),
        })
    }

    /// Parses the one-line form: `n²` symbols, `.` or `0` for blanks; the side follows from
    /// the length (16, 36, 64, 81, 100, 144, 256, 400 or 625 for sides 4, 6, 8, 9, 10, 12,
    /// 16, 20, 25: every side [`Shape::for_side`] knows).
    pub fn parse_line(line: &[u8]) -> Result<Grid, GridError> {
        let len = line.len();
        let shape = Shape::for_cells(len).ok_or(GridError::WrongLength {
            expected: 81,
            found: len,
        })?;
        // Every byte's value first, then one test for a byte that is no symbol of the shape
        // (no branch per byte on the way).
        let cells: Vec<u8> = line.iter().map(|&b| SYMBOL_VALUE[b as usize]).collect();
        if let Some(i) = cells.iter().position(|&v| v as usize > shape.side()) {
            return Err(GridError::BadSymbol {
                column: i + 1,
                found: describe_byte(line[i]),
                allowed: allowed_symbols(shape),
            });
        }
        Ok(Grid { shape, cells })
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row-major, 0 for blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value at `(row, col)`.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.shape.side() + col]
    }

    /// Sets the value at `(row, col)` (0 clears it).
    ///
    /// # Panics
    /// If the position or value is out of range.
    pub fn set(&mut self, row: usize, col: usize, value: u8) {
        assert!(value as usize <= self.shape.side(), "value out of range");
        let n = self.shape.side();
        self.cells[row * n + col] = value;
    }

    /// Number of givens (non-blank cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The first clash among the givens, scanning rows, then columns, then boxes.
    pub fn clash(&self) -> Option<Clash> {
        let n = self.shape.side();
        let mut seen = vec![0u32; 3 * n];
        for r in 0..n {
            for c in 0..n {
                let v = self.get(r, c);
                if v == 0 {
                    continue;
                }
                let bit = 1u32 << v;
                let b = self.shape.box_of(r, c);
                for (slot, unit) in [
                    (r, Unit::Row(r)),
                    (n + c, Unit::Column(c)),
                    (2 * n + b, Unit::Box(b)),
                ] {
                    if seen[slot] & bit != 0 {
                        return Some(Clash {
                            unit,
                            value: v,
                            symbol: self.shape.symbol(v),
                        });
                    }
                    seen[slot] |= bit;
                }
            }
        }
        None
    }

    /// True when the value at `(row, col)`, if any, appears nowhere else in its row, column
    /// and box.
    pub fn consistent_at(&self, row: usize, col: usize) -> bool {
        let v = self.get(row, col);
        if v == 0 {
            return true;
        }
        let (n, br, bc) = (
            self.shape.side(),
            self.shape.box_rows(),
            self.shape.box_cols(),
        );
        let (r0, c0) = (row - row % br, col - col % bc);
        (0..n).all(|k| {
            let (r, c) = (r0 + k / bc, c0 + k % bc);
            (k == col || self.get(row, k) != v)
                && (k == row || self.get(k, col) != v)
                && ((r, c) == (row, col) || self.get(r, c) != v)
        })
    }

    /// True when `self` is complete, obeys every rule, and keeps every given of `puzzle`.
    pub fn is_complete_solution_of(&self, puzzle: &Grid) -> bool {
        self.shape == puzzle.shape
            && self.cells.iter().all(|&v| v != 0)
            && self.clash().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&g, &v)| g == 0 || g == v)
    }

    /// The one-line form: `n²` symbols, `.` for blanks.
    pub fn to_line(&self) -> String {
        // Symbols are ASCII: one byte each.
        let bytes = self
            .cells
            .iter()
            .map(|&v| self.shape.symbol(v) as u8)
            .collect();
        String::from_utf8(bytes).expect("symbols are ASCII")
    }
}

/// What the one-line form of `shape` allows, for error messages.
pub fn allowed_symbols(shape: Shape) -> String {
    let n = shape.side();
    if n <= 9 {
        format!("a digit 1-{n}, '.' or '0'")
    } else {
        format!(
            "a digit 1-9, a letter A-{}, '.' or '0'",
            shape.symbol(n as u8)
        )
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl fmt::Display for Grid {
    /// The one-line form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl FromStr for Grid {
    type Err = GridError;

    /// Parses the one-line form (see [`Grid::parse_line`]).
    fn from_str(s: &str) -> Result<Grid, GridError> {
        Grid::parse_line(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_round_trip_and_errors() {
        let s = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
        let g: Grid = s.parse().unwrap();
        assert_eq!(g.to_line(), s);
        assert_eq!(g.shape(), Shape::CLASSIC);
        assert_eq!(
            s[..80].parse::<Grid>(),
            Err(GridError::WrongLength {
                expected: 81,
                found: 80
            })
        );
        let bad = format!("x{}", &s[1..]);
        assert!(matches!(
            bad.parse::<Grid>(),
            Err(GridError::BadSymbol { column: 1, .. })
        ));
        let letter = format!("A{}", &s[1..]);
        assert!(matches!(
            letter.parse::<Grid>(),
            Err(GridError::BadSymbol { column: 1, .. })
        ));
    }

    #[test]
    fn clash_names_the_unit_one_based() {
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(2, 0, 7);
        g.set(2, 8, 7);
        assert_eq!(g.clash().unwrap().to_string(), "row 3 has two 7s");
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(0, 1, 5);
        g.set(8, 1, 5);
        assert_eq!(g.clash().unwrap().to_string(), "column 2 has two 5s");
        let mut g = Grid::empty(Shape::CLASSIC);
        g.set(3, 3, 1);
        g.set(5, 5, 1);
        assert_eq!(g.clash().unwrap().to_string(), "box 5 has two 1s");
    }

    #[test]
    fn other_sizes_parse() {
        let g = Grid::parse_line(b"1...............").unwrap();
        assert_eq!(g.shape().side(), 4);
        let g = Grid::parse_line(&[b'.'; 256]).unwrap();
        assert_eq!(g.shape().side(), 16);
        let mut line = vec![b'.'; 256];
        line[0] = b'G';
        assert_eq!(Grid::parse_line(&line).unwrap().get(0, 0), 16);
        line[0] = b'H';
        assert!(Grid::parse_line(&line).is_err());
        for side in [4, 6, 8, 9, 10, 12, 16, 20, 25] {
            let g = Grid::parse_line(&vec![b'.'; side * side]).unwrap();
            assert_eq!(g.shape(), Shape::for_side(side).unwrap());
        }
    }
}
