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

use std::fmt;

use thiserror::Error;

use super::grid::{Grid, GridError, Shape, allowed_symbols, describe_byte};
use super::pencil::{self, PencilError};

/// The text format of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// One puzzle per line, `n²` symbols.
    Line,
    /// `n` rows of numbers separated by single spaces, 0 for blank (Baekjoon 2580).
    Spaced,
    /// `n` rows of symbols with no spaces, 0 for blank (Baekjoon 2239).
    Compact,
    /// A boxed grid for people: `spaced` with `|` and `-` lines between boxes.
    Pretty,
    /// One line of `n³` pencilmarks (see [`super::pencil`]).
    Pencilmarks,
}

impl Format {
    /// True for the formats whose record spans several lines.
    pub fn is_grid(self) -> bool {
        !matches!(self, Format::Line)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Line => "line",
            Format::Spaced => "spaced",
            Format::Compact => "compact",
            Format::Pretty => "pretty",
            Format::Pencilmarks => "pencilmarks",
        })
    }
}

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
        /// Entries found.
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
    /// The grid ended (empty line or end of input) before its last row.
    #[error("the grid has {found} rows, expected {expected}")]
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
}

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

/// A grid being read row by row.
#[derive(Debug)]
struct Pending {
    start: usize,
    format: Format,
    shape: Shape,
    values: Vec<u8>,
    rows: usize,
    error: Option<FormatError>,
}

/// Turns lines into [`Record`]s: feed it every line with [`Parser::push_line`], then call
/// [`Parser::finish`] at the end of the input.
///
/// A one-line puzzle met inside a grid ends that grid (reported as cut short) and is read
/// as a puzzle of its own, so a truncated grid cannot swallow the puzzles after it. That
/// line makes two records; the second is held back and handed out by the next call
/// (records always leave in input order, and `finish` returns a held one first).
#[derive(Debug, Default)]
pub struct Parser {
    pending: Option<Pending>,
    held: Option<Record>,
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
/// read as a 4×4 puzzle, so 16×16 grids are written spaced (or as one line of 256).
fn is_line_length(len: usize) -> bool {
    let is_cells = (1..=Shape::MAX_SIDE).any(|s| s * s == len && Shape::for_side(s).is_some());
    len > 12 && (is_cells || Shape::for_side(len).is_none())
}

fn trim(line: &[u8]) -> &[u8] {
    let start = line
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |e| e + 1);
    &line[start..end]
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

fn show_token(token: &[u8]) -> String {
    if token.len() == 1 {
        return describe_byte(token[0]);
    }
    let shown: String = token
        .iter()
        .take(12)
        .map(|&b| if b.is_ascii_graphic() { b as char } else { '?' })
        .collect();
    let more = if token.len() > 12 { "…" } else { "" };
    format!("'{shown}{more}'")
}

impl Parser {
    /// A parser with nothing pending.
    pub fn new() -> Parser {
        Parser::default()
    }

    /// Feeds line `number` (1-based). `full_len` is the line's real length when the reader
    /// kept only a prefix of it (see [`Parser`]'s users), otherwise `line.len()`.
    /// Returns the record the line completes, if any.
    pub fn push_line(&mut self, number: usize, line: &[u8], full_len: usize) -> Option<Record> {
        let (first, second) = self.read_line(number, line, full_len);
        match self.held.take() {
            None => {
                self.held = second;
                first
            }
            Some(held) => {
                // Two records come from one line only when it ends a pending grid, and a
                // grid is pending only after a line that gave no record, which handed out
                // anything held. So nothing is held here, and `second` is none.
                debug_assert!(second.is_none(), "a second record while one is held");
                self.held = first.or(second);
                Some(held)
            }
        }
    }

    /// The records line `number` completes, in input order: usually none or one; two when
    /// a one-line puzzle ends a pending grid.
    fn read_line(
        &mut self,
        number: usize,
        line: &[u8],
        full_len: usize,
    ) -> (Option<Record>, Option<Record>) {
        if let Some(p) = &self.pending
            && full_len == line.len()
            && Self::is_line_puzzle(line, p)
        {
            let cut = self.pending.take().map(|p| Self::cut_short(p, number));
            return (cut, self.read_one(number, line, full_len));
        }
        (self.read_one(number, line, full_len), None)
    }

    /// True when `line` is a one-line puzzle (one token of a one-line puzzle's length) and
    /// cannot be a row of the pending grid `p`.
    fn is_line_puzzle(line: &[u8], p: &Pending) -> bool {
        let line = trim(line.strip_suffix(b"\r").unwrap_or(line));
        [16, 36, 81, 256, 625].contains(&line.len())
            && line[0] != b'#'
            && !line.iter().any(|&b| b.is_ascii_whitespace() || b == b'|')
            && !is_rule(line)
            && !(p.format == Format::Compact && line.len() == p.shape.side())
    }

