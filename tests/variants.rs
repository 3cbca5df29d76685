//! Sudoku variants through the real binary: counts and smallest fills against an
//! independent brute force (tests/common/variants.rs) on small grids, published puzzles
//! with their published solutions, Knuth's general format, samurai, `cover --emit`, and
//! every fault of the regions and cages formats with its message.

mod common;

use std::path::{Path, PathBuf};

use common::variants::{Rules, blank_all_but, line, random_cages, values};
use common::{Rng, run_bin};

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/variants")
        .join(name)
        .display()
        .to_string()
}

/// A scratch file under the target directory, unique per test.
fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("variants");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Random puzzles of `rules` (keeping `keep` givens of random fills), counted and solved
/// by the binary with `flags` in one batch each, against the brute force.
fn agree_with_brute_force(rules: &Rules, flags: &[&str], keeps: &[usize], seed: u64) {
    let mut rng = Rng::new(seed);
    let limit = 30;
    let mut puzzles = Vec::new();
    for &keep in keeps {
        let fill = rules.random_fill(&mut rng);
        puzzles.push(blank_all_but(&fill, &rules.present, keep, &mut rng));
    }
    let input: String = puzzles.iter().map(|p| line(p) + "\n").collect();
    let limit_arg = limit.to_string();
    let mut args = vec!["count", "--limit", &limit_arg, "--threads", "1"];
    args.extend_from_slice(flags);
    let counted = run_bin(&args, &input);
    let mut args = vec!["solve", "--threads", "1"];
    args.extend_from_slice(flags);
    let solved = run_bin(&args, &input);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let counts: Vec<&str> = counted.stdout.lines().collect();
    let answers: Vec<&str> = solved.stdout.lines().collect();
    assert_eq!(counts.len(), puzzles.len());
    assert_eq!(answers.len(), puzzles.len());
    for (i, p) in puzzles.iter().enumerate() {
        let fills = rules.fills(p, limit);
        let expected = if fills.len() >= limit {
            format!("{limit} (stopped at the limit)")
        } else {
            fills.len().to_string()
        };
        assert_eq!(counts[i], expected, "count of {} with {flags:?}", line(p));
        // Row-major backtracking meets fills in lexicographic order: the first is the
        // smallest, which is the answer.
        assert_eq!(
            answers[i],
            line(&fills[0]),
            "answer to {} with {flags:?}",
            line(p)
        );
        rules.check(p, &values(answers[i])).unwrap();
    }
}

const JIGSAW4: &str = "1112122234443334";
const JIGSAW6: &str = "111222113322133342553444556644556666";

#[test]
fn x_counts_and_smallest_fills_match_brute_force() {
    let x4 = Rules::latin(4).boxes(2, 2).diagonals();
    agree_with_brute_force(&x4, &["--variant", "x"], &[0, 1, 2, 3, 4, 5, 6], 1);
    // The empty 4×4 X grid: 48 fills, by the brute force.
    assert_eq!(x4.fills(&[0; 16], 1000).len(), 48);
    let x6 = Rules::latin(6).boxes(2, 3).diagonals();
    agree_with_brute_force(&x6, &["--variant", "x"], &[6, 8, 9, 10, 11, 12, 14, 16], 2);
}

#[test]
fn jigsaw_counts_and_smallest_fills_match_brute_force() {
    let j4 = Rules::latin(4).regions(JIGSAW4);
    agree_with_brute_force(&j4, &["--regions", JIGSAW4], &[0, 1, 2, 3, 4, 5], 3);
    let j6 = Rules::latin(6).regions(JIGSAW6);
    agree_with_brute_force(&j6, &["--regions", JIGSAW6], &[6, 8, 9, 10, 12, 14], 4);
    // Jigsaw + X (these 6×6 regions admit no X fill; the 4×4 ones do).
    let jx = Rules::latin(4).regions(JIGSAW4).diagonals();
    agree_with_brute_force(
        &jx,
        &["--regions", JIGSAW4, "--variant", "x"],
        &[0, 1, 2, 3],
        5,
    );
    let none = run_bin(
        &["count", "--regions", JIGSAW6, "--variant", "x"],
        ".".repeat(36),
    );
    assert_eq!(none.stdout, "0\n");
}

