//! Text formats for puzzles and answers, detected per record and mirrored in the answer.
//!
//! | format    | a record is                                               | example row          |
//! |-----------|-----------------------------------------------------------|----------------------|
//! | `line`    | one line of `n²` symbols, `.` or `0` blank                | `..3.7..4...6..23…`  |
//! | `spaced`  | `n` lines of `n` numbers separated by spaces (Baekjoon 2580) | `0 3 5 4 6 9 2 7 8` |
//! | `compact` | `n` lines of `n` symbols without spaces (Baekjoon 2239)    | `103000509`          |
//! | `pretty`  | `spaced` with `|` between boxes and `-` lines between bands | `3 1 6 \| 5 7 8 \| 4 9 2` |
//!
//! Empty lines and lines starting with `#` separate records and are otherwise skipped. A
//! line may end in CRLF. The parser works on byte lines, so it never fails on binary junk: a
//! bad record becomes a [`Record`] whose `grid` is an error naming the line and the fault.

use super::grid::{Grid, GridError, Shape};
use super::pencil;
use std::collections::VecDeque;

mod chars;
mod error;
mod kind;
mod record;
mod render;
mod row;
mod suspect;

pub use chars::lines;
use chars::{Chars, bare};
pub use error::{FormatError, FormatErrorKind};
pub use kind::Format;
pub use record::Record;
use record::{Pending, fault_record, label_record, pencil_record};
pub use render::render;
use row::{entries, is_line_length, is_rule, parse_row, puzzle_with_trailer};

/// Turns lines into [`Record`]s: feed it every line with [`Parser::push_line`], then call
/// [`Parser::finish`] at the end of the input.
///
/// No record that is known to be bad consumes the lines after it:
/// - a line that starts a record but is a *label* (a word that is no symbol of the grid it
///   would start: `Grid 01`, `Hard`, a title) is a record of its own, marked
///   [`FormatErrorKind::Label`];
/// - a grid with a fault takes only the lines that are valid rows of it; any other line ends
///   it at once and is read afresh;
/// - a grid without a fault is ended (cut short) by a line of another kind: a label, a
///   single token in a spaced grid, several in a compact one, or a one-line puzzle (with or
///   without a trailing field). A line of its own kind with a fault (a row of 10 numbers,
///   a bad symbol) is its faulty row, except that a whole row of another shape followed by
///   a second such row starts a new grid: the lines before it (a stray short line) are then
///   a record of their own.
///
/// Such a line makes two records (the grid it ended, then its own); the second is held back
/// and handed out by the next call (records always leave in input order, and `finish`
/// returns a held one first).
///
/// Lines are read as UTF-8 where they are valid: counts and columns are in characters, a
/// non-ASCII character is named in messages (`'１' (U+FF11, fullwidth digit 1)`), and
/// non-ASCII spaces separate numbers like spaces. A byte-order mark at the start of a line
/// is skipped (files joined with `cat` carry them mid-input); a line may end in CR.
///
/// Cutting an input into pieces parsed apart (the CLI's workers do): a line for which
/// [`ends_any_grid`] holds leaves every parser between records; elsewhere
/// [`Parser::carry`] hands the state on to the parser of the next piece and
/// [`Parser::cut`] ends this piece's parser without cutting a grid short.
#[derive(Debug, Default)]
pub struct Parser {
    pending: Option<Pending>,
    /// A grid read whole whose givens clash, waiting for the lines that tell whether its
    /// first row was a stray line (see [`suspect`]).
    suspect: Option<suspect::Suspect>,
    held: VecDeque<Record>,
}

