//! `rate`, `explain` and `generate` on Sudoku Explainer's scale through the real binary:
//! ratings against `serate`'s recorded ones (tests/data), `--timeout` bounds, batches in
//! input order on several threads, and `generate --se` puzzles checked by a fill count that
//! shares nothing with the generator.

mod common;

use common::{count_fills, run_bin};

/// A puzzle SE rates with a Dynamic+ chain (serate: 9.8/1.2/1.2).
const PLUS: &str =
    "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5";
/// A puzzle of the forum's hardest list (serate: 11.0/1.2/1.2, nested chains; a rating
/// that takes seconds).
const NESTED: &str =
    "..4..3....7..8....2.81....6..3....9..8..2....1..7....3......45....8..9....9..5..8";
const EASY: &str =
    "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";

/// The tenths of a printed score, and whether it is a bound.
fn score(text: &str) -> (u32, bool) {
    let bound = text.starts_with(">=");
    let t: f64 = text.trim_start_matches(">=").parse().expect("a score");
    ((t * 10.0).round() as u32, bound)
}

#[test]
fn dynamic_plus_ratings_equal_serate_and_batches_keep_input_order() {
    let input = format!("{PLUS}\n{EASY}\n{PLUS}\n");
    let run = run_bin(&["rate", "--scale", "se", "--threads", "2"], &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        format!("{PLUS} ED=9.8/1.2/1.2 Dynamic Contradiction Forcing Chains (+)")
    );
    assert_eq!(lines[1], format!("{EASY} ED=2.6/1.2/1.2 Pointing"));
    assert_eq!(lines[2], lines[0]);
    // explain lists SE's steps to the end, the hardest with its rating.
    let run = run_bin(&["explain", "--scale", "se"], format!("{PLUS}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("Dynamic Contradiction Forcing Chains (+) (9.8): "),
        "{}",
        run.stdout
    );
    assert!(run.stdout.ends_with("ED=9.8/1.2/1.2\n"), "{}", run.stdout);
}

#[test]
fn timeout_returns_the_bound_reached_with_exit_3() {
    let run = run_bin(
        &[
            "rate",
            "--scale",
            "se",
            "--timeout",
            "1ms",
            "--format",
            "csv",
        ],
        format!("{NESTED}\n{EASY}\n"),
    );
    assert_eq!(run.code, 3, "{}", run.stderr);
    assert!(run.stderr.contains("--timeout"), "{}", run.stderr);
    let rows: Vec<Vec<&str>> = run
        .stdout
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows[0][0], NESTED);
    assert_eq!(rows[0][1], "timeout");
    let (er, bound) = score(rows[0][2]);
    assert!(bound && er <= 110, "{:?}", rows[0]);
    // The explanation stops where the time ran out, with the same kind of bound.
    let run = run_bin(
        &["explain", "--scale", "se", "--timeout", "1ms"],
        format!("{NESTED}\n"),
    );
    assert_eq!(run.code, 3);
    assert!(run.stdout.contains("timeout: "), "{}", run.stdout);
    // The ladder's scale has no --timeout.
    let run = run_bin(&["rate", "--timeout", "1s"], format!("{EASY}\n"));
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--scale se"), "{}", run.stderr);
}

#[test]
fn generate_se_makes_unique_minimal_puzzles_in_the_range() {
    let args = "generate --se 4.0-6.0 --count 3 --seed 7 --symmetry rot180 --format csv";
    let run = run_bin(&args.split(' ').collect::<Vec<_>>(), "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut lines = run.stdout.lines();
    assert_eq!(
        lines.next(),
        Some("puzzle,solution,clues,symmetry,attempts,er,ep,ed,hardest")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 3);
    for row in rows {
        let f: Vec<&str> = row.split(',').collect();
        let p = f[0];
        assert_eq!(count_fills(p, 2), 1, "one fill: {p}");
        let b = p.as_bytes();
        for k in (0..81).filter(|&k| b[k] != b'.') {
            assert!(b[80 - k] != b'.', "rot180 at {k}: {p}");
            let mut q = b.to_vec();
            q[k] = b'.';
            q[80 - k] = b'.';
            let q = String::from_utf8(q).unwrap();
            assert!(count_fills(&q, 2) > 1, "not minimal at {k}: {p}");
        }
        let (er, bound) = score(f[5]);
        assert!(!bound && (40..=60).contains(&er), "{row}");
        // `rate --scale se` agrees with what generate printed.
        let rated = run_bin(&["rate", "--scale", "se"], format!("{p}\n"));
        assert!(
            rated.stdout.contains(&format!("ED={}/", f[5])),
            "{}",
            rated.stdout
        );
    }
    // Bad ranges and sizes are usage errors.
    for bad in [
        vec!["generate", "--se", "8.0-7.0"],
        vec!["generate", "--se", "7.05"],
        vec!["generate", "--se", "7.0-8.0", "--size", "4"],
        vec!["generate", "--se", "7.0-8.0", "--difficulty", "expert"],
    ] {
        let run = run_bin(&bad, "");
        assert_eq!(run.code, 2, "{bad:?}: {}", run.stderr);
    }
}
