//! What is wrong with a record: [`FormatError`] and its kinds.

use thiserror::Error;

use crate::grid::GridError;
use crate::pencil::PencilError;

/// What is wrong with a record, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{line}: {kind}")]
pub struct FormatError {
    /// 1-based line number of the fault.
    pub line: usize,
    /// The fault.
    pub kind: FormatErrorKind,
}

/// The faults a record can have.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FormatErrorKind {
    /// A one-line puzzle that does not parse.
    #[error("{0}")]
    Line(GridError),
    /// A grid row with too many or too few entries.
    #[error("expected {expected} {what}, found {found}")]
    RowLength {
        /// Entries a row of this grid needs.
        expected: usize,
        /// Entries found (characters, not bytes, for cells).
        found: usize,
        /// "numbers" or "cells".
        what: &'static str,
    },
    /// An entry that is not a value of the grid.
    #[error("{position}: {found} is not {allowed}")]
    BadEntry {
        /// Where on the line: "column 4" or "number 4".
        position: String,
        /// The entry as found.
        found: String,
        /// What is allowed.
        allowed: String,
    },
    /// The grid ended (empty line, end of input, or a line that cannot be its row) before
    /// its last row.
    #[error("the grid has {found} {}, expected {expected}", if *.found == 1 { "row" } else { "rows" })]
    TooFewRows {
        /// Rows the grid needs.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A pencilmark line that does not parse.
    #[error("{0}")]
    Pencilmarks(PencilError),
    /// A line longer than the reader keeps.
    #[error("line too long ({length} bytes)")]
    LineTooLong {
        /// Its length in bytes.
        length: usize,
    },
    /// A row of a grid's width right before a grid that is whole without it: with it as
    /// their first row, the rows of the block clash; without it, the grid after it does
    /// not. The grid is read from the line after it.
    #[error(
        "a stray row before a grid: the {side} rows after it make the grid (with this row first, the givens clash)"
    )]
    StrayRow {
        /// Rows of the grid after it.
        side: usize,
    },
    /// A JSON line, such as `solve --format json` writes: an answer, not a puzzle.
    #[error("a JSON line (an answer written with --format json?), not a puzzle")]
    Json,
    /// A label or title (`Grid 01`, `Hard`, a sentence): a line with a word in it that is
    /// neither a puzzle nor a row of one. See [`Record::is_label`](super::Record::is_label).
    #[error("not a puzzle: {0}")]
    Label(String),
}
