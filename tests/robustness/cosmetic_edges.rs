//! Small promises of the help and the README, through the real binary: `--timeout` from
//! 1 ns, the pencilmark refusal naming every command that takes them, the help texts, and
//! a JSON answer fed back in named as such.

use crate::common;

/// A 17-clue puzzle with one fill.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn timeouts_from_one_nanosecond_are_taken() {
    for t in ["1ns", "1us", "1µs", "2.5ns"] {
        let r = common::run_bin(&["solve", "--timeout", t], PUZZLE);
        assert!(r.code == 0 || r.code == 3, "{t}: {}", r.stderr);
        assert!(!r.stderr.contains("invalid value"), "{t}: {}", r.stderr);
    }
    let r = common::run_bin(&["solve", "--timeout", "0.5ns"], PUZZLE);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("'0.5ns' is not a time from 1 ns to 10^9 s")
    );
}

#[test]
fn the_pencilmark_refusal_names_every_command_that_takes_them() {
    let marks = "123456789".repeat(81);
    let r = common::run_bin(&["canon"], format!("{marks}\n"));
    assert_eq!(r.code, 2);
    common::assert_has(&r.stderr, "solve, count, hint, explain and rate take them");
}

#[test]
fn help_texts_say_what_the_commands_do() {
    let top = common::run_bin(&["--help"], "");
    assert!(
        !top.stdout.contains("Sudoku-Explainer-like"),
        "{}",
        top.stdout
    );
    common::assert_has(&top.stdout, "Sudoku Explainer's own");
    let solve = common::run_bin(&["solve", "--help"], "");
    assert!(!solve.stdout.contains("81-character"), "{}", solve.stdout);
    assert!(solve.stdout.contains("n² characters"), "{}", solve.stdout);
}

#[test]
fn a_json_answer_fed_back_is_named() {
    let answer = common::run_bin(&["solve", "--format", "json"], PUZZLE);
    let r = common::run_bin(&["solve"], &answer.stdout);
    assert_eq!((r.code, r.stdout.as_str()), (2, "error\n"));
    assert_eq!(
        r.stderr,
        "<stdin>:1: a JSON line (an answer written with --format json?), not a puzzle\n"
    );
}

#[test]
fn generate_stops_at_its_timeout_with_the_puzzles_made() {
    let started = std::time::Instant::now();
    let r = common::run_bin(&["generate", "--size", "25", "--timeout", "1s"], "");
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "sudoku-dlx: generate: --timeout reached: 0 of 1 puzzle(s) written; the others were \
         not made\n"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
    let r = common::run_bin(&["generate", "--count", "3", "--timeout", "60s"], "");
    assert_eq!((r.code, r.stdout.lines().count()), (0, 3), "{}", r.stderr);
}