/// True for a line after which every parser is between records, whatever came before it:
/// a blank line (it ends any pending grid) or 81 digits and dots (a one-line 9×9 puzzle:
/// no row of any grid, so it ends a pending one and is a record of its own). A cheap test
/// for cutting an input into pieces to parse apart (see [`Parser`]); other lines may end
/// records too, but only the parser knows. `line` is whole (not cut at a length cap) and
/// without its line end.
pub fn ends_any_grid(line: &[u8]) -> bool {
    let line = bare(line);
    if line.len() == 81 {
        // Without stopping early, so that the test runs on whole vectors of bytes.
        return line
            .iter()
            .fold(true, |all, &b| all & (b.is_ascii_digit() | (b == b'.')));
    }
    line.iter().all(u8::is_ascii_whitespace)
}

impl Parser {
    /// A parser with nothing pending.
    pub fn new() -> Parser {
        Parser::default()
    }

    /// Feeds line `number` (1-based), without its line end. `full_len` is the line's real
    /// length when the reader kept only a prefix of it (see [`Parser`]'s users), otherwise
    /// `line.len()`. Returns the record the line completes, if any.
    pub fn push_line(&mut self, number: usize, line: &[u8], full_len: usize) -> Option<Record> {
        let (first, second) = self.read_line(number, line, full_len);
        self.held.extend(first);
        self.held.extend(second);
        self.held.pop_front()
    }

    /// The records line `number` completes, in input order: usually none or one; two when
    /// it ends a pending grid and is a record of its own.
    fn read_line(
        &mut self,
        number: usize,
        raw: &[u8],
        full_len: usize,
    ) -> (Option<Record>, Option<Record>) {
        if let Some(suspect) = self.suspect.take() {
            return self.settle(suspect, number, raw, full_len);
        }
        let truncated = full_len > raw.len();
        let raw = bare(raw);
        // The commonest line of all, a 9×9 puzzle in 81 digits and dots with no grid
        // pending: read as the general path below reads it (no space to trim, no label,
        // no rule, one token of a puzzle's length), without its steps. (81 bytes read as
        // a grid exactly when they are all digits and dots; any other line, and its
        // fault, is the general path's.)
        if !truncated
            && self.pending.is_none()
            && raw.len() == 81
            && let Ok(grid) = Grid::parse_line(raw)
        {
            let record = Record {
                line: number,
                format: Format::Line,
                grid: Ok(grid),
                marks: None,
            };
            return (Some(record), None);
        }
        let chars = Chars::new(raw);
        let line = chars.line();
        if line.is_empty() {
            return (
                self.pending
                    .take()
                    .map(|p| Pending::cut_short(p.undo_stray())),
                None,
            );
        }
        if line[0] == b'#' {
            return (None, None);
        }
        if truncated {
            return self.too_long(number, full_len);
        }
        if is_rule(line) {
            if let Some(p) = &mut self.pending {
                p.format = Format::Pretty;
            }
            return (None, None);
        }
        let (parts, bar) = entries(line);
        let Some(p) = self.pending.take() else {
            return (self.start(number, &chars, &parts, bar), None);
        };
        self.next_row(number, raw, &chars, &parts, bar, p)
    }

    /// A line too long to keep: a record of its own, or the pending grid's faulty row.
    fn too_long(&mut self, number: usize, full_len: usize) -> (Option<Record>, Option<Record>) {
        let error = FormatError {
            line: number,
            kind: FormatErrorKind::LineTooLong { length: full_len },
        };
        let own = fault_record(number, Format::Line, error.kind.clone());
        match self.pending.take().map(Pending::undo_stray) {
            None => (Some(own), None),
            Some(p) if p.error.is_some() => (Some(Pending::complete(p)), Some(own)),
            Some(mut p) => {
                p.error = Some(error);
                (self.add_row(p), None)
            }
        }
    }