    /// What [`Parser::push_line`] does for one record.
    fn read_one(&mut self, number: usize, line: &[u8], full_len: usize) -> Option<Record> {
        let truncated = full_len > line.len();
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let line = trim(line);
        if line.is_empty() {
            return self.pending.take().map(|p| Self::cut_short(p, number));
        }
        if line[0] == b'#' {
            return None;
        }
        if truncated {
            let error = FormatError {
                line: number,
                kind: FormatErrorKind::LineTooLong { length: full_len },
            };
            return match &mut self.pending {
                Some(_) => self.row_error(error),
                None => Some(Record {
                    line: number,
                    format: Format::Line,
                    grid: Err(error),
                    marks: None,
                }),
            };
        }
        if is_rule(line) {
            if let Some(p) = &mut self.pending {
                p.format = Format::Pretty;
            }
            return None;
        }
        let (parts, bar) = entries(line);
        if self.pending.is_none() {
            if parts.len() == 1 && !bar && pencil::shape_for_length(line.len()).is_some() {
                return Some(pencil::record(number, line));
            }
            if parts.len() == 1 && !bar && is_line_length(line.len()) {
                return Some(Record {
                    line: number,
                    format: Format::Line,
                    grid: Grid::parse_line(line).map_err(|e| FormatError {
                        line: number,
                        kind: FormatErrorKind::Line(e),
                    }),
                    marks: None,
                });
            }
            let (format, side) = if parts.len() == 1 && !bar {
                (Format::Compact, line.len())
            } else {
                (
                    if bar { Format::Pretty } else { Format::Spaced },
                    parts.len(),
                )
            };
            let Some(shape) = Shape::for_side(side) else {
                // No grid has rows this long: report the line on its own rather than take
                // the lines after it as the rest of a grid.
                let found_cells = format == Format::Compact;
                return Some(Record {
                    line: number,
                    format,
                    grid: Err(FormatError {
                        line: number,
                        kind: FormatErrorKind::RowLength {
                            expected: Shape::CLASSIC.side(),
                            found: side,
                            what: if found_cells { "cells" } else { "numbers" },
                        },
                    }),
                    marks: None,
                });
            };
            self.pending = Some(Pending {
                start: number,
                format,
                shape,
                values: Vec::with_capacity(shape.cells()),
                rows: 0,
                error: None,
            });
        }
        let p = self.pending.as_mut().expect("a grid is pending");
        if bar && p.format == Format::Spaced {
            p.format = Format::Pretty;
        }
        if p.error.is_none()
            && let Err(kind) = Self::parse_row(p, line, &parts)
        {
            p.error = Some(FormatError { line: number, kind });
        }
        p.rows += 1;
        if p.rows == p.shape.side() {
            return self.pending.take().map(Self::complete);
        }
        None
    }

    fn row_error(&mut self, error: FormatError) -> Option<Record> {
        let p = self.pending.as_mut().expect("a grid is pending");
        if p.error.is_none() {
            p.error = Some(error);
        }
        p.rows += 1;
        if p.rows == p.shape.side() {
            return self.pending.take().map(Self::complete);
        }
        None
    }

    fn parse_row(p: &mut Pending, line: &[u8], parts: &[&[u8]]) -> Result<(), FormatErrorKind> {
        let n = p.shape.side();
        if p.format == Format::Compact {
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
                match p.shape.value_of(b) {
                    Some(v) => p.values.push(v),
                    None => {
                        return Err(FormatErrorKind::BadEntry {
                            position: format!("column {}", i + 1),
                            found: describe_byte(b),
                            allowed: allowed_symbols(p.shape),
                        });
                    }
                }
            }
            return Ok(());
        }
        if parts.len() != n {
            return Err(FormatErrorKind::RowLength {
                expected: n,
                found: parts.len(),
                what: "numbers",
            });
        }
        for (i, token) in parts.iter().enumerate() {
            match spaced_value(token, p.shape) {
                Some(v) => p.values.push(v),
                None => {
                    return Err(FormatErrorKind::BadEntry {
                        position: format!("number {}", i + 1),
                        found: show_token(token),
                        allowed: format!("a number from 0 to {n}"),
                    });
                }
            }
        }
        Ok(())
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