#[test]
fn windoku_smallest_fills_match_brute_force() {
    let w = Rules::latin(9).boxes(3, 3).windows9();
    agree_with_brute_force(&w, &["--variant", "windoku"], &[40, 45, 50, 55], 6);
}

/// The empty 16×16 windoku: the count to two passes its budget and the first fill comes
/// from restarting searches, as for classic grids (it found no answer in 60 s when the
/// variants lacked the restarts). The answer is checked by the independent rules; being
/// the smallest, it starts with the first row in order. It takes 11.5 M nodes, past the
/// default budget (where it gives up with its partial work: `tests/robustness/refusals.rs`), so the
/// budget is lifted here.
#[test]
fn empty_16x16_windoku_is_answered_by_the_restarting_policy() {
    let mut w = Rules::latin(16).boxes(4, 4);
    for top in [1, 6, 11] {
        for left in [1, 6, 11] {
            w.groups
                .push((0..16).map(|k| (top + k / 4) * 16 + left + k % 4).collect());
        }
    }
    let empty = vec![0u8; 256];
    let run = run_bin(
        &["solve", "--variant", "windoku", "--max-nodes", "none"],
        format!("{}\n", line(&empty)),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let fill = values(run.stdout.trim());
    w.check(&empty, &fill).unwrap();
    assert_eq!(&fill[..16], &(1..=16).collect::<Vec<u8>>()[..]);
}

#[test]
fn killer_counts_and_smallest_fills_match_brute_force() {
    let mut rng = Rng::new(7);
    for (n, br, bc, keeps) in [(4, 2, 2, [0, 0, 1, 2]), (6, 2, 3, [0, 1, 3, 6])] {
        for keep in keeps {
            let base = Rules::latin(n).boxes(br, bc);
            let fill = base.random_fill(&mut rng);
            let cages = random_cages(&fill, n, &mut rng);
            let rules = base.cages_text(&cages);
            let puzzle = blank_all_but(&fill, &rules.present, keep, &mut rng);
            let path = scratch(&format!("killer{n}-{keep}.txt"), &cages);
            let path = path.to_str().unwrap();
            let fills = rules.fills(&puzzle, 30);
            let counted = run_bin(&["count", "--limit", "30", "--cages", path], line(&puzzle));
            let expected = if fills.len() >= 30 {
                "30 (stopped at the limit)".to_string()
            } else {
                fills.len().to_string()
            };
            assert_eq!(counted.stdout.trim(), expected, "{cages}");
            let solved = run_bin(&["solve", "--cages", path], line(&puzzle));
            assert_eq!(solved.stdout.trim(), line(&fills[0]), "{cages}");
        }
    }
}

/// Published puzzles with their published solutions. Sources:
/// * X: forum.enjoysudoku.com, "The hardest sudokus (new thread)", page 645
///   (http://forum.enjoysudoku.com/the-hardest-sudokus-new-thread-t6539-645.html);
/// * X-windoku: forum.enjoysudoku.com, "X-sudoku extreme", post 309418;
/// * jigsaw: https://sudokupad.app/fTbNFPQ44g (https://www.youtube.com/watch?v=wuduuLVGKDQ);
/// * killer: the example of https://en.wikipedia.org/wiki/Killer_sudoku (Toon Spin).
///
/// The puzzles and solutions were transcribed from the example list of sigh's
/// Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver), which cites
/// those sources; each solution is also checked here by the independent checker and
/// shown unique by `count`.
#[test]
fn published_puzzles_get_their_published_solutions() {
    let jigsaw =
        "000000021453303021453333221453322221455566121445666111445566667488887777888887777";
    let cases: [(&str, Vec<String>, &str, Rules); 4] = [
        (
            "x.txt",
            vec!["--variant".into(), "x".into()],
            "681945237792316584435827619523784961817639425946152873369478152158293746274561398",
            Rules::latin(9).boxes(3, 3).diagonals(),
        ),
        (
            "x-windoku.txt",
            vec!["--variant".into(), "x,windoku".into()],
            "932674518678521943541398267469283751217459386853716429326147895794865132185932674",
            Rules::latin(9).boxes(3, 3).diagonals().windows9(),
        ),
        (
            "jigsaw.txt",
            vec!["--regions".into(), example("jigsaw-regions.txt")],
            "364891527189374265542168739625719843213987456937456182876523914498235671751642398",
            Rules::latin(9).regions(jigsaw),
        ),
        (
            "killer.txt",
            vec!["--cages".into(), example("killer-cages.txt")],
            "215647398368952174794381652586274931142593867973816425821739546659428713437165289",
            Rules::latin(9).boxes(3, 3).cages_text(
                &std::fs::read_to_string(example("killer-cages.txt"))
                    .unwrap()
                    .lines()
                    .filter(|l| !l.starts_with('#'))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
        ),
    ];
    for (file, flags, solution, rules) in cases {
        let file = example(file);
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let mut args = vec!["solve"];
        args.extend_from_slice(&flags);
        args.push(&file);
        let solved = run_bin(&args, "");
        assert_eq!((solved.code, solved.stdout.trim()), (0, solution), "{file}");
        let puzzle = values(std::fs::read_to_string(&file).unwrap().trim());
        rules.check(&puzzle, &values(solution)).unwrap();
        args[0] = "count";
        assert_eq!(run_bin(&args, "").stdout.trim(), "1", "{file} is unique");
    }
}

/// The published X puzzle in Knuth's general format: the grid, the boxes, then one group
/// per diagonal (they cross at the centre, so one group cannot hold both).
fn x_in_general_format() -> String {
    let puzzle = std::fs::read_to_string(example("x.txt")).unwrap();
    let mut text = String::new();
    for row in puzzle.trim().as_bytes().chunks(9) {
        text.push_str(std::str::from_utf8(row).unwrap());
        text.push('\n');
    }
    for r in 0..9 {
        for c in 0..9 {
            text.push((b'0' + (r / 3 * 3 + c / 3) as u8) as char);
        }
        text.push('\n');
    }
    for label in ['a', 'b'] {
        for r in 0..9 {
            for c in 0..9 {
                let on = if label == 'a' { r == c } else { r + c == 8 };
                text.push(if on { label } else { '.' });
            }
            text.push('\n');
        }
    }
    text
}

#[test]
fn knuth_general_format_solves_counts_and_emits() {
    let text = x_in_general_format();
    let path = scratch("x.general", &text);
    let path = path.to_str().unwrap();
    let solved = run_bin(&["solve", "--variant", "general", path], "");
    let expected =
        "681945237792316584435827619523784961817639425946152873369478152158293746274561398";
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(solved.stdout.replace('\n', ""), expected);
    // Two puzzles in one input, separated by an empty line; the second has holes.
    let holes = "1#..\n....\n..#.\n....\n0.11\n0011\n22.3\n2233\n";
    let both = format!("{text}\n{holes}");
    let counted = run_bin(&["count", "--variant", "general", "--limit", "1000"], &both);
    let rules = {
        let mut r = Rules::latin(4).boxes(2, 2);
        // Rows and columns through a hole hold each symbol at most once: the brute force
        // needs no change, since "all differ" is what it checks, with holes left out.
        r.present[1] = false;
        r.present[10] = false;
        for g in &mut r.groups {
            g.retain(|&x| x != 1 && x != 10);
        }
        r
    };
    let mut puzzle = vec![0u8; 16];
    puzzle[0] = 1;
    let brute = rules.fills(&puzzle, 1000).len();
    assert_eq!(counted.stdout, format!("1\n{brute}\n"));
    // --emit for cover, solved by cover, decoded: the same fill.
    let emitted = run_bin(&["cover", "--emit", "general", path], "");
    assert_eq!(emitted.code, 0, "{}", emitted.stderr);
    let covered = run_bin(&["cover"], &emitted.stdout);
    assert_eq!(decode_cover(&covered.stdout, 9, 81), expected);
}

/// Decodes `cover`'s answer for a variant: each placement option starts with its cell item
/// `pR_C` (base 36) and then an item ending in `_V` (the value, base 36).
fn decode_cover(answer: &str, width: usize, cells: usize) -> String {
    let mut grid = vec![0u8; cells];
    for option in answer.lines() {
        let mut words = option.split_whitespace();
        let Some(cell) = words.next().and_then(|w| w.strip_prefix('p')) else {
            continue;
        };
        let (r, c) = cell.split_once('_').unwrap();
        let (r, c) = (
            usize::from_str_radix(r, 36).unwrap(),
            usize::from_str_radix(c, 36).unwrap(),
        );
        let v = words.next().unwrap().rsplit('_').next().unwrap();
        grid[r * width + c] = u8::from_str_radix(v, 36).unwrap();
    }
    line(&grid)
}

#[test]
fn cover_emit_writes_each_variant_for_cover() {
    let cases = [
        ("x.txt", vec!["--variant", "x"]),
        ("x-windoku.txt", vec!["--variant", "x,windoku"]),
        ("killer.txt", vec!["--cages"]),
        ("jigsaw.txt", vec!["--regions"]),
    ];
    for (file, mut flags) in cases {
        let extra = match file {
            "killer.txt" => example("killer-cages.txt"),
            "jigsaw.txt" => example("jigsaw-regions.txt"),
            _ => String::new(),
        };
        if !extra.is_empty() {
            flags.push(&extra);
        }
        let puzzle = std::fs::read_to_string(example(file)).unwrap();
        let mut args = vec!["cover", "--emit", "sudoku", puzzle.trim()];
        args.extend_from_slice(&flags);
        let emitted = run_bin(&args, "");
        assert_eq!(emitted.code, 0, "{}", emitted.stderr);
        let covered = run_bin(&["cover", "--count"], &emitted.stdout);
        assert_eq!(covered.stdout.trim(), "1", "{file}: one cover");
        let mut args = vec!["solve"];
        args.extend_from_slice(&flags);
        let solved = run_bin(&args, &puzzle);
        let covered = run_bin(&["cover"], &emitted.stdout);
        assert_eq!(
            decode_cover(&covered.stdout, 9, 81),
            solved.stdout.trim(),
            "{file}"
        );
    }
}

/// A samurai text from canvas values (441), outside cells as `filler`.
fn samurai_text(values: &[u8], filler: char) -> String {
    let rules = Rules::samurai();
    let mut out = String::new();
    for r in 0..21 {
        let mut row = String::new();
        for c in 0..21 {
            let x = r * 21 + c;
            row.push(if !rules.present[x] {
                filler
            } else if values[x] == 0 {
                '.'
            } else {
                (b'0' + values[x]) as char
            });
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

fn samurai_values(text: &str) -> Vec<u8> {
    let rules = Rules::samurai();
    let mut v = vec![0u8; 441];
    for (r, row) in text.lines().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if rules.present[r * 21 + c] && ch.is_ascii_digit() {
                v[r * 21 + c] = ch as u8 - b'0';
            }
        }
    }
    v
}

#[test]
fn samurai_is_answered_in_kind_and_checked() {
    let rules = Rules::samurai();
    let mut rng = Rng::new(11);
    let fill = rules.random_fill(&mut rng);
    rules.check(&vec![0; 441], &fill).unwrap();
    let mut input = String::new();
    let mut puzzles = Vec::new();
    for keep in [369, 200, 150] {
        let p = blank_all_but(&fill, &rules.present, keep, &mut rng);
        if !input.is_empty() {
            input.push('\n');
        }
        input.push_str(&samurai_text(&p, '-'));
        puzzles.push(p);
    }
    let solved = run_bin(&["solve", "--variant", "samurai"], &input);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let answers: Vec<&str> = solved.stdout.split("\n\n").collect();
    assert_eq!(answers.len(), 3);
    for (p, a) in puzzles.iter().zip(&answers) {
        let got = samurai_values(a);
        rules.check(p, &got).unwrap();
        // In kind: the same layout, outside cells as the puzzle wrote them.
        assert_eq!(format!("{}\n", a.trim_end()), samurai_text(&got, '-'));
    }
    // The empty samurai: the smallest fill starts 123456789 on the first row.
    let empty = samurai_text(&[0; 441], ' ');
    let solved = run_bin(&["solve", "--variant", "samurai"], &empty);
    let got = samurai_values(&solved.stdout);
    rules.check(&[0; 441], &got).unwrap();
    common::assert_starts(&solved.stdout, "123456789   ");
    // Emitted for cover: one cover per fill of the 369-given puzzle.
    let path = scratch("samurai.txt", &samurai_text(&puzzles[0], ' '));
    let emitted = run_bin(&["cover", "--emit", "samurai", path.to_str().unwrap()], "");
    let covered = run_bin(&["cover"], &emitted.stdout);
    let decoded = decode_cover(&covered.stdout, 21, 441);
    assert_eq!(values(&decoded), fill);
}

#[test]
fn bad_regions_each_have_their_message() {
    let cases = [
        (
            "11122",
            "--regions 11122: no such file, and 5 labels are not n² for an n×n grid",
        ),
        (
            "1111111111111111",
            "--regions: 1 regions in a 4x4 grid: expected 4",
        ),
        (
            "1111122233334444",
            "--regions: region '1' has 5 cells: expected 4",
        ),
        (
            "1122112233443434",
            "--regions: region '3' is not connected: r3c1 cannot reach r4c3",
        ),
    ];
    for (spec, message) in cases {
        let run = run_bin(&["solve", "--regions", spec], "................\n");
        assert_eq!(run.code, 2, "{spec}");
        assert_eq!(
            run.stderr.trim(),
            format!("sudoku-dlx: {message}"),
            "{spec}"
        );
        assert!(run.stdout.is_empty());
    }
    // From a file: the file's name leads the message.
    let path = scratch("bad.regions", "112\n233\n");
    let run = run_bin(&["count", "--regions", path.to_str().unwrap()], "");
    assert_eq!(run.code, 2);
    common::assert_has(&run.stderr, "bad.regions: 6 labels");
    // Regions for another side than the puzzle: a message per puzzle, exit 2.
    let run = run_bin(&["solve", "--regions", JIGSAW4], ".".repeat(81) + "\n");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        "<stdin>:1: the regions are for a 4x4 grid, the puzzle is 9x9"
    );
    assert_eq!(run.stdout, "error\n");
}

#[test]
fn bad_cages_each_have_their_file_line_and_message() {
    let cases = [
        (
            "x r1c1\n",
            "1: \"x\" is not a sum (a cage line is a sum, then cells such as r1c2)",
        ),
        ("3\n", "1: the cage has a sum but no cells"),
        ("# c\n3 r1c1 a1\n", "2: \"a1\" is not a cell such as r1c2"),
        ("3 r1c1 r1c1\n", "1: r1c1 appears twice in the cage"),
        (
            "3 r1c1 r1c2\n4 r1c2 r2c2\n",
            "2: r1c2 is already in the cage of line 1",
        ),
        (
            "46 r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1\n",
            "1: 10 cells, but a cage holds at most 9 (its digits differ)",
        ),
        (
            "18 r1c1 r1c2\n",
            "1: 2 distinct digits cannot add up to 18 (only 3 to 17)",
        ),
        (
            "0 r1c1\n",
            "1: 1 distinct digits cannot add up to 0 (only 1 to 9)",
        ),
    ];
    for (i, (text, message)) in cases.iter().enumerate() {
        let path = scratch(&format!("bad{i}.cages"), text);
        let path = path.to_str().unwrap();
        let run = run_bin(&["solve", "--cages", path], ".".repeat(81) + "\n");
        assert_eq!(run.code, 2, "{text}");
        assert_eq!(run.stderr.trim(), format!("{path}:{message}"), "{text}");
    }
    // Off the grid of the puzzle actually read (a 4×4 one).
    let path = scratch("off.cages", "3 r1c1 r5c1\n");
    let run = run_bin(
        &["solve", "--cages", path.to_str().unwrap()],
        "1234............\n",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .ends_with("off.cages:1: r5c1 is off the 4x4 grid\n"),
        "{}",
        run.stderr
    );
    // A missing file.
    let run = run_bin(&["solve", "--cages", "/nonexistent/cages"], "");
    assert_eq!(run.code, 2);
    common::assert_starts(&run.stderr, "sudoku-dlx: /nonexistent/cages: ");
}

#[test]
fn clashes_and_bad_combinations_are_reported() {
    let mut diag = ".".repeat(81);
    diag.replace_range(0..1, "5");
    diag.replace_range(80..81, "5");
    let run = run_bin(&["solve", "--variant", "x"], format!("{diag}\n"));
    assert_eq!((run.code, run.stdout.as_str()), (1, "no solution\n"));
    assert_eq!(
        run.stderr.trim(),
        "<stdin>:1: no solution: the main diagonal has two 5s"
    );
    let run = run_bin(&["solve", "--variant", "x", "--solver", "naive"], "");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("dancing links only"));
    let run = run_bin(&["solve", "--variant", "samurai,x"], "");
    assert_eq!(run.code, 2);
    let bad = "1.\n..\n0X\n..\n";
    let run = run_bin(&["solve", "--variant", "general"], bad);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        "<stdin>:3: column 2: 'X' is not a box label (0-9, a-v) or '.'"
    );
    assert_eq!(run.stdout, "error\n");
}

