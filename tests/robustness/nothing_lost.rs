//! Edges a hostile but fair user met, one test each, through the real binary: nothing
//! lost (junk lines, labels, byte-order marks, separators, sizes written and read back),
//! nothing unbounded (line caps, limits, threads, interruption), and `bench` and closed
//! outputs held to the same rules as `solve`.

use crate::common;

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
        r.stderr,
        "/dev/zero:1: column 1: byte 0x00: binary data, not puzzle text; reading stopped here\n",
        "stderr"
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    // The same from standard input, in a line after a good one.
    let mut text = b"a b\n".to_vec();
    text.extend(std::iter::repeat_n(b'x', 17 << 20));
    let r = run(&["cover"], &text);
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (2, "<stdin>:2: line too long (over 16777216 bytes)\n")
    );
}

#[test]
fn cover_shortens_long_names_in_messages() {
    let name = "n".repeat(60_000);
    let r = run(&["cover"], format!("a {name}\na\n"));
    assert_eq!(r.code, 2);
    assert!(r.stderr.len() < 200, "{} bytes of stderr", r.stderr.len());
    common::assert_starts(&r.stderr, "<stdin>:1: item name too long: \"nnnn");
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
    common::assert_starts(
        &r.stderr,
        "sudoku-dlx: /nonexistent/puzzles.txt: No such file",
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
    // Opened for writing only (a shell's `>`), or for reading and writing (`1<>`, as
    // Python's `subprocess.DEVNULL` does), which Rust's runtime alone cannot tell from a
    // closed descriptor it reopened.
    for null in [">/dev/null", "1<>/dev/null"] {
        let (code, _, err) = shell(&format!(
            "exec \"$BIN\" solve \"$EXAMPLES/2239.txt\" {null}"
        ));
        assert_eq!((code, err.as_str()), (0, ""), "{null}");
    }
    if std::path::Path::new("/dev/full").exists() {
        let (code, _, err) = shell("exec \"$BIN\" solve \"$EXAMPLES/2239.txt\" >/dev/full");
        assert_eq!(code, 2);
        assert!(err.starts_with("sudoku-dlx: writing output: "), "{err}");
    }
}

// ---- Item 1: nothing lost to a junk line -----------------------------------------------

const EX_2580: &str = include_str!("../../examples/2580.txt");
const EX_2239: &str = include_str!("../../examples/2239.txt");
const FILL_2580: &str = "1 3 5 4 6 9 2 7 8\n7 8 2 1 3 5 6 4 9\n4 6 9 2 7 8 1 3 5\n3 2 1 5 4 6 8 9 7\n8 7 4 9 1 3 5 2 6\n5 9 6 8 2 7 4 1 3\n9 1 7 6 5 2 3 8 4\n6 4 3 7 8 1 9 5 2\n2 5 8 3 9 4 7 6 1\n";
const FILL_2239: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n725863914\n237481695\n619275843\n854396127\n";

#[test]
fn a_label_before_a_grid_does_not_swallow_it() {
    // `{ echo Hard; cat examples/2580.txt; } | sudoku-dlx solve`, and a 9-word sentence.
    for label in ["Hard", "This is not a puzzle, only nine words of text"] {
        for (grid, fill) in [(EX_2580, FILL_2580), (EX_2239, FILL_2239)] {
            let r = run(&["solve"], format!("{label}\n{grid}"));
            assert_eq!(r.code, 0, "{label}: {}", r.stderr);
            assert_eq!(r.stdout, fill);
            common::assert_starts(
                &r.stderr,
                "<stdin>:1: note: skipped 1 line that is not a puzzle",
            );
        }
    }
}

/// Project Euler 96's layout: `Grid NN` before each compact grid, no empty lines.
fn euler_96(copies: usize) -> String {
    (1..=copies)
        .map(|i| format!("Grid {i:02}\n{EX_2239}"))
        .collect()
}

#[test]
fn project_euler_96_labels_take_no_answer() {
    let r = run(&["solve"], euler_96(3));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, [FILL_2239; 3].join("\n"));
    assert_eq!(
        r.stderr,
        "<stdin>:1: note: skipped 3 lines that are not puzzles (labels or titles such as \
         'Grid 01'); --strict makes them errors\n"
    );
    let r = run(&["count"], euler_96(2));
    assert_eq!((r.code, r.stdout.as_str()), (0, "1\n1\n"));
    // --strict: the old way, each label an error, but still no puzzle swallowed.
    let r = run(&["solve", "--strict"], euler_96(2));
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stdout,
        format!("error\n\n{FILL_2239}\nerror\n\n{FILL_2239}")
    );
    assert_eq!(
        r.stderr,
        "<stdin>:1: not a puzzle: 'Grid 01'\n<stdin>:11: not a puzzle: 'Grid 02'\n"
    );
}

