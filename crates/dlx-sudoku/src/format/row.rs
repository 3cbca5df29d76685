//! The rows of a grid: a line's entries, rules between bands, and one row's values.

use super::chars::Chars;
use super::error::FormatErrorKind;
use super::kind::Format;
use crate::grid::{Grid, Shape, allowed_symbols};

/// Splits a row into entries: whitespace-separated, with `|` box bars dropped. Returns the
/// entries and whether a bar was seen.
pub(super) fn entries(line: &[u8]) -> (Vec<&[u8]>, bool) {
    let bar = line.contains(&b'|');
    let parts = line
        .split(|&b| b.is_ascii_whitespace() || b == b'|')
        .filter(|t| !t.is_empty())
        .collect();
    (parts, bar)
}

/// A line of `-`, `+`, `=` and spaces only: a rule between bands of a pretty grid.
pub(super) fn is_rule(line: &[u8]) -> bool {
    line.contains(&b'-')
        && line
            .iter()
            .all(|&b| matches!(b, b'-' | b'+' | b'=' | b' ' | b'\t'))
}

/// Whether a lone token of `len` symbols is a one-line puzzle rather than the first row of
/// a compact grid. Short tokens are rows (sides 4 to 12); a token as long as a grid's side
/// that is no puzzle's cell count is a row too (sides 20 and 25). A token of 16 symbols is
/// read as a 4×4 puzzle, so 16×16 grids are written spaced (or as one line of 256): the
/// CLI refuses `--format compact` for them.
pub(super) fn is_line_length(len: usize) -> bool {
    len > 12 && (Shape::for_cells(len).is_some() || Shape::for_side(len).is_none())
}

/// A one-line puzzle followed by a trailing field on the same line (`<81 symbols> Hard`,
/// `<81 symbols> ED=11.9/11.9/11.3`, `<81 symbols> # hardest`, a rating, a solution):
/// the puzzle, when the line's first entry is a valid one, and `None` for any other line.
pub(super) fn puzzle_with_trailer(parts: &[&[u8]], bar: bool) -> Option<Grid> {
    match parts {
        [first, _, ..] if !bar && is_line_length(first.len()) => Grid::parse_line(first).ok(),
        _ => None,
    }
}

fn spaced_value(token: &[u8], shape: Shape) -> Option<u8> {
    if token.iter().all(u8::is_ascii_digit) && token.len() <= 2 {
        let v = token
            .iter()
            .fold(0usize, |a, &d| a * 10 + (d - b'0') as usize);
        (v <= shape.side()).then_some(v as u8)
    } else if token.len() == 1 {
        shape.value_of(token[0])
    } else {
        None
    }
}

/// The values of one row of a `format` grid of `shape`, or its fault.
pub(super) fn parse_row(
    shape: Shape,
    format: Format,
    chars: &Chars<'_>,
    parts: &[&[u8]],
) -> Result<Vec<u8>, FormatErrorKind> {
    let n = shape.side();
    let line = chars.line();
    let mut row = Vec::with_capacity(n);
    if format == Format::Compact {
        if parts.len() != 1 || line.len() != n {
            let found = if parts.len() == 1 {
                line.len()
            } else {
                parts.len()
            };
            return Err(FormatErrorKind::RowLength {
                expected: n,
                found,
                what: if parts.len() == 1 { "cells" } else { "numbers" },
            });
        }
        for (i, &b) in line.iter().enumerate() {
            match shape.value_of(b) {
                Some(v) => row.push(v),
                None => {
                    return Err(FormatErrorKind::BadEntry {
                        position: format!("column {}", i + 1),
                        found: chars.describe(i),
                        allowed: allowed_symbols(shape),
                    });
                }
            }
        }
        return Ok(row);
    }
    if parts.len() != n {
        return Err(FormatErrorKind::RowLength {
            expected: n,
            found: parts.len(),
            what: "numbers",
        });
    }
    for (i, token) in parts.iter().enumerate() {
        match spaced_value(token, shape) {
            Some(v) => row.push(v),
            None => {
                let at = chars.offset(token);
                return Err(FormatErrorKind::BadEntry {
                    position: format!("number {}", i + 1),
                    found: if token.len() == 1 {
                        chars.describe(at)
                    } else {
                        chars.show(at, token.len())
                    },
                    allowed: format!("a number from 0 to {n}"),
                });
            }
        }
    }
    Ok(row)
}