    fn cut_short(p: Pending, line: usize) -> Record {
        let error = p.error.unwrap_or(FormatError {
            line,
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

    /// Ends the input: returns a record still held back, else a grid still pending,
    /// reported as cut short at line `last + 1`. (Both cannot happen: a record is held only
    /// when no grid is pending. Calling again returns `None`.)
    pub fn finish(&mut self, last: usize) -> Option<Record> {
        if let Some(held) = self.held.take() {
            return Some(held);
        }
        self.pending.take().map(|p| Self::cut_short(p, last + 1))
    }
}

/// Parses a whole text (for tests and small inputs).
pub fn parse_str(text: &str) -> Vec<Record> {
    let mut parser = Parser::new();
    let mut records = Vec::new();
    let mut last = 0;
    for (i, line) in text.lines().enumerate() {
        last = i + 1;
        if let Some(r) = parser.push_line(i + 1, line.as_bytes(), line.len()) {
            records.push(r);
        }
    }
    records.extend(parser.finish(last));
    records
}

/// Writes `grid` in `format`, each row ending in a newline.
pub fn render(grid: &Grid, format: Format) -> String {
    let shape = grid.shape();
    let n = shape.side();
    let mut out = String::with_capacity(2 * grid.cells().len() + n + 8);
    let rows = grid.cells().chunks(n);
    match format {
        Format::Line => {
            out.push_str(&grid.to_line());
            out.push('\n');
        }
        Format::Pencilmarks => {
            out.push_str(&pencil::line_of(grid));
            out.push('\n');
        }
        Format::Compact => {
            for row in rows {
                out.extend(
                    row.iter()
                        .map(|&v| if v == 0 { '0' } else { shape.symbol(v) }),
                );
                out.push('\n');
            }
        }
        Format::Spaced => {
            for row in rows {
                let parts: Vec<String> = row.iter().map(u8::to_string).collect();
                out.push_str(&parts.join(" "));
                out.push('\n');
            }
        }
        Format::Pretty => {
            let width = |v: u8| {
                if n > 9 {
                    format!("{v:>2}")
                } else {
                    shape.symbol(v).to_string()
                }
            };
            let cell_w = if n > 9 { 2 } else { 1 };
            let seg = shape.box_cols() * (cell_w + 1) - 1;
            let boxes = n / shape.box_cols();
            let rule: Vec<String> = (0..boxes)
                .map(|b| {
                    let w = seg + if b == 0 || b == boxes - 1 { 1 } else { 2 };
                    "-".repeat(w)
                })
                .collect();
            let rule = rule.join("+");
            for (r, row) in rows.enumerate() {
                if r > 0 && r % shape.box_rows() == 0 {
                    out.push_str(&rule);
                    out.push('\n');
                }
                let segs: Vec<String> = row
                    .chunks(shape.box_cols())
                    .map(|b| b.iter().map(|&v| width(v)).collect::<Vec<_>>().join(" "))
                    .collect();
                out.push_str(&segs.join(" | "));
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPACED: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0\n";

    #[test]
    fn spaced_round_trip() {
        let r = parse_str(SPACED);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].format, Format::Spaced);
        assert_eq!(render(r[0].grid.as_ref().unwrap(), Format::Spaced), SPACED);
    }

    #[test]
    fn pretty_reads_back() {
        let g: Grid =
            "316578492529134768487629531263415987974863125851792643138947256692351874745286319"
                .parse()
                .unwrap();
        let text = render(&g, Format::Pretty);
        assert!(text.starts_with("3 1 6 | 5 7 8 | 4 9 2\n"));
        assert!(text.contains("\n------+-------+------\n"));
        let r = parse_str(&text);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].format, Format::Pretty);
        assert_eq!(r[0].grid.as_ref().unwrap(), &g);
    }

    #[test]
    fn errors_name_their_line() {
        let bad = SPACED.replacen("7 8 2 1 0 5 6 0 9", "7 8 2 1 0 5 6 0 9 1", 1);
        let r = parse_str(&bad);
        assert_eq!(r.len(), 1);
        assert_eq!(
            r[0].grid.as_ref().unwrap_err().to_string(),
            "2: expected 9 numbers, found 10"
        );
        let short = "103000509\n002109400\n\n";
        let r = parse_str(short);
        assert_eq!(
            r[0].grid.as_ref().unwrap_err().to_string(),
            "3: the grid has 2 rows, expected 9"
        );
        let line = format!("{}\n", ".".repeat(80));
        let r = parse_str(&line);
        assert_eq!(
            r[0].grid.as_ref().unwrap_err().to_string(),
            "1: expected 81 cells, found 80"
        );
        let letters = "1030005a9\n";
        let r = parse_str(letters);
        assert_eq!(
            r[0].grid.as_ref().unwrap_err().to_string(),
            "1: column 8: 'a' is not a digit 1-9, '.' or '0'"
        );
    }

    /// A grid of `shape` with a Latin-square-like fill (not a valid Sudoku; the parser
    /// does not care), row `r` column `c` holding `(r + c) % n + 1`, some cells blank.
    fn sample(shape: Shape) -> Grid {
        let n = shape.side();
        let values: Vec<u8> = (0..n * n)
            .map(|i| {
                if i % 3 == 0 {
                    0
                } else {
                    ((i / n + i % n) % n + 1) as u8
                }
            })
            .collect();
        Grid::from_values(shape, &values).unwrap()
    }

    #[test]
    fn other_sizes_read_back_in_every_format() {
        for side in [4, 6, 16, 25] {
            let g = sample(Shape::for_side(side).unwrap());
            for format in [
                Format::Line,
                Format::Spaced,
                Format::Compact,
                Format::Pretty,
            ] {
                if side == 16 && format == Format::Compact {
                    continue; // 16 symbols on a line read as a 4×4 puzzle (documented).
                }
                let text = render(&g, format);
                let r = parse_str(&text);
                assert_eq!(r.len(), 1, "{side} {format}");
                assert_eq!(r[0].format, format, "{side} {format}");
                assert_eq!(r[0].grid.as_ref().unwrap(), &g, "{side} {format}\n{text}");
            }
        }
    }

    #[test]
    fn spaced_25x25_rejects_26() {
        let mut text = render(&sample(Shape::for_side(25).unwrap()), Format::Spaced);
        text = text.replacen("0 ", "26 ", 1);
        let r = parse_str(&text);
        assert_eq!(
            r[0].grid.as_ref().unwrap_err().to_string(),
            "1: number 1: '26' is not a number from 0 to 25"
        );
    }

    #[test]
    fn lines_skip_comments_blanks_and_crlf() {
        let text = "# comment\r\n\r\n..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....\r\n";
        let r = parse_str(text);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].line, 3);
        assert!(r[0].grid.is_ok());
    }
}

#[cfg(test)]
mod junk_tests {
    use super::*;