#[test]
fn a_byte_order_mark_is_skipped() {
    for input in [format!("\u{FEFF}{PUZZLE}\n"), format!("\u{FEFF}{EX_2239}")] {
        let r = run(&["solve"], &input);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.stderr, "");
    }
}

#[test]
fn lone_carriage_returns_end_lines() {
    let r = run(&["solve"], EX_2239.replace('\n', "\r"));
    assert_eq!((r.code, r.stdout.as_str()), (0, FILL_2239), "{}", r.stderr);
    let r = run(&["solve"], format!("{PUZZLE}\r{PUZZLE}\r"));
    assert_eq!(r.stdout.lines().count(), 2, "{}", r.stderr);
}

#[test]
fn messages_count_and_name_characters() {
    // A fullwidth digit: 81 characters, one of them named (it was "found 83").
    let wide = format!("{}\u{FF15}{}\n", &PUZZLE[..4], &PUZZLE[5..]);
    let r = run(&["solve"], &wide);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "<stdin>:1: column 5: '５' (U+FF15, fullwidth digit 5) is not a digit 1-9, '.' or '0'\n"
    );
    let short = format!("{}é\n", &PUZZLE[..79]);
    let r = run(&["solve"], &short);
    assert_eq!(r.stderr, "<stdin>:1: expected 81 cells, found 80\n");
    let r = run(&["solve"], "1 2 3 4 5 6 7 8 9\n\n");
    assert_eq!(r.stderr, "<stdin>:1: the grid has 1 row, expected 9\n");
}

// ---- Item 2: every record separated, everything written read back ---------------------

#[test]
fn failed_grids_in_a_grid_batch_are_separated_like_solved_ones() {
    // Solved, no solution (two 3s in row 1), an error (a truncated grid), gave up (15
    // blanks fit in 30 nodes; 71 do not), solved.
    let clash = EX_2580.replacen("0 3 5", "3 3 5", 1);
    let truncated: String = EX_2580.lines().take(4).map(|l| format!("{l}\n")).collect();
    let hard = "0 0 0 0 0 0 0 0 0\n".repeat(8) + "1 2 3 4 5 6 7 8 0\n";
    let input = format!("{EX_2580}\n{clash}\n{truncated}\n{hard}\n{EX_2580}");
    let r = run(&["solve", "--max-nodes", "30"], &input);
    let records: Vec<&str> = r.stdout.split("\n\n").collect();
    assert_eq!(records.len(), 5, "{}", r.stdout);
    assert_eq!(records[1], "no solution");
    assert_eq!(records[2], "error");
    assert_eq!(records[3], "gave up (node limit reached)");
    assert_eq!(records[4], FILL_2580);
    assert_eq!(records[0].to_string() + "\n", FILL_2580);
}

/// A full valid grid of `side` (the usual pattern), with every seventh cell blank.
fn sample_puzzle(side: usize) -> String {
    let shape = dlx_sudoku::Shape::for_side(side).unwrap();
    let (br, bc) = (shape.box_rows(), shape.box_cols());
    let symbols = b"123456789ABCDEFGHIJKLMNOP";
    (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            if i % 7 == 3 {
                '.'
            } else {
                symbols[(bc * (r % br) + r / br + c) % side] as char
            }
        })
        .collect()
}

