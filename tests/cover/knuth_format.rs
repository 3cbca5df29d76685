//! The `cover` command through the real binary: emitted problems read back with their known
//! counts, the output formats, and one test per format error.

use crate::common;

use std::path::PathBuf;

use dlx_sudoku::format::{Format, render};
use dlx_sudoku::{Grid, Shape};

/// Runs the binary with `args` and `stdin`; returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let r = common::run_bin(args, stdin);
    (r.code, r.stdout, r.stderr)
}

/// Writes `--emit what arg` to a file and returns its path.
fn emit(what: &str, arg: &str) -> PathBuf {
    common::emit_problem(what, arg)
}

fn count_file(path: &std::path::Path, extra: &[&str]) -> String {
    let mut args = vec!["cover", "--count", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    out.trim().to_string()
}

#[test]
fn emitted_queens_count() {
    for (n, expected) in [("8", "92"), ("10", "724"), ("12", "14200")] {
        assert_eq!(count_file(&emit("queens", n), &[]), expected, "{n} queens");
    }
}

#[test]
fn emitted_langford_count() {
    for (n, expected) in [("7", "26"), ("8", "150"), ("11", "17792")] {
        assert_eq!(count_file(&emit("langford", n), &[]), expected, "L({n})");
    }
}

#[test]
fn emitted_pentominoes_count() {
    for (board, expected) in [("6x10", "2339"), ("5x12", "1010"), ("3x20", "2")] {
        assert_eq!(
            count_file(&emit("pentominoes", board), &[]),
            expected,
            "{board}"
        );
    }
}

#[test]
fn emitted_sudoku_4x4_count_and_limit() {
    let path = emit("sudoku", "................");
    assert_eq!(count_file(&path, &["--limit", "1000"]), "288");
    assert_eq!(
        count_file(&path, &["--limit", "10"]),
        "10 (stopped at the limit)"
    );
}

/// Reads a Sudoku answer back from option texts `pRC rRV cCV bBV` into the puzzle.
fn fill_from_options(puzzle: &Grid, text: &str) -> Grid {
    let mut grid = puzzle.clone();
    for line in text.lines() {
        let names: Vec<&str> = line.split(' ').collect();
        let digit = |s: &str, i: usize| {
            s[i..i + 1]
                .parse::<u32>()
                .ok()
                .unwrap_or_else(|| u32::from_str_radix(&s[i..i + 1], 36).unwrap())
        };
        let (r, c) = (digit(names[0], 1), digit(names[0], 2));
        let v = digit(names[1], 2);
        assert_eq!(digit(names[1], 1), r, "{line}");
        grid.set(r as usize, c as usize, v as u8);
    }
    grid
}

#[test]
fn emitted_sudoku_first_solution_is_the_answer() {
    let line = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
    let puzzle: Grid = line.parse().unwrap();
    let (code, out, err) = run(&["cover", emit("sudoku", line).to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 81);
    assert!(fill_from_options(&puzzle, &out).is_complete_solution_of(&puzzle));
}

/// Every pair of queens in `--all` output is checked: no shared row, column or diagonal.
#[test]
fn all_prints_numbered_solutions_separated_by_blank_lines() {
    let path = emit("queens", "6");
    let (code, out, _) = run(&["cover", "--all", path.to_str().unwrap()], "");
    assert_eq!(code, 0);
    let blocks: Vec<&str> = out.trim_end().split("\n\n").collect();
    assert_eq!(blocks.len(), 4);
    for (k, block) in blocks.iter().enumerate() {
        let mut lines = block.lines();
        assert_eq!(lines.next(), Some(format!("{}:", k + 1).as_str()));
        let queens: Vec<(i32, i32)> = lines
            .map(|l| {
                let f: Vec<&str> = l.split(' ').collect();
                (f[0][1..].parse().unwrap(), f[1][1..].parse().unwrap())
            })
            .collect();
        assert_eq!(queens.len(), 6);
        for (i, a) in queens.iter().enumerate() {
            for b in &queens[i + 1..] {
                assert!(a.0 != b.0 && a.1 != b.1 && (a.0 - b.0).abs() != (a.1 - b.1).abs());
            }
        }
    }
    let (_, limited, _) = run(
        &["cover", "--all", "--limit", "3", path.to_str().unwrap()],
        "",
    );
    assert_eq!(limited.trim_end().split("\n\n").count(), 3);
}

/// TAOCP 7.2.2.1 (49), the colored example; its one solution, options as written.
const COLORED: &str = "\
| Knuth's example of colors
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
";

#[test]
fn colored_example_from_stdin() {
    let (code, out, err) = run(&["cover", "--stats"], COLORED);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "p r x:A y\nq x:A\n");
    assert!(err.contains("solutions 1,"), "{err}");
    // Knuth's dlx2 reports 4 nodes and 20 updates on this problem.
    assert!(err.contains("nodes 4, link updates 20,"), "{err}");
}

/// `--stats` counts as Knuth's programs do. The smallest example with an item no option
/// covers: items A B C, options A and B; Knuth's choice meets C empty at the root: 1 node, 1 update.
#[test]
fn stats_follow_knuths_conventions() {
    let (code, out, err) = run(&["cover", "--count", "--stats"], "A B C\nA\nB\n");
    assert_eq!((code, out.as_str()), (0, "0\n"), "{err}");
    assert!(err.contains("nodes 1, link updates 1,"), "{err}");
    // Eight queens: Knuth's dlx1 reports 92 solutions, 1199 nodes, 21375 updates.
    let (code, problem, _) = run(&["cover", "--emit", "queens", "8"], "");
    assert_eq!(code, 0);
    let (code, out, err) = run(&["cover", "--count", "--stats"], &problem);
    assert_eq!((code, out.as_str()), (0, "92\n"), "{err}");
    assert!(
        err.contains("solutions 92, nodes 1199, link updates 21375,"),
        "{err}"
    );
}

#[test]
fn no_solution_exits_1() {
    let (code, out, _) = run(&["cover", "-"], "a b\na\n");
    assert_eq!((code, out.as_str()), (1, "no solution\n"));
    let (code, out, _) = run(&["cover", "--count"], "a b\na\n");
    assert_eq!((code, out.as_str()), (0, "0\n"));
}

#[test]
fn option_without_primary_item_is_ignored_with_a_warning() {
    let (code, out, err) = run(&["cover"], "a | x\nx\na x\n");
    assert_eq!((code, out.as_str()), (0, "a x\n"));
    assert_eq!(
        err,
        "<stdin>:2: warning: option ignored (no primary items)\n"
    );
}

/// Runs `text` from a file and expects exit 2 and `file:line: message` on stderr.
fn expect_error(text: &str, line: usize, message: &str) {
    let name: String = message
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .take(30)
        .collect();
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("bad-{name}.dlx"));
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = run(&["cover", path.to_str().unwrap()], "");
    assert_eq!(code, 2, "{err}");
    assert_eq!(out, "");
    assert_eq!(err, format!("{}:{line}: {message}\n", path.display()));
}

