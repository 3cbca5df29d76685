//! Knuth's text format for exact-cover problems (the input of his DLX programs), read and
//! written without any I/O: lines in, a [`Problem`] with its item names out, and back.
//!
//! ```
//! use dlx_cover::{Solver, knuth};
//!
//! let text = "\
//! | Knuth's example, with a secondary item x colored by two options
//! a b c | x
//! a x:red
//! b x:red
//! b x:blue
//! c
//! a b
//! ";
//! let parsed = knuth::parse(text)?;
//! let mut solver = Solver::new(&parsed.named.problem);
//! let solution = solver.first_solution().expect("a solution");
//! let texts: Vec<&str> = solution.iter().map(|&o| parsed.option_texts[o].as_str()).collect();
//! assert_eq!(texts, ["a x:red", "b x:red", "c"]);
//! // The problem knows its names too.
//! assert_eq!(solution.to_names(&parsed.named.problem), texts);
//! // Written back, the problem reads the same.
//! let again = knuth::parse(&parsed.named.to_knuth()?)?;
//! assert_eq!(again.option_texts, parsed.option_texts);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The format (Knuth's dlx1, with dlx2's colors, dlx3's multiplicities and dlx5's costs):
//!
//! * Lines whose first non-blank character is `|` are comments; blank lines are skipped.
//! * The first other line names the items: the primary items, then `|`, then the secondary
//!   items (the `|` may be absent when there are none).
//! * A primary item may be written `lo:hi|name` (dlx3): every solution covers it at least
//!   `lo` and at most `hi` times, `0 <= lo <= hi`, `hi >= 1`. `hi|name` means `hi:hi|name`;
//!   a bare name means `1:1`. An empty `lo` (`:3|x`) is 0, as in dlx3.
//! * Every later line is one option: the names of its items separated by blanks. A
//!   secondary item may be written `name:color`. Options that give one secondary item
//!   different colors exclude each other; an option that names it without a color excludes
//!   every other option naming it.
//! * After any item of an option, a token `|n` (n a decimal number) adds `n` to the option's
//!   cost (dlx5); several add up. Costs matter only to [`cost`](crate::cost).
//! * A name (item or color) is 1 to 8 printable ASCII characters other than `:` and `|`.
//! * An option with no primary item is ignored, as Knuth's programs do; the line is listed
//!   in [`Parsed::ignored`] so that a front end can warn.
//!
//! Faults are reported in Knuth's words ([`KnuthErrorKind`]). Beyond his syntax: colors may
//! be up to 8 characters (dlx2–dlx5 take one); a `|` glued to the next name on the item line
//! (`a |b`) is the separator, as in his programs; bounds and costs that do not fit in 32
//! and 64 bits are refused with their own messages, where his programs would overflow.

use std::collections::HashMap;

use thiserror::Error;

use super::problem::{Problem, ProblemError};

/// The longest item or color name, in characters.
pub const MAX_NAME: usize = 8;

/// A fault in Knuth-format text, with the 1-based line it is on.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct KnuthError {
    /// The line of the fault (for [`KnuthErrorKind::NoItems`], the last line read, or 1 for
    /// an empty input).
    pub line: usize,
    /// The fault.
    pub kind: KnuthErrorKind,
}

