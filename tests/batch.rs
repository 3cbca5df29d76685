//! Batches through the real binary: order kept whatever the thread count, CSV and JSON
//! output, per-puzzle limits. Answers are checked by a checker written here.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-dlx");

/// One fill of the classic grid, to make puzzles from.
const FILL: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// A hard puzzle (forum_hardest_1106): about 17 500 search nodes.
const HARD: &str =
    ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8....4....6.3...8";

fn run(args: &[&str], input: &str) -> (String, String, i32) {
    let r = common::run_bin(args, input);
    (r.stdout, r.stderr, r.code)
}

/// True when `answer` is a full valid 9×9 grid agreeing with the givens of `puzzle`.
fn solves(answer: &str, puzzle: &str) -> bool {
    common::check_solution(puzzle, answer).is_ok()
}

/// A mixed batch: puzzles of every difficulty (blanked from FILL, relabelled), hard ones,
/// bad lines (not labels: those take no answer) and clashes, so that workers finish out of
/// order.
fn mixed_batch(count: usize) -> Vec<String> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    (0..count)
        .map(|i| match i % 50 {
            7 => HARD.to_string(),
            19 => "1 2 3".to_string(),
            31 => format!("55{}", &FILL[2..]),
            _ => {
                let shift = next() % 9;
                let blanks = 20 + next() % 45;
                let mut cells: Vec<u8> = FILL
                    .bytes()
                    .map(|b| b'1' + ((b - b'1') as u64 + shift) as u8 % 9)
                    .collect();
                for _ in 0..blanks {
                    cells[(next() % 81) as usize] = b'.';
                }
                String::from_utf8(cells).unwrap()
            }
        })
        .collect()
}

#[test]
fn answers_keep_input_order_for_any_thread_count() {
    let lines = mixed_batch(3000);
    let input = lines.join("\n") + "\n";
    let one = run(&["solve", "--threads", "1"], &input);
    for threads in ["2", "3", "8"] {
        let many = run(&["solve", "--threads", threads], &input);
        assert!(one == many, "--threads {threads} differs from --threads 1");
    }
    let (out, err, code) = one;
    assert_eq!(code, 2, "bad lines make the exit code 2");
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), lines.len());
    let mut expected_err = String::new();
    for (i, (puzzle, answer)) in lines.iter().zip(&answers).enumerate() {
        match i % 50 {
            19 => {
                assert_eq!(*answer, "error");
                expected_err.push_str(&format!("<stdin>:{}: expected 9 numbers, found 3\n", i + 1));
            }
            31 => {
                assert_eq!(*answer, "no solution");
                expected_err.push_str(&format!(
                    "<stdin>:{}: no solution: row 1 has two 5s\n",
                    i + 1
                ));
            }
            _ => assert!(
                solves(answer, puzzle),
                "line {}: {answer} for {puzzle}",
                i + 1
            ),
        }
    }
    // Messages come in input order too.
    assert_eq!(err, expected_err);
}

#[test]
fn real_data_gives_the_same_output_on_two_threads() {
    let Some(path) = common::shared_data("puzzles2_17_clue") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let input: String = text.lines().take(4000).map(|l| format!("{l}\n")).collect();
    let one = run(&["solve", "--threads", "1"], &input);
    let two = run(&["solve", "--threads", "2"], &input);
    assert!(one == two, "--threads 2 differs from --threads 1");
    let puzzles: Vec<&str> = input.lines().filter(|l| !l.starts_with('#')).collect();
    let answers: Vec<&str> = one.0.lines().collect();
    assert_eq!(answers.len(), puzzles.len());
    for (p, a) in puzzles.iter().zip(&answers) {
        assert!(solves(a, p), "{a} for {p}");
    }
}