#[test]
fn limits_and_formats_apply_to_variants() {
    // The empty X grid needs more than one node: gave up, exit 3, in every format.
    let empty = ".".repeat(81) + "\n";
    let run = run_bin(&["solve", "--variant", "x", "--max-nodes", "1"], &empty);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (3, "gave up (node limit reached)\n")
    );
    let run = run_bin(
        &["count", "--variant", "windoku", "--max-nodes", "5"],
        &empty,
    );
    assert_eq!(run.code, 3);
    let samurai = std::fs::read_to_string(example("samurai.txt")).unwrap();
    let run = run_bin(
        &["solve", "--variant", "samurai", "--max-nodes", "3"],
        &samurai,
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (3, "gave up (node limit reached)\n")
    );
    // JSON lines for a batch of two X puzzles, the second with no fill.
    let mut clash = ".".repeat(81);
    clash.replace_range(0..1, "1");
    clash.replace_range(10..11, "1");
    let x = std::fs::read_to_string(example("x.txt")).unwrap();
    let run = run_bin(
        &["solve", "--variant", "x", "--format", "json"],
        format!("{x}{clash}\n"),
    );
    assert_eq!(run.code, 1);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(lines[0].contains("681945237792316584"), "{}", lines[0]);
    assert!(lines[1].contains("no solution"), "{}", lines[1]);
}

