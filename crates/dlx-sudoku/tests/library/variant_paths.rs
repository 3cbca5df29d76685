//! The variants' two engines agree: `VariantSolver::new` (the specialised dancing links of
//! `variant/links.rs`) and `VariantSolver::on_generic_engine` (`exact_cover::Solver`) give
//! the same smallest fill, the same count and the same number of search nodes on random
//! puzzles of every variant: unique ones, ones with many fills, ones with none, givens
//! that clash, and, with no budget for the row-by-row search, the witness construction.
//! (The answers themselves are checked against an independent brute force in
//! `tests/variants.rs`.)

use crate::common;

use common::Rng;
use common::variants::random_cages;
use dlx_sudoku::Limits;
use dlx_sudoku::variant::{
    Variant, VariantOutcome, VariantSolver, parse_cages, parse_regions, samurai,
};

const JIGSAW9: &str =
    "000000021453303021453333221453322221455566121445666111445566667488887777888887777";
const JIGSAW6: &str = "111222113224133244333444555666555666";

fn present(v: &Variant) -> Vec<usize> {
    (0..v.width() * v.height())
        .filter(|&x| v.is_present(x))
        .collect()
}

/// A random fill of `v` from the generic engine: the smallest fill of a few random givens.
fn random_fill(generic: &mut VariantSolver, rng: &mut Rng) -> Vec<u8> {
    let v = generic.variant().clone();
    let cells = present(&v);
    for _ in 0..1000 {
        let mut givens = vec![0u8; v.width() * v.height()];
        for _ in 0..v.side() + 1 {
            let x = cells[rng.below(cells.len())];
            givens[x] = 1 + rng.below(v.side()) as u8;
            if v.clash(&givens).is_some() {
                givens[x] = 0;
            }
        }
        if let VariantOutcome::Solved(fill) = generic.solve(&givens, Limits::nodes(100_000)) {
            return fill;
        }
    }
    panic!("no fill found: does the variant have one?");
}

/// A random puzzle from `fill`: kind 0 keeps a few givens (many fills), 1 many (usually
/// one fill), 2 changes one given of a middling puzzle (often none, sometimes a clash).
fn puzzle(v: &Variant, fill: &[u8], kind: usize, rng: &mut Rng) -> Vec<u8> {
    let mut cells = present(v);
    rng.shuffle(&mut cells);
    let keep = match kind {
        0 => cells.len() / 10,
        1 => cells.len() * 2 / 5,
        _ => cells.len() / 4,
    };
    let mut p = vec![0u8; fill.len()];
    for &x in &cells[..keep] {
        p[x] = fill[x];
    }
    if kind == 2 {
        let x = cells[0];
        p[x] = 1 + rng.below(v.side()) as u8;
    }
    p
}

/// Both engines on `p`: solve (with the usual budget and with none for the row-by-row
/// search) and count, same answers and the same nodes.
fn agree(name: &str, fast: &mut VariantSolver, generic: &mut VariantSolver, p: &[u8]) {
    assert!(
        fast.is_specialised(),
        "{name}: the specialised engine takes it"
    );
    assert!(!generic.is_specialised());
    for budget in [u64::MAX, 0] {
        fast.set_lex_dfs_budget(budget.min(dlx_sudoku::LEX_DFS_BUDGET));
        generic.set_lex_dfs_budget(budget.min(dlx_sudoku::LEX_DFS_BUDGET));
        let (f0, g0) = (fast.nodes(), generic.nodes());
        let limits = Limits::nodes(200_000);
        let (a, b) = (fast.solve(p, limits), generic.solve(p, limits));
        assert_eq!(a, b, "{name}: solve {p:?}");
        assert_eq!(
            fast.nodes() - f0,
            generic.nodes() - g0,
            "{name}: nodes {p:?}"
        );
    }
    let (f0, g0) = (fast.nodes(), generic.nodes());
    let (a, b) = (
        fast.count(p, 5, Limits::nodes(200_000)),
        generic.count(p, 5, Limits::nodes(200_000)),
    );
    assert_eq!(a, b, "{name}: count {p:?}");
    assert_eq!(
        fast.nodes() - f0,
        generic.nodes() - g0,
        "{name}: nodes {p:?}"
    );
}

fn check_variant(name: &str, v: &Variant, puzzles: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut fast = VariantSolver::new(v).unwrap();
    let mut generic = VariantSolver::on_generic_engine(v).unwrap();
    let mut outcomes = [0usize; 3];
    for k in 0..puzzles {
        let fill = random_fill(&mut generic, &mut rng);
        let p = puzzle(v, &fill, k % 3, &mut rng);
        agree(name, &mut fast, &mut generic, &p);
        outcomes[match generic.solve(&p, Limits::nodes(200_000)) {
            VariantOutcome::Solved(_) => 0,
            VariantOutcome::NoSolution(_) => 1,
            VariantOutcome::GaveUp(_) => 2,
        }] += 1;
    }
    // The sample meets both answers (a test that never sees "no solution" would miss it).
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{name}: {outcomes:?}");
}

