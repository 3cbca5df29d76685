//! The real binary on real inputs: the Baekjoon samples, the empty grid, puzzles without a
//! solution, bad input of every kind, and the 17-clue set checked by an independent checker.

mod common;

fn run(args: &[&str], stdin: &[u8]) -> common::Run {
    common::run_bin(args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Baekjoon 2580 (spaced) and 2239 (compact): their sample input and output.
const SAMPLE_2580_IN: &str = include_str!("data/baekjoon/2580.in");
const SAMPLE_2580_OUT: &str = include_str!("data/baekjoon/2580.out");
const SAMPLE_2239_IN: &str = include_str!("data/baekjoon/2239.in");
const SAMPLE_2239_OUT: &str = include_str!("data/baekjoon/2239.out");
const EMPTY_OUT: &str = "\
123456789
456789123
789123456
214365897
365897214
897214365
531642978
642978531
978531642
";

#[test]
fn baekjoon_2580_sample() {
    let out = run(&["solve"], SAMPLE_2580_IN.as_bytes());
    assert_eq!(out.stdout, SAMPLE_2580_OUT);
    assert_eq!(Some(out.code), Some(0));
    assert!(out.stderr.is_empty());
}

#[test]
fn baekjoon_2239_sample_from_the_shipped_example_file() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/2239.txt");
    let out = run(&["solve", example], b"");
    assert_eq!(out.stdout, SAMPLE_2239_OUT);
    assert_eq!(Some(out.code), Some(0));
}

#[test]
fn empty_grid_gives_the_smallest_fill() {
    let out = run(&["solve", "-"], "000000000\n".repeat(9).as_bytes());
    assert_eq!(out.stdout, EMPTY_OUT);
    assert_eq!(Some(out.code), Some(0));
}

#[test]
fn several_grids_in_one_input_are_answered_in_order() {
    let input = format!("{SAMPLE_2239_IN}\n{}", "000000000\n".repeat(9));
    let out = run(&["solve"], input.as_bytes());
    assert_eq!(out.stdout, format!("{SAMPLE_2239_OUT}\n{EMPTY_OUT}"));
}

#[test]
fn pretty_output_is_the_boxed_grid() {
    let out = run(&["solve", "--format", "pretty"], SAMPLE_2239_IN.as_bytes());
    let s = out.stdout;
    assert!(s.starts_with("1 4 3 | 6 2 8 | 5 7 9\n"), "{s}");
    assert_eq!(
        s.lines().filter(|l| *l == "------+-------+------").count(),
        2
    );
    assert_eq!(s.lines().count(), 11);
}

#[test]
fn no_solution_and_clashing_givens() {
    // Row 1 needs a 9 in its last cell, but that box already has one: no clash, no fill.
    let unsolvable = format!("12345678.........9{}\n", ".".repeat(63));
    // Row 3 has two 7s.
    let clash = format!("{}7.......7{}\n", ".".repeat(18), ".".repeat(54));
    let out = run(&["solve"], format!("{unsolvable}{clash}").as_bytes());
    assert_eq!(out.stdout, "no solution\nno solution\n");
    assert_eq!(Some(out.code), Some(1));
    assert_eq!(out.stderr, "<stdin>:2: no solution: row 3 has two 7s\n");
}

#[test]
fn count_says_when_it_stopped_at_the_limit() {
    let out = run(&["count"], SAMPLE_2239_IN.as_bytes());
    assert_eq!(out.stdout, "1\n");
    let out = run(
        &["count", "--limit", "5"],
        format!("{}\n", ".".repeat(81)).as_bytes(),
    );
    assert_eq!(out.stdout, "5 (stopped at the limit)\n");
    assert_eq!(Some(out.code), Some(0));
    let unsolvable = format!("12345678.........9{}\n", ".".repeat(63));
    let out = run(&["count"], unsolvable.as_bytes());
    assert_eq!(out.stdout, "0\n");
}

/// Each bad input: exit 2, the message names the input and line, no panic.
#[test]
fn bad_input_is_named_and_never_panics() {
    let good = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"".to_vec(), "sudoku-dlx: <stdin>: no puzzles found"),
        (
            b"# only a comment\n\n".to_vec(),
            "sudoku-dlx: <stdin>: no puzzles found",
        ),
        (
            format!("{}\n", &good[..80]).into_bytes(),
            "<stdin>:1: expected 81 cells, found 80",
        ),
        (
            format!("{}x{}\n", &good[..4], &good[5..]).into_bytes(),
            "<stdin>:1: column 5: 'x' is not a digit 1-9, '.' or '0'",
        ),
        (
            SAMPLE_2580_IN
                .replacen("7 8 2 1 0 5 6 0 9", "7 8 2 1 0 5 6 0 9 4", 1)
                .into_bytes(),
            "<stdin>:2: expected 9 numbers, found 10",
        ),
        (
            SAMPLE_2239_IN
                .replacen("002109400", "0021a9400", 1)
                .into_bytes(),
            "<stdin>:2: column 5: 'a' is not a digit 1-9, '.' or '0'",
        ),
        (
            SAMPLE_2239_IN
                .lines()
                .take(4)
                .map(|l| format!("{l}\n"))
                .collect::<String>()
                .into_bytes(),
            "<stdin>:1: the grid has 4 rows, expected 9",
        ),
        (
            vec![0xFF, 0x00, 0x13, 0x80, b'\n', 0xC3, 0x28, b'\n'],
            "<stdin>:1: column 2: byte 0x00: binary data, not puzzle text; reading stopped here",
        ),
        (
            vec![b'7'; 1 << 20],
            "<stdin>:1: line too long (1048576 bytes)",
        ),
        (
            vec![0xFF, 0x01, 0x13, 0x80, b'\n', 0xC3, 0x28, b'\n'],
            "<stdin>:1: column 1: byte 0xFF is not",
        ),
    ];
    for (input, message) in cases {
        let out = run(&["solve"], &input);
        let err = out.stderr;
        assert_eq!(
            Some(out.code),
            Some(2),
            "input {:?}: {err}",
            text(&input[..input.len().min(40)])
        );
        assert!(err.contains(message), "expected {message:?} in {err:?}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_bad_line_does_not_stop_the_batch() {
    let good = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....";
    let input = format!("{good}\n{}\n{good}\n", &good[..80]);
    let out = run(&["solve"], input.as_bytes());
    let lines: Vec<String> = out.stdout.lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], "error");
    common::check_solution(good, &lines[0]).unwrap();
    assert_eq!(lines[0], lines[2]);
    assert_eq!(Some(out.code), Some(2));
    assert_eq!(out.stderr, "<stdin>:2: expected 81 cells, found 80\n");
}

