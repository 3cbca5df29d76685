//! Reading input line by line with a bound on what one line may hold in memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use std::time::{Duration, Instant};

use dlx_sudoku::format::{FormatError, FormatErrorKind, Parser, Record};

use super::error::Error;

/// The most bytes of one line kept in memory; the rest is counted and dropped, and the
/// parser reports the line as too long. Longer than any puzzle line (625 cells for 25×25).
pub const MAX_LINE: usize = 64 * 1024;

/// Opens an input: standard input for `-`, the file otherwise. Returns the name messages use
/// (`<stdin>` or the path) and a buffered reader, or why the file cannot be opened.
pub fn open(path: &Path) -> Result<(String, Box<dyn BufRead>), Error> {
    if path == Path::new("-") {
        return Ok(("<stdin>".to_string(), Box::new(io::stdin().lock())));
    }
    match File::open(path) {
        Ok(f) => Ok((
            path.display().to_string(),
            Box::new(BufReader::with_capacity(64 * 1024, f)),
        )),
        Err(source) => Err(Error::Read {
            name: path.display().to_string(),
            source,
        }),
    }
}

/// Reads lines into a reused buffer, never holding more than [`MAX_LINE`] bytes of one
/// line. A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files); the end is not kept.
pub struct LineReader<R> {
    inner: R,
    number: usize,
    bytes: u64,
    /// The last line ended at `\r`: a `\n` right after it belongs to that line end.
    after_cr: bool,
    /// Return a line as soon as it passes the cap instead of reading to its end (for
    /// inputs where a line that long is fatal: `/dev/zero` then ends at once).
    stop_at_cap: bool,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        LineReader {
            inner,
            number: 0,
            bytes: 0,
            after_cr: false,
            stop_at_cap: false,
        }
    }

    /// The same reader, returning a line as soon as it is longer than [`MAX_LINE`] (its
    /// reported length is then only a lower bound).
    pub fn stop_at_cap(mut self) -> Self {
        self.stop_at_cap = true;
        self
    }

    /// Reads the next line into `buf` (without its end). Returns its 1-based number and its
    /// full length, which exceeds `buf.len()` when the line was cut; `None` at the end.
    pub fn next_line(&mut self, buf: &mut Vec<u8>) -> io::Result<Option<(usize, usize)>> {
        buf.clear();
        let mut full = 0usize;
        let mut any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            if std::mem::take(&mut self.after_cr) && available[0] == b'\n' {
                self.inner.consume(1);
                self.bytes += 1;
                continue;
            }
            any = true;
            let (len, used, done) = match available.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(i) => {
                    self.after_cr = available[i] == b'\r';
                    (i, i + 1, true)
                }
                None => (available.len(), available.len(), false),
            };
            let room = MAX_LINE.saturating_sub(buf.len());
            buf.extend_from_slice(&available[..len.min(room)]);
            full += len;
            self.inner.consume(used);
            self.bytes += used as u64;
            if done || (self.stop_at_cap && full > MAX_LINE) {
                break;
            }
        }
        self.number += 1;
        Ok(Some((self.number, full)))
    }

    /// Bytes read so far, line ends included.
    pub fn bytes_read(&self) -> u64 {
        self.bytes
    }

    /// Number of the last line read.
    pub fn last_line(&self) -> usize {
        self.number
    }
}

/// Time spent reading lines and parsing them into records (for `--stats`).
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadTimes {
    pub read: Duration,
    pub parse: Duration,
}

impl ReadTimes {
    pub fn add(&mut self, other: ReadTimes) {
        self.read += other.read;
        self.parse += other.parse;
    }
}

/// The records of one input, in order: its lines, read with a [`LineReader`], fed to the
/// format [`Parser`]. An error reading the input ends the iteration after it is yielded.
/// Label lines (`Grid 01`, a title: see [`Record::is_label`]) are skipped and counted,
/// unless `strict`, when they come as the bad records they are.
pub struct Records<R> {
    lines: LineReader<R>,
    parser: Parser,
    buf: Vec<u8>,
    done: bool,
    strict: bool,
    /// Labels skipped, and the first one (its line and its text).
    labels: usize,
    first_label: Option<(usize, String)>,
    /// Reading and parsing time, when measured.
    times: Option<ReadTimes>,
}

impl<R: BufRead> Records<R> {
    pub fn new(inner: R, strict: bool) -> Self {
        Records {
            lines: LineReader::new(inner),
            parser: Parser::new(),
            buf: Vec::new(),
            done: false,
            strict,
            labels: 0,
            first_label: None,
            times: None,
        }
    }

    /// The same records, timing the reading and the parsing when `timed`.
    pub fn timed(mut self, timed: bool) -> Self {
        self.times = timed.then(ReadTimes::default);
        self
    }

    /// Reading and parsing time so far (zeros when not timed).
    pub fn times(&self) -> ReadTimes {
        self.times.unwrap_or_default()
    }

    /// Bytes consumed so far (line ends included).
    pub fn bytes_read(&self) -> u64 {
        self.lines.bytes_read()
    }

