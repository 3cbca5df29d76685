//! The reader's promise, "a valid puzzle is never swallowed by a bad line before it", as a
//! property: random batches of valid puzzles in every format, with random junk lines between
//! them (short digit rows, words, labels, comments, blank lines, trailing fields after
//! one-line puzzles, byte-order marks, CRLF line ends), give every valid puzzle as a record
//! of its own, at its own line, in order. Checked on the library's parser in 10,000 cases,
//! and through the real binary's `solve --format csv` on a smaller number, whose answers are
//! checked against each puzzle's fill found alone.

use crate::common;

use dlx_sudoku::Grid;
use dlx_sudoku::format::{self, Format};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

/// 9×9 puzzles with one fill each, and two 4×4 ones.
const PUZZLES: [&str; 5] = [
    "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "1...............",
    "..3..4..........",
];

/// One piece of a batch.
#[derive(Debug, Clone)]
enum Piece {
    /// A puzzle of `PUZZLES`, in a format; a trailing field after a one-line puzzle.
    Puzzle {
        index: usize,
        format: Format,
        trailer: Option<String>,
    },
    /// A line that is no puzzle.
    Junk(String),
}

fn format() -> impl Strategy<Value = Format> {
    prop_oneof![
        Just(Format::Line),
        Just(Format::Spaced),
        Just(Format::Compact),
        Just(Format::Pretty),
    ]
}

fn trailer() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        3 => Just(None),
        1 => prop_oneof![
            Just("Hard".to_string()),
            Just("ED=11.9/11.9/11.3".to_string()),
            Just("# hardest".to_string()),
            Just("\t17".to_string()),
            (1u32..1000).prop_map(|n| n.to_string()),
        ]
        .prop_map(Some),
    ]
}

/// Junk lines: never a whole row of a 9×9 grid (nine entries), which no reader could tell
/// from the first row of the grid after it.
fn junk() -> impl Strategy<Value = String> {
    let short_compact = prop_oneof![1usize..=8, 10usize..=12]
        .prop_flat_map(|n| proptest::collection::vec(0u8..=9, n))
        .prop_map(|d| d.iter().map(|v| char::from(b'0' + v)).collect::<String>());
    let short_spaced = prop_oneof![2usize..=8, 10usize..=12]
        .prop_flat_map(|n| proptest::collection::vec(0u8..=9, n))
        .prop_map(|d| d.iter().map(u8::to_string).collect::<Vec<_>>().join(" "));
    prop_oneof![
        short_compact,
        short_spaced,
        Just("Hard".to_string()),
        Just("Grid 01".to_string()),
        Just("not a puzzle at all".to_string()),
        Just("ED=11.9/11.9/11.3".to_string()),
        Just("# a comment".to_string()),
        Just(String::new()),
        Just("x1".to_string()),
    ]
}

fn piece() -> impl Strategy<Value = Piece> {
    prop_oneof![
        (0..PUZZLES.len(), format(), trailer()).prop_map(|(index, format, trailer)| {
            // Multi-line formats are for the 9×9 puzzles (a 4×4 grid of 16 symbols written
            // compact would read as a one-line puzzle per row).
            let format = if index >= 3 { Format::Line } else { format };
            let trailer = trailer.filter(|_| format == Format::Line);
            Piece::Puzzle {
                index,
                format,
                trailer,
            }
        }),
        junk().prop_map(Piece::Junk),
    ]
}

/// A batch's text, and the (line, puzzle index) of each puzzle in it.
fn write(pieces: &[Piece], crlf: &[bool], bom: &[bool]) -> (String, Vec<(usize, usize)>) {
    let mut lines: Vec<String> = Vec::new();
    let mut expected = Vec::new();
    for piece in pieces {
        match piece {
            Piece::Puzzle {
                index,
                format,
                trailer,
            } => {
                let grid: Grid = PUZZLES[*index].parse().unwrap();
                expected.push((lines.len() + 1, *index));
                let text = format::render(&grid, *format);
                let mut rows: Vec<String> = text.lines().map(String::from).collect();
                if let Some(t) = trailer {
                    let sep = if t.starts_with('\t') { "" } else { " " };
                    rows[0] = format!("{}{sep}{t}", rows[0]);
                }
                lines.extend(rows);
                // A multi-line grid ends where its last row is; a blank line after it is
                // also common.
            }
            Piece::Junk(line) => lines.push(line.clone()),
        }
    }
    let mut text = String::new();
    for (i, line) in lines.iter().enumerate() {
        if bom[i % bom.len()] {
            text.push('\u{FEFF}');
        }
        text.push_str(line);
        text.push_str(if crlf[i % crlf.len()] { "\r\n" } else { "\n" });
    }
    (text, expected)
}

fn batch() -> impl Strategy<Value = (Vec<Piece>, Vec<bool>, Vec<bool>)> {
    (
        proptest::collection::vec(piece(), 1..12),
        proptest::collection::vec(any::<bool>(), 1..4),
        proptest::collection::vec(proptest::bool::weighted(0.1), 1..5),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, ..ProptestConfig::default() })]

    #[test]
    fn every_valid_puzzle_is_read_at_its_line_in_order((pieces, crlf, bom) in batch()) {
        let (text, expected) = write(&pieces, &crlf, &bom);
        let records = format::parse_str(&text);
        let mut last = 0;
        for (line, index) in expected {
            let want = format::parse_str(PUZZLES[index])[0].grid.clone().unwrap();
            let at = records
                .iter()
                .position(|r| r.line == line)
                .unwrap_or_else(|| panic!("no record at line {line} in\n{text}"));
            prop_assert!(at >= last, "out of order at line {}", line);
            prop_assert_eq!(records[at].grid.as_ref().ok(), Some(&want), "line {} in\n{}", line, text);
            last = at;
        }
    }
}

/// The same through the binary: `solve --format csv` answers every puzzle of the batch, in
/// order, with the fill the binary gives the puzzle alone (checked against the puzzle by
/// independent code), whatever junk stands between them.
#[test]
fn the_binary_answers_every_valid_puzzle_in_order() {
    let fill = |p: &str| -> String {
        let out = common::run_bin(&["solve"], format!("{p}\n"));
        let answer = out.stdout.trim().to_string();
        let read = |t: &str| format::parse_str(t)[0].grid.clone().unwrap();
        let (grid, filled) = (read(p), read(&answer));
        assert!(filled.is_complete_solution_of(&grid), "{p}");
        answer
    };
    let fills: Vec<String> = PUZZLES.iter().map(|p| fill(p)).collect();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..40 {
        let (pieces, crlf, bom) = batch().new_tree(&mut runner).unwrap().current();
        let (text, expected) = write(&pieces, &crlf, &bom);
        let out = common::run_bin(&["solve", "--format", "csv"], &text);
        let answers: Vec<&str> = out
            .stdout
            .lines()
            .skip(1)
            .filter_map(|row| row.split(',').nth(1))
            .filter(|a| !a.is_empty())
            .collect();
        let want: Vec<&str> = expected.iter().map(|&(_, i)| fills[i].as_str()).collect();
        assert_eq!(answers, want, "{text}");
    }
}
