//! `generate` through the real binary, checked by code that shares nothing with the
//! generator (`tests/common`): one fill by a count, the symmetry by mapping cells, and
//! minimality by removing each orbit and counting again.

mod common;

use common::count_fills;

/// The images of cell `(r, c)` under a symmetry's group, written out independently.
fn images(sym: &str, r: usize, c: usize) -> Vec<(usize, usize)> {
    let m = 8; // n - 1 for 9x9
    let rot = |(r, c): (usize, usize)| (c, m - r);
    match sym {
        "none" => vec![(r, c)],
        "rot180" => vec![(r, c), (m - r, m - c)],
        "rot90" => {
            let a = rot((r, c));
            let b = rot(a);
            vec![(r, c), a, b, rot(b)]
        }
        "mirror" => vec![(r, c), (r, m - c)],
        "flip" => vec![(r, c), (m - r, c)],
        "diagonal" => vec![(r, c), (c, r)],
        "antidiagonal" => vec![(r, c), (m - c, m - r)],
        "dihedral" => {
            let mut v = Vec::new();
            let mut p = (r, c);
            for _ in 0..4 {
                v.push(p);
                v.push((p.1, p.0));
                p = rot(p);
            }
            v
        }
        _ => unreachable!(),
    }
}

fn check_puzzle(p: &str, sym: &str) {
    assert_eq!(p.len(), 81, "{p}");
    assert_eq!(count_fills(p, 2), 1, "one fill: {p}");
    let b = p.as_bytes();
    for k in 0..81 {
        let orbit = images(sym, k / 9, k % 9);
        let given = b[k] != b'.';
        assert!(
            orbit.iter().all(|&(r, c)| (b[r * 9 + c] != b'.') == given),
            "{sym} symmetry broken at r{}c{}: {p}",
            k / 9 + 1,
            k % 9 + 1
        );
        if given {
            let mut q = b.to_vec();
            for &(r, c) in &orbit {
                q[r * 9 + c] = b'.';
            }
            let q = String::from_utf8(q).unwrap();
            assert!(
                count_fills(&q, 2) > 1,
                "orbit of r{}c{} can go: {p}",
                k / 9 + 1,
                k % 9 + 1
            );
        }
    }
}

#[test]
fn every_symmetry_gives_unique_minimal_symmetric_puzzles() {
    for sym in [
        "none",
        "rot90",
        "rot180",
        "mirror",
        "flip",
        "diagonal",
        "antidiagonal",
        "dihedral",
    ] {
        let run = common::run_bin(
            &[
                "generate",
                "--count",
                "6",
                "--seed",
                "11",
                "--symmetry",
                sym,
            ],
            "",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 6);
        for p in lines {
            check_puzzle(p, sym);
        }
    }
}

#[test]
fn same_seed_same_puzzles_whatever_the_thread_count() {
    let args = |threads: &'static str| {
        common::run_bin(
            &[
                "generate",
                "-n",
                "40",
                "--seed",
                "5",
                "--threads",
                threads,
                "--symmetry",
                "rotate180",
            ],
            "",
        )
    };
    let one = args("1");
    let three = args("3");
    assert_eq!(one.code, 0);
    assert_eq!(one.stdout, three.stdout);
    assert_eq!(one.stdout.lines().count(), 40);
    let other = common::run_bin(&["generate", "-n", "40", "--seed", "6"], "");
    assert_ne!(one.stdout, other.stdout);
}

