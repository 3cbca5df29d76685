//! The input formats added after the first round (pencilmarks, jigsaw regions, killer
//! cages, Knuth's general format, samurai) on random and mutated inputs: the checks their
//! fuzz targets run (`fuzz/checks/formats.rs`), here as property tests that run in
//! `cargo test`. Mutations start from the committed examples, so most inputs are nearly
//! valid and reach deep into each parser.

#[path = "../../../../fuzz/checks/formats.rs"]
mod formats;

use proptest::prelude::*;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/variants");

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("{EXAMPLES}/{name}")).unwrap()
}

/// `text` with up to eight random edits: a character replaced by one of `alphabet`, a line
/// dropped or doubled, or the text cut short.
fn mutated(text: String, alphabet: &'static [u8]) -> impl Strategy<Value = String> {
    let edits = proptest::collection::vec(
        (0u8..5, any::<prop::sample::Index>(), 0..alphabet.len()),
        0..8,
    );
    edits.prop_map(move |edits| {
        let mut bytes = text.clone().into_bytes();
        for (kind, at, pick) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = at.index(bytes.len());
            match kind {
                0 | 1 => bytes[i] = alphabet[pick],
                2 => {
                    let line_end = bytes[i..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(bytes.len(), |p| i + p + 1);
                    let line_start = bytes[..i]
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map_or(0, |p| p + 1);
                    bytes.drain(line_start..line_end);
                }
                3 => {
                    let line_start = bytes[..i]
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map_or(0, |p| p + 1);
                    let line_end = bytes[i..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(bytes.len(), |p| i + p + 1);
                    let line = bytes[line_start..line_end].to_vec();
                    bytes.splice(line_start..line_start, line);
                }
                _ => bytes.truncate(i),
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// A pencilmark line of side 2 or 3 boxes (4×4 or 9×9): each cell's digits in their slots,
/// some slots blank, then mutated.
fn pencil_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![Just(4usize), Just(9usize)]
        .prop_flat_map(|n| {
            proptest::collection::vec(1u32..(1 << n), n * n).prop_map(move |m| (n, m))
        })
        .prop_map(|(n, masks)| {
            let mut line = Vec::new();
            for m in masks {
                for d in 0..n {
                    line.push(if m >> d & 1 != 0 {
                        b'1' + d as u8
                    } else {
                        b'.'
                    });
                }
            }
            line
        })
        .prop_flat_map(|line| {
            let text = String::from_utf8(line).unwrap();
            mutated(text, b"0123456789.x ")
        })
        .prop_map(String::into_bytes)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn pencilmarks(line in pencil_line()) {
        formats::pencilmarks(&line);
    }

    #[test]
    fn regions(spec in mutated(example("jigsaw-regions.txt"), b"123456789abc \n")) {
        formats::regions(&spec);
    }

    #[test]
    fn regions_of_boxes(spec in mutated("1122112233443344".into(), b"12345 ")) {
        formats::regions(&spec);
    }

    #[test]
    fn cages(text in mutated(example("killer-cages.txt"), b"0123456789rc #\n")) {
        formats::cages(&text, 9);
        formats::cages(&text, 4);
    }

    #[test]
    fn general(text in mutated(example("x.general"), b"0123456789.ab-\n")) {
        formats::general(&text);
    }

    #[test]
    fn samurai(text in mutated(example("samurai.txt"), b"0123456789. -\n")) {
        formats::samurai(&text);
    }

    #[test]
    fn any_text(text in ".{0,300}") {
        formats::pencilmarks(text.as_bytes());
        formats::regions(&text);
        formats::cages(&text, 9);
        formats::general(&text);
        formats::samurai(&text);
    }
}

/// The unmutated examples parse, so the mutations above start from valid inputs and the
/// checks' valid-input paths run.
#[test]
fn the_examples_parse_and_pass_the_checks() {
    use dlx_sudoku::variant::{general, parse_cages, parse_regions, samurai};
    assert!(parse_regions(&example("jigsaw-regions.txt")).is_ok());
    assert!(parse_cages(&example("killer-cages.txt"), 9).is_ok());
    assert!(general::parse(&example("x.general")).is_ok());
    assert!(samurai::parse(&example("samurai.txt")).is_ok());
    let line: String = (0..81).map(|_| "123456789").collect();
    assert!(dlx_sudoku::pencil::parse(line.as_bytes()).is_ok());
    formats::pencilmarks(line.as_bytes());
    formats::regions(&example("jigsaw-regions.txt"));
    formats::cages(&example("killer-cages.txt"), 9);
    formats::general(&example("x.general"));
    formats::samurai(&example("samurai.txt"));
}
