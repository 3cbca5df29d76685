//! Refusals, one test each, through the real binary: pencilmark lines refused
//! by `canon` and `check`, pencilmark searches bounded by `--max-nodes`/`--timeout`, bad
//! `--regions`/`--cages` names and empty whole-file inputs refused, `--timeout` and
//! `generate` values judged at once, invalid bytes and mid-line byte-order marks named,
//! `cover --pre` naming items, and `bench` keeping only puzzles.

use crate::common;

use std::time::{Duration, Instant};

/// A 17-clue puzzle with one fill.
const PUZZLE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> common::Run {
    common::run_bin(args, stdin)
}

/// The pencilmark line of every digit in every cell but r1c1, which may be `first` only.
fn marks(first: char) -> String {
    let mut line: String = (1..=9)
        .map(|d| {
            if d.to_string() == first.to_string() {
                first
            } else {
                '.'
            }
        })
        .collect();
    line.push_str(&"123456789".repeat(80));
    line
}

/// A file under the target folder for one test.
fn temp_file(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

// ---- Item 1: pencilmark lines in canon and check -----------------------------------------

#[test]
fn canon_and_check_refuse_pencilmark_lines_by_line() {
    // Two different candidate grids with the same single-candidate cell.
    let input = format!("{PUZZLE}\n{}\n{}\n", marks('1'), marks('2'));
    let r = run(&["canon", "--dedupe"], &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stdout.lines().count(),
        1,
        "only the classic puzzle: {}",
        r.stdout
    );
    for line in [2, 3] {
        common::assert_has(
            &r.stderr,
            format!("<stdin>:{line}: canon takes puzzles of givens, not pencilmark lines"),
        );
    }
    let r = run(&["check"], &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let verdicts: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(verdicts.len(), 3, "{}", r.stdout);
    assert!(verdicts[0].starts_with("not minimal"), "{}", r.stdout);
    assert_eq!(verdicts[1..], ["error", "error"]);
    assert!(
        r.stderr
            .contains("<stdin>:2: check takes puzzles of givens, not pencilmark lines")
    );
}

// ---- Item 2: bounded pencilmark searches -------------------------------------------------

#[test]
fn pencilmark_searches_honour_the_limits() {
    let open = "123456789".repeat(81);
    let r = run(&["solve", "--max-nodes", "10"], &open);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(r.stdout, "gave up (node limit reached)\n");
    assert_eq!(r.stderr, "<stdin>:1: gave up: node limit reached\n");
    let r = run(
        &["count", "--limit", "1000000000", "--max-nodes", "5000"],
        &open,
    );
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(
        r.stdout.ends_with(" (gave up: node limit reached)\n"),
        "{}",
        r.stdout
    );
    let started = Instant::now();
    let r = run(
        &["count", "--limit", "1000000000000", "--timeout", "200ms"],
        &open,
    );
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(
        r.stdout.ends_with(" (gave up: time limit reached)\n"),
        "{}",
        r.stdout
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    // Within the limits, the bounded search gives the ladder's answers.
    for args in [&["solve"][..], &["count", "--limit", "3"]] {
        let free = run(args, &open);
        let bounded = run(&[args, &["--max-nodes", "100000000"]].concat(), &open);
        assert_eq!(bounded.stdout, free.stdout, "{args:?}");
        assert_eq!(bounded.code, 0);
    }
}

// ---- Item 4: --regions, --cages, empty whole-file inputs ---------------------------------

#[test]
fn regions_that_are_no_file_and_no_labels_are_named() {
    let r = run(&["solve", "--regions", "regoins.txt"], PUZZLE);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "sudoku-dlx: --regions regoins.txt: no such file\n"
    );
    // Sixteen characters would be a 4x4 spec: a name with a `.` or a `/` is still a file.
    for name in ["no-such-file.txt", "dir/no-such.fil"] {
        let r = run(&["solve", "--regions", name], "1234341221434321\n");
        assert_eq!(r.code, 2);
        assert_eq!(
            r.stderr,
            format!("sudoku-dlx: --regions {name}: no such file\n")
        );
    }
    let dir = env!("CARGO_TARGET_TMPDIR");
    let r = run(&["solve", "--regions", dir], PUZZLE);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!(
            "sudoku-dlx: --regions {dir}: not a regular file (a directory, device or pipe); \
             give a file or the labels themselves\n"
        )
    );
    assert_eq!(r.stdout, "");
}

#[test]
fn an_empty_cages_file_is_refused() {
    let path = temp_file("refusals-empty.cages", "# nothing here\n\n");
    let r = run(&["solve", "--cages", &path], PUZZLE);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!(
            "sudoku-dlx: --cages {path}: no cages in the file (one cage per line: the sum, then \
             the cells)\n"
        )
    );
}

