//! Input that is not puzzle text, through the real binary: every command that reads
//! puzzles stops after a bounded read of a NUL stream or an endless line, naming the file,
//! the line and the fault (exit 2), after answering the records before it.

use std::time::{Duration, Instant};

use crate::common;

/// A 17-clue puzzle with one fill.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

const NUL: &str = "column 1: byte 0x00: binary data, not puzzle text; reading stopped here";

#[test]
fn every_command_refuses_dev_zero_at_once() {
    for command in [
        "solve", "count", "rate", "canon", "check", "hint", "explain", "bench", "cover",
    ] {
        let started = Instant::now();
        let r = common::run_bin(&[command, "/dev/zero"], "");
        assert_eq!(r.code, 2, "{command}: {}", r.stderr);
        assert_eq!(r.stdout, "", "{command}");
        assert!(
            r.stderr.starts_with(&format!("/dev/zero:1: {NUL}\n")),
            "{command}: {}",
            r.stderr
        );
        assert!(started.elapsed() < Duration::from_secs(10), "{command}");
    }
}

#[test]
fn binary_after_puzzles_is_named_at_its_line_and_the_puzzles_answered() {
    let mut input = format!("{PUZZLE}\n{PUZZLE}\n").into_bytes();
    input.extend_from_slice(b"\x7fELF\x02\x01\x01");
    input.extend(std::iter::repeat_n(0u8, 1 << 20));
    let r = common::run_bin(&["solve"], &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 2, "{}", r.stdout);
    assert!(r.stdout.lines().all(|l| l.len() == 81));
    assert_eq!(
        r.stderr,
        "<stdin>:3: column 8: byte 0x00: binary data, not puzzle text; reading stopped here\n"
    );
}

#[test]
fn an_endless_line_without_nul_stops_the_read() {
    let input = vec![b'7'; 17 << 20];
    let started = Instant::now();
    let r = common::run_bin(&["count"], &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "<stdin>:1: line longer than 16777216 bytes: not puzzle text; reading stopped here\n"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
}