#[test]
fn error_item_name_too_long() {
    expect_error(
        "| c\nabc abcdefghi\n",
        2,
        "item name too long: \"abcdefghi\"",
    );
}

#[test]
fn error_illegal_character_in_item_name() {
    expect_error("a | b:c\n", 1, "illegal character in item name: \"b:c\"");
}

#[test]
fn error_duplicate_item_name() {
    expect_error("a b | a\n", 1, "duplicate item name: \"a\"");
}

#[test]
fn error_bar_twice() {
    expect_error("a | b | c\n", 1, "item name line contains | twice");
}

#[test]
fn error_no_items() {
    expect_error("| nothing but\n| comments\n", 2, "no items");
}

#[test]
fn error_unknown_item_name() {
    expect_error("a b\na b\nb c\n", 3, "unknown item name: \"c\"");
}

#[test]
fn error_duplicate_item_in_option() {
    expect_error(
        "a b\na b a\n",
        2,
        "duplicate item name in this option: \"a\"",
    );
}

#[test]
fn error_colored_primary_item() {
    expect_error(
        "a | x\na:red x\n",
        2,
        "primary item must be uncolored: \"a\"",
    );
}

#[test]
fn error_bad_color() {
    expect_error(
        "a | x\na x:\n",
        2,
        "bad color name in \"x:\" (1 to 8 printable characters other than : and |)",
    );
}

#[test]
fn error_not_utf8() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bad-utf8.dlx");
    std::fs::write(&path, b"a b\na \xff\n").unwrap();
    let (code, _, err) = run(&["cover", path.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!(
            "{}:2: column 3: byte 0xFF is not valid UTF-8\n",
            path.display()
        )
    );
}