#[test]
fn empty_whole_file_inputs_hold_no_puzzles() {
    for variant in ["general", "samurai"] {
        for command in ["solve", "count"] {
            let r = run(&[command, "--variant", variant], "");
            assert_eq!(r.code, 2, "{command} {variant}");
            assert_eq!(r.stderr, "sudoku-dlx: <stdin>: no puzzles found\n");
            assert_eq!(r.stdout, "");
        }
    }
}

// ---- Item 5: values judged at once, bytes named ------------------------------------------

#[test]
fn timeouts_too_short_to_mean_anything_are_refused_alike() {
    let zero = run(&["solve", "--timeout", "0"], PUZZLE);
    let tiny = run(&["solve", "--timeout", "1e-300"], PUZZLE);
    assert_eq!((zero.code, tiny.code), (2, 2));
    assert!(
        zero.stderr
            .contains("'0' is not a time from 1 ns to 10^9 s")
    );
    assert_eq!(zero.stderr.replace("'0'", "'1e-300'"), tiny.stderr);
}

#[test]
fn generate_refuses_what_it_cannot_make_at_once() {
    let r = run(&["generate", "--count", "0"], "");
    assert_eq!(r.code, 2);
    common::assert_has(&r.stderr, "invalid value '0' for '--count <N>'");
    for (size, clues, most) in [("9", "81", 77), ("9", "78", 77), ("4", "13", 12)] {
        let started = Instant::now();
        let r = run(&["generate", "--size", size, "--min-clues", clues], "");
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert_eq!(
            r.stderr,
            format!(
                "sudoku-dlx: --min-clues {clues} cannot be met: a minimal {size}x{size} puzzle \
                 has at most {most} givens\n"
            )
        );
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}

#[test]
fn invalid_bytes_and_stray_byte_order_marks_are_named() {
    let mut bad = PUZZLE.as_bytes().to_vec();
    bad[40] = 0xFF;
    let r = run(&["solve"], [&bad[..], b"\n"].concat());
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "<stdin>:1: column 41: byte 0xFF is not a digit 1-9, '.' or '0'\n"
    );
    let mut short = b"12".to_vec();
    short.push(0xFF);
    short.extend_from_slice(b"4\n");
    let r = run(&["solve"], &short);
    assert!(r.stderr.contains("byte 0xFF"), "{}", r.stderr);
    assert!(!r.stderr.contains('?'), "{}", r.stderr);
    // A byte-order mark in the middle of a puzzle line (files joined mid-line).
    let joined = format!("{}\u{FEFF}{}\n", &PUZZLE[..40], &PUZZLE[40..]);
    let r = run(&["solve"], &joined);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("byte-order mark"), "{}", r.stderr);
}

// ---- Item 6: cover --pre names items -----------------------------------------------------

#[test]
fn cover_pre_names_the_item_with_a_multiplicity() {
    let path = temp_file("refusals-multi.dlx", "a 2|b\na b\nb\n");
    let r = run(&["cover", "--pre", &path], "");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!(
            "{path}:1: --pre: primary item b has multiplicity `2|b`, other than 1:1, which \
             preprocessing does not support\n"
        )
    );
}

