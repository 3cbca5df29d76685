//! The strategy ladder against code that shares nothing with it: every step of every
//! explanation is checked against the fill found by the DLX solver (a placement must be the
//! fill's digit, an elimination must not remove it), on a sample of every public data set
//! (`LOGIC_SAMPLE=N` puzzles per set, 60 by default; `LOGIC_SAMPLE=all` for every puzzle).
//! The levels agree with QQWing's on QQWing's own puzzles when `qqwing` is installed.

mod common;

use dlx_sudoku::SudokuSolver;
use std::collections::BTreeMap;

use dlx_sudoku::logic::{Logic, Technique};
use dlx_sudoku::{DlxSolver, Grid, Outcome, Shape};

use common::DATA_SETS as SETS;

/// Evenly spaced puzzles of a set, or `None` (with a message) when the set is absent.
fn sample(name: &str) -> Option<Vec<Grid>> {
    let path = common::shared_data(name)?;
    let lines = common::puzzle_lines(&path);
    let want = match std::env::var("LOGIC_SAMPLE").as_deref() {
        Ok("all") => lines.len(),
        Ok(n) => n.parse().expect("LOGIC_SAMPLE is a number or 'all'"),
        Err(_) => 60,
    };
    let step = (lines.len() / want.max(1)).max(1);
    Some(
        lines
            .iter()
            .step_by(step)
            .take(want)
            .map(|l| l[..81].parse().expect("a puzzle line"))
            .collect(),
    )
}

/// Checks every step of the puzzle's explanation; returns the techniques used.
fn check(logic: &Logic, dlx: &mut DlxSolver, puzzle: &Grid) -> Vec<Technique> {
    let Outcome::Solved(fill) = dlx.solve(puzzle) else {
        panic!("{puzzle}: no fill")
    };
    let mut board = logic.board(puzzle).unwrap();
    // `explain` on proper puzzles; on puzzles with several fills (the serg set) the same
    // ladder with DLX's smallest fill for its guesses: every other step holds in every fill.
    let steps = match logic.explain(&board) {
        Ok(steps) => steps,
        Err(_) => {
            let mut b = board.clone();
            let mut steps = Vec::new();
            while let Some(s) = logic.next_step(&b, &fill) {
                logic.apply(&mut b, &s);
                steps.push(s);
            }
            steps
        }
    };
    for s in &steps {
        assert!(
            !s.place.is_empty() || !s.eliminate.is_empty(),
            "{puzzle}: {s:?}"
        );
        for &(c, v) in &s.place {
            assert_eq!(fill.cells()[c], v, "{puzzle}: {s:?} places a wrong digit");
        }
        for &(c, v) in &s.eliminate {
            assert_ne!(
                fill.cells()[c],
                v,
                "{puzzle}: {s:?} removes the fill's digit"
            );
        }
        logic.apply(&mut board, s);
    }
    assert_eq!(board.to_grid(), fill, "{puzzle}: the steps end elsewhere");
    // `rate` follows the same path by a faster road (singles without their steps, scans
    // that found nothing skipped while their units are unchanged): same counts.
    if let Ok(rating) = logic.rate(&logic.board(puzzle).unwrap()) {
        let mut counts = [0u32; Technique::ALL.len()];
        for s in &steps {
            counts[s.technique.index()] += 1;
        }
        assert_eq!(rating.counts, counts, "{puzzle}");
        assert_eq!(rating.steps, steps.len(), "{puzzle}");
    }
    steps.iter().map(|s| s.technique).collect()
}

#[test]
fn every_step_of_every_explanation_is_sound() {
    let logic = Logic::new(Shape::CLASSIC);
    let mut dlx = DlxSolver::new(Shape::CLASSIC);
    let mut used: BTreeMap<Technique, u64> = BTreeMap::new();
    let mut puzzles = 0;
    for set in SETS {
        let Some(grids) = sample(set) else { continue };
        for g in &grids {
            for t in check(&logic, &mut dlx, g) {
                *used.entry(t).or_default() += 1;
            }
            puzzles += 1;
        }
    }
    eprintln!("{puzzles} puzzles checked; steps by technique: {used:?}");
}

#[test]
fn machine_effort_orders_the_sets_as_their_reputations_do() {
    let logic = Logic::new(Shape::CLASSIC);
    let mut means = Vec::new();
    for set in [SETS[0], SETS[1], SETS[2], SETS[4]] {
        let Some(grids) = sample(set) else { return };
        let total: f64 = grids
            .iter()
            .map(|g| logic.rate(&logic.board(g).unwrap()).unwrap().effort)
            .sum();
        means.push((set, total / grids.len() as f64));
    }
    eprintln!("mean effort: {means:?}");
    for w in means.windows(2) {
        assert!(w[0].1 < w[1].1, "{means:?}");
    }
}