/// The faults Knuth's programs report, in his words where he has some.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KnuthErrorKind {
    /// A name longer than [`MAX_NAME`] characters.
    #[error("item name too long: {0:?}")]
    ItemNameTooLong(String),
    /// A name with a character that is not printable ASCII, or is `:` or `|`.
    #[error("illegal character in item name: {0:?}")]
    IllegalCharacter(String),
    /// An item named twice on the item line.
    #[error("duplicate item name: {0:?}")]
    DuplicateItemName(String),
    /// The item line has two `|`.
    #[error("item name line contains | twice")]
    BarTwice,
    /// The input ended before an item line.
    #[error("no items")]
    NoItems,
    /// An option names an item not on the item line.
    #[error("unknown item name: {0:?}")]
    UnknownItemName(String),
    /// An option names one item twice.
    #[error("duplicate item name in this option: {0:?}")]
    DuplicateItemInOption(String),
    /// An option gives a primary item a color.
    #[error("primary item must be uncolored: {0:?}")]
    ColoredPrimary(String),
    /// A color that is empty, too long, or has an illegal character.
    #[error("bad color name in {0:?} (1 to 8 printable characters other than : and |)")]
    BadColor(String),
    /// A multiplicity prefix (`lo:hi|` or `hi|`) with a character that is not a digit.
    #[error("illegal digit in bound spec: {0:?}")]
    IllegalDigitInBound(String),
    /// `0|name` or `lo:0|name`.
    #[error("upper bound is zero: {0:?}")]
    UpperBoundIsZero(String),
    /// `lo:hi|name` with `lo > hi`.
    #[error("lower bound exceeds upper bound: {0:?}")]
    LowerBoundExceedsUpper(String),
    /// `lo:name`, a lower bound with no `hi|`.
    #[error("lower bound without upper bound: {0:?}")]
    LowerBoundWithoutUpper(String),
    /// A multiplicity prefix with nothing after it (`2|`).
    #[error("item name empty: {0:?}")]
    ItemNameEmpty(String),
    /// A bound above 2^31 − 1 (an extension: Knuth's `int` would overflow).
    #[error("bound too large: {0:?}")]
    BoundTooLarge(String),
    /// A `|` in an option not followed by a digit.
    #[error("option cost should be a decimal number: {0:?}")]
    CostNotDecimal(String),
    /// A cost token `|12x` with a character that is not a digit.
    #[error("illegal digit in option cost: {0:?}")]
    IllegalDigitInCost(String),
    /// An option's cost does not fit in 64 bits (an extension).
    #[error("option cost too large: {0:?}")]
    CostTooLarge(String),
    /// The problem is too large for the engine.
    #[error("{0}")]
    Problem(ProblemError),
}

/// Why a problem could not be written in Knuth's format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EmitError {
    /// The number of item names differs from the number of items.
    #[error("{names} item names for {items} items")]
    NameCount {
        /// Names given.
        names: usize,
        /// Items in the problem.
        items: usize,
    },
    /// An option uses a color that has no name.
    #[error("color {0} has no name")]
    UnnamedColor(u32),
    /// A name that the format cannot hold (too long, illegal character, or empty).
    #[error("item or color name {0:?} cannot be written in Knuth's format")]
    BadName(String),
    /// Two items share a name.
    #[error("duplicate item name: {0:?}")]
    DuplicateName(String),
}

/// A problem with names for its items and colors: what the format holds.
#[derive(Debug, Clone, Default)]
pub struct Named {
    /// The problem.
    pub problem: Problem,
    /// The name of each item, by item number (primary items first).
    pub item_names: Vec<String>,
    /// The name of each color: color `c ≥ 1` is `color_names[c - 1]`.
    pub color_names: Vec<String>,
}

/// What [`parse`] returns: the named problem, and each option's text and line.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    /// The problem with its names.
    pub named: Named,
    /// Each option as written (trimmed), by option number.
    pub option_texts: Vec<String>,
    /// The 1-based line of each option.
    pub option_lines: Vec<usize>,
    /// Lines of options ignored because they name no primary item.
    pub ignored: Vec<usize>,
}

/// Checks a name (an item's or a color's): `Ok` or the fault (too long, or an illegal
/// character). Builders that write the format back (the Python `Problem`) check theirs
/// with it, so that what they write reads back.
pub fn check_name(name: &str) -> Result<(), KnuthErrorKind> {
    if !name
        .bytes()
        .all(|b| b.is_ascii_graphic() && b != b':' && b != b'|')
    {
        return Err(KnuthErrorKind::IllegalCharacter(name.to_string()));
    }
    if name.len() > MAX_NAME {
        return Err(KnuthErrorKind::ItemNameTooLong(name.to_string()));
    }
    Ok(())
}