    /// A line after a pending grid's rows (`raw` as [`read_line`](Self::read_line) has it,
    /// `chars` its characters, `parts` its entries, `bar` when it has pretty bars): the
    /// grid's next row, its faulty row, or the end of the grid and a line of its own.
    fn next_row(
        &mut self,
        number: usize,
        raw: &[u8],
        chars: &Chars<'_>,
        parts: &[&[u8]],
        bar: bool,
        mut p: Pending,
    ) -> (Option<Record>, Option<Record>) {
        let line = chars.line();
        let mut stray_record = None;
        // A line with bars is a row of a spaced grid read as pretty, never of a compact one.
        let format = if bar && p.format == Format::Spaced {
            Format::Pretty
        } else {
            p.format
        };
        if p.stray.is_some() {
            if parse_row(p.shape, format, chars, parts).is_err() {
                // Not a second row of the new grid: the row before was the old grid's
                // faulty row after all; read this line as that grid's next one.
                self.pending = Some(p.undo_stray());
                return self.read_line(number, raw, raw.len());
            }
            if let Some((before, _)) = p.stray.take() {
                stray_record = Some(Pending::cut_short(*before));
            }
        }
        let fault = match parse_row(p.shape, format, chars, parts) {
            Ok(row) => {
                p.values.extend(row);
                p.format = format;
                if p.rows == 1 {
                    p.second = number;
                }
                let done = self.add_row(p);
                return match stray_record {
                    Some(stray) => (Some(stray), done),
                    None => (done, None),
                };
            }
            Err(kind) => kind,
        };
        debug_assert!(
            stray_record.is_none(),
            "a stray row is settled by a row of its grid"
        );
        if p.error.is_none() && Self::starts_other_grid(p.shape, chars, parts, bar) {
            // Rows so far, then a whole row of another shape: either stray lines before a
            // grid, or a grid with a faulty row. The line after decides (see
            // `Pending::stray`).
            let fault = FormatError {
                line: number,
                kind: fault,
            };
            let first = self.start(number, chars, parts, bar);
            debug_assert!(first.is_none(), "a whole first row starts a grid");
            if let Some(new) = &mut self.pending {
                new.stray = Some((Box::new(p), fault));
            }
            return (first, None);
        }
        let other_kind = match p.format {
            Format::Compact => {
                parts.len() != 1
                    || bar
                    || (is_line_length(line.len()) && line.len() != p.shape.side())
            }
            _ => parts.len() == 1 && !bar,
        } || puzzle_with_trailer(parts, bar).is_some();
        if p.error.is_some() || other_kind || chars.has_word(Some(p.shape)) {
            // Not a row of this grid: it ends here, and the line starts afresh.
            let ended = if p.error.is_some() {
                Pending::complete(p)
            } else {
                Pending::cut_short(p)
            };
            return (Some(ended), self.start(number, chars, parts, bar));
        }
        // Its own kind of line, with a fault: the grid's faulty row.
        p.error = Some(FormatError {
            line: number,
            kind: fault,
        });
        p.format = format;
        (self.add_row(p), None)
    }

    /// Counts a row of `p`; returns the record when it was the last, else keeps `p`.
    fn add_row(&mut self, mut p: Pending) -> Option<Record> {
        p.rows += 1;
        if p.rows == p.shape.side() {
            if suspect::clashes(&p) {
                self.suspect = Some(suspect::Suspect::new(p));
                return None;
            }
            return Some(Pending::complete(p));
        }
        self.pending = Some(p);
        None
    }

