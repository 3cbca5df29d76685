//! Reading input line by line with a bound on what one line may hold in memory, and
//! cutting it into pieces of whole lines that the batch workers parse apart ([`Pieces`]).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use dlx_sudoku::format::{FormatError, FormatErrorKind, Parser, Record, ends_any_grid};

use super::error::Error;

/// The most bytes of one line kept in memory; the rest is counted and dropped, and the
/// parser reports the line as too long. Longer than any puzzle line (625 cells for 25×25).
pub const MAX_LINE: usize = 64 * 1024;

/// The longest line read to its end: a longer one (an endless line, `/dev/zero` without
/// its NUL bytes) is no puzzle text, and reading the input stops there ([`NotText`]).
/// Lines over [`MAX_LINE`] and up to this are records too long to be puzzles.
pub const ENDLESS_LINE: usize = 16 * 1024 * 1024;

/// The longest line of an exact-cover problem in Knuth's format that `cover` reads: an
/// item line of 100,000 names of up to 8 characters takes 900,000 bytes, and this holds
/// 1.8 million. A line is held in memory only up to this; a longer one is refused as soon
/// as it passes it (an endless line costs no more).
pub const COVER_LINE: usize = ENDLESS_LINE;

/// Why an input is not puzzle text at all, found while reading one of its lines: a NUL
/// byte (binary data), or a line past [`ENDLESS_LINE`]. Reading stops there; carried as
/// the source of an [`io::Error`] and named by [`read_error`].
#[derive(Debug)]
pub struct NotText {
    /// 1-based line.
    pub line: usize,
    /// What is wrong there.
    pub fault: String,
}

impl std::fmt::Display for NotText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.fault)
    }
}

impl std::error::Error for NotText {}

/// The error for a failed read of input `name`: its line and fault when the input is not
/// text ([`NotText`]), else the reader's error.
pub fn read_error(name: &str, source: io::Error) -> Error {
    match source.get_ref().and_then(|e| e.downcast_ref::<NotText>()) {
        Some(not_text) => Error::At {
            name: name.to_string(),
            line: not_text.line,
            fault: not_text.fault.clone(),
        },
        None => Error::Read {
            name: name.to_string(),
            source,
        },
    }
}

/// The UTF-8 byte-order mark, skipped at the start of a line (files saved by some editors,
/// and files joined with `cat`).
pub const BOM: char = '\u{feff}';

/// The fault of a line (or text) that is not UTF-8: the first bad byte and its column (in
/// characters, on its line).
pub fn not_utf8(bytes: &[u8], error: std::str::Utf8Error) -> String {
    let valid = &bytes[..error.valid_up_to()];
    let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let before = std::str::from_utf8(&valid[line_start..]).map_or(0, |t| t.chars().count());
    let byte = bytes[error.valid_up_to()];
    format!(
        "column {}: byte 0x{byte:02X} is not valid UTF-8",
        before + 1
    )
}

/// A buffered input; its buffer shows when the next read may wait (see
/// [`LineReader::would_wait`]).
pub type Input = BufReader<Box<dyn Read + Send>>;

/// Opens an input: standard input for `-`, the file otherwise. Returns the name messages use
/// (`<stdin>` or the path) and a buffered reader, or why the file cannot be opened.
pub fn open(path: &Path) -> Result<(String, Input), Error> {
    let buffered = |inner: Box<dyn Read + Send>| BufReader::with_capacity(64 * 1024, inner);
    if path == Path::new("-") {
        return Ok(("<stdin>".to_string(), buffered(Box::new(io::stdin()))));
    }
    match File::open(path) {
        Ok(f) => Ok((path.display().to_string(), buffered(Box::new(f)))),
        Err(source) => Err(Error::Read {
            name: path.display().to_string(),
            source,
        }),
    }
}

