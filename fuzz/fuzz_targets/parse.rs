//! The puzzle parser on arbitrary bytes, split into lines as the CLI's reader does (at LF,
//! CRLF or a lone CR; some lines cut short as if longer than the reader keeps). Checks: no
//! panic; records come in order and point at lines seen; a label is a record of one line;
//! a grid that parses renders in its format and parses back to the same grid; the same
//! lines cut in two at a line picked by the first byte (`Parser::carry`, `Parser::cut`, as
//! the CLI's batch pieces are parsed) give the same records, and every blank or 81-cell
//! line (`ends_any_grid`) leaves the parser between records.
#![no_main]

use libfuzzer_sys::fuzz_target;
use dlx_sudoku::format::{Parser, Record, ends_any_grid, lines, parse_str, render};

/// A line as the reader hands it over: a line starting with 0xFF is "too long", so half of
/// it is kept and the full length reported.
fn as_read(line: &[u8]) -> (&[u8], usize) {
    if line.first() == Some(&0xFF) {
        (&line[..line.len() / 2], line.len() + 70_000)
    } else {
        (line, line.len())
    }
}

/// The records of `all` parsed in two pieces, cut after line `at`.
fn parse_cut(all: &[&[u8]], at: usize) -> Vec<Record> {
    let mut records = Vec::new();
    let mut first = Parser::new();
    for (i, line) in all[..at].iter().enumerate() {
        let (kept, full) = as_read(line);
        records.extend(first.push_line(i + 1, kept, full));
    }
    let mut second = first.carry();
    while let Some(r) = first.cut() {
        records.push(r);
    }
    for (i, line) in all.iter().enumerate().skip(at) {
        let (kept, full) = as_read(line);
        records.extend(second.push_line(i + 1, kept, full));
    }
    while let Some(r) = second.finish(all.len()) {
        records.push(r);
    }
    records
}

fuzz_target!(|data: &[u8]| {
    let mut parser = Parser::new();
    let mut records = Vec::new();
    let mut last = 0;
    let all: Vec<&[u8]> = lines(data).collect();
    for (i, line) in all.iter().enumerate() {
        last = i + 1;
        let (kept, full) = as_read(line);
        if let Some(r) = parser.push_line(last, kept, full) {
            records.push(r);
        }
        if full == kept.len() && ends_any_grid(kept) {
            assert!(parser.between_records(), "line {last} ends any grid");
        }
    }
    while let Some(r) = parser.finish(last) {
        records.push(r);
    }
    let at = data.first().map_or(0, |&b| b as usize % (all.len() + 1));
    assert_eq!(parse_cut(&all, at), records, "cut after line {at}");
    assert!(parser.finish(last).is_none(), "finish gave a record after none");
    let mut previous = 0;
    for r in &records {
        assert!(
            r.line >= 1 && r.line <= last,
            "record line {} of {last}",
            r.line
        );
        assert!(r.line > previous, "records out of order");
        previous = r.line;
        match &r.grid {
            Ok(g) => {
                let text = render(g, r.format);
                let back = parse_str(&text);
                assert_eq!(back.len(), 1, "{text:?} gave {back:?}");
                assert_eq!(back[0].format, r.format, "{text:?}");
                assert_eq!(back[0].grid.as_ref(), Ok(g), "{text:?}");
            }
            Err(e) => {
                assert!(e.line >= r.line && e.line <= last, "{e:?} in {r:?}");
                assert!(!e.to_string().is_empty());
                assert!(!r.is_label() || e.line == r.line, "{r:?}");
            }
        }
    }
});
