//! Issue 16's findings, one test each, through the real binary: nothing lost (junk lines,
//! labels, byte-order marks, separators, sizes written and read back), nothing unbounded
//! (line caps, limits, threads, interruption), and `bench` and closed outputs held to the
//! same rules as `solve`.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-dlx");

/// A 17-clue puzzle with one fill.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> common::Run {
    common::run_bin(args, stdin)
}

/// Runs `script` in `sh` with `$BIN` set to the binary (for redirections a test harness
/// cannot make, such as a closed standard output).
fn shell(script: &str) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("BIN", BIN)
        .env("EXAMPLES", concat!(env!("CARGO_MANIFEST_DIR"), "/examples"))
        .output()
        .expect("sh runs");
    (
        out.status.code().expect("an exit code"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

// ---- Item 3: bounds everywhere -------------------------------------------------------

#[test]
fn cover_caps_its_lines_and_stops_at_once_on_endless_input() {
    let started = Instant::now();
    let r = run(&["cover", "/dev/zero"], "");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr, "/dev/zero:1: line too long (over 65536 bytes)\n",
        "stderr"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    // The same from standard input, in a line after a good one.
    let mut text = b"a b\n".to_vec();
    text.extend(std::iter::repeat_n(b'x', 100_000));
    let r = run(&["cover"], &text);
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (2, "<stdin>:2: line too long (over 65536 bytes)\n")
    );
}

#[test]
fn cover_shortens_long_names_in_messages() {
    let name = "n".repeat(60_000);
    let r = run(&["cover"], format!("a {name}\na\n"));
    assert_eq!(r.code, 2);
    assert!(r.stderr.len() < 200, "{} bytes of stderr", r.stderr.len());
    assert!(
        r.stderr
            .starts_with("<stdin>:1: item name too long: \"nnnn"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("(60002 characters)"), "{}", r.stderr);
}

/// Knuth's format for `n` queens, from the binary itself.
fn queens(n: usize) -> String {
    let r = run(&["cover", "--emit", "queens", &n.to_string()], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    r.stdout
}

#[test]
fn cover_takes_max_nodes_and_timeout() {
    let eight = queens(8);
    let r = run(&["cover", "--count", "--max-nodes", "50"], &eight);
    assert_eq!(r.code, 3, "{}", r.stderr);
    let (count, note) = r.stdout.trim_end().split_once(' ').unwrap();
    assert!(count.parse::<u64>().unwrap() < 92);
    assert_eq!(note, "(gave up: node limit reached)");
    assert!(r.stderr.contains("gave up after"), "{}", r.stderr);
    let r = run(&["cover", "--max-nodes", "1"], &eight);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (3, "gave up (node limit reached)\n")
    );
    // 16 queens have 14,772,512 solutions: far more than 300 ms of counting.
    let started = Instant::now();
    let r = run(&["cover", "--count", "--timeout", "300ms"], queens(16));
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(
        r.stdout.ends_with(" (gave up: time limit reached)\n"),
        "{}",
        r.stdout
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    // Within the limits, the answer is unchanged.
    let r = run(
        &[
            "cover",
            "--count",
            "--max-nodes",
            "1000000",
            "--timeout",
            "1m",
        ],
        &eight,
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, "92\n"));
}

#[test]
fn bench_errors_on_empty_or_missing_input_like_solve() {
    let r = run(&["bench"], "");
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr, "sudoku-dlx: <stdin>: no puzzles found\n");
    assert_eq!(r.stdout, "");
    let r = run(&["bench", "/nonexistent/puzzles.txt"], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .starts_with("sudoku-dlx: /nonexistent/puzzles.txt: No such file"),
        "{}",
        r.stderr
    );
    let r = run(&["solve"], "");
    assert_eq!(r.code, 2);
}

#[test]
fn bench_shows_no_solution_and_takes_a_timeout() {
    // The second puzzle has two 1s in its first row.
    let no_fill = format!("11{}", &".".repeat(79));
    let input = format!("{PUZZLE}\n{no_fill}\n");
    let r = run(
        &["bench", "--rounds", "1", "--warmup", "0", "--csv"],
        &input,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let csv: Vec<&str> = r.stdout.lines().collect();
    assert!(csv[0].starts_with("solver,file,puzzles,solved,no_solution,gave_up,"));
    assert!(csv[1].starts_with("dlx,<stdin>,2,1,1,0,"), "{}", csv[1]);
    let r = run(&["bench", "--rounds", "1", "--warmup", "0"], &input);
    assert!(r.stdout.lines().next().unwrap().contains("no solution"));
    // The 25×25 grid with only its diagonal given runs for minutes without a limit.
    let mut diagonal = vec![b'.'; 625];
    for i in 0..25 {
        diagonal[i * 25 + i] = b"123456789ABCDEFGHIJKLMNOP"[i];
    }
    let started = Instant::now();
    let r = run(
        &[
            "bench",
            "--rounds",
            "1",
            "--warmup",
            "0",
            "--csv",
            "--timeout",
            "200ms",
        ],
        &diagonal,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("dlx,<stdin>,1,")
    );
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn writing_to_a_closed_stdout_is_an_error() {
    for command in ["solve", "count", "bench --rounds 1"] {
        let (code, out, err) = shell(&format!(
            "exec \"$BIN\" {command} \"$EXAMPLES/2239.txt\" >&-"
        ));
        assert_eq!(code, 2, "{command}: {err}");
        assert_eq!(out, "");
        assert!(
            err.contains("standard output is closed"),
            "{command}: {err}"
        );
    }
    let (code, _, err) = shell("exec \"$BIN\" cover \"$EXAMPLES/knuth.dlx\" >&-");
    assert_eq!(code, 2, "{err}");
    // Discarding the answers on purpose is fine, and so is a full disk reported as such.
    let (code, _, err) = shell("exec \"$BIN\" solve \"$EXAMPLES/2239.txt\" >/dev/null");
    assert_eq!((code, err.as_str()), (0, ""));
    if std::path::Path::new("/dev/full").exists() {
        let (code, _, err) = shell("exec \"$BIN\" solve \"$EXAMPLES/2239.txt\" >/dev/full");
        assert_eq!(code, 2);
        assert!(err.starts_with("sudoku-dlx: writing output: "), "{err}");
    }
}
