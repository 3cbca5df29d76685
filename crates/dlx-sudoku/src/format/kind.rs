//! The four text formats a record can take ([`Format`]).

use std::fmt;

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