#[test]
fn clue_bounds_other_sizes_and_formats() {
    let run = common::run_bin(
        &[
            "generate",
            "-n",
            "5",
            "--seed",
            "2",
            "--min-clues",
            "25",
            "--max-clues",
            "26",
            "--format",
            "csv",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut rows = run.stdout.lines();
    assert_eq!(
        rows.next(),
        Some("puzzle,solution,clues,symmetry,attempts,level,hardest,score,steps,effort")
    );
    for row in rows {
        let f: Vec<&str> = row.split(',').collect();
        let clues: usize = f[2].parse().unwrap();
        assert!((25..=26).contains(&clues), "{row}");
        assert_eq!(f[0].bytes().filter(|&b| b != b'.').count(), clues);
        common::check_solution(f[0], f[1]).unwrap();
        check_puzzle(f[0], "none");
    }
    for size in ["4", "6"] {
        let run = common::run_bin(&["generate", "-n", "3", "--seed", "1", "--size", size], "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        let n: usize = size.parse().unwrap();
        // Each puzzle counts one fill with the default solver.
        for p in run.stdout.lines() {
            assert_eq!(p.len(), n * n);
            let counted = common::run_bin(&["count"], format!("{p}\n"));
            assert_eq!(counted.stdout, "1\n", "{p}");
        }
    }
    let run = common::run_bin(&["generate", "--seed", "3", "--format", "json"], "");
    assert!(run.stdout.starts_with("{\"puzzle\":\""), "{}", run.stdout);
    assert!(run.stdout.contains("\"symmetry\":\"none\""));
}

#[test]
fn bad_flags_are_usage_errors() {
    for args in [
        &["generate", "--size", "7"][..],
        &["generate", "--symmetry", "spiral"],
        &["generate", "--min-clues", "30", "--max-clues", "20"],
        &["generate", "--count", "-1"],
    ] {
        let run = common::run_bin(args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(!run.stderr.is_empty());
    }
    // An impossible bound ends with a message and code 3, not a hang.
    let run = common::run_bin(
        &[
            "generate",
            "--max-clues",
            "10",
            "--max-attempts",
            "20",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(run.code, 3);
    common::assert_has(&run.stderr, "puzzle 1: nothing acceptable in 20 attempts");
}

/// How far from uniform the fill is, where it can be counted: 4×4 has 288 fills. Every
/// fill must come up, and no fill more than twice or less than half as often as the mean.
#[test]
fn fills_of_4x4_cover_all_288_nearly_evenly() {
    use dlx_sudoku::Shape;
    use dlx_sudoku::generate::{Generator, Settings, SplitMix};
    use std::collections::HashMap;
    let shape = Shape::for_side(4).unwrap();
    let mut generator = Generator::new(Settings::new(shape, 1));
    let mut counts: HashMap<Vec<u8>, u32> = HashMap::new();
    let draws = 288 * 100;
    for i in 0..draws {
        let mut rng = SplitMix::for_index(1, i);
        let fill = generator.fill(&mut rng);
        // A fill by the test's own check: every row, column and box holds 1..=4.
        let ok = (0..4).all(|k| {
            let row: u32 = (0..4).map(|j| 1 << fill[k * 4 + j]).sum();
            let col: u32 = (0..4).map(|j| 1 << fill[j * 4 + k]).sum();
            let bx: u32 = (0..4)
                .map(|j| 1 << fill[(k / 2 * 2 + j / 2) * 4 + k % 2 * 2 + j % 2])
                .sum();
            row == 0b11110 && col == 0b11110 && bx == 0b11110
        });
        assert!(ok, "{fill:?}");
        *counts.entry(fill).or_default() += 1;
    }
    assert_eq!(counts.len(), 288);
    let mean = draws as f64 / 288.0;
    let chi2: f64 = counts
        .values()
        .map(|&c| (c as f64 - mean).powi(2) / mean)
        .sum();
    let (lo, hi) = (
        *counts.values().min().unwrap(),
        *counts.values().max().unwrap(),
    );
    eprintln!(
        "4x4 fills: {draws} draws, min {lo}, max {hi}, mean {mean}, chi-square {chi2:.1} on 287 degrees of freedom"
    );
    assert!(lo as f64 > mean / 2.0 && (hi as f64) < mean * 2.0);
}

/// Every level asked for is the level `rate` (the logic ladder, not the generator's code)
/// gives, and the CSV's rating fields are `rate`'s.
#[test]
fn difficulty_is_the_level_rate_gives() {
    use dlx_sudoku::Grid;
    use dlx_sudoku::logic;
    for level in ["simple", "easy", "intermediate", "expert"] {
        let n = if level == "simple" { "2" } else { "5" };
        let run = common::run_bin(
            &[
                "generate",
                "-n",
                n,
                "--seed",
                "4",
                "--difficulty",
                level,
                "--format",
                "csv",
            ],
            "",
        );
        assert_eq!(run.code, 0, "{level}: {}", run.stderr);
        let rows: Vec<&str> = run.stdout.lines().skip(1).collect();
        assert_eq!(rows.len().to_string(), n);
        for row in rows {
            let f: Vec<&str> = row.split(',').collect();
            assert_eq!(f[5], level, "{row}");
            check_puzzle(f[0], "none");
            let grid: Grid = f[0].parse().unwrap();
            let rating = logic::rate(&grid).unwrap();
            assert_eq!(rating.level.name(), level, "{row}");
            assert_eq!(f[6], rating.hardest.map_or("", |t| t.name()), "{row}");
        }
    }
    // Symmetry and level together.
    let run = common::run_bin(
        &[
            "generate",
            "-n",
            "3",
            "--seed",
            "8",
            "--difficulty",
            "expert",
            "--symmetry",
            "rot90",
        ],
        "",
    );
    for p in run.stdout.lines() {
        check_puzzle(p, "rot90");
        let grid: Grid = p.parse().unwrap();
        assert_eq!(logic::rate(&grid).unwrap().level.name(), "expert");
    }
}

/// 16×16 puzzles (whose searches add pointing and claiming to singles) are unique and
/// minimal by `check`, which counts with the DLX solver and shares nothing with the
/// generator's proofs.
#[test]
fn puzzles_of_16x16_are_unique_and_minimal_by_check() {
    let run = common::run_bin(&["generate", "--size", "16", "-n", "2", "--seed", "4"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 2);
    assert!(run.stdout.lines().all(|p| p.len() == 256), "{}", run.stdout);
    let checked = common::run_bin(&["check"], &run.stdout);
    assert_eq!(checked.code, 0, "{}{}", checked.stdout, checked.stderr);
    assert_eq!(checked.stdout, "minimal\nminimal\n");
}
