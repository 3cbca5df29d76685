//! Knuth's general Sudoku format, as his `sudoku-general-dlx` front end reads it.
//!
//! ```
//! use dlx_sudoku::variant::general;
//!
//! // A 4×4 with a hole at r1c4: the grid, then one group of box labels.
//! let text = "12.#\n....\n....\n...1\n001.\n0011\n2233\n2233\n";
//! let puzzle = general::parse(text)?;
//! assert_eq!(puzzle.variant.side(), 4);
//! assert_eq!(puzzle.givens[..4], [1, 2, 0, 0]);
//! assert_eq!(general::write(&puzzle.variant, &puzzle.givens)?, text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The first `n` lines are the grid, `n` characters each: a clue (`1`–`9`, then `a`–`w`
//! for 10–32), `#` for a hole (a cell that is not part of the puzzle), `.` or `0` for an
//! empty cell. The length of the first line sets `n`. Then come any number of groups of
//! `n` lines, each a map of the grid: `.` where a cell is in no box of this group, else the
//! label of its box, `0`–`9` or `a`–`v`. A box is every cell with its label, in whatever
//! group; groups exist so that a cell can be in several boxes (a diagonal crossing a box).
//!
//! Rows, columns and boxes hold distinct symbols; one with `n` cells holds every symbol
//! once, one with fewer (a row through a hole, a small box) each at most once, exactly as
//! Knuth makes the full ones primary items and the others secondary.

use std::fmt::Write as _;

use thiserror::Error;

use super::model::{MAX_SYMBOLS, Variant};

/// A puzzle read from Knuth's general format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct General {
    /// Rows and columns, then the boxes in order of their labels.
    pub variant: Variant,
    /// One value per cell, row-major; 0 for empty cells and holes.
    pub givens: Vec<u8>,
}

/// A fault in a general-format file, with its line (1-based).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct GeneralError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub kind: GeneralErrorKind,
}

/// What is wrong with a line of the general format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeneralErrorKind {
    /// No grid at all.
    #[error("the first line is empty (its length sets n)")]
    Empty,
    /// The first line is longer than 32 characters.
    #[error("the first line has {0} characters; n is at most {MAX_SYMBOLS}")]
    TooWide(usize),
    /// A line of another length than the first.
    #[error("{found} characters, expected {expected}")]
    Length {
        /// Characters on the line.
        found: usize,
        /// `n`.
        expected: usize,
    },
    /// A grid character that is none of clue, `#`, `.` or `0`.
    #[error("column {column}: {found} is not a clue (1-9, a-w), '#', '.' or '0'")]
    BadClue {
        /// 1-based column.
        column: usize,
        /// The character, quoted.
        found: String,
    },
    /// A clue above `n`.
    #[error("column {column}: clue {found} is more than n = {n}")]
    ClueTooLarge {
        /// 1-based column.
        column: usize,
        /// The clue.
        found: char,
        /// `n`.
        n: usize,
    },
    /// A box-map character that is none of `.`, `0`–`9`, `a`–`v`.
    #[error("column {column}: {found} is not a box label (0-9, a-v) or '.'")]
    BadLabel {
        /// 1-based column.
        column: usize,
        /// The character, quoted.
        found: String,
    },
    /// A box that takes a hole.
    #[error("column {column}: box {label} takes a hole ('#') of the grid")]
    HoleInBox {
        /// 1-based column.
        column: usize,
        /// The label.
        label: char,
    },
    /// A cell labelled with the same box in two groups.
    #[error("column {column}: box {label} already holds this cell")]
    Twice {
        /// 1-based column.
        column: usize,
        /// The label.
        label: char,
    },
    /// A box with more than `n` cells.
    #[error("column {column}: box {label} has more than {n} cells")]
    BoxTooLarge {
        /// 1-based column.
        column: usize,
        /// The label.
        label: char,
        /// `n`.
        n: usize,
    },
    /// The file ends inside the grid.
    #[error("the grid has {found} lines, expected {n}")]
    ShortGrid {
        /// Lines read.
        found: usize,
        /// `n`.
        n: usize,
    },
    /// The file ends inside a group of box maps.
    #[error("box-definition group {group} has {found} lines, expected {n}")]
    ShortGroup {
        /// 1-based group number.
        group: usize,
        /// Lines read.
        found: usize,
        /// `n`.
        n: usize,
    },
}

/// Knuth's digit for a symbol: `1`–`9`, then `a`–`w`.
pub fn knuth_symbol(v: u8) -> char {
    match v {
        1..=9 => (b'0' + v) as char,
        _ => (b'a' + v - 10) as char,
    }
}

