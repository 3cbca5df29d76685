//! Canonical forms, checked by code that shares nothing with the canonicaliser
//! (`tests/common/iso.rs`): isomorphs share one form, the reported transformation maps
//! each puzzle onto its form, and the form is the smallest image found by trying the whole
//! group.

mod common;

use common::Rng;
use common::iso::{apply, brute_force_minlex, line, random_isomorph, values};
use dlx_sudoku::Grid;
use dlx_sudoku::canon::Canonicalizer;

/// Puzzles of every density, from nearly empty grids to full ones.
fn sample(rng: &mut Rng) -> Vec<[u8; 81]> {
    let mut out = Vec::new();
    for clues in [0, 1, 2, 3, 5, 8, 12, 17, 20, 24, 28, 35, 50, 70, 81] {
        for _ in 0..4 {
            out.push(values(&common::random_puzzle(rng, clues)));
        }
    }
    out
}

fn canonical(c: &mut Canonicalizer, p: &[u8; 81]) -> ([u8; 81], dlx_sudoku::canon::Transform) {
    let grid: Grid = line(p).parse().unwrap();
    let (form, t) = c.canonical(&grid).unwrap();
    let mut v = [0u8; 81];
    v.copy_from_slice(form.cells());
    (v, t)
}

#[test]
fn isomorphs_share_one_form_and_the_transform_maps_onto_it() {
    let mut rng = Rng::new(13);
    let mut c = Canonicalizer::new();
    for p in sample(&mut rng) {
        let (form, t) = canonical(&mut c, &p);
        let rows = t.rows.map(usize::from);
        let cols = t.cols.map(usize::from);
        assert_eq!(
            apply(&p, t.transpose, &rows, &cols, &t.digits),
            form,
            "{}",
            line(&p)
        );
        let mut seen = t.digits;
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "a relabelling");
        for _ in 0..6 {
            let q = random_isomorph(&mut rng, &p);
            assert_eq!(
                canonical(&mut c, &q).0,
                form,
                "{} vs {}",
                line(&p),
                line(&q)
            );
        }
    }
}

#[test]
fn different_puzzles_get_different_forms() {
    // Two puzzles with different clue counts cannot be isomorphs; nor can a puzzle and
    // the same puzzle with one more given.
    let mut rng = Rng::new(7);
    let mut c = Canonicalizer::new();
    for _ in 0..50 {
        let p = values(&common::random_puzzle(&mut rng, 25));
        let mut q = p;
        let k = (0..81).find(|&k| q[k] == 0).unwrap();
        q[k] = (1..=9)
            .find(|&d| {
                let (r, col) = (k / 9, k % 9);
                let (br, bc) = (r / 3 * 3, col / 3 * 3);
                (0..9).all(|x| {
                    p[r * 9 + x] != d
                        && p[x * 9 + col] != d
                        && p[(br + x / 3) * 9 + bc + x % 3] != d
                })
            })
            .unwrap_or(0);
        if q[k] != 0 {
            assert_ne!(canonical(&mut c, &p).0, canonical(&mut c, &q).0);
        }
    }
}

#[test]
fn the_form_is_the_smallest_image_over_the_whole_group() {
    let mut rng = Rng::new(2026);
    let mut c = Canonicalizer::new();
    let mut puzzles: Vec<[u8; 81]> = [3, 17, 26, 81]
        .iter()
        .map(|&n| values(&common::random_puzzle(&mut rng, n)))
        .collect();
    // A puzzle with symmetries of its own: one full band, the rest blank.
    puzzles.push(values(&format!(
        "123456789456789123789123456{}",
        ".".repeat(54)
    )));
    for p in &puzzles {
        assert_eq!(line(&canonical(&mut c, p).0), line(&brute_force_minlex(p)));
    }
}

#[test]
fn cli_canon_and_dedupe_keep_order_and_report_bad_records() {
    let mut rng = Rng::new(99);
    let a = values(&common::random_puzzle(&mut rng, 24));
    let b = values(&common::random_puzzle(&mut rng, 24));
    let a2 = random_isomorph(&mut rng, &a);
    let b2 = random_isomorph(&mut rng, &b);
    let input = format!(
        "{}\n{}\n{}\n{}\n{}\n{}\n",
        line(&a),
        line(&b),
        line(&a2),
        // 80 cells: a bad record (a word would be a label, skipped with a note).
        ".".repeat(80),
        line(&b2),
        line(&a)
    );
    let run = common::run_bin(&["canon", "--threads", "2"], &input);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out.len(), 6, "one line per record: {}", run.stdout);
    assert_eq!(out[0], out[2]);
    assert_eq!(out[0], out[5]);
    assert_eq!(out[1], out[4]);
    assert_ne!(out[0], out[1]);
    assert_eq!(out[3], "error");
    assert!(run.stderr.contains("<stdin>:4:"), "{}", run.stderr);
    let run = common::run_bin(&["canon", "--dedupe"], &input);
    assert_eq!(run.stdout, format!("{}\n{}\n", line(&a), line(&b)));
    // A clash and a 4x4 grid are refused with their line numbers.
    let clash = format!("11{}\n{}\n", ".".repeat(79), ".".repeat(16));
    let run = common::run_bin(&["canon"], clash);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "error\nerror\n");
    common::assert_has(
        &run.stderr,
        "<stdin>:1: no canonical form: row 1 has two 1s",
    );
    common::assert_has(&run.stderr, "<stdin>:2: canonical forms are for 9x9 grids");
}