#[test]
fn missing_file_is_named() {
    let out = run(&["solve", "/nonexistent/puzzles.txt"], b"");
    assert_eq!(Some(out.code), Some(2));
    assert!(
        out.stderr
            .starts_with("sudoku-dlx: /nonexistent/puzzles.txt: ")
    );
}

#[test]
fn usage_errors_exit_2() {
    let out = run(&["solve", "--no-such-flag"], b"");
    assert_eq!(Some(out.code), Some(2));
    let out = run(&["count", "--limit", "0"], b"");
    assert_eq!(Some(out.code), Some(2));
}

/// Every puzzle of the public 17-clue set, each answer checked by the independent checker.
#[test]
fn all_17_clue_puzzles_are_solved_correctly() {
    let Some(path) = common::shared_data("puzzles2_17_clue") else {
        return;
    };
    let puzzles = common::puzzle_lines(&path);
    let out = run(&["solve", path.to_str().unwrap()], b"");
    assert_eq!(Some(out.code), Some(0), "{}", out.stderr);
    let answers: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(answers.len(), puzzles.len());
    for (p, a) in puzzles.iter().zip(&answers) {
        common::check_solution(p, a).unwrap_or_else(|e| panic!("{p}: {e}"));
    }
}

#[test]
fn stats_report_goes_to_stderr() {
    let out = run(&["solve", "--stats"], SAMPLE_2239_IN.as_bytes());
    assert_eq!(out.stdout, SAMPLE_2239_OUT);
    let err = out.stderr;
    assert!(
        err.contains("stats: puzzles 1, solved 1, no solution 0, errors 0, gave up 0"),
        "{err}"
    );
    assert!(err.contains("µs/puzzle") && err.contains("puzzles/s") && err.contains("search nodes"));
}

/// The subcommands `--help` lists, read from its text (not from the flag definitions).
fn subcommands() -> Vec<String> {
    let help = run(&["--help"], b"").stdout;
    let at = help.find("Commands:").expect("a Commands: section");
    help[at..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

/// `completions SHELL` writes a script for every shell clap knows, naming every subcommand;
/// bash's parses (`bash -n`) where bash is installed. An unknown shell is a usage error.
#[test]
fn completions_cover_every_shell_and_subcommand() {
    let subs = subcommands();
    assert!(subs.len() >= 12, "{subs:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let r = run(&["completions", shell], b"");
        assert_eq!(r.code, 0, "{shell}: {}", r.stderr);
        for sub in &subs {
            assert!(
                r.stdout.contains(sub.as_str()),
                "{shell} script lacks {sub}"
            );
        }
    }
    let bash = run(&["completions", "bash"], b"").stdout;
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("completions.bash");
    std::fs::write(&path, &bash).unwrap();
    if let Ok(status) = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .status()
    {
        assert!(status.success(), "bash -n rejects the script");
    }
    let r = run(&["completions", "tcsh"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("tcsh"), "{}", r.stderr);
}

/// `man` writes a roff page listing every subcommand; `man SUB` one whose options are every
/// long flag `SUB --help` lists. An unknown subcommand is a usage error naming it.
#[test]
fn man_pages_list_every_subcommand_and_flag() {
    let page = run(&["man"], b"");
    assert_eq!(page.code, 0, "{}", page.stderr);
    assert!(
        page.stdout.contains(".TH sudoku-dlx 1"),
        "{}",
        &page.stdout[..200]
    );
    let subs = subcommands();
    for sub in &subs {
        assert!(page.stdout.contains(sub.as_str()), "the page lacks {sub}");
        let help = run(&[sub.as_str(), "--help"], b"").stdout;
        let man = run(&["man", sub.as_str()], b"");
        assert_eq!(man.code, 0, "{sub}: {}", man.stderr);
        assert!(
            man.stdout.contains(&format!(".TH sudoku-dlx-{sub} 1")),
            "{sub}"
        );
        let flags = help
            .split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == '=')
            .filter_map(|w| w.strip_prefix("--"))
            .map(|w| {
                let name: String = w
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                format!("--{}", name.trim_end_matches('-'))
            })
            .filter(|flag| flag.len() > 2);
        for flag in flags {
            let roff = flag.replace('-', "\\-");
            assert!(man.stdout.contains(&roff), "man {sub} lacks {flag}");
        }
    }
    let r = run(&["man", "nope"], b"");
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("`nope`"), "{}", r.stderr);
}