    /// A line with nothing pending that is a record on its own: a one-line puzzle (a
    /// trailing field allowed), pencilmarks, a label, or a faulty one-line puzzle. `None`
    /// when it may be a grid's first row.
    fn one_line(number: usize, chars: &Chars<'_>, parts: &[&[u8]], bar: bool) -> Option<Record> {
        let line = chars.line();
        let record = |format, kind| fault_record(number, format, kind);
        let label = || Some(label_record(number, chars));
        if line.starts_with(b"{\"") {
            return Some(record(Format::Line, FormatErrorKind::Json));
        }
        if let Some(grid) = puzzle_with_trailer(parts, bar) {
            return Some(Record {
                line: number,
                format: Format::Line,
                grid: Ok(grid),
                marks: None,
            });
        }
        if let Some(at) = chars.inner_bom()
            && !chars.has_word(None)
        {
            // Files joined in the middle of a line (`cat` after a file with no final line
            // end): the mark, not the length it adds, is the fault to name.
            return Some(record(
                Format::Line,
                FormatErrorKind::BadEntry {
                    position: format!("column {}", at + 1),
                    found: chars.describe(at),
                    allowed: "a symbol (a byte-order mark belongs only at the start of a line)"
                        .into(),
                },
            ));
        }
        if parts.len() == 1 && !bar && pencil::shape_for_length(line.len()).is_some() {
            // 64 characters are 4×4 pencilmarks or an 8×8 puzzle: pencilmarks when they read
            // as such, else a puzzle.
            let marks = pencil_record(number, line);
            if marks.grid.is_ok() || Shape::for_cells(line.len()).is_none() {
                return Some(marks);
            }
        }
        if parts.len() == 1 && !bar && is_line_length(line.len()) {
            return match Grid::parse_line(line) {
                Ok(grid) => Some(Record {
                    line: number,
                    format: Format::Line,
                    grid: Ok(grid),
                    marks: None,
                }),
                Err(_) if chars.has_word(Shape::for_cells(line.len())) => label(),
                Err(mut e) => {
                    if let GridError::BadSymbol { column, found, .. } = &mut e {
                        *found = chars.describe(*column - 1);
                    }
                    Some(record(Format::Line, FormatErrorKind::Line(e)))
                }
            };
        }
        None
    }

    /// A line with nothing pending: a one-line puzzle, a label, a record of one bad line,
    /// or the first row of a grid (then pending, and `None`).
    fn start(
        &mut self,
        number: usize,
        chars: &Chars<'_>,
        parts: &[&[u8]],
        bar: bool,
    ) -> Option<Record> {
        if let Some(record) = Self::one_line(number, chars, parts, bar) {
            return Some(record);
        }
        let line = chars.line();
        let record = |format, kind| fault_record(number, format, kind);
        let label = || Some(label_record(number, chars));
        let (format, side) = if parts.len() == 1 && !bar {
            (Format::Compact, line.len())
        } else {
            (
                if bar { Format::Pretty } else { Format::Spaced },
                parts.len(),
            )
        };
        let Some(shape) = Shape::for_side(side) else {
            if chars.has_word(None) {
                return label();
            }
            // No grid has rows this long: report the line on its own, a record of one
            // line (answered, like a one-line puzzle, without empty lines around it).
            let found_cells = format == Format::Compact;
            return Some(record(
                Format::Line,
                FormatErrorKind::RowLength {
                    expected: Shape::CLASSIC.side(),
                    found: side,
                    what: if found_cells { "cells" } else { "numbers" },
                },
            ));
        };
        let mut values = Vec::with_capacity(shape.cells());
        let error = match parse_row(shape, format, chars, parts) {
            Ok(row) => {
                values.extend(row);
                None
            }
            Err(_) if chars.has_word(Some(shape)) => return label(),
            Err(kind) => Some(FormatError { line: number, kind }),
        };
        let p = Pending {
            start: number,
            format,
            shape,
            values,
            rows: 0,
            error,
            stray: None,
            second: 0,
        };
        self.add_row(p)
    }

    /// Whether the line is a whole, valid first row of a grid of another shape than `shape`.
    fn starts_other_grid(shape: Shape, chars: &Chars<'_>, parts: &[&[u8]], bar: bool) -> bool {
        let (format, side) = if parts.len() == 1 && !bar {
            if is_line_length(chars.line().len()) {
                return false;
            }
            (Format::Compact, chars.line().len())
        } else if bar {
            (Format::Pretty, parts.len())
        } else {
            (Format::Spaced, parts.len())
        };
        Shape::for_side(side)
            .is_some_and(|other| other != shape && parse_row(other, format, chars, parts).is_ok())
    }

