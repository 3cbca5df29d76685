//! How answers are written: in the puzzle's own format, or as CSV or JSON lines.
//!
//! Workers turn each answer into its text ([`entry`]) so that the writer thread only copies
//! bytes; [`Out`] then writes the texts in input order and puts an empty line between an
//! answer in a grid format (solved or not) and its neighbours.

use std::io::{self, Write};

use dlx_sudoku::Grid;
use dlx_sudoku::format::{Format, render};

use super::args::OutputFormat;

/// The CSV header line.
pub const CSV_HEADER: &str = "puzzle,answer,status\n";

/// The text of one answer and whether it spans several lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub text: String,
    pub multi: bool,
}

/// The text for one record written as `style`. `read_as` is the record's own format,
/// `puzzle` the grid read (none when it did not parse), `answer` the fill (if solved),
/// `status` the word for the outcome ("solved", "no solution", "gave up (…)", "error") and
/// `nodes` the search nodes spent on it.
pub fn entry(
    style: OutputFormat,
    read_as: Format,
    puzzle: Option<&Grid>,
    answer: Option<&Grid>,
    status: &str,
    nodes: u64,
) -> Text {
    let grid_format = match style {
        OutputFormat::Auto => Some(read_as),
        OutputFormat::Line => Some(Format::Line),
        OutputFormat::Spaced => Some(Format::Spaced),
        OutputFormat::Compact => Some(Format::Compact),
        OutputFormat::Pretty => Some(Format::Pretty),
        OutputFormat::Csv | OutputFormat::Json => None,
    };
    if let Some(format) = grid_format {
        // In a grid format every answer is a record set apart by empty lines, failed ones
        // (`no solution`, `error`, `gave up …`) too, so splitting on empty lines counts them.
        let text = match answer {
            Some(g) => render(g, format),
            None => format!("{status}\n"),
        };
        return Text {
            text,
            multi: format.is_grid(),
        };
    }
    let puzzle = puzzle.map(Grid::to_line);
    let answer = answer.map(Grid::to_line);
    let text = if style == OutputFormat::Csv {
        format!(
            "{},{},{}\n",
            csv_field(puzzle.as_deref().unwrap_or("")),
            csv_field(answer.as_deref().unwrap_or("")),
            csv_field(status)
        )
    } else {
        format!(
            "{{\"puzzle\":{},\"answer\":{},\"status\":{},\"nodes\":{nodes}}}\n",
            json_string(puzzle.as_deref()),
            json_string(answer.as_deref()),
            json_string(Some(status))
        )
    };
    Text { text, multi: false }
}

/// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, else the
/// text itself, borrowed.
pub(super) fn csv_field(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\"")).into()
    } else {
        s.into()
    }
}

/// Appends `n` in decimal (what `write!(out, "{n}")` writes, without the formatting
/// machinery).
pub(super) fn push_uint(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).expect("ASCII digits"));
}

/// Pushes what `format!("{:>width$.decimals$}", x)` writes (1 to 3 decimals), by integer
/// arithmetic for the values `rate` prints (scores and efforts: small, not negative), since
/// the float formatting machinery cost a few per cent of `rate` on easy puzzles.
///
/// `format!` rounds the exact binary value; `x · 10^decimals` rounded agrees with it
/// unless the product lies within rounding error of a half, so values that close to a
/// half, and any others (negative, huge, not finite), go to `format!` itself.
pub(super) fn push_fixed(out: &mut String, x: f64, decimals: u32, width: usize) {
    assert!((1..=3).contains(&decimals), "one to three decimals");
    let scale = 10u64.pow(decimals);
    let y = x * scale as f64;
    let half = (y - y.floor() - 0.5).abs();
    if !(0.0..1e15).contains(&y) || half < 1e-6 {
        use std::fmt::Write as _;
        let _ = write!(out, "{:>width$.prec$}", x, prec = decimals as usize);
        return;
    }
    let n = y.round() as u64;
    let (int, frac) = (n / scale, n % scale);
    let digits = if int == 0 {
        1
    } else {
        int.ilog10() as usize + 1
    };
    let len = digits + 1 + decimals as usize;
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(len)));
    push_uint(out, int);
    out.push('.');
    let mut place = scale / 10;
    while place > 0 {
        out.push(char::from(b'0' + (frac / place % 10) as u8));
        place /= 10;
    }
}