#[test]
fn equivalent_puzzles_rate_alike() {
    // On 9×9 the effort's samples start from the canonical form, so every isomorph of a
    // puzzle (rows, columns, bands, stacks, transposition and digits moved; drawn by the
    // tests' own code) gets exactly the same effort, whatever the number of samples. The
    // hard puzzle is always checked; a sample of top1465 when the data sets are there.
    let mut puzzles: Vec<Grid> = vec![HARD.parse().unwrap()];
    if let Some(grids) = sample(SETS[2]) {
        puzzles.extend(grids.into_iter().take(20));
    }
    let mut rng = common::Rng::new(0x150);
    for samples in [1, 3] {
        let logic = Logic::new(Shape::CLASSIC).with_samples(samples);
        for g in &puzzles {
            let a = logic.rate(&logic.board(g).unwrap()).unwrap();
            assert!(a.effort > 0.0, "{g}: singles alone do not solve it");
            let cells = common::iso::values(&g.to_line());
            for _ in 0..3 {
                let moved = common::iso::line(&common::iso::random_isomorph(&mut rng, &cells));
                let h: Grid = moved.parse().unwrap();
                let b = logic.rate(&logic.board(&h).unwrap()).unwrap();
                assert_eq!(
                    a.effort, b.effort,
                    "{g} and its isomorph {h}, {samples} samples"
                );
            }
        }
    }
}

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn hint_names_the_step_in_text_and_json() {
    let run = common::run_bin(&["hint"], format!("{HARD}\n"));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "hidden single: r9c3 is the only place for 7 in box 7\n"
    );
    let run = common::run_bin(&["hint", "--format", "json"], format!("{HARD}\n{EASY}\n"));
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with(&format!(
        "{{\"puzzle\":\"{HARD}\",\"technique\":\"hidden single\""
    )));
    assert!(lines[0].contains("\"place\":[[\"r9c3\",7]],\"eliminate\":[]"));
    assert!(lines[1].contains("\"technique\":\"naked single\""));
}

#[test]
fn explain_ends_with_the_fill_and_rate_writes_csv_in_order() {
    let run = common::run_bin(
        &["explain", "--format", "json", "--candidates"],
        format!("{HARD}\n"),
    );
    assert_eq!(run.code, 0);
    let line = run.stdout.trim_end();
    let solution = line
        .rsplit("\"solution\":\"")
        .next()
        .unwrap()
        .trim_end_matches("\"}");
    common::check_solution(HARD, solution).unwrap();
    assert!(line.contains("\"candidates\":\""));
    assert_eq!(
        line.matches("\"technique\":").count(),
        line.matches("\"candidates\":").count()
    );

    let input = format!("{HARD}\n{EASY}\n{}\n{}\n", ".".repeat(81), "x");
    let run = common::run_bin(&["rate", "--format", "csv", "--threads", "2"], input);
    assert_eq!(run.code, 2, "a bad line outranks a puzzle without one fill");
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert!(rows[0].starts_with("puzzle,status,level,score,hardest,effort,steps,naked_single"));
    let columns = rows[0].split(',').count();
    assert!(
        rows.iter().all(|r| r.split(',').count() == columns),
        "{rows:?}"
    );
    assert!(rows[1].starts_with(&format!("{HARD},solved,expert,")));
    assert!(rows[2].starts_with(&format!("{EASY},solved,simple,2.3,naked single,0.000,")));
    assert!(rows[3].contains(",not unique,"));
    assert!(rows[4].starts_with(",error,"));
    common::assert_has(&run.stderr, "<stdin>:3: more than one solution");
}