/// Splits dlx3's multiplicity prefix off a primary item: `lo:hi|name`, `hi|name` or `name`,
/// checked in Knuth's order.
fn split_bounds(token: &str) -> Result<(&str, u32, u32), KnuthErrorKind> {
    let number = |digits: &str| -> Result<u32, KnuthErrorKind> {
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(KnuthErrorKind::IllegalDigitInBound(token.to_string()));
        }
        if digits.is_empty() {
            return Ok(0);
        }
        match digits.parse() {
            Ok(n) if n <= crate::problem::MAX_MULTIPLICITY => Ok(n),
            _ => Err(KnuthErrorKind::BoundTooLarge(token.to_string())),
        }
    };
    let (lo, rest) = match token.split_once([':', '|']) {
        Some((digits, rest)) if token.as_bytes()[digits.len()] == b':' => {
            (Some(number(digits)?), rest)
        }
        _ => (None, token),
    };
    let (hi, name) = match rest.split_once('|') {
        Some((digits, name)) if !digits.contains(':') => (number(digits)?, name),
        _ if lo.is_some() => {
            if rest.contains(':') {
                return Err(KnuthErrorKind::IllegalCharacter(token.to_string()));
            }
            return Err(KnuthErrorKind::LowerBoundWithoutUpper(token.to_string()));
        }
        _ => return Ok((token, 1, 1)),
    };
    if hi == 0 {
        return Err(KnuthErrorKind::UpperBoundIsZero(token.to_string()));
    }
    let lo = lo.unwrap_or(hi);
    if lo > hi {
        return Err(KnuthErrorKind::LowerBoundExceedsUpper(token.to_string()));
    }
    if name.is_empty() {
        return Err(KnuthErrorKind::ItemNameEmpty(token.to_string()));
    }
    Ok((name, lo, hi))
}

/// dlx5's cost token `|n`: the digits after the bar.
fn parse_cost(token: &str, digits: &str) -> Result<u64, KnuthErrorKind> {
    if !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(KnuthErrorKind::CostNotDecimal(token.to_string()));
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(KnuthErrorKind::IllegalDigitInCost(token.to_string()));
    }
    digits
        .parse()
        .map_err(|_| KnuthErrorKind::CostTooLarge(token.to_string()))
}

fn is_comment_or_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('|')
}

/// Reads Knuth-format text line by line; [`Reader::finish`] returns the problem.
///
/// Feed every line of the input (comments included) with [`Reader::push_line`]; the first
/// fault stops the reading.
#[derive(Debug, Default)]
pub struct Reader {
    parsed: Parsed,
    have_items: bool,
    last_line: usize,
    item_index: HashMap<String, usize>,
    color_index: HashMap<String, u32>,
    /// Scratch: the current option's entries.
    entries: Vec<(usize, u32)>,
    /// Per item, the last option line that named it (so that an option of 100,000 items
    /// is checked for repeats in one pass).
    named_at: Vec<usize>,
}

impl Reader {
    /// A reader waiting for the item line.
    pub fn new() -> Reader {
        Reader::default()
    }

    /// Reads line `number` (1-based; a trailing `\r` is ignored).
    pub fn push_line(&mut self, number: usize, line: &str) -> Result<(), KnuthError> {
        self.last_line = number;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if is_comment_or_blank(line) {
            return Ok(());
        }
        let result = if self.have_items {
            self.option_line(number, line)
        } else {
            self.item_line(line)
        };
        result.map_err(|kind| KnuthError { line: number, kind })
    }

