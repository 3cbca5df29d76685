//! Property tests: the parser and the solver on arbitrary input, the same checks as the fuzz
//! targets in `fuzz/` (which run far longer), at a size that suits every `cargo test`.

use proptest::prelude::*;

#[path = "../../../../fuzz/checks/knuth.rs"]
mod knuth_check;
#[path = "../../../../fuzz/checks/knuth_problem.rs"]
mod knuth_problem;
use dlx_sudoku::format::{Format, Parser, lines, parse_str, render};
use dlx_sudoku::{DlxSolver, Grid, Limits, NoSolution, Outcome, Shape, SudokuSolver};

/// Bytes that look a little like puzzles: digits, blanks, separators, line ends (lone CRs
/// too), letters and words (labels), byte-order marks, non-ASCII characters, junk.
fn puzzleish() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            8 => prop::sample::select(b"0123456789.".to_vec()).prop_map(|b| vec![b]),
            4 => prop::sample::select(b" |-+\n\r#".to_vec()).prop_map(|b| vec![b]),
            1 => prop::sample::select(b"aAgGpPzZ".to_vec()).prop_map(|b| vec![b]),
            1 => prop::sample::select(vec!["Grid", "Hard", "\u{FEFF}", "\u{FF11}", "\u{A0}", "数独", "\r\n"])
                .prop_map(|s| s.as_bytes().to_vec()),
            1 => any::<u8>().prop_map(|b| vec![b]),
        ],
        0..400,
    )
    .prop_map(|parts| parts.concat())
}

/// A grid of any size with random values (not a valid Sudoku: the parser does not care).
fn any_grid() -> impl Strategy<Value = Grid> {
    prop::sample::select(vec![4usize, 6, 8, 9, 10, 12, 16, 20, 25]).prop_flat_map(|side| {
        prop::collection::vec(0..=side as u8, side * side).prop_map(move |values| {
            Grid::from_values(Shape::for_side(side).unwrap(), &values).unwrap()
        })
    })
}

/// A format the grid reads back in (a 16×16 grid is never written compact).
fn any_format(g: &Grid) -> impl Strategy<Value = Format> + use<> {
    let mut formats = vec![Format::Line, Format::Spaced, Format::Pretty];
    if g.shape().side() != 16 {
        formats.push(Format::Compact);
    }
    prop::sample::select(formats)
}