#[test]
fn missing_file_and_bad_emit_exit_2() {
    let (code, _, err) = run(&["cover", "/nonexistent/problem.dlx"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("sudoku-dlx: /nonexistent/problem.dlx: "),
        "{err}"
    );
    for (what, arg, message) in [
        ("queens", "x", "\"x\" is not a whole number"),
        ("queens", "0", "n must be from 1 to 999, not 0"),
        (
            "pentominoes",
            "8x8",
            "a 8x8 board has 64 cells; the twelve pentominoes cover 60",
        ),
        (
            "pentominoes",
            "6-10",
            "\"6-10\" is not a board size like 6x10",
        ),
        ("sudoku", "123", "expected 81 cells, found 3"),
        ("chess", "1", "unknown puzzle \"chess\""),
    ] {
        let (code, out, err) = run(&["cover", "--emit", what, arg], "");
        assert_eq!((code, out.as_str()), (2, ""), "{what} {arg}");
        assert!(
            err.starts_with(&format!("sudoku-dlx: --emit {what} {arg}: {message}")),
            "{err}"
        );
    }
}

#[test]
fn sudoku_of_other_sizes_through_solve_and_count() {
    // The empty 4×4 grid has 288 fills, in each input format.
    for text in [
        "................\n",
        "0000\n0000\n0000\n0000\n",
        "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
    ] {
        let (code, out, err) = run(&["count", "--limit", "1000"], text);
        assert_eq!((code, out.as_str()), (0, "288\n"), "{err}");
    }
    // 6×6, 16×16 and 25×25: a full grid by the usual shifted-rows pattern with a third
    // of its cells blanked. The CLI's answers are checked as fills of the puzzles. (Near-empty
    // 25×25 grids are poor tests: their lexicographically smallest fill takes the solver
    // tens of millions of nodes.)
    for (side, format) in [
        (6, Format::Compact),
        (6, Format::Spaced),
        (16, Format::Spaced),
        (25, Format::Spaced),
        (25, Format::Compact),
    ] {
        let shape = Shape::for_side(side).unwrap();
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let values: Vec<u8> = (0..side * side)
            .map(|i| {
                let (r, c) = (i / side, i % side);
                let v = (bc * (r % br) + r / br + c) % side + 1;
                if i % 3 == 1 { 0 } else { v as u8 }
            })
            .collect();
        let puzzle = Grid::from_values(shape, &values).unwrap();
        let (code, out, err) = run(&["solve", "--format", "line"], &render(&puzzle, format));
        assert_eq!(code, 0, "{side} {format}: {err}");
        let answer = Grid::parse_line(out.trim().as_bytes()).unwrap();
        assert!(answer.is_complete_solution_of(&puzzle), "{side} {format}");
    }
}

// Multiplicities (dlx3), costs (dlx5) and preprocessing (dlx-pre).

/// Knuth's dlx3 example: `2:3|C`, colors on X and Y; its one solution.
const DLX3_EXAMPLE: &str = "| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
";

#[test]
fn knuths_dlx3_example() {
    let (code, out, err) = run(&["cover", "--all"], DLX3_EXAMPLE);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "1:\nA C X:1 Y:1\nB X:1\nC Y:1\n");
    let (_, out, _) = run(&["cover", "--count"], DLX3_EXAMPLE);
    assert_eq!(out, "1\n");
}

/// The solutions printed by `cover --all`, each as its list of option lines, sorted.
fn solution_set(out: &str) -> Vec<Vec<String>> {
    let mut all: Vec<Vec<String>> = out
        .split("\n\n")
        .map(|block| block.lines().skip(1).map(str::to_string).collect())
        .collect();
    all.sort();
    all
}

#[test]
fn multiplicities_count_and_list_solutions() {
    // 2 to 3 of 6 options for x: C(6,2) + C(6,3) = 35.
    let (code, out, err) = run(&["cover", "--count"], "2:3|x\nx\nx\nx\nx\nx\nx\n");
    assert_eq!((code, out.as_str()), (0, "35\n"), "{err}");
    // a 0 to 2 times, b once: {a b}, {a b}+{a}, {a}+{b}, {b}.
    let (code, out, _) = run(&["cover", "--all"], "0:2|a b\na b\na\nb\n");
    assert_eq!(code, 0);
    let expected: Vec<Vec<String>> = vec![vec!["a b"], vec!["a b", "a"], vec!["a", "b"], vec!["b"]]
        .into_iter()
        .map(|s| s.into_iter().map(String::from).collect())
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(solution_set(&out), expected);
    // `2|x` is `2:2|x`; no way to cover x twice with one option.
    let (code, out, _) = run(&["cover"], "2|x y\nx y\n");
    assert_eq!((code, out.as_str()), (1, "no solution\n"));
}