/// The README's variant examples run as written.
#[test]
fn readme_variant_examples_run() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let section = readme
        .split("\n## Variants")
        .nth(1)
        .expect("a Variants section")
        .split("\n## ")
        .next()
        .unwrap();
    let mut checked = 0;
    let mut lines = section.lines().peekable();
    while let Some(l) = lines.next() {
        let Some(command) = l.strip_prefix("$ sudoku-dlx ") else {
            continue;
        };
        let mut expected = String::new();
        while let Some(next) = lines.peek() {
            if next.starts_with("```") || next.starts_with("$ ") {
                break;
            }
            expected.push_str(lines.next().unwrap());
            expected.push('\n');
        }
        let args: Vec<String> = command
            .split_whitespace()
            .map(|a| {
                if a.starts_with("examples/") {
                    root.join(a).display().to_string()
                } else {
                    a.to_string()
                }
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = run_bin(&args, "");
        assert_eq!(run.stdout, expected, "README: {command}\n{}", run.stderr);
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} examples found");
}

/// `hint`, `explain` and `rate` take the variant flags only to refuse them, with our own
/// message naming the variant and why (the strategy ladder knows classic Sudoku only) and
/// exit code 7, before reading any puzzle; without a variant flag they answer as before.
#[test]
fn logic_commands_refuse_variants_clearly() {
    let regions = example("jigsaw-regions.txt");
    let cages = example("killer-cages.txt");
    let cases: [(&[&str], &str, &str); 7] = [
        (&["--variant", "x"], "X-Sudoku (--variant x)", "diagonals"),
        (
            &["--variant", "windoku"],
            "windoku (--variant windoku)",
            "windows",
        ),
        (
            &["--regions", &regions],
            "jigsaw (--regions)",
            "irregular regions",
        ),
        (&["--cages", &cages], "killer (--cages)", "cage sums"),
        (
            &["--variant", "samurai"],
            "samurai (--variant samurai)",
            "overlapping",
        ),
        (
            &["--variant", "general"],
            "Knuth's general format (--variant general)",
            "holes",
        ),
        (
            &["--variant", "x", "--regions", &regions],
            "X-Sudoku (--variant x) + jigsaw (--regions)",
            "diagonals, would use box techniques",
        ),
    ];
    let puzzle =
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....\n";
    for command in ["hint", "explain", "rate"] {
        for (flags, name, why) in &cases {
            let mut args = vec![command];
            args.extend_from_slice(flags);
            let run = run_bin(&args, puzzle);
            assert_eq!(run.code, 7, "{args:?}: {}", run.stderr);
            assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
            let expected = format!("sudoku-dlx: {command} does not support {name}");
            assert!(
                run.stderr.starts_with(&expected),
                "{args:?}: {}",
                run.stderr
            );
            for part in [*why, "rows, columns and boxes of classic Sudoku", "`solve`"] {
                assert!(run.stderr.contains(part), "{args:?}: {}", run.stderr);
            }
            assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        }
        // Without a variant flag the puzzle is answered.
        let run = run_bin(&[command], puzzle);
        assert_eq!(run.code, 0, "{command}: {}", run.stderr);
        assert!(!run.stdout.is_empty());
    }
}

/// `--solver dlx-generic` runs the variants on the generic engine, the default on the
/// specialised links: the same answers and the same search nodes (`--stats`).
#[test]
fn both_engines_answer_alike_through_the_binary() {
    let regions = example("jigsaw-regions.txt");
    let cages = example("killer-cages.txt");
    let runs: [Vec<String>; 4] = [
        vec!["--variant".into(), "x".into(), example("x.txt")],
        vec![
            "--variant".into(),
            "x,windoku".into(),
            example("x-windoku.txt"),
        ],
        vec!["--regions".into(), regions, example("jigsaw.txt")],
        vec!["--cages".into(), cages, example("killer.txt")],
    ];
    let nodes = |stderr: &str| -> String {
        let at = stderr.find(" search nodes").expect("--stats reports nodes");
        stderr[..at].rsplit(' ').next().unwrap().to_string()
    };
    for args in &runs {
        let mut out = Vec::new();
        for solver in ["dlx", "dlx-generic"] {
            let mut a = vec!["solve", "--stats", "--solver", solver];
            a.extend(args.iter().map(String::as_str));
            let run = run_bin(&a, "");
            assert_eq!(run.code, 0, "{a:?}: {}", run.stderr);
            out.push((run.stdout, nodes(&run.stderr)));
        }
        assert_eq!(out[0], out[1], "{args:?}");
        assert!(out[0].1.parse::<u64>().unwrap() > 0, "{args:?}");
    }
}