/// A label line: words and numbers, one word at least with a letter no grid has.
fn label() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(
            prop::sample::select(vec![
                "Grid", "01", "Puzzle", "3", "hard", "(x)", "—", "数独",
            ]),
            0..6,
        ),
        prop::sample::select(vec!["Grid", "Sudoku", "title", "Rätsel", "XYZ"]),
        0usize..6,
    )
        .prop_map(|(mut words, word, at)| {
            words.insert(at.min(words.len()), word);
            words.join(" ")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn parser_never_panics_and_grids_read_back(data in puzzleish()) {
        let mut parser = Parser::new();
        let mut records = Vec::new();
        let mut last = 0;
        for (i, line) in lines(&data).enumerate() {
            last = i + 1;
            records.extend(parser.push_line(last, line, line.len()));
        }
        while let Some(r) = parser.finish(last) {
            records.push(r);
        }
        let mut previous = 0;
        for r in &records {
            prop_assert!(r.line > previous && r.line <= last);
            previous = r.line;
            if let Ok(g) = &r.grid {
                let back = parse_str(&render(g, r.format));
                prop_assert_eq!(back.len(), 1);
                prop_assert_eq!(back[0].grid.as_ref(), Ok(g));
            }
            if r.is_label() {
                // A label is a record of one line.
                prop_assert_eq!(r.grid.as_ref().unwrap_err().line, r.line);
            }
        }
    }

    #[test]
    fn a_label_or_junk_never_takes_the_puzzle_after_it(
        before in label(),
        junk in "[!-~]{0,30}",
        (g, format) in any_grid().prop_flat_map(|g| { let f = any_format(&g); (Just(g), f) }),
    ) {
        let puzzle = render(&g, format);
        // A label right before the puzzle, and junk then an empty line before it.
        for text in [format!("{before}\n{puzzle}"), format!("{junk}\n\n{puzzle}")] {
            let records = parse_str(&text);
            let last = records.last().unwrap();
            prop_assert_eq!(last.grid.as_ref(), Ok(&g), "{}", text);
            prop_assert_eq!(last.format, format);
        }
        let records = parse_str(&format!("{before}\n{puzzle}"));
        prop_assert_eq!(records.len(), 2);
        prop_assert!(records[0].is_label());
    }

    #[test]
    fn solving_arbitrary_grids_gives_checked_answers(
        rows in 1usize..=3,
        cols in 1usize..=3,
        cells in prop::collection::vec(0u8..=9, 81),
        blank_below in 0u8..=9,
    ) {
        let shape = Shape::new(rows, cols).unwrap();
        let n = shape.side() as u8;
        // Values above `blank_below` become blanks, so grids range from full to empty.
        let values: Vec<u8> = cells[..shape.cells()]
            .iter()
            .map(|&v| if v > blank_below { 0 } else { v % (n + 1) })
            .collect();
        let puzzle = Grid::from_values(shape, &values).unwrap();
        let mut solver = DlxSolver::new(shape);
        let limits = Limits::nodes(100_000);
        let outcome = solver.solve_within(&puzzle, limits);
        match &outcome {
            Outcome::Solved(g) => prop_assert!(g.is_complete_solution_of(&puzzle)),
            Outcome::NoSolution(NoSolution::Clash(_)) => prop_assert!(puzzle.clash().is_some()),
            Outcome::NoSolution(NoSolution::Unsolvable) => {
                prop_assert!(puzzle.clash().is_none());
                prop_assert_eq!(solver.count_within(&puzzle, 1, limits).solutions, 0);
            }
            // Rare (random givens can make a hard unsolvable grid); nothing to check.
            Outcome::GaveUp(_) => {}
        }
        prop_assert_eq!(solver.solve_within(&puzzle, limits), outcome);
    }
}

/// Text that looks a little like Knuth's format: short names, colors, bars, comments,
/// multiplicity prefixes (`2:3|`), costs (` |4`).
fn knuthish() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            6 => prop::sample::select(vec!["a", "b", "c", "d", "x", "y", "ab"]),
            2 => prop::sample::select(vec![" ", "\n", "|", ":", ":A", ":B", "  "]),
            2 => prop::sample::select(vec!["2|", "0:2|", "1:3|", ":2|", "0|", " |3", " |0", " |x"]),
            1 => prop::sample::select(vec!["verylongname", "\t", "é", "#", "\r\n"]),
        ],
        0..80,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn knuth_format_never_panics_and_round_trips(text in knuthish()) {
        knuth_check::check(&text);
    }

    #[test]
    fn knuth_format_on_arbitrary_text(text in ".{0,200}") {
        knuth_check::check(&text);
    }

    #[test]
    fn knuth_problems_with_bounds_and_costs(data in prop::collection::vec(any::<u8>(), 0..64)) {
        knuth_check::check(&knuth_problem::problem(&data));
    }
}

/// Lines of a file of puzzles: one-line 9×9 puzzles (digits and dots, the parser's fast
/// path), rows of compact, spaced and pretty grids, rules, comments, labels, blank lines.
fn puzzle_file_lines() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        prop_oneof![
            6 => "[0-9.]{81}",
            3 => "[0-9.]{9}",
            2 => "[1-9.] [1-9.] [1-9.] [1-9.] [1-9.] [1-9.] [1-9.] [1-9.] [1-9.]",
            1 => "[1-9.] [1-9.] [1-9.] \\| [1-9.] [1-9.] [1-9.] \\| [1-9.] [1-9.] [1-9.]",
            1 => Just("------+-------+------".to_string()),
            1 => Just("# a comment".to_string()),
            1 => Just("Grid 01".to_string()),
            1 => Just(String::new()),
            1 => "[0-9.]{80,82}",
        ],
        0..40,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The parser reads a line of 81 digits and dots with nothing pending straight; a space
    /// at its end sends it down the general path, which trims it. Both read the file alike.
    #[test]
    fn the_one_line_fast_path_reads_as_the_general_path(lines in puzzle_file_lines()) {
        let plain = lines.join("\n");
        let spaced: Vec<String> = lines
            .iter()
            .map(|l| if l.len() == 81 { format!("{l} ") } else { l.clone() })
            .collect();
        prop_assert_eq!(parse_str(&plain), parse_str(&spaced.join("\n")));
    }
}