/// Reads lines into a reused buffer, never holding more than [`MAX_LINE`] bytes of one
/// line (or the cap set by [`LineReader::cap`]). A line ends at `\n`, `\r\n` or a lone
/// `\r` (old Mac files); the end is not kept.
pub struct LineReader<R> {
    inner: R,
    number: usize,
    bytes: u64,
    /// The most bytes of one line kept.
    cap: usize,
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
            cap: MAX_LINE,
        }
    }

    /// The same reader, keeping up to `cap` bytes of a line instead of [`MAX_LINE`] (at
    /// most [`ENDLESS_LINE`], unless it also stops at the cap).
    pub fn cap(mut self, cap: usize) -> Self {
        self.cap = cap;
        self
    }

    /// The same reader, returning a line as soon as it is longer than its cap (its
    /// reported length is then only a lower bound, and no line is refused as endless).
    pub fn stop_at_cap(mut self) -> Self {
        self.stop_at_cap = true;
        self
    }

    /// Reads the next line into `buf` (without its end). Returns its 1-based number and its
    /// full length, which exceeds `buf.len()` when the line was cut; `None` at the end.
    pub fn next_line(&mut self, buf: &mut Vec<u8>) -> io::Result<Option<(usize, usize)>> {
        buf.clear();
        self.append_line(buf)
    }

    /// [`Self::next_line`], appending the line to what `buf` holds (the cap counts only the
    /// line's bytes). After an error `buf` may hold part of a line.
    pub fn append_line(&mut self, buf: &mut Vec<u8>) -> io::Result<Option<(usize, usize)>> {
        let start = buf.len();
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
            let (len, used, done) = match memchr::memchr2(b'\n', b'\r', available) {
                Some(i) => {
                    self.after_cr = available[i] == b'\r';
                    (i, i + 1, true)
                }
                None => (available.len(), available.len(), false),
            };
            if let Some(i) = memchr::memchr(0, &available[..len]) {
                let fault = format!(
                    "column {}: byte 0x00: binary data, not puzzle text; reading stopped here",
                    full + i + 1
                );
                return Err(self.not_text(fault));
            }
            // A reader that stops at its cap never reads an endless line to its end.
            if !self.stop_at_cap && full + len > ENDLESS_LINE {
                let fault = format!(
                    "line longer than {ENDLESS_LINE} bytes: not puzzle text; reading stopped here"
                );
                return Err(self.not_text(fault));
            }
            let room = self.cap.saturating_sub(buf.len() - start);
            buf.extend_from_slice(&available[..len.min(room)]);
            full += len;
            self.inner.consume(used);
            self.bytes += used as u64;
            if done || (self.stop_at_cap && full > self.cap) {
                break;
            }
        }
        self.number += 1;
        Ok(Some((self.number, full)))
    }

    /// The error that stops reading at the line being read.
    fn not_text(&self, fault: String) -> io::Error {
        let line = self.number + 1;
        io::Error::new(io::ErrorKind::InvalidData, NotText { line, fault })
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

impl<R: Read> LineReader<BufReader<R>> {
    /// True when nothing read is left in the buffer: the next line may wait for the input
    /// (a terminal, a pipe), so what was read should be answered first.
    pub fn would_wait(&self) -> bool {
        self.inner.buffer().is_empty()
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
    /// The input ended; what the parser holds is still to come.
    at_end: bool,
    done: bool,
    labels: Labels,
}

/// The label lines of an input (`Grid 01`, a title: see [`Record::is_label`]): skipped and
/// counted, unless `strict`, when they pass as the bad records they are.
#[derive(Debug, Default)]
pub struct Labels {
    strict: bool,
    /// Labels skipped.
    count: usize,
    /// The first one skipped: its line and its text.
    first: Option<(usize, String)>,
}

impl Labels {
    pub fn new(strict: bool) -> Labels {
        Labels {
            strict,
            ..Labels::default()
        }
    }

    /// Hands out `record`, or counts it and returns `None` when it is a label to skip.
    pub fn keep(&mut self, record: Record) -> Option<Record> {
        if self.strict || !record.is_label() {
            return Some(record);
        }
        self.count += 1;
        if self.first.is_none()
            && let Err(FormatError {
                kind: FormatErrorKind::Label(text),
                ..
            }) = &record.grid
        {
            self.first = Some((record.line, text.clone()));
        }
        None
    }

    /// The labels so far, leaving none (for the next input).
    pub fn take(&mut self) -> Labels {
        std::mem::replace(self, Labels::new(self.strict))
    }

    /// Adds the labels of the next piece of the same input.
    pub fn add(&mut self, later: Labels) {
        self.count += later.count;
        if self.first.is_none() {
            self.first = later.first;
        }
    }

    /// The one message about the labels skipped in input `name`, if any.
    pub fn note(&self, name: &str) -> Option<String> {
        let (line, text) = self.first.as_ref()?;
        let what = match self.count {
            1 => format!("1 line that is not a puzzle (a label or title: {text})"),
            n => format!("{n} lines that are not puzzles (labels or titles such as {text})"),
        };
        Some(format!(
            "{name}:{line}: note: skipped {what}; --strict makes them errors"
        ))
    }
}

impl<R: BufRead> Records<R> {
    pub fn new(inner: R, strict: bool) -> Self {
        Records {
            lines: LineReader::new(inner),
            parser: Parser::new(),
            buf: Vec::new(),
            at_end: false,
            done: false,
            labels: Labels::new(strict),
        }
    }

    /// The one message about the labels skipped so far in input `name`, if any.
    pub fn label_note(&self, name: &str) -> Option<String> {
        self.labels.note(name)
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        while !self.done {
            if self.at_end {
                // `finish` gives the records held back and a grid cut short, one a call.
                let last = self.parser.finish(self.lines.last_line());
                self.done = last.is_none();
                if let Some(record) = last.and_then(|r| self.labels.keep(r)) {
                    return Some(Ok(record));
                }
                continue;
            }
            let record = match self.lines.next_line(&mut self.buf) {
                Ok(Some((number, full_len))) => self.parser.push_line(number, &self.buf, full_len),
                Ok(None) => {
                    self.at_end = true;
                    continue;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            if let Some(record) = record.and_then(|r| self.labels.keep(r)) {
                return Some(Ok(record));
            }
        }
        None
    }
}

/// Most bytes of lines in one [`Piece`]: a piece ends at the first line end past them.
/// Small enough that the workers share a file from its start, large enough that handing a
/// piece over costs nothing beside answering its few hundred puzzles.
pub const PIECE_BYTES: usize = 32 * 1024;

/// Most lines in one [`Piece`] (short lines: rows of small grids, comments).
pub const PIECE_LINES: usize = 1024;

/// How a [`Piece`] ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceEnd {
    /// At a cut: the input goes on in the next piece.
    Cut,
    /// At the end of the input.
    Input,
    /// At an error reading the input (reported after the piece): the lines before it are
    /// parsed, a grid they leave pending or a record held back is dropped (as when one
    /// parser reads up to the error).
    ReadError,
}

/// Whole lines of one input, cut from it by [`Pieces`], to parse apart from the others:
/// [`Piece::parse`] gives the records that one parser reading the whole input gives for
/// them, with their line numbers.
pub struct Piece {
    /// The parser's state at the first line: a grid pending from the piece before.
    start: Parser,
    /// Number of the first line.
    first_line: usize,
    /// The lines, without their ends.
    data: Vec<u8>,
    /// Where each line ends in `data`.
    ends: Vec<u32>,
    /// The lines cut at [`MAX_LINE`]: their index and their full length.
    long: Vec<(usize, usize)>,
    pub end: PieceEnd,
}

impl Piece {
    /// Line `i` of the piece (0 for its first), as kept (at most [`MAX_LINE`] bytes).
    fn line(&self, i: usize) -> &[u8] {
        let from = i.checked_sub(1).map_or(0, |j| self.ends[j] as usize);
        &self.data[from..self.ends[i] as usize]
    }

    /// The records of the piece in input order, label lines skipped unless `strict` (see
    /// [`Labels`]), and the labels skipped.
    pub fn parse(self, strict: bool) -> (Vec<Record>, Labels) {
        let mut parser = self.start;
        let mut labels = Labels::new(strict);
        let mut records = Vec::with_capacity(self.ends.len());
        let mut long = self.long.iter().peekable();
        let mut from = 0;
        for (i, &end) in self.ends.iter().enumerate() {
            let line = &self.data[from..end as usize];
            from = end as usize;
            let full = match long.next_if(|(at, _)| *at == i) {
                Some(&(_, full)) => full,
                None => line.len(),
            };
            let record = parser.push_line(self.first_line + i, line, full);
            records.extend(record.and_then(|r| labels.keep(r)));
        }
        let last_line = self.first_line + self.ends.len() - 1;
        loop {
            let last = match self.end {
                PieceEnd::Cut => parser.cut(),
                PieceEnd::Input => parser.finish(last_line),
                PieceEnd::ReadError => None,
            };
            let Some(last) = last else { break };
            records.extend(labels.keep(last));
        }
        (records, labels)
    }
}

/// Cuts an input into [`Piece`]s of whole lines without parsing most of them: a line for
/// which [`ends_any_grid`] holds (a one-line 9×9 puzzle, a blank line) leaves the parser
/// between records; any other line is fed to a parser kept here, whose state the next
/// piece starts from ([`Parser::carry`]). So a batch of one-line puzzles is only split
/// into lines here, and is parsed by the workers.
pub struct Pieces {
    lines: LineReader<Input>,
    /// The parser's state after the lines read so far, as far as the next piece needs it.
    state: Parser,
    done: bool,
}

impl Pieces {
    pub fn new(input: Input) -> Pieces {
        Pieces {
            lines: LineReader::new(input),
            state: Parser::new(),
            done: false,
        }
    }

    /// Bytes consumed so far (line ends included).
    pub fn bytes_read(&self) -> u64 {
        self.lines.bytes_read()
    }

    /// The next piece, and the error reading the input that ended it, if one did; `None`
    /// after the piece that ends the input. A piece ends after [`PIECE_BYTES`] or
    /// [`PIECE_LINES`], or where the next line may have to wait for the input (so that a
    /// puzzle typed or piped in is answered before more comes).
    pub fn next_piece(&mut self) -> Option<(Piece, Option<io::Error>)> {
        if self.done {
            return None;
        }
        let mut piece = Piece {
            start: self.state.carry(),
            first_line: self.lines.last_line() + 1,
            data: Vec::with_capacity(PIECE_BYTES + 128),
            ends: Vec::new(),
            long: Vec::new(),
            end: PieceEnd::Cut,
        };
        loop {
            let from = piece.data.len();
            let (number, full) = match self.lines.append_line(&mut piece.data) {
                Ok(Some(line)) => line,
                Ok(None) => {
                    self.done = true;
                    piece.end = PieceEnd::Input;
                    return Some((piece, None));
                }
                Err(e) => {
                    self.done = true;
                    piece.data.truncate(from);
                    piece.end = PieceEnd::ReadError;
                    return Some((piece, Some(e)));
                }
            };
            if full > piece.data.len() - from {
                piece.long.push((piece.ends.len(), full));
            }
            piece.ends.push(piece.data.len() as u32);
            debug_assert_eq!(number, piece.first_line + piece.ends.len() - 1);
            if piece.data.len() >= PIECE_BYTES
                || piece.ends.len() >= PIECE_LINES
                || self.lines.would_wait()
            {
                self.settle(&piece);
                return Some((piece, None));
            }
        }
    }

    /// Brings the parser's state past the lines of `piece`, cut where the input goes on.
    /// Only the lines after the last one for which [`ends_any_grid`] holds count (that one
    /// leaves every parser between records), so a piece of one-line puzzles costs one
    /// test, not one per line. Records here are the workers' to make: only the state counts.
    fn settle(&mut self, piece: &Piece) {
        let whole = |i: usize| !piece.long.iter().any(|&(at, _)| at == i);
        let last_end = (0..piece.ends.len())
            .rev()
            .find(|&i| whole(i) && ends_any_grid(piece.line(i)));
        let from = match last_end {
            Some(i) => {
                self.state = Parser::new();
                i + 1
            }
            None => 0,
        };
        for i in from..piece.ends.len() {
            let full = piece
                .long
                .iter()
                .find(|&&(at, _)| at == i)
                .map(|&(_, full)| full);
            let line = piece.line(i);
            let number = piece.first_line + i;
            self.state
                .push_line(number, line, full.unwrap_or(line.len()));
        }
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
    fn a_larger_cap_keeps_long_lines_whole_and_still_stops_past_it() {
        let mut text = vec![b'x'; 5 * MAX_LINE];
        text.push(b'\n');
        text.extend(vec![b'y'; 9 * MAX_LINE]);
        let input = io::BufReader::with_capacity(1000, &text[..]);
        let mut r = LineReader::new(input).cap(8 * MAX_LINE).stop_at_cap();
        let mut buf = Vec::new();
        assert_eq!(r.next_line(&mut buf).unwrap(), Some((1, 5 * MAX_LINE)));
        assert_eq!(buf.len(), 5 * MAX_LINE);
        let (n, full) = r.next_line(&mut buf).unwrap().unwrap();
        assert_eq!((n, buf.len()), (2, 8 * MAX_LINE));
        assert!(full > 8 * MAX_LINE && full < 9 * MAX_LINE, "{full}");
        assert!(buf.capacity() < 16 * MAX_LINE, "{}", buf.capacity());
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

    /// The records of `text` read by [`Pieces`] and parsed piece by piece, and the pieces.
    fn by_pieces(text: &[u8], capacity: usize) -> (Vec<Record>, usize) {
        let input: Box<dyn Read + Send> = Box::new(io::Cursor::new(text.to_vec()));
        let mut pieces = Pieces::new(BufReader::with_capacity(capacity, input));
        let (mut records, mut count) = (Vec::new(), 0);
        while let Some((piece, error)) = pieces.next_piece() {
            assert!(error.is_none());
            count += 1;
            records.extend(piece.parse(false).0);
        }
        (records, count)
    }

    #[test]
    fn pieces_give_the_records_of_one_parser() {
        let good =
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
        let compact = "103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n\
                       000401000\n009205800\n804000107\n";
        let mut text = String::new();
        for i in 0..3000 {
            match i % 7 {
                0 => text.push_str(compact),
                1 => text.push_str(&compact[..40]),
                2 => text.push_str("Grid 01\r\n# note\n"),
                3 => text.push_str(&format!("{}\n", "7".repeat(MAX_LINE + 5))),
                _ => text.push_str(&format!("{good}\n")),
            }
        }
        let whole: Vec<Record> = Records::new(text.as_bytes(), false)
            .map(|r| r.unwrap())
            .collect();
        for capacity in [64 * 1024, 1000] {
            let (records, pieces) = by_pieces(text.as_bytes(), capacity);
            assert!(pieces > 10, "{pieces} pieces");
            assert_eq!(records, whole);
        }
    }
}
