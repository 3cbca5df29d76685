//! A line as characters for the parser: ASCII kept as it is, every other character (or
//! invalid byte) one placeholder, so that lengths and columns count characters, and each
//! shown in messages by name (`'５' (U+FF15, fullwidth digit 5)`, `byte 0xFF`); and
//! [`lines`], a text cut into lines.

use crate::grid::{Shape, describe_byte};

/// The UTF-8 byte-order mark.
pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A line as read, without a byte-order mark at its start (files saved by some editors,
/// and files joined with `cat`, carry them) or a CR at its end.
pub(super) fn bare(raw: &[u8]) -> &[u8] {
    let raw = raw.strip_prefix(BOM).unwrap_or(raw);
    raw.strip_suffix(b"\r").unwrap_or(raw)
}

/// Stands for one non-ASCII character (or one byte of invalid UTF-8) in [`Chars`]: never a
/// symbol, counted as one character.
const WIDE: u8 = 0x80;

/// What a [`WIDE`] byte stands for.
#[derive(Debug, Clone, Copy)]
enum Wide {
    Char(char),
    Byte(u8),
}

/// A line as characters, trimmed: ASCII as it is, each other character as one [`WIDE`]
/// byte (a non-ASCII space as a space), so that lengths and columns count characters.
pub(super) struct Chars<'a> {
    bytes: std::borrow::Cow<'a, [u8]>,
    /// Each [`WIDE`] byte's index in `bytes` and what it stands for, in order.
    wide: Vec<(usize, Wide)>,
    /// The trimmed line is `bytes[start..end]`.
    start: usize,
    end: usize,
}