    const SPACED_ROWS: &str = "0 3 5 4 6 9 2 7 8\n7 8 2 1 0 5 6 0 9\n0 6 0 2 7 8 1 3 5\n3 2 1 0 4 6 8 9 7\n8 0 4 9 1 3 5 0 6\n5 9 6 8 2 0 4 1 3\n9 1 7 6 5 2 0 8 0\n6 0 3 7 0 1 9 5 2\n2 5 8 3 9 4 7 6 0";

    #[test]
    fn a_junk_line_does_not_swallow_the_lines_after_it() {
        let good =
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
        let text = format!("bad\n{good}\nnot a puzzle\n{good}\n");
        let r = parse_str(&text);
        assert_eq!(r.len(), 4);
        let errors: Vec<String> = r
            .iter()
            .filter_map(|r| r.grid.as_ref().err().map(|e| e.to_string()))
            .collect();
        assert_eq!(
            errors,
            [
                "1: expected 9 cells, found 3",
                "3: expected 9 numbers, found 3"
            ]
        );
        assert!(r[1].grid.is_ok() && r[3].grid.is_ok());
        assert_eq!((r[1].line, r[3].line), (2, 4));
    }

    #[test]
    fn a_one_line_puzzle_ends_a_truncated_grid() {
        let good =
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
        let rows: Vec<&str> = SPACED_ROWS.lines().collect();
        let text = format!(
            "{}\n{good}\n{good}\n{}\n",
            rows[..4].join("\n"),
            rows.join("\n")
        );
        let r = parse_str(&text);
        let lines: Vec<usize> = r.iter().map(|r| r.line).collect();
        assert_eq!(lines, [1, 5, 6, 7]);
        assert_eq!(
            r[0].grid.as_ref().unwrap_err().to_string(),
            "5: the grid has 4 rows, expected 9"
        );
        assert!(r[1].grid.is_ok() && r[2].grid.is_ok() && r[3].grid.is_ok());
        assert_eq!((r[1].format, r[3].format), (Format::Line, Format::Spaced));

        // Fed line by line, a held record comes out with the next line or at the end.
        let mut p = Parser::new();
        let mut got = Vec::new();
        for (i, l) in format!("{}\n{good}\n{good}", rows[..2].join("\n"))
            .lines()
            .enumerate()
        {
            got.push(p.push_line(i + 1, l.as_bytes(), l.len()).map(|r| r.line));
        }
        assert_eq!(got, [None, None, Some(1), Some(3)]);
        assert_eq!(p.finish(4).map(|r| r.line), Some(4));
        assert_eq!(p.finish(4), None);
    }
}