fn quote(ch: char) -> String {
    if ch.is_ascii_graphic() || ch == ' ' {
        format!("'{ch}'")
    } else {
        format!("{ch:?}")
    }
}

/// Reads a puzzle in Knuth's general format (see the module docs). Lines may end in
/// `\r\n`; the text ends at its end (an empty last line is ignored).
pub fn parse(text: &str) -> Result<General, GeneralError> {
    let lines: Vec<&str> = text.lines().collect();
    let n = check_shape(&lines)?;
    let (present, givens) = read_grid(&lines[..n], n)?;
    let boxes = read_boxes(&lines[n..], n, &present)?;
    let mut variant =
        Variant::square_with_holes(n, present).expect("n was checked to be in 1..=32");
    for (label, cells) in boxes.into_iter().enumerate() {
        if !cells.is_empty() {
            let name = format!("box {}", label_char(label));
            variant = variant
                .with_house(&name, cells)
                .expect("boxes were checked: at most n present cells, none twice");
        }
    }
    Ok(General { variant, givens })
}

fn err(line: usize, kind: GeneralErrorKind) -> GeneralError {
    GeneralError { line, kind }
}

/// The side `n` (the first line's length), once every line has `n` characters and the
/// lines are the grid plus whole groups of `n` box lines.
fn check_shape(lines: &[&str]) -> Result<usize, GeneralError> {
    let first = lines.first().copied().unwrap_or("");
    let n = first.chars().count();
    if n == 0 {
        return Err(err(1, GeneralErrorKind::Empty));
    }
    if n > MAX_SYMBOLS {
        return Err(err(1, GeneralErrorKind::TooWide(n)));
    }
    if lines.len() < n {
        return Err(err(
            lines.len() + 1,
            GeneralErrorKind::ShortGrid {
                found: lines.len(),
                n,
            },
        ));
    }
    let groups = (lines.len() - n).div_ceil(n);
    if !(lines.len() - n).is_multiple_of(n) {
        return Err(err(
            lines.len() + 1,
            GeneralErrorKind::ShortGroup {
                group: groups,
                found: (lines.len() - n) % n,
                n,
            },
        ));
    }
    for (i, line) in lines.iter().enumerate() {
        let found = line.chars().count();
        if found != n {
            return Err(err(i + 1, GeneralErrorKind::Length { found, expected: n }));
        }
    }
    Ok(n)
}

/// The grid's first `n` lines: which cells are present (not `#`), and the givens.
fn read_grid(lines: &[&str], n: usize) -> Result<(Vec<bool>, Vec<u8>), GeneralError> {
    let mut present = vec![true; n * n];
    let mut givens = vec![0u8; n * n];
    for (r, line) in lines.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let x = r * n + c;
            let v = match ch {
                '#' => {
                    present[x] = false;
                    continue;
                }
                '.' | '0' => continue,
                '1'..='9' => ch as usize - '0' as usize,
                'a'..='w' => ch as usize - 'a' as usize + 10,
                _ => {
                    return Err(err(
                        r + 1,
                        GeneralErrorKind::BadClue {
                            column: c + 1,
                            found: quote(ch),
                        },
                    ));
                }
            };
            if v > n {
                return Err(err(
                    r + 1,
                    GeneralErrorKind::ClueTooLarge {
                        column: c + 1,
                        found: ch,
                        n,
                    },
                ));
            }
            givens[x] = v as u8;
        }
    }
    Ok((present, givens))
}

/// The box lines: each label's cells, in the order met (32 labels, most of them empty).
fn read_boxes(lines: &[&str], n: usize, present: &[bool]) -> Result<Vec<Vec<usize>>, GeneralError> {
    // boxes[label] = its cells, in the order met.
    let mut boxes: Vec<Vec<usize>> = vec![Vec::new(); 32];
    for (i, line) in lines.iter().enumerate() {
        let number = n + i + 1;
        let r = i % n;
        for (c, ch) in line.chars().enumerate() {
            let label = match ch {
                '.' => continue,
                '0'..='9' => ch as usize - '0' as usize,
                'a'..='v' => ch as usize - 'a' as usize + 10,
                _ => {
                    return Err(err(
                        number,
                        GeneralErrorKind::BadLabel {
                            column: c + 1,
                            found: quote(ch),
                        },
                    ));
                }
            };
            let x = r * n + c;
            let column = c + 1;
            if !present[x] {
                return Err(err(
                    number,
                    GeneralErrorKind::HoleInBox { column, label: ch },
                ));
            }
            if boxes[label].contains(&x) {
                return Err(err(number, GeneralErrorKind::Twice { column, label: ch }));
            }
            if boxes[label].len() == n {
                return Err(err(
                    number,
                    GeneralErrorKind::BoxTooLarge {
                        column,
                        label: ch,
                        n,
                    },
                ));
            }
            boxes[label].push(x);
        }
    }
    Ok(boxes)
}

