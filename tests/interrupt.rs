//! One rule for a signal, every command through the real binary: on SIGINT or SIGTERM the
//! answers written so far are whole lines, standard error says what was done and what was
//! not, and the exit code is 130.

use std::io::{Read, Write};
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

mod common;

/// A 17-clue puzzle with one fill.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// What an interrupted run gave.
struct Stopped {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Starts the binary with `args`; with `endless`, standard input gets `PUZZLE` lines until
/// the process goes away; else it stays open and empty (a reader waiting on it).
fn start(args: &[&str], endless: bool) -> (Child, Arc<Mutex<Vec<u8>>>) {
    let mut child = common::spawn_bin(args);
    let mut stdin = child.stdin.take().unwrap();
    thread::spawn(move || {
        let line = format!("{PUZZLE}\n").repeat(1000);
        while endless && stdin.write_all(line.as_bytes()).is_ok() {}
        if !endless {
            // Held open, never written: the reader waits on it.
            thread::sleep(Duration::from_secs(60));
        }
    });
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut stdout = child.stdout.take().unwrap();
    let sink = Arc::clone(&seen);
    thread::spawn(move || {
        let mut buf = [0u8; 65536];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    (child, seen)
}

/// Runs `args`, waits for the first output (at most 20 s; none when `wait_output` is
/// false: then 700 ms), sends `signal`, and collects what the run gave.
fn interrupt(args: &[&str], endless: bool, wait_output: bool, signal: &str) -> Stopped {
    let (mut child, seen) = start(args, endless);
    let started = Instant::now();
    if wait_output {
        while seen.lock().unwrap().is_empty() && started.elapsed() < Duration::from_secs(20) {
            thread::sleep(Duration::from_millis(20));
        }
    } else {
        thread::sleep(Duration::from_millis(700));
    }
    let killed = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(40),
        "{args:?} took too long"
    );
    // The reader thread ends with the process's standard output.
    thread::sleep(Duration::from_millis(50));
    let stdout = String::from_utf8(seen.lock().unwrap().clone()).unwrap();
    Stopped {
        code: status.code(),
        stdout,
        stderr,
    }
}

/// The rule: exit 130, whole lines, one message saying what was done and not done.
fn check_rule(args: &[&str], r: &Stopped) {
    assert_eq!(r.code, Some(130), "{args:?}: {}", r.stderr);
    assert!(
        r.stdout.is_empty() || r.stdout.ends_with('\n'),
        "{args:?}: cut mid-line: {:?}",
        &r.stdout[r.stdout.len().saturating_sub(100)..]
    );
    assert!(
        r.stderr.contains("sudoku-dlx: interrupted: ") && r.stderr.ends_with('\n'),
        "{args:?}: {}",
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
}

/// A batch command on endless puzzles: every answer written is whole, and the message
/// counts them and names the last one's line.
fn batch(args: &[&str], answer_lines: usize) {
    let r = interrupt(args, true, true, "-INT");
    check_rule(args, &r);
    let lines = r.stdout.lines().filter(|l| !l.is_empty()).count();
    let answers = lines / answer_lines;
    assert!(answers > 0, "{args:?}: nothing written");
    assert_eq!(lines % answer_lines, 0, "{args:?}: {lines} lines");
    assert!(
        r.stderr.contains(&format!(
            "interrupted: {answers} answer(s) written, the last for the record at <stdin>:"
        )),
        "{args:?}: {answers} answers, {}",
        r.stderr
    );
    assert!(r.stderr.contains("the records after it were not answered"));
}

#[test]
fn solve_stops_on_a_signal_with_whole_answers() {
    batch(&["solve", "-"], 1);
    let r = interrupt(&["solve", "-"], true, true, "-INT");
    let last = r.stdout.lines().last().unwrap();
    assert_eq!(last.len(), 81, "{last}");
}

#[test]
fn count_stops_on_a_signal_with_whole_answers() {
    batch(&["count", "-"], 1);
}

#[test]
fn rate_stops_on_a_signal_with_whole_answers() {
    batch(&["rate", "-"], 1);
}

#[test]
fn canon_stops_on_a_signal_with_whole_answers() {
    batch(&["canon", "-"], 1);
}

#[test]
fn check_stops_on_a_signal_with_whole_answers() {
    batch(&["check", "-"], 1);
}

#[test]
fn hint_stops_on_a_signal_with_whole_answers() {
    batch(&["hint", "-"], 1);
}

#[test]
fn explain_stops_on_a_signal_with_whole_answers() {
    let r = interrupt(&["explain", "-"], true, true, "-INT");
    check_rule(&["explain"], &r);
    assert!(r.stderr.contains("answer(s) written"), "{}", r.stderr);
}

#[test]
fn sigterm_follows_the_same_rule() {
    let r = interrupt(&["solve", "-"], true, true, "-TERM");
    check_rule(&["solve"], &r);
}

#[test]
fn a_reader_waiting_on_its_input_does_not_hold_the_run() {
    let r = interrupt(&["solve", "-"], false, false, "-INT");
    check_rule(&["solve"], &r);
    assert_eq!(r.stdout, "");
    common::assert_has(
        &r.stderr,
        "interrupted: no answer written; no record was answered",
    );
}

#[test]
fn bench_writes_the_table_of_the_files_measured_before() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("interrupt-bench.txt");
    std::fs::write(&file, format!("{PUZZLE}\n{PUZZLE}\n")).unwrap();
    let path = file.display().to_string();
    let args = ["bench", "--rounds", "1", &path, "-"];
    let r = interrupt(&args, true, false, "-INT");
    check_rule(&args, &r);
    assert!(r.stdout.contains("interrupt-bench.txt"), "{}", r.stdout);
    common::assert_has(
        &r.stderr,
        "the table written is of the 1 file(s) measured before; <stdin> and the files \
             after it were not measured",
    );
}

#[test]
fn generate_stops_on_a_signal_with_whole_puzzles() {
    let args = ["generate", "--count", "100000000", "--seed", "7"];
    let r = interrupt(&args, false, true, "-INT");
    check_rule(&args, &r);
    let made = r.stdout.lines().count();
    assert!(r.stdout.lines().all(|l| l.len() == 81));
    assert!(
        r.stderr.contains(&format!(
            "interrupted: {made} of 100000000 puzzle(s) written; the others were not made"
        )),
        "{made}: {}",
        r.stderr
    );
}

#[test]
fn generate_stops_inside_a_large_puzzle() {
    let started = Instant::now();
    let args = ["generate", "--size", "25", "--seed", "3"];
    let r = interrupt(&args, false, false, "-INT");
    check_rule(&args, &r);
    assert_eq!(r.stdout, "");
    common::assert_has(
        &r.stderr,
        "interrupted: 0 of 1 puzzle(s) written; the others were not made",
    );
    assert!(started.elapsed() < Duration::from_secs(15));
}

/// Jobs counted with memo (`--jobs … --memo on`) stop on a signal too: the results written
/// stand, and the message names the job not counted (domino tilings of 18×18, cut in two,
/// take many seconds a job).
#[test]
fn memo_jobs_stop_on_a_signal() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let problem = dir.join("interrupt-dominoes18.dlx");
    let jobs = dir.join("interrupt-dominoes18-jobs.txt");
    for (args, path) in [
        (vec!["cover", "--emit", "dominoes", "18"], &problem),
        (
            vec!["cover", "--split", "2", problem.to_str().unwrap()],
            &jobs,
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
            .args(&args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        std::fs::write(path, out.stdout).unwrap();
    }
    let args = common::all_jobs(
        jobs.to_str().unwrap(),
        problem.to_str().unwrap(),
        &["--memo", "on"],
    );
    let r = interrupt(&args, false, false, "-INT");
    check_rule(&args, &r);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr.contains(
            "interrupted: 0 job result(s) written; job 0 and any after it were not counted"
        ),
        "{}",
        r.stderr
    );
}
