//! Malformed input for every format, run through the real binary: each case gives its exact
//! standard error and exit code, and never a panic. Plus a broken pipe.

use crate::common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-dlx");

/// A 17-clue puzzle with one fill.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Its fill.
const ANSWER: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// Runs `solve` (with two threads, to cover the batch path) on `input` from standard input.
fn run(input: &[u8], extra: &[&str]) -> (String, String, i32) {
    let mut args = vec!["solve", "--threads", "2"];
    args.extend_from_slice(extra);
    let r = common::run_bin(&args, input);
    (r.stdout, r.stderr, r.code)
}

/// Rows of the puzzle: `sep` between numbers, `.` as 0.
fn rows(sep: &str) -> Vec<String> {
    PUZZLE
        .as_bytes()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&b| {
                    if b == b'.' {
                        "0".into()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(sep)
        })
        .collect()
}

fn spaced() -> Vec<String> {
    rows(" ")
}

fn compact() -> Vec<String> {
    rows("")
}

fn pretty() -> Vec<String> {
    let mut out = Vec::new();
    for (i, row) in spaced().iter().enumerate() {
        if i == 3 || i == 6 {
            out.push("------+-------+------".to_string());
        }
        let n: Vec<&str> = row.split(' ').collect();
        out.push(format!(
            "{} | {} | {}",
            n[..3].join(" "),
            n[3..6].join(" "),
            n[6..].join(" ")
        ));
    }
    out
}

fn text(lines: &[String]) -> Vec<u8> {
    let mut t = lines.join("\n");
    t.push('\n');
    t.into_bytes()
}

/// Checks one malformed case: exact stdout, stderr and exit code.
fn case(name: &str, input: &[u8], stdout: &str, stderr: &str, code: i32) {
    let (out, err, rc) = run(input, &[]);
    assert_eq!(
        (out.as_str(), err.as_str(), rc),
        (stdout, stderr, code),
        "case {name}"
    );
}

#[test]
fn empty_and_binary_input() {
    let none = "sudoku-dlx: <stdin>: no puzzles found\n";
    case("empty", b"", "", none, 2);
    case("comments only", b"# nothing\n\n# here\n", "", none, 2);
    case(
        "binary junk",
        b"\x02\x01\xff\xfe\x80garbage\x02\n\x7f\x1b[31m\n",
        "error\n\nerror\n",
        "<stdin>:1: expected 81 cells, found 13\n\
         <stdin>:2: column 1: byte 0x7F is not a digit 1-6, '.' or '0'\n",
        2,
    );
    // A NUL byte: binary data, not text; reading stops there, named.
    case(
        "NUL bytes",
        b"\x00\x01\xff\xfe\x80garbage\x00\n\x7f\x1b[31m\n",
        "",
        "<stdin>:1: column 1: byte 0x00: binary data, not puzzle text; reading stopped here\n",
        2,
    );
}

#[test]
fn line_format() {
    let mut letters = PUZZLE.to_string();
    letters.replace_range(80.., "x");
    case(
        "letter",
        format!("{letters}\n").as_bytes(),
        "error\n",
        "<stdin>:1: column 81: 'x' is not a digit 1-9, '.' or '0'\n",
        2,
    );
    case(
        "80 characters",
        format!("{}\n", &PUZZLE[..80]).as_bytes(),
        "error\n",
        "<stdin>:1: expected 81 cells, found 80\n",
        2,
    );
    case(
        "huge line",
        format!("{}\n{PUZZLE}\n", "7".repeat(70_000)).as_bytes(),
        "error\n483921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
        "<stdin>:1: line too long (70000 bytes)\n",
        2,
    );
    case(
        "ten numbers",
        b"1 2 3 4 5 6 7 8 9 1\n",
        "error\n",
        "<stdin>:1: the grid has 1 row, expected 10\n",
        2,
    );
    case(
        "CRLF",
        format!("{PUZZLE}\r\n{PUZZLE}\r\n").as_bytes(),
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n\
         483921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
        "",
        0,
    );
    let mut clash = PUZZLE.to_string();
    clash.replace_range(0..1, "3");
    case(
        "clashing givens",
        format!("{clash}\n").as_bytes(),
        "no solution\n",
        "<stdin>:1: no solution: row 1 has two 3s\n",
        1,
    );
}