fn classic(n: usize, rows: usize, cols: usize) -> Variant {
    Variant::square(n).unwrap().with_boxes(rows, cols).unwrap()
}

#[test]
fn x_and_windoku_agree() {
    check_variant("x 9x9", &classic(9, 3, 3).with_diagonals().unwrap(), 60, 1);
    check_variant(
        "windoku 9x9",
        &classic(9, 3, 3).with_windows(3, 3).unwrap(),
        60,
        2,
    );
    check_variant(
        "windoku 6x6",
        &classic(6, 2, 3).with_windows(2, 3).unwrap(),
        60,
        3,
    );
    check_variant("x 6x6", &classic(6, 2, 3).with_diagonals().unwrap(), 60, 11);
    let xw = classic(9, 3, 3).with_diagonals().unwrap();
    check_variant("x-windoku 9x9", &xw.with_windows(3, 3).unwrap(), 30, 12);
    check_variant("x 4x4", &classic(4, 2, 2).with_diagonals().unwrap(), 60, 4);
}

#[test]
fn jigsaw_agrees() {
    let r9 = parse_regions(JIGSAW9).unwrap();
    let r6 = parse_regions(JIGSAW6).unwrap();
    let j9 = Variant::square(9).unwrap().with_regions(&r9).unwrap();
    check_variant("jigsaw 9x9", &j9, 60, 5);
    check_variant("jigsaw x 9x9", &j9.with_diagonals().unwrap(), 30, 6);
    let j6 = Variant::square(6).unwrap().with_regions(&r6).unwrap();
    check_variant("jigsaw 6x6", &j6, 60, 7);
}

#[test]
fn killer_agrees() {
    // Each round: random cages cut from a fresh fill, then puzzles of those cages.
    let mut rng = Rng::new(8);
    for (n, rows, cols, rounds) in [(9, 3, 3, 12), (6, 2, 3, 20), (4, 2, 2, 20)] {
        let base = classic(n, rows, cols);
        let mut filler = VariantSolver::on_generic_engine(&base).unwrap();
        for round in 0..rounds {
            let fill = random_fill(&mut filler, &mut rng);
            let cages = parse_cages(&random_cages(&fill, n, &mut rng), n).unwrap();
            let killer = base.clone().with_cages(cages).unwrap();
            let name = format!("killer {n}x{n} round {round}");
            let mut fast = VariantSolver::new(&killer).unwrap();
            let mut generic = VariantSolver::on_generic_engine(&killer).unwrap();
            // No givens (cages alone), then puzzles from the fill.
            agree(&name, &mut fast, &mut generic, &vec![0; n * n]);
            for kind in 0..3 {
                let p = puzzle(&killer, &fill, kind, &mut rng);
                agree(&name, &mut fast, &mut generic, &p);
            }
        }
    }
}

#[test]
fn samurai_agrees() {
    check_variant("samurai", &samurai::variant(), 9, 9);
}

#[test]
fn classic_agrees() {
    check_variant("classic 9x9", &classic(9, 3, 3), 60, 10);
}

#[test]
fn larger_grids_take_the_links_while_they_fit() {
    // 16×16 X: about 25,000 nodes, specialised; the engines agree there too.
    check_variant(
        "x 16x16",
        &classic(16, 4, 4).with_diagonals().unwrap(),
        6,
        13,
    );
    // 25×25 classic: 62,500 option nodes and the headers still fit 16-bit links…
    assert!(
        VariantSolver::new(&classic(25, 5, 5))
            .unwrap()
            .is_specialised()
    );
    // …but not with the diagonals' nodes too: the generic engine takes it.
    let x25 = classic(25, 5, 5).with_diagonals().unwrap();
    assert!(!VariantSolver::new(&x25).unwrap().is_specialised());
    // Nor a killer cage with more than 127 digit sets (one option each, on its set item),
    // though its nodes would fit: 7 cells adding up to 60 in 16×16.
    assert!(dlx_sudoku::variant::digit_sets(16, 7, 60, usize::MAX).len() > 127);
    let cage = |sum, cells: Vec<usize>| dlx_sudoku::variant::Cage {
        sum,
        cells,
        line: 1,
    };
    let big = classic(16, 4, 4).with_cages(vec![cage(60, (0..7).collect())]);
    assert!(!VariantSolver::new(&big.unwrap()).unwrap().is_specialised());
    let small = classic(16, 4, 4).with_cages(vec![cage(30, (0..3).collect())]);
    assert!(
        VariantSolver::new(&small.unwrap())
            .unwrap()
            .is_specialised()
    );
}