/// QQWing's levels on QQWing's own puzzles: at least 90 % agree.
#[test]
fn levels_agree_with_qqwing() {
    use std::process::{Command, Stdio};
    if Command::new("qqwing").arg("--version").output().is_err() {
        eprintln!("skipped: qqwing not found");
        return;
    }
    // Mixed levels (about half easy, a quarter expert); asking QQWing for one level makes
    // it generate until it hits one, which takes minutes for "simple".
    let out = Command::new("qqwing")
        .args(["--generate", "100", "--one-line"])
        .output()
        .unwrap();
    let puzzles = String::from_utf8(out.stdout).unwrap();
    let mut child = Command::new("qqwing")
        .args(["--solve", "--stats", "--csv"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(puzzles.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let theirs: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(10).unwrap().to_lowercase())
        .collect();
    let logic = Logic::new(Shape::CLASSIC);
    let mut agree = 0;
    let lines: Vec<&str> = puzzles.lines().collect();
    assert_eq!(lines.len(), theirs.len());
    for (p, level) in lines.iter().zip(&theirs) {
        let g: Grid = p.parse().unwrap();
        let ours = logic.rate(&logic.board(&g).unwrap()).unwrap().level;
        if ours.name() == level {
            agree += 1;
        }
    }
    eprintln!(
        "levels agree with QQWing on {agree} of {} puzzles",
        lines.len()
    );
    assert!(agree * 10 >= lines.len() * 9);
}

#[test]
fn pencilmark_lines_are_read_by_every_command() {
    // The puzzle's own candidates, written as marks: same fill, same first step.
    let marks = dlx_sudoku::pencil::line_of(&HARD.parse::<Grid>().unwrap());
    assert_eq!(marks.len(), 729);
    let input = format!("{marks}\n");
    let solved = common::run_bin(&["solve"], &input);
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(
        solved.stdout.trim_end().len(),
        729,
        "answered as pencilmarks"
    );
    let line = common::run_bin(&["solve", "--format", "line"], &input);
    common::check_solution(HARD, line.stdout.trim_end()).unwrap();
    assert_eq!(common::run_bin(&["count"], &input).stdout, "1\n");
    let hint = common::run_bin(&["hint"], &input);
    assert_eq!(
        hint.stdout,
        "hidden single: r9c3 is the only place for 7 in box 7\n"
    );
    let rate = common::run_bin(&["rate", "--format", "json"], &input);
    common::assert_has(&rate.stdout, "\"level\":\"expert\"");
    let explain = common::run_bin(&["explain", "--format", "json"], &input);
    assert!(explain.stdout.contains(&format!("\"puzzle\":\"{marks}\"")));
}

#[test]
fn malformed_pencilmarks_name_file_line_and_fault() {
    let good = "123456789".repeat(81);
    let mut bad_digit = good.clone().into_bytes();
    bad_digit[12] = b'7'; // r1c2, slot 4
    let mut junk = good.clone().into_bytes();
    junk[700] = b'z';
    let mut empty = good.clone().into_bytes();
    empty[..9].copy_from_slice(b".........");
    let clash = format!("1........1........{}", "123456789".repeat(79));
    let cases: [(Vec<u8>, i32, &str); 4] = [
        (
            bad_digit,
            2,
            "<stdin>:1: column 13: '7' is not '4' or '.' (cell r1c2, digit 4)",
        ),
        (
            junk,
            2,
            "<stdin>:1: column 701: 'z' is not '8' or '.' (cell r9c6, digit 8)",
        ),
        (empty, 2, "<stdin>:1: cell r1c1 has no candidate"),
        (clash.into_bytes(), 1, ""),
    ];
    for (line, code, message) in cases {
        for cmd in ["solve", "count", "hint", "explain", "rate"] {
            let mut input = line.clone();
            input.push(b'\n');
            let run = common::run_bin(&[cmd], &input);
            // `count` answers 0 for a puzzle without fills, as for grids.
            let code = if code == 1 && cmd == "count" { 0 } else { code };
            assert_eq!(run.code, code, "{cmd}: {}", run.stderr);
            assert!(run.stderr.contains(message), "{cmd}: {}", run.stderr);
        }
    }
    // A 728-character line is no pencilmark line: the usual length message.
    let run = common::run_bin(&["solve"], format!("{}\n", &good[..728]));
    assert_eq!(run.code, 2);
}

mod pencil_props {
    use dlx_sudoku::logic::{Candidates, Logic};
    use dlx_sudoku::{Grid, Shape, pencil};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any 729 bytes: a parse or a clear error, never a panic; what parses writes back
        /// to the same line once `0` is read as `.` and letters as digits.
        #[test]
        fn any_line_parses_or_is_refused(bytes in proptest::collection::vec(
            prop_oneof![Just(b'.'), Just(b'0'), 49u8..58, any::<u8>()], 729)) {
            match pencil::parse(&bytes) {
                Ok((shape, marks)) => {
                    let back = pencil::line_of_marks(shape, &marks);
                    let normal: String = bytes.iter().map(|&b| if b == b'0' { '.' } else { b as char }).collect();
                    prop_assert_eq!(back, normal);
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }

        /// Removing candidates that no fill uses keeps the fill: the ladder's search on
        /// the marks finds the DLX fill of the puzzle the marks came from.
        #[test]
        fn marks_without_dead_digits_keep_the_fill(seed in 0u64..1000, drop in 0usize..400) {
            let mut rng = super::common::Rng::new(seed);
            let puzzle: Grid = super::common::random_puzzle(&mut rng, 30).parse().unwrap();
            let logic = Logic::new(Shape::CLASSIC);
            let Ok(board) = logic.board(&puzzle) else { return Ok(()) };
            let Some(fill) = logic.smallest_fill(&board) else { return Ok(()) };
            let mut masks = board.masks().to_vec();
            for (c, m) in masks.iter_mut().enumerate() {
                let v = fill.cells()[c];
                *m = if puzzle.cells()[c] != 0 { 1 << (v - 1) } else { *m | 1 << (v - 1) };
            }
            // Drop some candidates the fill does not use.
            for k in 0..drop {
                let c = (k * 37 + seed as usize) % 81;
                let keep = 1 << (fill.cells()[c] - 1);
                let d = 1 << ((k + seed as usize) % 9);
                if d != keep { masks[c] &= !d; }
            }
            let b = Candidates::from_masks(Shape::CLASSIC, &masks).unwrap();
            let count = logic.count_fills(&b, 2);
            prop_assert!(count >= 1);
            let smallest = logic.smallest_fill(&b).unwrap();
            prop_assert!(smallest.is_complete_solution_of(&pencil::singles(Shape::CLASSIC, &masks)));
            if count == 1 { prop_assert_eq!(smallest, fill); }
        }
    }
}