/// The cases every grid format shares; `grid` is the puzzle's rows in that format.
fn grid_cases(format: &str, grid: Vec<String>, what: &str) {
    let answer = Command::new(BIN)
        .args(["solve", "--format", format])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(&text(&grid))?;
            c.wait_with_output()
        })
        .unwrap();
    let answer = String::from_utf8(answer.stdout).unwrap();
    assert_eq!(answer.lines().count(), grid.len(), "{format}: {answer}");
    // The third line of the puzzle holds a row in every format (pretty: row 3).
    let row = 2;

    let mut long = grid.clone();
    long[row].push_str(if format == "compact" { "1" } else { " 1" });
    let found = if format == "compact" {
        "cells"
    } else {
        "numbers"
    };
    case(
        &format!("{format}: 10 entries"),
        &text(&long),
        "error\n",
        &format!("<stdin>:3: expected 9 {found}, found 10\n"),
        2,
    );

    let mut letter = grid.clone();
    letter[row].replace_range(0..1, "x");
    case(
        &format!("{format}: letter"),
        &text(&letter),
        "error\n",
        &format!("<stdin>:3: {what}\n"),
        2,
    );

    let cut = grid.len() - 3;
    case(
        &format!("{format}: truncated"),
        &text(&grid[..cut]),
        "error\n",
        "<stdin>:1: the grid has 6 rows, expected 9\n",
        2,
    );
    // A truncated grid followed by an empty line and a good grid: the next one is answered.
    let mut then_good = grid[..cut].to_vec();
    then_good.push(String::new());
    then_good.extend(grid.iter().cloned());
    case(
        &format!("{format}: truncated, then a good grid"),
        &text(&then_good),
        &format!("error\n\n{answer}"),
        "<stdin>:1: the grid has 6 rows, expected 9\n",
        2,
    );

    // A truncated grid followed at once by one-line puzzles: they are not swallowed.
    let mut then_lines = grid[..cut].to_vec();
    then_lines.push(PUZZLE.to_string());
    then_lines.push(PUZZLE.to_string());
    case(
        &format!("{format}: truncated, then one-line puzzles"),
        &text(&then_lines),
        &format!("error\n\n{ANSWER}\n{ANSWER}\n"),
        "<stdin>:1: the grid has 6 rows, expected 9\n",
        2,
    );

    let mut huge = grid.clone();
    huge[row] = "1 ".repeat(40_000);
    case(
        &format!("{format}: huge line"),
        &text(&huge),
        "error\n",
        "<stdin>:3: line too long (80000 bytes)\n",
        2,
    );

    let crlf: Vec<String> = grid.iter().map(|l| format!("{l}\r")).collect();
    case(&format!("{format}: CRLF"), &text(&crlf), &answer, "", 0);

    let mut clash = grid.clone();
    clash[0].replace_range(0..1, "3");
    case(
        &format!("{format}: clashing givens"),
        &text(&clash),
        "no solution\n",
        "<stdin>:1: no solution: row 1 has two 3s\n",
        1,
    );
}

#[test]
fn spaced_format() {
    grid_cases(
        "spaced",
        spaced(),
        "number 1: 'x' is not a number from 0 to 9",
    );
}

#[test]
fn compact_format() {
    grid_cases(
        "compact",
        compact(),
        "column 1: 'x' is not a digit 1-9, '.' or '0'",
    );
}

#[test]
fn pretty_format() {
    grid_cases(
        "pretty",
        pretty(),
        "number 1: 'x' is not a number from 0 to 9",
    );
}

#[test]
fn files_are_named_and_missing_files_reported_in_order() {
    let dir = std::env::temp_dir().join(format!("sudoku-dlx-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, format!("{}\n", &PUZZLE[..80])).unwrap();
    let out = Command::new(BIN)
        .arg("solve")
        .arg(&bad)
        .arg(dir.join("missing.txt"))
        .arg(&bad)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let b = bad.display();
    let m = dir.join("missing.txt");
    assert_eq!(
        err,
        format!(
            "{b}:1: expected 81 cells, found 80\n\
             sudoku-dlx: {}: No such file or directory (os error 2)\n\
             {b}:1: expected 81 cells, found 80\n",
            m.display()
        )
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "error\nerror\n");
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_flags_are_usage_errors() {
    for args in [
        &["solve", "--timeout", "soon"][..],
        &["solve", "--threads", "many"],
        &["solve", "--threads", "100000"],
        &["solve", "--format", "xml"],
    ] {
        let out = Command::new(BIN).args(args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: invalid value"), "{args:?}: {err}");
    }
}

#[test]
fn broken_pipe_ends_quietly() {
    // 20 000 puzzles; the reader of the output takes one line and goes away.
    let mut input = String::new();
    for _ in 0..20_000 {
        input.push_str(PUZZLE);
        input.push('\n');
    }
    let mut child = Command::new(BIN)
        .args(["solve", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(
        &first[..],
        b"483921657967345821251876493548132976729564138136798245372689514814253769695417382\n"
    );
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    feeder.join().unwrap();
    assert_eq!(err, "", "stderr after a broken pipe");
    assert_eq!(status.code(), Some(0));
}