/// Five options on a b c with costs; the three solutions cost 5 ({b, a c}), 6 ({a, b, c})
/// and 7 ({a b, c}).
const COSTS: &str = "a b c\na b |5\na |1\nb |3\nc |2\na c |2\n";

#[test]
fn min_cost_and_best_k() {
    let (code, out, err) = run(&["cover", "--min-cost"], COSTS);
    assert_eq!(
        (code, out.as_str()),
        (0, "1: cost 5\nb |3\na c |2\n"),
        "{err}"
    );
    let (code, out, _) = run(&["cover", "--best", "5"], COSTS);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "1: cost 5\nb |3\na c |2\n\n2: cost 6\na |1\nb |3\nc |2\n\n3: cost 7\na b |5\nc |2\n"
    );
    // Ties come in the order of the sorted option numbers: {a b |1} (option 0) before
    // {a |1, b} (options 1, 2), though both cost 1.
    let ties = "a b\na b |1\na |1\nb\n";
    let (_, out, _) = run(&["cover", "--best", "2"], ties);
    assert_eq!(out, "1: cost 1\na b |1\n\n2: cost 1\na |1\nb\n");
    let (code, out, _) = run(&["cover", "--min-cost"], "a b\na\n");
    assert_eq!((code, out.as_str()), (1, "no solution\n"));
}

#[test]
fn costs_with_multiplicities_and_colors() {
    // x twice, from options that must agree on y's color.
    let text = "2|x | y\nx y:r |4\nx y:g |1\nx y:g |2\nx y:r |1\nx |9\n";
    let (code, out, err) = run(&["cover", "--best", "3"], text);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "1: cost 3\nx y:g |1\nx y:g |2\n\n2: cost 5\nx y:r |4\nx y:r |1\n\n3: cost 10\nx y:g |1\nx |9\n"
    );
}

#[test]
fn pre_reduces_knuths_example_and_reports_on_stderr() {
    let text = "| Knuth's example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let (code, out, err) = run(&["cover", "--pre"], text);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "| <stdin> preprocessed (dlx-pre): 3 of 7 items and 3 of 6 options kept\nA B E\nE\nA\nB\n"
    );
    assert!(
        err.contains("pre: <stdin>: item D removed: every option of A has it\n"),
        "{err}"
    );
    assert!(
        err.contains("pre: <stdin>:8: option \"D E G\" removed"),
        "{err}"
    );
    assert!(
        err.ends_with("pre: <stdin>: 3 of 7 items and 3 of 6 options kept\n"),
        "{err}"
    );
    let (_, again, _) = run(&["cover", "--count"], &out);
    assert_eq!(again, "1\n");
}

#[test]
fn pre_keeps_knuths_colored_example_and_costs() {
    // dlx-pre's colored example: A B X:0 Y:0 goes (it leaves C uncoverable), then C.
    let text = "A B C | X Y\nA B X:0 Y:0 |3\nA C X:1 Y:1 |4\nX:0 Y:1\nB X:1 |2\nC Y:1\n";
    let (code, out, _) = run(&["cover", "--pre"], text);
    assert_eq!(code, 0);
    let body: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(body, ["A B | X Y", "A X:1 Y:1 |4", "B X:1 |2"]);
    let (_, cost, _) = run(&["cover", "--min-cost"], &out);
    assert_eq!(cost, "1: cost 6\nA X:1 Y:1 |4\nB X:1 |2\n");
}

#[test]
fn pre_keeps_known_counts() {
    for (what, arg, count) in [
        ("queens", "8", "92"),
        ("langford", "8", "150"),
        ("pentominoes", "3x20", "2"),
        ("sudoku", "................", "288"),
        ("sudoku", "1...............", "72"),
    ] {
        let path = emit(what, arg);
        let (code, reduced, err) = run(&["cover", "--pre", path.to_str().unwrap()], "");
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = run(&["cover", "--count"], &reduced);
        assert_eq!((code, out.trim()), (0, count), "{what} {arg}: {err}");
    }
}