impl<'a> Chars<'a> {
    pub(super) fn new(line: &'a [u8]) -> Chars<'a> {
        let (bytes, wide) = if line.is_ascii() {
            (std::borrow::Cow::Borrowed(line), Vec::new())
        } else {
            let mut bytes = Vec::with_capacity(line.len());
            let mut wide = Vec::new();
            for chunk in line.utf8_chunks() {
                for c in chunk.valid().chars() {
                    if c.is_ascii() {
                        bytes.push(c as u8);
                    } else if c.is_whitespace() {
                        bytes.push(b' ');
                    } else {
                        wide.push((bytes.len(), Wide::Char(c)));
                        bytes.push(WIDE);
                    }
                }
                for &b in chunk.invalid() {
                    wide.push((bytes.len(), Wide::Byte(b)));
                    bytes.push(WIDE);
                }
            }
            (std::borrow::Cow::Owned(bytes), wide)
        };
        let start = bytes
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(bytes.len());
        let end = bytes
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .map_or(start, |e| e + 1);
        Chars {
            bytes,
            wide,
            start,
            end,
        }
    }

    /// The trimmed line.
    pub(super) fn line(&self) -> &[u8] {
        &self.bytes[self.start..self.end]
    }

    /// What the character at `i` of [`Chars::line`] stands for, if it is [`WIDE`].
    fn wide_at(&self, i: usize) -> Option<Wide> {
        let at = self.start + i;
        if self.bytes[at] != WIDE {
            return None;
        }
        self.wide
            .binary_search_by_key(&at, |&(j, _)| j)
            .ok()
            .map(|k| self.wide[k].1)
    }

    /// The character at `i` of [`Chars::line`], for a message.
    pub(super) fn describe(&self, i: usize) -> String {
        match self.wide_at(i) {
            None => describe_byte(self.line()[i]),
            Some(Wide::Byte(b)) => format!("byte 0x{b:02X}"),
            Some(Wide::Char(c)) => describe_char(c),
        }
    }

    /// `len` characters of the line from `i` for a message, quoted, cut after 12 (a control
    /// character as `?`); or, when one of them is a byte of invalid UTF-8, that byte named
    /// (`byte 0xFF`), since a `?` in its place would hide it.
    pub(super) fn show(&self, i: usize, len: usize) -> String {
        let mut shown = String::new();
        for k in i..i + len.min(12) {
            shown.push(match self.wide_at(k) {
                Some(Wide::Byte(_)) => return self.describe(k),
                Some(Wide::Char(c)) if !c.is_control() => c,
                Some(_) => '?',
                None => {
                    let b = self.line()[k];
                    if b.is_ascii_graphic() || b == b' ' {
                        b as char
                    } else {
                        '?'
                    }
                }
            });
        }
        let more = if len > 12 { "…" } else { "" };
        format!("'{shown}{more}'")
    }

    /// Where in [`Chars::line`] a byte-order mark stands, if one does (one that started the
    /// raw line was stripped before).
    pub(super) fn inner_bom(&self) -> Option<usize> {
        self.wide
            .iter()
            .find(|(_, w)| matches!(w, Wide::Char('\u{FEFF}')))
            .map(|&(at, _)| at - self.start)
    }

    /// True when the character at `i` is a letter (ASCII or not).
    fn is_letter(&self, i: usize) -> bool {
        match self.wide_at(i) {
            None => self.line()[i].is_ascii_alphabetic(),
            Some(Wide::Char(c)) => c.is_alphabetic(),
            Some(Wide::Byte(_)) => false,
        }
    }

    /// True when the line is text holding a word: no control characters or invalid UTF-8,
    /// and two or more letters in a row, one of them not a symbol of `shape` (any letter
    /// when there is no shape). Such a line is a label, not a puzzle, unless it is a valid
    /// row.
    pub(super) fn has_word(&self, shape: Option<Shape>) -> bool {
        let line = self.line();
        let binary = |b: &u8| b.is_ascii_control() && *b != b'\t';
        if line.iter().any(binary)
            || self.wide.iter().any(|(_, w)| match *w {
                Wide::Byte(_) => true,
                Wide::Char(c) => c.is_control(),
            })
        {
            return false;
        }
        let mut run = 0;
        let mut foreign = false;
        for (i, &b) in line.iter().enumerate() {
            if self.is_letter(i) {
                run += 1;
                foreign |= shape.is_none_or(|s| s.value_of(b).is_none());
                if run >= 2 && foreign {
                    return true;
                }
            } else {
                run = 0;
                foreign = false;
            }
        }
        false
    }

    /// Where `token` (a slice of [`Chars::line`]) starts in the line.
    pub(super) fn offset(&self, token: &[u8]) -> usize {
        token.as_ptr() as usize - self.line().as_ptr() as usize
    }
}

/// A non-ASCII character for a message: itself, its code point, and a name for the ones
/// people paste by accident.
fn describe_char(c: char) -> String {
    let name = match c {
        '\u{FF10}'..='\u{FF19}' => {
            Some(format!("fullwidth digit {}", c as u32 - '\u{FF10}' as u32))
        }
        '\u{FF0E}' => Some("fullwidth full stop".into()),
        '\u{FEFF}' => Some("byte-order mark".into()),
        '\u{200B}' => Some("zero-width space".into()),
        '\u{2013}' => Some("en dash".into()),
        '\u{2014}' => Some("em dash".into()),
        '\u{2022}' => Some("bullet".into()),
        '\u{00B7}' => Some("middle dot".into()),
        '\u{2026}' => Some("ellipsis".into()),
        _ => None,
    };
    let code = format!("U+{:04X}", c as u32);
    let code = match name {
        Some(name) => format!("{code}, {name}"),
        None => code,
    };
    if c.is_control() || matches!(c, '\u{FEFF}' | '\u{200B}') {
        code
    } else {
        format!("'{c}' ({code})")
    }
}
/// Splits `text` into lines as the CLI's reader does: at `\n`, `\r\n` or a lone `\r`.
pub fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let t = rest?;
        match t.iter().position(|&b| b == b'\n' || b == b'\r') {
            None => {
                rest = None;
                (!t.is_empty()).then_some(t)
            }
            Some(i) => {
                let skip = if t[i] == b'\r' && t.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                rest = Some(&t[i + skip..]);
                Some(&t[..i])
            }
        }
    })
}