// ---- Item 3: bench keeps puzzles, not junk -----------------------------------------------

#[test]
fn bench_reports_junk_as_it_reads_and_measures_the_puzzles() {
    let mut input = String::new();
    for _ in 0..2_000 {
        input.push_str("1 2 3\n");
    }
    input.push_str(PUZZLE);
    input.push('\n');
    let r = run(&["bench", "--rounds", "1"], &input);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 2_000, "one message per bad line");
    assert!(r.stderr.starts_with("<stdin>:1: "));
    assert!(r.stdout.contains("dlx"), "{}", r.stdout);
}

/// A multiplicity beyond Algorithm M's signed 32-bit counts is refused with the line, the
/// token and its own exit code. Found by fuzzing (`knuth` target): `4111111111|U` wrapped
/// to a negative bound, and `cover --count` answered 1 where there is no solution.
#[test]
fn cover_refuses_a_multiplicity_beyond_32_bit_counts() {
    for input in ["4111111111|U\n", "2147483648|U\nU\n"] {
        let r = run(&["cover", "--count"], input);
        assert_eq!(r.code, 2, "{input}: {} {}", r.stdout, r.stderr);
        assert!(r.stdout.is_empty(), "{input}: {}", r.stdout);
        assert!(
            r.stderr.contains(":1:") && r.stderr.contains("bound too large"),
            "{input}: {}",
            r.stderr
        );
    }
    // The largest bound still reads (and this item, never covered, has no solution).
    let r = run(&["cover", "--count"], "2147483647|U\nU\n");
    assert_eq!((r.code, r.stdout.trim()), (0, "0"), "{}", r.stderr);
}

// ---- Item 5: a default budget ends every solve, with its partial work ----------------------

/// True when `prefix` (row-major symbols of a `side`×`side` grid's first cells) keeps the
/// givens of `puzzle` and repeats no symbol in a row, column or box (checked here, sharing
/// nothing with the library).
fn consistent_prefix(puzzle: &str, prefix: &str, side: usize) -> bool {
    let b = (side as f64).sqrt() as usize;
    let cells: Vec<char> = prefix.chars().collect();
    let keeps_givens = puzzle.chars().zip(&cells).all(|(g, &c)| g == '.' || g == c);
    let mut seen = std::collections::HashSet::new();
    let no_repeat = cells.iter().enumerate().all(|(i, &c)| {
        let (r, k) = (i / side, i % side);
        seen.insert(('r', r, c))
            && seen.insert(('c', k, c))
            && seen.insert(('b', r / b * b + k / b, c))
    });
    keeps_givens && no_repeat && cells.iter().all(|c| c.is_ascii_alphanumeric())
}

/// The committed near-empty 25×25 grid whose smallest fill takes minutes: its path and text.
fn near_empty_25x25() -> (&'static str, String) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/near_empty_25x25.txt"
    );
    (path, std::fs::read_to_string(path).unwrap())
}