    /// The one message about the labels skipped so far in input `name`, if any.
    pub fn label_note(&self, name: &str) -> Option<String> {
        let (line, text) = self.first_label.as_ref()?;
        let what = match self.labels {
            1 => format!("1 line that is not a puzzle (a label or title: {text})"),
            n => format!("{n} lines that are not puzzles (labels or titles such as {text})"),
        };
        Some(format!(
            "{name}:{line}: note: skipped {what}; --strict makes them errors"
        ))
    }

    /// Hands out `record`, or counts it and returns `None` when it is a label to skip.
    fn keep(&mut self, record: Record) -> Option<Record> {
        if self.strict || !record.is_label() {
            return Some(record);
        }
        self.labels += 1;
        if self.first_label.is_none()
            && let Err(FormatError {
                kind: FormatErrorKind::Label(text),
                ..
            }) = &record.grid
        {
            self.first_label = Some((record.line, text.clone()));
        }
        None
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        while !self.done {
            let started = self.times.map(|_| Instant::now());
            let line = self.lines.next_line(&mut self.buf);
            let read = started.map(|t| {
                let now = Instant::now();
                (now, now - t)
            });
            let record = match line {
                Ok(Some((number, full_len))) => self.parser.push_line(number, &self.buf, full_len),
                Ok(None) => {
                    // `finish` gives at most one record: a held one or a grid cut short.
                    self.done = true;
                    self.parser.finish(self.lines.last_line())
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            if let (Some(times), Some((read_at, read))) = (&mut self.times, read) {
                times.read += read;
                times.parse += read_at.elapsed();
            }
            if let Some(record) = record.and_then(|r| self.keep(r)) {
                return Some(Ok(record));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_long_lines_and_counts_them() {
        let mut text = vec![b'x'; MAX_LINE + 10];
        text.extend_from_slice(b"\nab\r\nlast");
        let mut r = LineReader::new(&text[..]);
        let mut buf = Vec::new();
        assert_eq!(r.next_line(&mut buf).unwrap(), Some((1, MAX_LINE + 10)));
        assert_eq!(buf.len(), MAX_LINE);
        assert_eq!(r.next_line(&mut buf).unwrap(), Some((2, 2)));
        assert_eq!(buf, b"ab");
        assert_eq!(r.next_line(&mut buf).unwrap(), Some((3, 4)));
        assert_eq!(r.next_line(&mut buf).unwrap(), None);
        assert_eq!(r.bytes_read(), text.len() as u64);
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        // A tiny buffer, so that a `\r\n` pair is split between two reads.
        let text = b"a\rb\r\n\r\rc\r\n";
        let mut r = LineReader::new(io::BufReader::with_capacity(2, &text[..]));
        let mut buf = Vec::new();
        let mut lines = Vec::new();
        while let Some((n, _)) = r.next_line(&mut buf).unwrap() {
            lines.push((n, String::from_utf8(buf.clone()).unwrap()));
        }
        let want = [(1, "a"), (2, "b"), (3, ""), (4, ""), (5, "c")];
        assert_eq!(lines, want.map(|(n, l)| (n, l.to_string())));
        assert_eq!(r.bytes_read(), text.len() as u64);
    }

    #[test]
    fn stops_at_the_cap_when_asked() {
        let text = vec![b'x'; 3 * MAX_LINE];
        let mut r = LineReader::new(io::BufReader::with_capacity(1024, &text[..])).stop_at_cap();
        let mut buf = Vec::new();
        let (n, full) = r.next_line(&mut buf).unwrap().unwrap();
        assert_eq!((n, buf.len()), (1, MAX_LINE));
        assert!(full > MAX_LINE && full < 2 * MAX_LINE, "{full}");
    }

    #[test]
    fn records_come_in_order_with_the_cut_short_grid_last() {
        let line =
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
        let text = format!("# comment\n{line}\n\n{line}\n103000509\n002109400\n");
        let mut records = Records::new(text.as_bytes(), false);
        let lines: Vec<usize> = records
            .by_ref()
            .map(|r| r.expect("reading from memory cannot fail").line)
            .collect();
        assert_eq!(lines, [2, 4, 5]);
        assert_eq!(records.bytes_read(), text.len() as u64);
        assert!(records.next().is_none());
    }

    #[test]
    fn labels_are_skipped_and_noted_once_unless_strict() {
        let line =
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
        let text = format!("Grid 01\n{line}\nGrid 02\n{line}\n");
        let mut records = Records::new(text.as_bytes(), false);
        let lines: Vec<usize> = records.by_ref().map(|r| r.unwrap().line).collect();
        assert_eq!(lines, [2, 4]);
        assert_eq!(
            records.label_note("f").unwrap(),
            "f:1: note: skipped 2 lines that are not puzzles (labels or titles such as \
             'Grid 01'); --strict makes them errors"
        );
        let strict = Records::new(text.as_bytes(), true);
        let lines: Vec<usize> = strict.map(|r| r.unwrap().line).collect();
        assert_eq!(lines, [1, 2, 3, 4]);
    }
}
