//! Support for the command line's tests: the real binary run with arguments and input,
//! `--stats` figures, problems emitted by `cover --emit`; and the oracles that share no
//! code with the library (`crates/dlx-sudoku/tests/common/`), included from there.

#![allow(dead_code)]

#[path = "../../crates/dlx-sudoku/tests/common/mod.rs"]
mod oracles;

use std::path::PathBuf;

#[allow(unused_imports)]
pub use oracles::*;

/// What a run of the real binary gave.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// `cover --jobs JOBS --index 0 --stride 1 EXTRA… PROBLEM`: every job of a job file in one
/// run, with `extra` flags before the problem.
pub fn all_jobs<'a>(jobs: &'a str, problem: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["cover", "--jobs", jobs, "--index", "0", "--stride", "1"];
    args.extend_from_slice(extra);
    args.push(problem);
    args
}

/// Fails the test, showing `text`, unless it contains `part`.
#[track_caller]
pub fn assert_has(text: &str, part: impl AsRef<str>) {
    let part = part.as_ref();
    assert!(text.contains(part), "{part:?} is not in:\n{text}");
}

/// Fails the test, showing `text`, unless it starts with `start`.
#[track_caller]
pub fn assert_starts(text: &str, start: impl AsRef<str>) {
    let start = start.as_ref();
    assert!(text.starts_with(start), "{start:?} does not start:\n{text}");
}

/// Starts the real `sudoku-dlx` with `args`, its standard input, output and error piped.
pub fn spawn_bin(args: &[&str]) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs the real `sudoku-dlx` with `args`, feeding `stdin` from a thread (so that a
/// binary that stops reading early cannot block the test). Fails the test on a panic
/// message, on output that is not UTF-8, or on death by a signal.
pub fn run_bin(args: &[&str], stdin: impl AsRef<[u8]>) -> Run {
    use std::io::Write;
    let mut child = spawn_bin(args);
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.as_ref().to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    Run {
        code: out.status.code().expect("an exit code, not a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr,
    }
}

/// The number after `word ` in `text` (a `--stats` figure).
pub fn number_after(text: &str, word: &str) -> u64 {
    let at = text
        .find(&format!("{word} "))
        .unwrap_or_else(|| panic!("{word}: {text}"));
    text[at + word.len() + 1..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

/// Writes the binary's `cover --emit what arg` to a file in the test's temporary directory
/// and returns its path.
pub fn emit_problem(what: &str, arg: &str) -> PathBuf {
    let r = run_bin(&["cover", "--emit", what, arg], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let name: String = format!("{what}-{arg}.dlx")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    // Written aside and renamed, so that tests running at once never read half a file.
    let aside = path.with_extension(format!(
        "{}.{:?}.tmp",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&aside, r.stdout).unwrap();
    std::fs::rename(&aside, &path).unwrap();
    path
}
