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

use super::chars::{BOM, Chars};
use super::{Format, FormatError, FormatErrorKind, Parser, Pending, Record, entries, is_rule};
use crate::grid::Grid;

/// The grid held back, and the grid its last rows make with the row after it, while the
/// line after that is awaited.
#[derive(Debug, Clone)]
pub(super) struct Suspect {
    /// The block's first `n` rows, read whole, with a clash.
    first: Pending,
    /// The last `n` rows of a block of `n + 1` (without a clash), the line number of the
    /// row that completed them, and that row as read (to read it afresh when the block goes
    /// on).
    shifted: Option<(Pending, usize, Vec<u8>)>,
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
            None => out.push_back(Parser::complete(self.first)),
            Some((grid, _, _)) => {
                out.push_back(stray_record(&self.first));
                out.push_back(Parser::complete(grid));
            }
        }
        out
    }
}

/// The record of the block's first row when it is a stray line.
fn stray_record(first: &Pending) -> Record {
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
fn row_of(grid: &Pending, raw: &[u8]) -> Option<Vec<u8>> {
    let raw = raw.strip_prefix(BOM).unwrap_or(raw);
    let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
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
    Parser::parse_row(grid.shape, format, &chars, &parts).ok()
}

impl Parser {
    /// Line `number` after a [`Suspect`] (`raw` and `full_len` as
    /// [`push_line`](Parser::push_line) has them): holds on, or hands the block's records
    /// to the queue and reads the line afresh.
    pub(super) fn settle(
        &mut self,
        suspect: Suspect,
        number: usize,
        raw: &[u8],
        full_len: usize,
    ) -> (Option<Record>, Option<Record>) {
        let row = if full_len > raw.len() {
            None
        } else {
            row_of(&suspect.first, raw)
        };
        let Suspect { first, shifted } = suspect;
        match (shifted, row) {
            (None, Some(row)) => {
                let side = first.shape.side();
                let mut values = first.values[side..].to_vec();
                values.extend(row);
                let grid = Pending {
                    start: first.second,
                    values,
                    second: 0,
                    ..first.clone()
                };
                if !clashes(&grid) {
                    self.suspect = Some(Suspect {
                        first,
                        shifted: Some((grid, number, raw.to_vec())),
                    });
                    return (None, None);
                }
                self.held.push_back(Self::complete(first));
            }
            (None, None) => self.held.push_back(Self::complete(first)),
            (Some((grid, _, _)), None) => {
                // The block ended after one row more than the grid has: that row's grid.
                self.held.push_back(stray_record(&first));
                self.held.push_back(Self::complete(grid));
            }
            (Some((_, last, last_raw)), Some(_)) => {
                // Longer still (grids back to back): the first rows are the grid, and the
                // rows after them are read afresh.
                self.held.push_back(Self::complete(first));
                let (a, b) = self.read_line(last, &last_raw, last_raw.len());
                self.held.extend(a);
                self.held.extend(b);
            }
        }
        self.read_line(number, raw, full_len)
    }
}
