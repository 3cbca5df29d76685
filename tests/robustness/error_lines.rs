//! Messages name the line at fault, through the real binary: a grid cut short is named by
//! its first line, never by the line after it (the end of a file, or the next puzzle).

use std::path::PathBuf;

use crate::common;

/// A 17-clue puzzle with one fill.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn a_one_line_file_is_named_at_line_one() {
    let path = file("error-lines-s.txt", "1234\n");
    let r = common::run_bin(&["solve", &path], "");
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "error\n");
    assert_eq!(
        r.stderr,
        format!("{path}:1: the grid has 1 row, expected 4\n")
    );
}

#[test]
fn a_junk_line_before_a_puzzle_is_named_not_the_puzzle() {
    let r = common::run_bin(&["solve"], format!("# junk next\n1 2 3 4\n{PUZZLE}\n"));
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout.lines().count(), 3, "{}", r.stdout);
    assert_eq!(r.stderr, "<stdin>:2: the grid has 1 row, expected 4\n");
}

/// The puzzle above as a compact grid, one row a line.
fn compact_rows() -> String {
    PUZZLE
        .replace('.', "0")
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
        .collect()
}

#[test]
fn a_stray_row_of_the_grids_width_is_named_and_the_puzzle_kept() {
    let compact = compact_rows();
    let spaced: String = compact
        .lines()
        .map(|row| row.chars().map(String::from).collect::<Vec<_>>().join(" ") + "\n")
        .collect();
    let fill = common::run_bin(&["solve"], format!("{PUZZLE}\n")).stdout;
    for (stray, grid, answer) in [
        ("123456789", &compact, fill.clone()),
        ("1 2 3 4 5 6 7 8 9", &spaced, fill.clone()),
    ] {
        let path = file(
            "error-lines-stray.txt",
            &format!("{stray}\n{grid}\n{PUZZLE}\n"),
        );
        let r = common::run_bin(&["solve", "--format", "line", &path], "");
        assert_eq!(r.code, 2, "{stray}");
        assert_eq!(r.stdout, format!("error\n{answer}{answer}"), "{stray}");
        assert_eq!(
            r.stderr,
            format!(
                "{path}:1: a stray row before a grid: the 9 rows after it make the grid \
                 (with this row first, the givens clash)\n"
            ),
            "{stray}"
        );
    }
}
