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

use super::grid::{Grid, GridError, Shape, allowed_symbols};
use super::pencil;
use std::collections::VecDeque;

mod chars;
mod error;
mod kind;
mod render;
mod suspect;

pub use chars::lines;
use chars::{BOM, Chars};
pub use error::{FormatError, FormatErrorKind};
pub use kind::Format;
pub use render::render;

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
fn pencil_record(number: usize, line: &[u8]) -> Record {
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
struct Pending {
    start: usize,
    format: Format,
    shape: Shape,
    values: Vec<u8>,
    rows: usize,
    /// The first fault. A grid with a fault takes only lines that are valid rows of it;
    /// any other line ends it at once.
    error: Option<FormatError>,
    /// Set while this grid has one row, a whole row of another shape than the rows before
    /// it: their grid, and the fault this row is as its next row. The next line decides: a
    /// row of this grid makes the lines before a stray record of their own; any other line
    /// makes this row the other grid's faulty row after all.
    stray: Option<(Box<Pending>, FormatError)>,
    /// The line of the grid's second row, once it has one.
    second: usize,
}

impl Pending {
    /// The grid as it is when the next line does not confirm this one: the grid before it,
    /// with this grid's one row as its faulty row.
    fn undo_stray(mut self) -> Pending {
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
}

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
    let line = line.strip_prefix(BOM).unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.len() == 81 {
        // Without stopping early, so that the test runs on whole vectors of bytes.
        return line
            .iter()
            .fold(true, |all, &b| all & (b.is_ascii_digit() | (b == b'.')));
    }
    line.iter().all(u8::is_ascii_whitespace)
}

/// Splits a row into entries: whitespace-separated, with `|` box bars dropped. Returns the
/// entries and whether a bar was seen.
fn entries(line: &[u8]) -> (Vec<&[u8]>, bool) {
    let bar = line.contains(&b'|');
    let parts = line
        .split(|&b| b.is_ascii_whitespace() || b == b'|')
        .filter(|t| !t.is_empty())
        .collect();
    (parts, bar)
}

/// A line of `-`, `+`, `=` and spaces only: a rule between bands of a pretty grid.
fn is_rule(line: &[u8]) -> bool {
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
fn is_line_length(len: usize) -> bool {
    len > 12 && (Shape::for_cells(len).is_some() || Shape::for_side(len).is_none())
}

/// A one-line puzzle followed by a trailing field on the same line (`<81 symbols> Hard`,
/// `<81 symbols> ED=11.9/11.9/11.3`, `<81 symbols> # hardest`, a rating, a solution):
/// the puzzle, when the line's first entry is a valid one, and `None` for any other line.
fn puzzle_with_trailer(parts: &[&[u8]], bar: bool) -> Option<Grid> {
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

/// The record of line `number` alone, with its fault.
fn fault_record(number: usize, format: Format, kind: FormatErrorKind) -> Record {
    Record {
        line: number,
        format,
        grid: Err(FormatError { line: number, kind }),
        marks: None,
    }
}

/// Line `number` as a label (a title, a name: no puzzle), shown as written.
fn label_record(number: usize, chars: &Chars<'_>) -> Record {
    let shown = chars.show(0, chars.line().len());
    fault_record(number, Format::Line, FormatErrorKind::Label(shown))
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
        // A byte-order mark starts line 1 of a file saved by some editors, and any line
        // where such files were joined (`cat a.txt b.txt`).
        let raw = raw.strip_prefix(BOM).unwrap_or(raw);
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
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
                self.pending.take().map(|p| Self::cut_short(p.undo_stray())),
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
            Some(p) if p.error.is_some() => (Some(Self::complete(p)), Some(own)),
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
            if Self::parse_row(p.shape, format, chars, parts).is_err() {
                // Not a second row of the new grid: the row before was the old grid's
                // faulty row after all; read this line as that grid's next one.
                self.pending = Some(p.undo_stray());
                return self.read_line(number, raw, raw.len());
            }
            if let Some((before, _)) = p.stray.take() {
                stray_record = Some(Self::cut_short(*before));
            }
        }
        let fault = match Self::parse_row(p.shape, format, chars, parts) {
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
                Self::complete(p)
            } else {
                Self::cut_short(p)
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
            return Some(Self::complete(p));
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
        let error = match Self::parse_row(shape, format, chars, parts) {
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
        Shape::for_side(side).is_some_and(|other| {
            other != shape && Self::parse_row(other, format, chars, parts).is_ok()
        })
    }

    /// The values of one row of a `format` grid of `shape`, or its fault.
    fn parse_row(
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

    fn complete(p: Pending) -> Record {
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
    fn cut_short(p: Pending) -> Record {
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
        self.pending.take().map(|p| Self::cut_short(p.undo_stray()))
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