#[test]
fn everything_written_reads_back_in_every_size() {
    for side in [4, 6, 8, 9, 10, 12, 16, 20, 25] {
        let puzzle = sample_puzzle(side);
        let solved = run(&["solve"], format!("{puzzle}\n"));
        assert_eq!(solved.code, 0, "{side}: {}", solved.stderr);
        let fill = solved.stdout;
        for format in ["line", "spaced", "compact", "pretty", "csv", "json"] {
            let r = run(&["solve", "--format", format], format!("{puzzle}\n"));
            if side == 16 && format == "compact" {
                assert_eq!(r.code, 2);
                common::assert_has(&r.stderr, "--format compact cannot write a 16x16 grid");
                continue;
            }
            assert_eq!(r.code, 0, "{side} {format}: {}", r.stderr);
            let written = match format {
                "csv" => r
                    .stdout
                    .lines()
                    .nth(1)
                    .unwrap()
                    .split(',')
                    .nth(1)
                    .unwrap()
                    .to_string(),
                "json" => r.stdout.split('"').nth(7).unwrap().to_string(),
                _ => r.stdout.clone(),
            };
            // Read back (and solved again: a full grid is its own answer).
            let back = run(&["solve", "--format", "line"], format!("{written}\n"));
            assert_eq!(back.code, 0, "{side} {format}:\n{written}\n{}", back.stderr);
            assert_eq!(back.stdout, fill, "{side} {format}");
        }
    }
}

#[test]
fn every_accepted_size_is_in_the_help() {
    let r = run(&["solve", "--help"], "");
    let help = r.stdout.replace('\n', " ");
    for cells in ["16", "36", "64", "81", "100", "144", "256", "400", "625"] {
        assert!(
            help.contains(cells),
            "{cells} missing from --help:\n{}",
            r.stdout
        );
    }
    assert!(
        help.contains("4x4") && help.contains("25x25"),
        "{}",
        r.stdout
    );
}

#[test]
fn threads_are_capped_at_a_few_per_core() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let input = format!("{PUZZLE}\n").repeat(2000);
    let started = Instant::now();
    let r = run(&["solve", "--threads", "1024", "--stats"], &input);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 2000);
    let used = (4 * cores).min(1024);
    assert!(
        r.stderr.starts_with(&format!(
            "sudoku-dlx: note: --threads 1024 is more than 4 per core ({cores} cores); using {used}\n"
        )),
        "{}",
        r.stderr
    );
    common::assert_has(&r.stderr, format!(", {used} threads\n"));
    assert!(started.elapsed() < Duration::from_secs(30));
    // `cover --threads` too.
    let r = run(
        &["cover", "--count", "--threads", "1024", "--stats"],
        queens(8),
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, "92\n"), "{}", r.stderr);
    assert!(r.stderr.contains("using"), "{}", r.stderr);
    if used > 1 {
        common::assert_has(&r.stderr, format!("stats: {used} threads"));
    }
}

#[test]
fn ctrl_c_on_a_long_count_prints_the_count_so_far_marked_partial() {
    use std::io::Write;
    // 16 queens: 14,772,512 solutions, far more than a second of counting.
    let problem = queens(16);
    let mut child = common::spawn_bin(&["cover", "--count"]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(problem.as_bytes())
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stdout}{stderr}");
    let (count, note) = stdout.trim_end().split_once(' ').unwrap();
    let count: u64 = count.parse().unwrap();
    assert!(count > 0 && count < 14_772_512, "{stdout}");
    assert_eq!(note, "(partial: interrupted)");
    assert_eq!(
        stderr,
        format!(
            "sudoku-dlx: interrupted: <stdin>: {count} solution(s) found, the output is \
             partial; the search did not finish\n"
        )
    );
}

#[test]
fn a_long_count_shows_progress_on_a_terminal() {
    // `script` gives the command a terminal; skip where it is absent.
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: script (util-linux) not found");
        return;
    }
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("queens-13.dlx");
    std::fs::write(&file, queens(13)).unwrap();
    let command = format!("\"$BIN\" cover --count {}", file.display());
    let (code, out, _) = shell(&format!("script -qec '{command}' /dev/null"));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("73712"), "{out}");
    assert!(out.contains(" solutions ["), "no progress line in {out:?}");
    // Not on a pipe.
    let r = run(&["cover", "--count", file.to_str().unwrap()], "");
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("73712\n", ""));
}
