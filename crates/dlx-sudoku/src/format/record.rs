//! A record of the input ([`Record`]), the grid being read row by row ([`Pending`]), and
//! the records of lines alone.

use super::chars::Chars;
use super::error::{FormatError, FormatErrorKind};
use super::kind::Format;
use crate::grid::{Grid, Shape};
use crate::pencil;

/// One puzzle of the input: where it starts, its format, and the grid or what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number of the record's first line.
    pub line: usize,
    /// The format it was written in.
    pub format: Format,
    /// The puzzle, or the first fault found in it. For pencilmarks: the cells with one
    /// candidate.
    pub grid: Result<Grid, FormatError>,
    /// The candidates of each cell (bit `v − 1`) when the record is a pencilmark line.
    pub marks: Option<Vec<u32>>,
}

impl Record {
    /// True for a label line (`Grid 01`, a title): not a puzzle at all, and not an attempt
    /// at one. Readers may skip these (the CLI does, unless `--strict`).
    pub fn is_label(&self) -> bool {
        matches!(
            &self.grid,
            Err(FormatError {
                kind: FormatErrorKind::Label(_),
                ..
            })
        )
    }
}

/// The record of a pencilmark line (line `number` of its input): the grid of its cells with
/// one candidate, and every cell's candidates; or the fault.
pub(super) fn pencil_record(number: usize, line: &[u8]) -> Record {
    match pencil::parse(line) {
        Ok((shape, marks)) => Record {
            line: number,
            format: Format::Pencilmarks,
            grid: Ok(pencil::singles(shape, &marks)),
            marks: Some(marks),
        },
        Err(e) => Record {
            line: number,
            format: Format::Pencilmarks,
            grid: Err(FormatError {
                line: number,
                kind: FormatErrorKind::Pencilmarks(e),
            }),
            marks: None,
        },
    }
}

/// A grid being read row by row.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    pub(super) start: usize,
    pub(super) format: Format,
    pub(super) shape: Shape,
    pub(super) values: Vec<u8>,
    pub(super) rows: usize,
    /// The first fault. A grid with a fault takes only lines that are valid rows of it;
    /// any other line ends it at once.
    pub(super) error: Option<FormatError>,
    /// Set while this grid has one row, a whole row of another shape than the rows before
    /// it: their grid, and the fault this row is as its next row. The next line decides: a
    /// row of this grid makes the lines before a stray record of their own; any other line
    /// makes this row the other grid's faulty row after all.
    pub(super) stray: Option<(Box<Pending>, FormatError)>,
    /// The line of the grid's second row, once it has one.
    pub(super) second: usize,
}

impl Pending {
    /// The grid as it is when the next line does not confirm this one: the grid before it,
    /// with this grid's one row as its faulty row.
    pub(super) fn undo_stray(mut self) -> Pending {
        match self.stray.take() {
            None => self,
            Some((before, fault)) => {
                let mut before = *before;
                before.error = Some(fault);
                before.rows += 1;
                before
            }
        }
    }

    /// The record of a grid read whole (or of its fault).
    pub(super) fn complete(self) -> Record {
        let p = self;
        let grid = match p.error {
            Some(e) => Err(e),
            None => Ok(Grid::from_values(p.shape, &p.values).expect("rows were checked")),
        };
        Record {
            line: p.start,
            format: p.format,
            grid,
            marks: None,
        }
    }

    /// The record of a grid that ended before its last row; the fault names the line the
    /// grid starts on (the record's line), not the line after it.
    pub(super) fn cut_short(self) -> Record {
        let p = self;
        let error = p.error.unwrap_or(FormatError {
            line: p.start,
            kind: FormatErrorKind::TooFewRows {
                expected: p.shape.side(),
                found: p.rows,
            },
        });
        Record {
            line: p.start,
            format: p.format,
            grid: Err(error),
            marks: None,
        }
    }
}

/// The record of line `number` alone, with its fault.
pub(super) fn fault_record(number: usize, format: Format, kind: FormatErrorKind) -> Record {
    Record {
        line: number,
        format,
        grid: Err(FormatError { line: number, kind }),
        marks: None,
    }
}

/// Line `number` as a label (a title, a name: no puzzle), shown as written.
pub(super) fn label_record(number: usize, chars: &Chars<'_>) -> Record {
    let shown = chars.show(0, chars.line().len());
    fault_record(number, Format::Line, FormatErrorKind::Label(shown))
}
