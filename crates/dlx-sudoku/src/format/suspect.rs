//! A grid read whole whose givens clash, held back for a line or two: it may be a stray
//! line of the grid's width (`123456789`, `1 2 3 4 5 6 7 8 9`) followed by the first rows of
//! the real grid, whose last row is still to come.
//!
//! The evidence is the block's length and the clash. A block of `n + 1` rows of an `n`×`n`
//! grid, nothing between them, in which the first `n` rows clash and the last `n` do not,
//! is a stray row and a grid; anything else (the line after the first `n` rows is no row of
//! the grid, the last `n` rows clash too, or the block goes on past `n + 1` rows, as grids
//! written back to back do) is read as before: the first `n` rows are the grid, with their
//! clash, and the lines after them start afresh.

use std::collections::VecDeque;

use super::chars::{Chars, bare};
use super::error::{FormatError, FormatErrorKind};
use super::kind::Format;
use super::record::{Pending, Record};
use super::row::{entries, is_rule, parse_row};
use crate::grid::Grid;

/// The grid held back, and the grid its last rows make with the row after it, while the
/// line after that is awaited.
#[derive(Debug, Clone)]
pub(super) struct Suspect {
    /// The block's first `n` rows, read whole, with a clash.
    pub(super) first: Pending,
    /// The last `n` rows of a block of `n + 1` (without a clash), the line number of the
    /// row that completed them, and that row as read (to read it afresh when the block goes
    /// on).
    pub(super) shifted: Option<(Pending, usize, Vec<u8>)>,
}

/// True when `p`, a grid read whole without a fault in its rows, has givens that clash.
pub(super) fn clashes(p: &Pending) -> bool {
    p.error.is_none()
        && p.format != Format::Line
        && Grid::from_values(p.shape, &p.values).is_ok_and(|g| g.clash().is_some())
}

impl Suspect {
    pub(super) fn new(first: Pending) -> Suspect {
        Suspect {
            first,
            shifted: None,
        }
    }

    /// The records when the input ends here.
    pub(super) fn settle_at_end(self) -> VecDeque<Record> {
        let mut out = VecDeque::new();
        match self.shifted {
            None => out.push_back(Pending::complete(self.first)),
            Some((grid, _, _)) => {
                out.push_back(stray_record(&self.first));
                out.push_back(Pending::complete(grid));
            }
        }
        out
    }
}

/// The record of the block's first row when it is a stray line.
pub(super) fn stray_record(first: &Pending) -> Record {
    Record {
        line: first.start,
        format: first.format,
        grid: Err(FormatError {
            line: first.start,
            kind: FormatErrorKind::StrayRow {
                side: first.shape.side(),
            },
        }),
        marks: None,
    }
}

/// The values of `raw` read as a further row of `grid` (whole and without a fault), if it is
/// one.
pub(super) fn row_of(grid: &Pending, raw: &[u8]) -> Option<Vec<u8>> {
    let raw = bare(raw);
    let chars = Chars::new(raw);
    let line = chars.line();
    if line.is_empty() || line[0] == b'#' || is_rule(line) {
        return None;
    }
    let (parts, bar) = entries(line);
    let format = match grid.format {
        Format::Compact if parts.len() != 1 || bar => return None,
        Format::Spaced if bar => Format::Pretty,
        other => other,
    };
    parse_row(grid.shape, format, &chars, &parts).ok()
}
