//! Samurai Sudoku: five 9×9 grids on a 21×21 canvas, the centre one sharing a corner box
//! with each of the others.
//!
//! ```
//! use dlx_sudoku::variant::samurai;
//!
//! let v = samurai::variant();
//! assert_eq!((v.width(), v.height(), v.side()), (21, 21, 9));
//! // 5 grids × 27 houses, less the 4 shared boxes counted twice.
//! assert_eq!(v.houses().count(), 131);
//! assert_eq!((0..441).filter(|&x| v.is_present(x)).count(), 369);
//! ```
//!
//! The text form is 21 lines of up to 21 characters: inside a grid a digit `1`–`9`, or `.`
//! or `0` for an empty cell; outside the five grids a space, `-` or `.` (a short line is
//! padded with spaces). Answers come back in the same form, outside cells written with the
//! character the puzzle used there.

use thiserror::Error;

use super::model::{Variant, symbol};

/// Rows and columns of the canvas.
pub const SIZE: usize = 21;

/// The top-left corner (row, column) of each grid: top-left, top-right, centre,
/// bottom-left, bottom-right.
pub const ORIGINS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

const NAMES: [&str; 5] = [
    "top-left",
    "top-right",
    "centre",
    "bottom-left",
    "bottom-right",
];

/// Is canvas cell `(row, col)` inside one of the five grids?
pub fn inside(row: usize, col: usize) -> bool {
    ORIGINS
        .iter()
        .any(|&(r, c)| (r..r + 9).contains(&row) && (c..c + 9).contains(&col))
}

/// The samurai variant: the canvas, and the rows, columns and boxes of each grid.
pub fn variant() -> Variant {
    let present = (0..SIZE * SIZE)
        .map(|x| inside(x / SIZE, x % SIZE))
        .collect();
    let mut v = Variant::canvas(SIZE, SIZE, 9, present).expect("9 symbols");
    for (g, &(r0, c0)) in ORIGINS.iter().enumerate() {
        let name = NAMES[g];
        for k in 0..9 {
            let row = (0..9).map(|j| (r0 + k) * SIZE + c0 + j).collect();
            let col = (0..9).map(|j| (r0 + j) * SIZE + c0 + k).collect();
            let (br, bc) = (r0 + 3 * (k / 3), c0 + 3 * (k % 3));
            let boxed = (0..9).map(|j| (br + j / 3) * SIZE + bc + j % 3).collect();
            v = v
                .with_house(&format!("{name} grid row {}", k + 1), row)
                .and_then(|v| v.with_house(&format!("{name} grid column {}", k + 1), col))
                .and_then(|v| v.with_house(&format!("{name} grid box {}", k + 1), boxed))
                .expect("houses of nine cells inside the grids");
        }
    }
    v
}

/// A samurai puzzle as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Samurai {
    /// One value per canvas cell, row-major; 0 for empty cells and outside the grids.
    pub givens: Vec<u8>,
    /// The character used outside the grids (for answering in kind).
    pub filler: char,
}

/// A fault in a samurai puzzle, with its line (1-based, within the text given).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct SamuraiError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub kind: SamuraiErrorKind,
}

/// What is wrong with a line of a samurai puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SamuraiErrorKind {
    /// Not 21 lines.
    #[error("a samurai puzzle has 21 lines, this one {0}")]
    Lines(usize),
    /// A line longer than the canvas.
    #[error("{0} characters, at most 21")]
    TooLong(usize),
    /// A bad character inside a grid.
    #[error("column {column}: {found} inside a grid is not 1-9, '.' or '0'")]
    BadCell {
        /// 1-based column.
        column: usize,
        /// The character, quoted, or "the end of the line".
        found: String,
    },
    /// A bad character outside the grids.
    #[error("column {column}: {found} outside the grids is not a space, '-' or '.'")]
    BadOutside {
        /// 1-based column.
        column: usize,
        /// The character, quoted.
        found: String,
    },
}

