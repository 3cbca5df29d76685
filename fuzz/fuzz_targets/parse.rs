//! The puzzle parser on arbitrary bytes, split into lines as the CLI's reader does (at LF,
//! CRLF or a lone CR; some lines cut short as if longer than the reader keeps). Checks: no
//! panic; records come in order and point at lines seen; a label is a record of one line;
//! a grid that parses renders in its format and parses back to the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use dlx_sudoku::format::{Parser, lines, parse_str, render};

fuzz_target!(|data: &[u8]| {
    let mut parser = Parser::new();
    let mut records = Vec::new();
    let mut last = 0;
    for (i, line) in lines(data).enumerate() {
        last = i + 1;
        // A line starting with 0xFF is "too long": keep half of it, report the full length.
        let (kept, full) = if line.first() == Some(&0xFF) {
            (&line[..line.len() / 2], line.len() + 70_000)
        } else {
            (line, line.len())
        };
        if let Some(r) = parser.push_line(last, kept, full) {
            records.push(r);
        }
    }
    records.extend(parser.finish(last));
    assert!(
        parser.finish(last).is_none(),
        "finish had more than one record"
    );
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
                assert!(e.line >= r.line && e.line <= last + 1, "{e:?} in {r:?}");
                assert!(!e.to_string().is_empty());
                assert!(!r.is_label() || e.line == r.line, "{r:?}");
            }
        }
    }
});