/// A JSON string, or `null`.
pub(super) fn json_string(s: Option<&str>) -> String {
    let Some(s) = s else {
        return "null".to_string();
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Where answers go, and whether the last answer took several lines (answers that do are
/// separated from their neighbours by an empty line).
pub struct Out<W: Write> {
    w: W,
    wrote: bool,
    last_multi: bool,
}

impl<W: Write> Out<W> {
    pub fn new(w: W) -> Self {
        Out {
            w,
            wrote: false,
            last_multi: false,
        }
    }

    /// Writes a header (a CSV one, or nothing) before any answer.
    pub fn header(&mut self, header: &str) -> io::Result<()> {
        self.w.write_all(header.as_bytes())
    }

    /// Writes one answer.
    pub fn answer(&mut self, t: &Text) -> io::Result<()> {
        if self.wrote && (t.multi || self.last_multi) {
            self.w.write_all(b"\n")?;
        }
        self.w.write_all(t.text.as_bytes())?;
        self.wrote = true;
        self.last_multi = t.multi;
        Ok(())
    }
}

/// Text written straight through (`canon`, `check`): one line per answer, no empty lines.
impl<W: Write> Write for Out<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.wrote = true;
        self.last_multi = false;
        self.w.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        Grid::parse_line(line.as_bytes()).unwrap()
    }

    #[test]
    fn push_uint_writes_what_format_writes() {
        let mut n = 1u64;
        for k in [0, 1, 9, 10, 99, 100, 12345, u64::from(u32::MAX), u64::MAX] {
            for m in [k, n] {
                let mut out = String::from("x");
                push_uint(&mut out, m);
                assert_eq!(out, format!("x{m}"));
            }
            n = n.wrapping_mul(7).wrapping_add(3);
        }
    }

    /// `push_fixed` against `format!`: the weights and efforts `rate` prints, values on and
    /// next to the halves where rounding turns, and seeded random ones, at every width and
    /// precision it is used with.
    #[test]
    fn push_fixed_writes_what_format_writes() {
        let mut values: Vec<f64> = vec![0.0, 0.004, 0.005, 0.0049999, 0.05, 0.25, 1.0, 2.3, 9.0];
        values.extend(
            dlx_sudoku::logic::Technique::ALL
                .iter()
                .map(|t| f64::from(t.weight())),
        );
        for nodes in 1..3000u32 {
            values.push(f64::from(nodes).log2());
            values.push((f64::from(nodes).log2() + f64::from(nodes + 7).log2()) / 2.0);
        }
        for k in 0..20_000u32 {
            let half = f64::from(k) + 0.5;
            for scale in [10.0, 100.0, 1000.0] {
                values.push(half / scale);
                values.push(f64::from(k) / scale);
            }
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            values.push((state >> 11) as f64 / (1u64 << 53) as f64 * 40.0);
        }
        values.extend([1e16, -1.25, f64::NAN, f64::INFINITY]);
        for &x in &values {
            for (decimals, width) in [(1, 0), (1, 4), (2, 5), (3, 0)] {
                let mut out = String::from("x");
                push_fixed(&mut out, x, decimals, width);
                assert_eq!(
                    out,
                    format!("x{:>width$.prec$}", x, prec = decimals as usize),
                    "{x:e} to {decimals} decimals, width {width}"
                );
            }
        }
        // Scores are f32, printed through f64 without a change.
        for t in dlx_sudoku::logic::Technique::ALL {
            let mut out = String::new();
            push_fixed(&mut out, f64::from(t.weight()), 1, 4);
            assert_eq!(out, format!("{:>4.1}", t.weight()));
        }
    }

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const ANSWER: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    #[test]
    fn csv_rows_quote_only_when_needed() {
        let t = entry(
            OutputFormat::Csv,
            Format::Line,
            Some(&grid(PUZZLE)),
            Some(&grid(ANSWER)),
            "solved",
            7,
        );
        assert_eq!(t.text, format!("{PUZZLE},{ANSWER},solved\n"));
        let t = entry(OutputFormat::Csv, Format::Line, None, None, "a \"b\", c", 0);
        assert_eq!(t.text, ",,\"a \"\"b\"\", c\"\n");
    }

    #[test]
    fn json_objects_hold_nulls_and_nodes() {
        let t = entry(
            OutputFormat::Json,
            Format::Spaced,
            Some(&grid(PUZZLE)),
            None,
            "gave up (time limit reached)",
            1024,
        );
        assert_eq!(
            t.text,
            format!(
                "{{\"puzzle\":\"{PUZZLE}\",\"answer\":null,\"status\":\"gave up (time limit reached)\",\"nodes\":1024}}\n"
            )
        );
        assert_eq!(json_string(Some("a\"\\\u{1}")), "\"a\\\"\\\\\\u0001\"");
    }

    #[test]
    fn failed_grids_are_records_too() {
        for style in [OutputFormat::Auto, OutputFormat::Spaced] {
            let t = entry(style, Format::Spaced, None, None, "no solution", 0);
            assert_eq!((t.text.as_str(), t.multi), ("no solution\n", true));
        }
        let t = entry(OutputFormat::Auto, Format::Line, None, None, "error", 0);
        assert!(!t.multi);
    }

    #[test]
    fn grid_answers_are_set_apart_by_empty_lines() {
        let mut out = Out::new(Vec::new());
        let line = Text {
            text: "x\n".into(),
            multi: false,
        };
        let grid = Text {
            text: "1 2\n3 4\n".into(),
            multi: true,
        };
        out.answer(&line).unwrap();
        out.answer(&line).unwrap();
        out.answer(&grid).unwrap();
        out.answer(&grid).unwrap();
        out.answer(&line).unwrap();
        assert_eq!(out.w, b"x\nx\n\n1 2\n3 4\n\n1 2\n3 4\n\nx\n");
    }
}