#[test]
fn csv_has_a_header_and_one_row_per_puzzle() {
    let input = format!("{HARD}\n12.\n55{}\n", &FILL[2..]);
    let (out, err, code) = run(&["solve", "--format", "csv"], &input);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 4, "{out}");
    assert_eq!(rows[0], "puzzle,answer,status");
    let cols: Vec<&str> = rows[1].split(',').collect();
    assert_eq!((cols[0], cols[2]), (HARD, "solved"));
    assert!(solves(cols[1], HARD));
    assert_eq!(rows[2], ",,error");
    assert_eq!(rows[3], format!("55{},,no solution", &FILL[2..]));
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "<stdin>:2: expected 9 cells, found 3\n<stdin>:3: no solution: row 1 has two 5s\n"
    );
}

#[test]
fn json_lines_hold_nodes_that_add_up_to_the_stats() {
    let input = format!("{HARD}\n{}\n12.\n", ".".repeat(81));
    let (out, err, _) = run(&["solve", "--format", "json", "--stats"], &input);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 3, "{out}");
    let field = |row: &str, key: &str| -> String {
        let start = row.find(&format!("\"{key}\":")).unwrap() + key.len() + 3;
        let rest = &row[start..];
        let end = rest.find([',', '}']).unwrap();
        rest[..end].trim_matches('"').to_string()
    };
    assert_eq!(field(rows[0], "puzzle"), HARD);
    assert!(solves(&field(rows[0], "answer"), HARD));
    assert_eq!(field(rows[0], "status"), "solved");
    assert_eq!(field(rows[1], "status"), "solved");
    assert_eq!(
        rows[2],
        "{\"puzzle\":null,\"answer\":null,\"status\":\"error\",\"nodes\":0}"
    );
    let nodes: u64 = rows
        .iter()
        .map(|r| field(r, "nodes").parse::<u64>().unwrap())
        .sum();
    assert!(nodes > 1000, "the hard puzzle takes thousands of nodes");
    assert!(
        err.contains(&format!(" {nodes} search nodes ")),
        "stats do not add up to {nodes}: {err}"
    );
}

#[test]
fn per_puzzle_limits_say_why_and_do_not_stop_the_batch() {
    let input = format!("{HARD}\n{FILL}\n{HARD}\n");
    let (out, err, code) = run(&["solve", "--timeout", "0.001ms"], &input);
    assert_eq!(
        out,
        format!("gave up (time limit reached)\n{FILL}\ngave up (time limit reached)\n")
    );
    assert_eq!(
        err,
        "<stdin>:1: gave up: time limit reached\n<stdin>:3: gave up: time limit reached\n"
    );
    assert_eq!(code, 3);

    let (out, _, code) = run(&["solve", "--max-nodes", "100", "--format", "csv"], &input);
    assert_eq!(
        out,
        format!(
            "puzzle,answer,status\n{HARD},,gave up (node limit reached)\n\
             {FILL},{FILL},solved\n{HARD},,gave up (node limit reached)\n"
        )
    );
    assert_eq!(code, 3);

    // A generous timeout changes nothing.
    let (out, _, code) = run(&["solve", "--timeout", "60s"], &input);
    assert_eq!(code, 0);
    assert!(solves(out.lines().next().unwrap(), HARD));

    // Counting every fill of an empty grid never ends: the timeout stops it.
    let (out, err, code) = run(
        &["count", "--limit", "1000000000000", "--timeout", "50ms"],
        &format!("{}\n", ".".repeat(81)),
    );
    assert!(out.ends_with(" (gave up: time limit reached)\n"), "{out}");
    assert_eq!(err, "<stdin>:1: gave up: time limit reached\n");
    assert_eq!(code, 3);
}

#[test]
fn each_message_comes_just_before_its_answer_in_a_shared_stream() {
    let input = format!("{FILL}\n12.\n55{}\n{FILL}\n", &FILL[2..]);
    let mut child = Command::new("sh")
        .args(["-c", "\"$0\" solve --threads 2 2>&1", BIN])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sh runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "{FILL}\n<stdin>:2: expected 9 cells, found 3\nerror\n\
             <stdin>:3: no solution: row 1 has two 5s\nno solution\n{FILL}\n"
        )
    );
}