#[test]
fn pre_refuses_multiplicities_and_writes_infeasible_problems_as_knuth_does() {
    let (code, out, err) = run(&["cover", "--pre"], "2|a b\na b\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("<stdin>:1: --pre: primary item a has multiplicity `2|a`"),
        "{err}"
    );
    let (code, out, err) = run(&["cover", "--pre"], "a b c\na b\nb c\n");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("the problem has no solution"), "{err}");
    let (_, count, _) = run(&["cover", "--count"], &out);
    assert_eq!(count, "0\n");
}

#[test]
fn errors_in_bounds_and_costs() {
    for (text, line, message) in [
        ("a b:c\n", 1, "illegal digit in bound spec: \"b:c\""),
        ("| c\na 0|b\n", 2, "upper bound is zero: \"0|b\""),
        ("3:2|a\n", 1, "lower bound exceeds upper bound: \"3:2|a\""),
        ("2:a\n", 1, "lower bound without upper bound: \"2:a\""),
        ("a 2|\n", 1, "item name empty: \"2|\""),
        (
            "a 1:2:3|b\n",
            1,
            "illegal character in item name: \"1:2:3|b\"",
        ),
        ("9999999999|a\n", 1, "bound too large: \"9999999999|a\""),
        (
            "a\na\na |x\n",
            3,
            "option cost should be a decimal number: \"|x\"",
        ),
        (
            "a\na |\n",
            2,
            "option cost should be a decimal number: \"|\"",
        ),
        ("a\na |12z\n", 2, "illegal digit in option cost: \"|12z\""),
        (
            "a\na |99999999999999999999\n",
            2,
            "option cost too large: \"|99999999999999999999\"",
        ),
    ] {
        expect_error(text, line, message);
    }
}

/// Ways to put `k` queens on an `n × n` board, none attacking: plain backtracking over
/// cells in order, written here independently of the encoding.
fn k_queens_by_hand(n: usize, k: usize) -> u64 {
    fn place(n: usize, k: usize, from: usize, queens: &mut Vec<(usize, usize)>) -> u64 {
        if queens.len() == k {
            return 1;
        }
        (from..n * n)
            .map(|cell| {
                let (r, c) = (cell / n, cell % n);
                let free = queens
                    .iter()
                    .all(|&(qr, qc)| qr != r && qc != c && qr.abs_diff(r) != qc.abs_diff(c));
                if !free {
                    return 0;
                }
                queens.push((r, c));
                let ways = place(n, k, cell + 1, queens);
                queens.pop();
                ways
            })
            .sum()
    }
    place(n, k, 0, &mut Vec::new())
}

#[test]
fn emitted_kqueens_counts_match_backtracking() {
    for (n, k) in [(1, 1), (3, 2), (4, 2), (5, 3), (6, 4), (7, 7), (8, 3)] {
        let path = emit("kqueens", &format!("{n}:{k}"));
        assert_eq!(
            count_file(&path, &[]),
            k_queens_by_hand(n, k).to_string(),
            "{k} queens on {n}x{n}"
        );
    }
    // Published: 44 ways for two queens on 4x4, 10,320 for three on 8x8, 92 for eight.
    assert_eq!(k_queens_by_hand(4, 2), 44);
    assert_eq!(count_file(&emit("kqueens", "8:8"), &[]), "92");
    for (arg, message) in [
        ("8", "\"8\" is not a size and a count like 8:5"),
        ("4:5", "k must be from 1 to 4, not 5"),
    ] {
        let (code, _, err) = run(&["cover", "--emit", "kqueens", arg], "");
        assert_eq!(code, 2);
        assert!(
            err.starts_with(&format!("sudoku-dlx: --emit kqueens {arg}: {message}")),
            "{err}"
        );
    }
}

#[test]
fn node_limit_applies_to_algorithm_m_and_to_best() {
    let path = emit("kqueens", "8:5");
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&["cover", "--count", "--max-nodes", "100", p], "");
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("(gave up: node limit reached)"), "{out}");
    let (code, _, err) = run(&["cover", "--best", "3", "--max-nodes", "10", p], "");
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("gave up"), "{err}");
}

#[test]
fn multiplicities_run_on_one_thread_and_refuse_split() {
    let path = emit("kqueens", "6:4");
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&["cover", "--count", "--threads", "2", p], "");
    assert_eq!((code, out.as_str()), (0, "982\n"), "{err}");
    let (code, _, err) = run(&["cover", "--split", "4", p], "");
    assert_eq!(code, 2);
    assert!(err.contains("do not support multiplicities"), "{err}");
}
