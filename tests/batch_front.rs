//! The batch front: `--threads` means the same on every subcommand that takes it. Asked for
//! 1,024 workers, each runs at most 4 per core, says so once on standard error, and its
//! `--stats` shows the workers it ran; the answers are those of one worker.

mod common;

use common::run_bin;

/// The workers `--threads 1024` should give on this machine: 4 per core.
fn capped() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (4 * cores).min(1024)
}

/// The number in `N threads` (or `N thread`) in the `--stats` lines.
fn threads_in_stats(stderr: &str) -> usize {
    stderr
        .lines()
        .filter(|l| l.starts_with("stats:"))
        .find_map(|l| {
            let words: Vec<&str> = l.split([' ', ',']).filter(|w| !w.is_empty()).collect();
            words
                .windows(2)
                .find(|w| w[1] == "threads" || w[1] == "thread")
                .map(|w| w[0].parse().expect("a thread count"))
        })
        .unwrap_or_else(|| panic!("no thread count in {stderr:?}"))
}

/// Runs `args` with `--threads 1024 --stats`, then with `--threads 1`, and checks the cap,
/// the one note, and that the output does not depend on the workers.
fn check_cap(args: &[&str], stdin: &str) {
    let mut many = args.to_vec();
    many.extend(["--threads", "1024", "--stats"]);
    let r = run_bin(&many, stdin);
    let notes = r
        .stderr
        .lines()
        .filter(|l| l.contains("--threads 1024 is more than 4 per core"))
        .count();
    assert_eq!(notes, 1, "{args:?}: {}", r.stderr);
    assert_eq!(
        threads_in_stats(&r.stderr),
        capped(),
        "{args:?}: {}",
        r.stderr
    );
    let mut one = args.to_vec();
    one.extend(["--threads", "1"]);
    let single = run_bin(&one, stdin);
    assert!(
        !single.stderr.contains("per core"),
        "{args:?}: {}",
        single.stderr
    );
    assert_eq!(r.stdout, single.stdout, "{args:?}");
    assert_eq!(r.code, single.code, "{args:?}");
}

const PUZZLES: &str = "\
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....
";

#[test]
fn every_batch_subcommand_caps_threads_at_four_per_core_and_says_so_once() {
    for args in [
        &["solve"][..],
        &["count"],
        &["hint"],
        &["explain"],
        &["rate"],
        &["canon"],
        &["check"],
    ] {
        check_cap(args, PUZZLES);
    }
}

#[test]
fn generate_caps_threads_too() {
    check_cap(&["generate", "--seed", "7", "--count", "20"], "");
}

#[test]
fn cover_caps_threads_too() {
    let problem = common::emit_problem("queens", "8");
    let path = problem.to_str().unwrap();
    check_cap(&["cover", "--count", path], "");
}