    fn item_line(&mut self, line: &str) -> Result<(), KnuthErrorKind> {
        let mut primary = None;
        let mut bounds = Vec::new();
        for mut token in line.split_ascii_whitespace() {
            // `|` starts the secondary items, glued to the next name or not (as in dlx1).
            if let Some(rest) = token.strip_prefix('|') {
                if primary.is_some() {
                    return Err(KnuthErrorKind::BarTwice);
                }
                primary = Some(self.parsed.named.item_names.len());
                if rest.is_empty() {
                    continue;
                }
                token = rest;
            }
            let name = if primary.is_none() {
                let (name, lo, hi) = split_bounds(token)?;
                if (lo, hi) != (1, 1) {
                    bounds.push((self.parsed.named.item_names.len(), lo, hi));
                }
                name
            } else {
                token
            };
            check_name(name)?;
            let names = &mut self.parsed.named.item_names;
            if self
                .item_index
                .insert(name.to_string(), names.len())
                .is_some()
            {
                return Err(KnuthErrorKind::DuplicateItemName(name.to_string()));
            }
            names.push(name.to_string());
        }
        let names = &self.parsed.named.item_names;
        // Never 0: a line whose first token starts with `|` is a comment.
        let primary = primary.unwrap_or(names.len());
        let problem = &mut self.parsed.named.problem;
        *problem = Problem::new(primary, names.len() - primary).map_err(KnuthErrorKind::Problem)?;
        for (item, lo, hi) in bounds {
            problem
                .set_multiplicity(item, lo, hi)
                .map_err(KnuthErrorKind::Problem)?;
        }
        self.named_at = vec![0; names.len()];
        self.have_items = true;
        Ok(())
    }

    fn option_line(&mut self, number: usize, line: &str) -> Result<(), KnuthErrorKind> {
        let named = &mut self.parsed.named;
        let primary = named.problem.primary_items();
        self.entries.clear();
        let mut has_primary = false;
        let mut cost = 0u64;
        for token in line.split_ascii_whitespace() {
            if let Some(digits) = token.strip_prefix('|') {
                cost = cost
                    .checked_add(parse_cost(token, digits)?)
                    .ok_or_else(|| KnuthErrorKind::CostTooLarge(token.to_string()))?;
                continue;
            }
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            let Some(&item) = self.item_index.get(name) else {
                return Err(KnuthErrorKind::UnknownItemName(name.to_string()));
            };
            if self.named_at[item] == number {
                return Err(KnuthErrorKind::DuplicateItemInOption(name.to_string()));
            }
            self.named_at[item] = number;
            has_primary |= item < primary;
            let color = match color {
                None => 0,
                Some(_) if item < primary => {
                    return Err(KnuthErrorKind::ColoredPrimary(name.to_string()));
                }
                Some(c) => {
                    if c.is_empty() || check_name(c).is_err() {
                        return Err(KnuthErrorKind::BadColor(token.to_string()));
                    }
                    match self.color_index.get(c) {
                        Some(&k) => k,
                        None => {
                            named.color_names.push(c.to_string());
                            let k = named.color_names.len() as u32;
                            self.color_index.insert(c.to_string(), k);
                            k
                        }
                    }
                }
            };
            self.entries.push((item, color));
        }
        if !has_primary {
            self.parsed.ignored.push(number);
            return Ok(());
        }
        let option = named
            .problem
            .add_colored_option(self.entries.iter().copied())
            .map_err(KnuthErrorKind::Problem)?;
        named
            .problem
            .set_cost(option, cost)
            .map_err(KnuthErrorKind::Problem)?;
        self.parsed.option_texts.push(line.trim_ascii().to_string());
        self.parsed.option_lines.push(number);
        Ok(())
    }

    /// Ends the input: the problem, or [`KnuthErrorKind::NoItems`] when there was no item line.
    pub fn finish(self) -> Result<Parsed, KnuthError> {
        if !self.have_items {
            return Err(KnuthError {
                line: self.last_line.max(1),
                kind: KnuthErrorKind::NoItems,
            });
        }
        let mut parsed = self.parsed;
        let named = &mut parsed.named;
        named
            .problem
            .attach_names(&named.item_names, &named.color_names);
        Ok(parsed)
    }
}

/// Parses a whole text in Knuth's format.
pub fn parse(text: &str) -> Result<Parsed, KnuthError> {
    let mut reader = Reader::new();
    for (i, line) in text.lines().enumerate() {
        reader.push_line(i + 1, line)?;
    }
    reader.finish()
}

impl Named {
    /// A named problem; no check is made until [`Named::to_knuth`].
    pub fn new(problem: Problem, item_names: Vec<String>, color_names: Vec<String>) -> Named {
        Named {
            problem,
            item_names,
            color_names,
        }
    }