    /// Line `number` after a [`Suspect`] (`raw` and `full_len` as
    /// [`push_line`](Parser::push_line) has them): holds on, or hands the block's records
    /// to the queue and reads the line afresh.
    fn settle(
        &mut self,
        suspect: suspect::Suspect,
        number: usize,
        raw: &[u8],
        full_len: usize,
    ) -> (Option<Record>, Option<Record>) {
        let row = if full_len > raw.len() {
            None
        } else {
            suspect::row_of(&suspect.first, raw)
        };
        let suspect::Suspect { first, shifted } = suspect;
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
                if !suspect::clashes(&grid) {
                    self.suspect = Some(suspect::Suspect {
                        first,
                        shifted: Some((grid, number, raw.to_vec())),
                    });
                    return (None, None);
                }
                self.held.push_back(Pending::complete(first));
            }
            (None, None) => self.held.push_back(Pending::complete(first)),
            (Some((grid, _, _)), None) => {
                // The block ended after one row more than the grid has: that row's grid.
                self.held.push_back(suspect::stray_record(&first));
                self.held.push_back(Pending::complete(grid));
            }
            (Some((_, last, last_raw)), Some(_)) => {
                // Longer still (grids back to back): the first rows are the grid, and the
                // rows after them are read afresh.
                self.held.push_back(Pending::complete(first));
                let (a, b) = self.read_line(last, &last_raw, last_raw.len());
                self.held.extend(a);
                self.held.extend(b);
            }
        }
        self.read_line(number, raw, full_len)
    }

    /// True when no grid is pending: the lines after this one start afresh, as with a new
    /// parser (a record still held back is handed out by the next call, or by [`Self::cut`]
    /// or [`Self::finish`]).
    pub fn between_records(&self) -> bool {
        self.pending.is_none() && self.suspect.is_none()
    }

    /// A parser that goes on from this one's state for the lines after the last one fed:
    /// the grid pending or held for the next lines, if any, and no record held back (this
    /// parser hands those out, see [`Self::cut`]). Parsing the lines before a cut with this
    /// parser and the lines after it with the carried one gives the records of parsing them
    /// all with one.
    pub fn carry(&self) -> Parser {
        Parser {
            pending: self.pending.clone(),
            suspect: self.suspect.clone(),
            held: VecDeque::new(),
        }
    }

    /// Ends this parser at a cut in the input: returns a record held back, if any (call it
    /// until `None`); a grid still pending is left to the parser that [`Self::carry`] gave
    /// (it is not cut short).
    pub fn cut(&mut self) -> Option<Record> {
        self.pending = None;
        self.suspect = None;
        self.held.pop_front()
    }

    /// Ends the input after line `last`: the records held back, then a grid pending, cut
    /// short. Returns one record a call: call it until `None`.
    pub fn finish(&mut self, last: usize) -> Option<Record> {
        debug_assert!(self.pending.as_ref().is_none_or(|p| p.start <= last));
        if let Some(suspect) = self.suspect.take() {
            self.held.extend(suspect.settle_at_end());
        }
        if let Some(held) = self.held.pop_front() {
            return Some(held);
        }
        self.pending
            .take()
            .map(|p| Pending::cut_short(p.undo_stray()))
    }
}

/// Parses a whole text (for tests and small inputs), split as [`lines`] does.
pub fn parse_str(text: &str) -> Vec<Record> {
    let mut parser = Parser::new();
    let mut records = Vec::new();
    let mut last = 0;
    for (i, line) in lines(text.as_bytes()).enumerate() {
        last = i + 1;
        if let Some(r) = parser.push_line(i + 1, line, line.len()) {
            records.push(r);
        }
    }
    while let Some(r) = parser.finish(last) {
        records.push(r);
    }
    records
}

#[cfg(test)]
mod tests;
