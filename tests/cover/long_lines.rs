//! Knuth's scale of input, through the real binary: an item line of 100,000 names and
//! option lines as long are read, each line held in memory only up to 16 MiB; a longer
//! line, an endless one included, is refused as soon as it passes that, naming the file
//! and the line (exit 2), with the memory of the process bounded meanwhile.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{number_after, run_bin};

/// The longest line `cover` reads (16 MiB).
const COVER_LINE: usize = 16 << 20;

/// 100,000 primary items `i0`… and one secondary item `s`; five options, each a long line:
/// the even items, the odd items, all items, the first half, the second half (the halves
/// and the parities agree on the color of `s`). The solutions: even + odd, all, and the
/// two halves.
fn hundred_thousand_items() -> String {
    const N: usize = 100_000;
    let names = |keep: &dyn Fn(usize) -> bool| {
        (0..N)
            .filter(|&i| keep(i))
            .map(|i| format!("i{i}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut text = format!("| {N} items\n{} | s\n", names(&|_| true));
    for (keep, s) in [
        (
            &(|i: usize| i.is_multiple_of(2)) as &dyn Fn(usize) -> bool,
            " s:p",
        ),
        (&|i: usize| i % 2 == 1, " s:p"),
        (&|_| true, ""),
        (&|i: usize| i < N / 2, " s:h"),
        (&|i: usize| i >= N / 2, " s:h"),
    ] {
        text.push_str(&names(keep));
        text.push_str(s);
        text.push('\n');
    }
    text
}

#[test]
fn a_header_of_100000_items_and_option_lines_as_long_are_read() {
    let text = hundred_thousand_items();
    let header = text.lines().nth(1).unwrap().len();
    assert!(header > 10 * 65536, "{header}");
    let r = run_bin(&["cover", "--count", "--stats", "--memo", "off"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "3\n");
    assert!(
        r.stderr
            .contains("stats: 100000 primary + 1 secondary items, 5 options, 2 colors"),
        "{}",
        r.stderr
    );
    assert_eq!(number_after(&r.stderr, "solutions"), 3);
    // The first solution is written with its options' whole lines.
    let r = run_bin(&["cover"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let options: Vec<&str> = text.lines().skip(2).collect();
    assert!(!lines.is_empty() && lines.iter().all(|l| options.contains(l)));
}

#[test]
fn a_line_of_exactly_the_cap_is_read_and_one_byte_more_is_refused() {
    let mut comment = vec![b'x'; COVER_LINE];
    comment[0] = b'|';
    let mut text = b"a b\n".to_vec();
    text.extend_from_slice(&comment);
    text.extend_from_slice(b"\na b\n");
    let r = run_bin(&["cover", "--count"], &text);
    assert_eq!((r.code, r.stdout.as_str()), (0, "1\n"), "{}", r.stderr);
    // One byte more, in an option line.
    let mut text = b"a b\n".to_vec();
    text.extend(std::iter::repeat_n(b'a', COVER_LINE + 1));
    text.extend_from_slice(b"\na b\n");
    let r = run_bin(&["cover", "--count"], &text);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (2, "", "<stdin>:2: line too long (over 16777216 bytes)\n")
    );
}

/// The peak resident memory of a running process, from Linux's /proc (`None` once it
/// ended).
fn peak_memory_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_ascii_whitespace().nth(1)?.parse().ok()
}

/// An item line that never ends: reading stops past the cap, at once, and the process
/// never holds much more than the cap.
#[test]
fn an_endless_item_line_is_refused_with_memory_bounded() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .args(["cover", "--count"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let pid = child.id();
    let mut pipe = child.stdin.take().unwrap();
    let started = Instant::now();
    let feeder = std::thread::spawn(move || {
        let chunk = b"item ".repeat(13_000);
        while pipe.write_all(&chunk).is_ok() {}
    });
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Some(kib) = peak_memory_kib(pid) {
            peak = peak.max(kib);
        }
        assert!(started.elapsed() < Duration::from_secs(60), "still reading");
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "<stdin>:1: line too long (over 16777216 bytes)\n"
    );
    if cfg!(target_os = "linux") {
        assert!(peak > 0, "no peak seen");
        assert!(peak < 64 * 1024, "peak resident memory {peak} KiB");
    }
}
