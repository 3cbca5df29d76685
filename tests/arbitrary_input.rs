//! Property tests: the parser and the solver on arbitrary input, the same checks as the fuzz
//! targets in `fuzz/` (which run far longer), at a size that suits every `cargo test`.

use proptest::prelude::*;

#[path = "../fuzz/checks/knuth.rs"]
mod knuth_check;
use sudoku_dlx::sudoku::format::{Parser, parse_str, render};
use sudoku_dlx::sudoku::{DlxSolver, Grid, Limits, NoSolution, Outcome, Shape, SudokuSolver};

/// Bytes that look a little like puzzles: digits, blanks, separators, line ends, junk.
fn puzzleish() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            4 => prop::sample::select(b"0123456789.".to_vec()),
            2 => prop::sample::select(b" |-+\n\r#".to_vec()),
            1 => any::<u8>(),
        ],
        0..600,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn parser_never_panics_and_grids_read_back(data in puzzleish()) {
        let mut parser = Parser::new();
        let mut records = Vec::new();
        let mut last = 0;
        for (i, line) in data.split(|&b| b == b'\n').enumerate() {
            last = i + 1;
            records.extend(parser.push_line(last, line, line.len()));
        }
        records.extend(parser.finish(last));
        let mut previous = 0;
        for r in &records {
            prop_assert!(r.line > previous && r.line <= last);
            previous = r.line;
            if let Ok(g) = &r.grid {
                let back = parse_str(&render(g, r.format));
                prop_assert_eq!(back.len(), 1);
                prop_assert_eq!(back[0].grid.as_ref(), Ok(g));
            }
        }
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
}