fn label_char(label: usize) -> char {
    char::from_digit(label as u32, 32).expect("a label below 32")
}

/// Why a variant cannot be written in Knuth's general format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WriteError {
    /// Killer cages, or a canvas that is not one square grid with rows and columns (samurai).
    #[error("Knuth's general format has no {0}")]
    NotExpressible(&'static str),
    /// More boxes than labels.
    #[error("{0} boxes, but the format has 32 labels")]
    TooManyBoxes(usize),
}

/// Writes `variant` with `givens` (one value per cell) in Knuth's general format: the grid,
/// then as many groups as it takes for no cell to carry two labels in one group.
pub fn write(variant: &Variant, givens: &[u8]) -> Result<String, WriteError> {
    if !variant.has_rows_and_columns() {
        return Err(WriteError::NotExpressible("canvas of several grids"));
    }
    if !variant.cages().is_empty() {
        return Err(WriteError::NotExpressible("killer cages"));
    }
    let n = variant.side();
    let boxes = variant.extra_houses();
    if boxes.len() > 32 {
        return Err(WriteError::TooManyBoxes(boxes.len()));
    }
    let mut out = String::new();
    for r in 0..n {
        for c in 0..n {
            let x = r * n + c;
            out.push(if !variant.is_present(x) {
                '#'
            } else if givens[x] == 0 {
                '.'
            } else {
                knuth_symbol(givens[x])
            });
        }
        out.push('\n');
    }
    // Each box goes into the first group where its cells are still free.
    let mut groups: Vec<Vec<char>> = Vec::new();
    for (label, b) in boxes.iter().enumerate() {
        let g = match groups
            .iter()
            .position(|g| b.cells.iter().all(|&x| g[x] == '.'))
        {
            Some(g) => g,
            None => {
                groups.push(vec!['.'; n * n]);
                groups.len() - 1
            }
        };
        for &x in &b.cells {
            groups[g][x] = label_char(label);
        }
    }
    for g in groups {
        for row in g.chunks(n) {
            let _ = writeln!(out, "{}", row.iter().collect::<String>());
        }
    }
    Ok(out)
}

/// The filled grid in kind: `n` lines, holes as `#`, symbols as Knuth writes them.
pub fn render(variant: &Variant, fill: &[u8]) -> String {
    let n = variant.side();
    let mut out = String::with_capacity(n * (n + 1));
    for r in 0..n {
        for c in 0..n {
            let x = r * n + c;
            out.push(if variant.is_present(x) && fill[x] != 0 {
                knuth_symbol(fill[x])
            } else if variant.is_present(x) {
                '.'
            } else {
                '#'
            });
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fault_has_its_line_and_message() {
        let cases = [
            ("", "line 1: the first line is empty (its length sets n)"),
            ("12\n", "line 2: the grid has 1 lines, expected 2"),
            ("12\n1\n", "line 2: 1 characters, expected 2"),
            (
                "1x\n..\n",
                "line 1: column 2: 'x' is not a clue (1-9, a-w), '#', '.' or '0'",
            ),
            ("13\n..\n", "line 1: column 2: clue 3 is more than n = 2"),
            (
                "12\n..\n00\n",
                "line 4: box-definition group 1 has 1 lines, expected 2",
            ),
            (
                "12\n..\n0X\n..\n",
                "line 3: column 2: 'X' is not a box label (0-9, a-v) or '.'",
            ),
            (
                "1#\n..\n00\n..\n",
                "line 3: column 2: box 0 takes a hole ('#') of the grid",
            ),
            (
                "12\n..\n00\n..\n0.\n..\n",
                "line 5: column 1: box 0 already holds this cell",
            ),
            (
                "12\n..\n00\n0.\n",
                "line 4: column 1: box 0 has more than 2 cells",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), message, "{text:?}");
        }
    }

    #[test]
    fn x_sudoku_needs_two_groups_for_its_diagonals() {
        let v = Variant::square(4)
            .unwrap()
            .with_boxes(2, 2)
            .unwrap()
            .with_diagonals()
            .unwrap();
        let text = write(&v, &[0; 16]).unwrap();
        // The grid, the boxes (they fill a group), then both diagonals in one more group:
        // they share no cell when n is even.
        assert_eq!(text.lines().count(), 4 * 3);
        let back = parse(&text).unwrap();
        let cells = |v: &Variant| -> Vec<Vec<usize>> {
            v.extra_houses().iter().map(|h| h.cells.clone()).collect()
        };
        assert_eq!(cells(&back.variant), cells(&v));
    }
}