/// Without `--max-nodes`/`--timeout`, `solve` gives up on a near-empty 25×25 grid whose
/// smallest fill takes minutes, and on an empty 16×16 windoku, after the default budget
/// (a few seconds), saying so, how to lift it, and what it had found: that a fill exists,
/// and the smallest fill's first cells. `--max-nodes none` lifts the budget (checked on a
/// puzzle that needs more than a tiny one).
#[test]
fn the_default_budget_ends_long_solves_with_their_partial_work() {
    let (path, puzzle) = near_empty_25x25();
    let empty16 = ".".repeat(256) + "\n";
    for (args, input, side) in [
        (vec!["solve", path], "", 25),
        (vec!["solve", "--variant", "windoku"], empty16.as_str(), 16),
    ] {
        let started = Instant::now();
        let r = run(&args, input);
        assert_eq!(r.code, 3, "{args:?}: {}", r.stderr);
        // Nodes or time, whichever ends first (the machine's load decides).
        assert!(
            [
                "gave up (node limit reached)\n",
                "gave up (time limit reached)\n"
            ]
            .contains(&r.stdout.as_str()),
            "{args:?}: {}",
            r.stdout
        );
        let note = r.stderr.trim_end();
        assert!(
            note.contains(
                "(5000000 nodes or 5 s, the default; --max-nodes N or --timeout TIME sets one, \
                 --max-nodes none lifts it); a fill exists"
            ),
            "{note}"
        );
        assert!(started.elapsed() < Duration::from_secs(8), "{args:?}");
        if let Some((_, prefix)) = note.split_once("cells are settled: ") {
            let givens = if side == 25 {
                puzzle.trim()
            } else {
                empty16.trim()
            };
            assert!(consistent_prefix(givens, prefix, side), "{prefix}");
            assert!(note.contains(&format!("first {} of {} cells", prefix.len(), side * side)));
        } else {
            assert_eq!(side, 16, "the 25x25 grid settles some cells: {note}");
        }
        eprintln!("{args:?}: {:?}", started.elapsed());
    }
    // `none` lifts the budget where a tiny one gives up.
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let r = run(&["solve", "--max-nodes", "5"], hard);
    assert_eq!(r.code, 3, "{}", r.stderr);
    let r = run(&["solve", "--max-nodes", "none"], hard);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(&["solve", "--max-nodes", "lots"], hard);
    assert_eq!(r.code, 2);
    common::assert_has(&r.stderr, "'lots' is not a number of nodes (or `none`)");
}

#[test]
fn pencilmark_records_get_the_default_budget_too() {
    // The near-empty 25x25 grid as pencilmarks: each given has only its symbol, every
    // other cell all 25.
    let (_, puzzle) = near_empty_25x25();
    let symbols = "123456789ABCDEFGHIJKLMNOP";
    let mut marks: String = puzzle
        .trim()
        .chars()
        .map(|given| {
            symbols
                .chars()
                .map(|s| if given == '.' || s == given { s } else { '.' })
                .collect::<String>()
        })
        .collect();
    assert_eq!(marks.len(), 625 * 25);
    marks.push('\n');
    let started = Instant::now();
    let r = run(&["solve", "-"], &marks);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert!(r.stdout.starts_with("gave up ("), "{}", r.stdout);
    assert!(
        r.stderr
            .contains("limit reached (5000000 nodes or 5 s, the default; --max-nodes N"),
        "{}",
        r.stderr
    );
    eprintln!("pencilmarks 25x25: {:?}", started.elapsed());
    let r = run(&["count", "--limit", "2", "-"], &marks);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "2 (stopped at the limit)\n")
    );
    // An explicit budget replaces the default, and `none` lifts it.
    let r = run(&["solve", "--max-nodes", "50", "-"], &marks);
    assert_eq!(r.code, 3);
    assert!(r.stderr.contains("node limit reached\n"), "{}", r.stderr);
    let open9 = "123456789".repeat(81) + "\n";
    let r = run(&["solve", "--max-nodes", "none", "-"], &open9);
    assert_eq!(r.code, 0, "{}", r.stderr);
    common::assert_starts(&r.stdout, "1.........2.........3");
}

/// The README's promise: an empty 25x25 windoku or X under the default budget gives up
/// within 5 seconds (it spent a minute on 5,000,000 nodes), saying what it found.
#[test]
fn empty_25x25_variants_give_up_within_the_default_time() {
    let empty = ".".repeat(625) + "\n";
    for variant in ["windoku", "x"] {
        let started = Instant::now();
        let r = run(&["solve", "--variant", variant], &empty);
        assert_eq!(r.code, 3, "{variant}: {}", r.stderr);
        assert!(r.stdout.starts_with("gave up ("), "{variant}: {}", r.stdout);
        assert!(
            r.stderr.contains("5000000 nodes or 5 s, the default"),
            "{variant}: {}",
            r.stderr
        );
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "{variant}: {:?}",
            started.elapsed()
        );
    }
}