    /// Option `option` written with names: items separated by spaces, `name:color` for a
    /// colored entry, and ` |cost` at the end when the option costs something.
    ///
    /// # Panics
    /// If the option or one of its names does not exist.
    pub fn option_text(&self, option: usize) -> String {
        let mut text = String::new();
        for (k, (item, color)) in self.problem.colored_option(option).enumerate() {
            if k > 0 {
                text.push(' ');
            }
            text.push_str(&self.item_names[item]);
            if color > 0 {
                text.push(':');
                text.push_str(&self.color_names[color as usize - 1]);
            }
        }
        let cost = self.problem.cost(option);
        if cost > 0 {
            text.push_str(&format!(" |{cost}"));
        }
        text
    }

    /// Item `item`'s name as on the item line: with dlx3's prefix `lo:hi|` or `hi|` when its
    /// multiplicity is not exactly once.
    pub fn item_text(&self, item: usize) -> String {
        let name = &self.item_names[item];
        match self.problem.multiplicity(item) {
            Some((1, 1)) | None => name.clone(),
            Some((lo, hi)) if lo == hi => format!("{hi}|{name}"),
            Some((lo, hi)) => format!("{lo}:{hi}|{name}"),
        }
    }

    /// The whole problem in Knuth's format: the item line, then one line per option.
    pub fn to_knuth(&self) -> Result<String, EmitError> {
        let p = &self.problem;
        if self.item_names.len() != p.items() {
            return Err(EmitError::NameCount {
                names: self.item_names.len(),
                items: p.items(),
            });
        }
        let mut seen = HashMap::with_capacity(p.items());
        for name in &self.item_names {
            if name.is_empty() || check_name(name).is_err() {
                return Err(EmitError::BadName(name.clone()));
            }
            if seen.insert(name.as_str(), ()).is_some() {
                return Err(EmitError::DuplicateName(name.clone()));
            }
        }
        for name in &self.color_names {
            if name.is_empty() || check_name(name).is_err() {
                return Err(EmitError::BadName(name.clone()));
            }
        }
        let mut out = String::new();
        let primary: Vec<String> = (0..p.primary_items()).map(|i| self.item_text(i)).collect();
        out.push_str(&primary.join(" "));
        if p.secondary_items() > 0 {
            out.push_str(" | ");
            out.push_str(&self.item_names[p.primary_items()..].join(" "));
        }
        out.push('\n');
        for option in 0..p.options() {
            if let Some((_, c)) = p
                .colored_option(option)
                .find(|&(_, c)| c as usize > self.color_names.len())
            {
                return Err(EmitError::UnnamedColor(c));
            }
            out.push_str(&self.option_text(option));
            out.push('\n');
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;

    fn err(text: &str) -> KnuthError {
        parse(text).expect_err("a format error")
    }

    fn kind_at(text: &str) -> (usize, KnuthErrorKind) {
        let e = err(text);
        (e.line, e.kind)
    }

    #[test]
    fn reads_items_options_comments_and_crlf() {
        let p =
            parse("| comment\r\n\r\n a b | c\r\n   | another comment\na c\nb\nb c:1\n").unwrap();
        assert_eq!(p.named.item_names, ["a", "b", "c"]);
        assert_eq!(p.named.problem.primary_items(), 2);
        assert_eq!(p.named.problem.secondary_items(), 1);
        assert_eq!(p.option_texts, ["a c", "b", "b c:1"]);
        assert_eq!(p.option_lines, [5, 6, 7]);
        assert_eq!(p.named.color_names, ["1"]);
        // {a c, b}; {a c, b c:1} fails, since an uncolored c excludes every other c.
        let mut s = Solver::new(&p.named.problem);
        assert_eq!(s.count_solutions(100).solutions, 1);
    }

    #[test]
    fn no_bar_means_all_primary() {
        let p = parse("a b\na b\n").unwrap();
        assert_eq!(p.named.problem.primary_items(), 2);
        assert_eq!(p.named.problem.secondary_items(), 0);
    }

    #[test]
    fn error_item_name_too_long() {
        assert_eq!(
            kind_at("a abcdefghi\n"),
            (1, KnuthErrorKind::ItemNameTooLong("abcdefghi".into()))
        );
        // Eight characters are fine.
        assert!(parse("abcdefgh\nabcdefgh\n").is_ok());
    }

    #[test]
    fn error_illegal_character() {
        assert_eq!(
            kind_at("| c\na | b:c\n"),
            (2, KnuthErrorKind::IllegalCharacter("b:c".into()))
        );
        assert_eq!(
            kind_at("a | b|c\n"),
            (1, KnuthErrorKind::IllegalCharacter("b|c".into()))
        );
        assert_eq!(
            kind_at("a | x:1\n"),
            (1, KnuthErrorKind::IllegalCharacter("x:1".into()))
        );
        assert_eq!(
            kind_at("a é\n"),
            (1, KnuthErrorKind::IllegalCharacter("é".into()))
        );
    }

    #[test]
    fn error_duplicate_item_name() {
        assert_eq!(
            kind_at("a b | a\n"),
            (1, KnuthErrorKind::DuplicateItemName("a".into()))
        );
    }

    #[test]
    fn error_bar_twice() {
        assert_eq!(kind_at("a | b | c\n"), (1, KnuthErrorKind::BarTwice));
    }

    #[test]
    fn error_no_items() {
        assert_eq!(
            kind_at("| only\n| comments\n"),
            (2, KnuthErrorKind::NoItems)
        );
        assert_eq!(kind_at(""), (1, KnuthErrorKind::NoItems));
    }

    #[test]
    fn error_unknown_item_name() {
        assert_eq!(
            kind_at("a b\na\na z\n"),
            (3, KnuthErrorKind::UnknownItemName("z".into()))
        );
    }

    #[test]
    fn error_duplicate_item_in_option() {
        assert_eq!(
            kind_at("a b | x\na b\nx a x:2\n"),
            (3, KnuthErrorKind::DuplicateItemInOption("x".into()))
        );
        // In a long option, and in the next option (an item named in the option before
        // is no repeat).
        let names: Vec<String> = (0..5000).map(|i| format!("i{i}")).collect();
        let all = names.join(" ");
        let text = format!("{all}\n{all}\n{all} i4321\n");
        assert_eq!(
            kind_at(&text),
            (3, KnuthErrorKind::DuplicateItemInOption("i4321".into()))
        );
    }

    #[test]
    fn error_colored_primary() {
        assert_eq!(
            kind_at("a | x\na:1 x\n"),
            (2, KnuthErrorKind::ColoredPrimary("a".into()))
        );
    }

    #[test]
    fn error_bad_color() {
        assert_eq!(
            kind_at("a | x\na x:\n"),
            (2, KnuthErrorKind::BadColor("x:".into()))
        );
        assert_eq!(
            kind_at("a | x\na x:123456789\n"),
            (2, KnuthErrorKind::BadColor("x:123456789".into()))
        );
    }

    #[test]
    fn options_without_primary_items_are_ignored() {
        let p = parse("a | x\nx\na x\n").unwrap();
        assert_eq!(p.ignored, [2]);
        assert_eq!(p.option_texts, ["a x"]);
        assert_eq!(p.option_lines, [3]);
    }

    #[test]
    fn messages_use_knuths_words() {
        assert_eq!(
            err("a a\n").to_string(),
            "line 1: duplicate item name: \"a\""
        );
        assert_eq!(
            err("a\nb\n").to_string(),
            "line 2: unknown item name: \"b\""
        );
    }

    #[test]
    fn emit_round_trips_and_checks_names() {
        let text = "p q r | x y\np x:A\nq x:A y\nr x:B\np q y:C\n";
        let parsed = parse(text).unwrap();
        assert_eq!(parsed.named.to_knuth().unwrap(), text);
        let mut named = parsed.named.clone();
        named.item_names[1] = "p".into();
        assert_eq!(named.to_knuth(), Err(EmitError::DuplicateName("p".into())));
        named.item_names[1] = "q q".into();
        assert_eq!(named.to_knuth(), Err(EmitError::BadName("q q".into())));
        named.item_names.pop();
        assert_eq!(
            named.to_knuth(),
            Err(EmitError::NameCount { names: 4, items: 5 })
        );
        let mut named = parsed.named;
        named.color_names.pop();
        assert_eq!(named.to_knuth(), Err(EmitError::UnnamedColor(3)));
    }

    #[test]
    fn reads_multiplicities_in_knuths_forms() {
        let p = parse("2:3|a 2|b c :4|d |x\na b c d\n").unwrap();
        let problem = &p.named.problem;
        assert_eq!(p.named.item_names, ["a", "b", "c", "d", "x"]);
        assert_eq!(problem.primary_items(), 4);
        assert_eq!(problem.multiplicity(0), Some((2, 3)));
        assert_eq!(problem.multiplicity(1), Some((2, 2)));
        assert_eq!(problem.multiplicity(2), Some((1, 1)));
        assert_eq!(problem.multiplicity(3), Some((0, 4)));
        assert_eq!(problem.multiplicity(4), None);
    }

    #[test]
    fn bound_errors_in_knuths_words() {
        let cases = [
            ("b:c", KnuthErrorKind::IllegalDigitInBound("b:c".into())),
            ("x|c", KnuthErrorKind::IllegalDigitInBound("x|c".into())),
            ("0|c", KnuthErrorKind::UpperBoundIsZero("0|c".into())),
            ("2:0|c", KnuthErrorKind::UpperBoundIsZero("2:0|c".into())),
            (
                "3:2|c",
                KnuthErrorKind::LowerBoundExceedsUpper("3:2|c".into()),
            ),
            ("2:c", KnuthErrorKind::LowerBoundWithoutUpper("2:c".into())),
            ("2|", KnuthErrorKind::ItemNameEmpty("2|".into())),
            (
                "1:2:3|c",
                KnuthErrorKind::IllegalCharacter("1:2:3|c".into()),
            ),
            ("1|2|c", KnuthErrorKind::IllegalCharacter("2|c".into())),
            (
                "99999999999|c",
                KnuthErrorKind::BoundTooLarge("99999999999|c".into()),
            ),
            // Fits in 32 bits but not in Algorithm M's signed counts (found by fuzzing).
            (
                "4111111111|c",
                KnuthErrorKind::BoundTooLarge("4111111111|c".into()),
            ),
            (
                "2147483648|c",
                KnuthErrorKind::BoundTooLarge("2147483648|c".into()),
            ),
        ];
        for (token, kind) in cases {
            assert_eq!(kind_at(&format!("| c\na {token}\n")), (2, kind), "{token}");
        }
    }

    #[test]
    fn reads_costs_and_their_errors() {
        let p = parse("a b | x\na |3 b |4\nb x |0\na\n").unwrap();
        assert_eq!(p.named.problem.cost(0), 7);
        assert_eq!(p.named.problem.cost(1), 0);
        assert_eq!(p.named.problem.cost(2), 0);
        assert_eq!(p.option_texts[0], "a |3 b |4");
        for (line, kind) in [
            ("a |", KnuthErrorKind::CostNotDecimal("|".into())),
            ("a |x", KnuthErrorKind::CostNotDecimal("|x".into())),
            ("a |1x", KnuthErrorKind::IllegalDigitInCost("|1x".into())),
            (
                "a |99999999999999999999",
                KnuthErrorKind::CostTooLarge("|99999999999999999999".into()),
            ),
            (
                "a |18446744073709551615 |1",
                KnuthErrorKind::CostTooLarge("|1".into()),
            ),
        ] {
            assert_eq!(kind_at(&format!("a\n{line}\n")), (2, kind), "{line}");
        }
    }

    #[test]
    fn multiplicities_and_costs_round_trip() {
        let text = "2:3|p 2|q r | x\np q x:A |4\np r |1\nq\np q x:A\n";
        let parsed = parse(text).unwrap();
        assert_eq!(parsed.named.to_knuth().unwrap(), text);
    }
}