/// Reads a samurai puzzle from exactly 21 lines (a trailing `\r` on a line is dropped).
pub fn parse(text: &str) -> Result<Samurai, SamuraiError> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != SIZE {
        return Err(SamuraiError {
            line: lines.len().min(SIZE) + 1,
            kind: SamuraiErrorKind::Lines(lines.len()),
        });
    }
    let mut givens = vec![0u8; SIZE * SIZE];
    let mut filler = None;
    for (r, line) in lines.iter().enumerate() {
        let err = |kind| SamuraiError { line: r + 1, kind };
        let chars: Vec<char> = line.chars().collect();
        if chars.len() > SIZE {
            return Err(err(SamuraiErrorKind::TooLong(chars.len())));
        }
        for c in 0..SIZE {
            let ch = chars.get(c).copied();
            let column = c + 1;
            let quoted = |ch: char| {
                if ch.is_ascii_graphic() || ch == ' ' {
                    format!("'{ch}'")
                } else {
                    format!("{ch:?}")
                }
            };
            if inside(r, c) {
                givens[r * SIZE + c] = match ch {
                    Some('.' | '0') => 0,
                    Some(d @ '1'..='9') => d as u8 - b'0',
                    Some(other) => {
                        return Err(err(SamuraiErrorKind::BadCell {
                            column,
                            found: quoted(other),
                        }));
                    }
                    None => {
                        return Err(err(SamuraiErrorKind::BadCell {
                            column,
                            found: "the end of the line".into(),
                        }));
                    }
                };
            } else {
                match ch.unwrap_or(' ') {
                    f @ (' ' | '-' | '.') => {
                        filler.get_or_insert(f);
                    }
                    other => {
                        return Err(err(SamuraiErrorKind::BadOutside {
                            column,
                            found: quoted(other),
                        }));
                    }
                }
            }
        }
    }
    Ok(Samurai {
        givens,
        filler: filler.unwrap_or(' '),
    })
}

/// A fill (or puzzle) in the text form, outside cells as `filler` (trailing spaces
/// dropped when it is a space).
pub fn render(values: &[u8], filler: char) -> String {
    let mut out = String::with_capacity(SIZE * (SIZE + 1));
    for r in 0..SIZE {
        let start = out.len();
        for c in 0..SIZE {
            out.push(if inside(r, c) {
                symbol(values[r * SIZE + c])
            } else {
                filler
            });
        }
        let kept = out[start..].trim_end_matches(' ').len();
        out.truncate(start + kept);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_have_their_line_and_message() {
        let empty: String = render(&[0; SIZE * SIZE], '-');
        assert!(parse(&empty).is_ok());
        let mut lines: Vec<String> = empty.lines().map(String::from).collect();
        lines[0].replace_range(0..1, "x");
        let bad = lines.join("\n");
        assert_eq!(
            parse(&bad).unwrap_err().to_string(),
            "line 1: column 1: 'x' inside a grid is not 1-9, '.' or '0'"
        );
        lines[0].replace_range(0..1, ".");
        lines[0].replace_range(10..11, "5");
        assert_eq!(
            parse(&lines.join("\n")).unwrap_err().to_string(),
            "line 1: column 11: '5' outside the grids is not a space, '-' or '.'"
        );
        assert_eq!(
            parse("...\n").unwrap_err().to_string(),
            "line 2: a samurai puzzle has 21 lines, this one 1"
        );
        lines[0].replace_range(10..11, "-");
        lines[3] = ".........".into();
        assert_eq!(
            parse(&lines.join("\n")).unwrap_err().to_string(),
            "line 4: column 13: the end of the line inside a grid is not 1-9, '.' or '0'"
        );
        lines[3].push_str(&"-".repeat(20));
        assert_eq!(
            parse(&lines.join("\n")).unwrap_err().to_string(),
            "line 4: 29 characters, at most 21"
        );
    }
}
