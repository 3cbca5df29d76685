//! No heavy tail: random 16×16 puzzles (a random full grid with 150–200 cells blanked) and
//! near-empty 25×25 grids get their smallest fill within a bounded number of search nodes,
//! with both DLX solvers. Every answer is proved smallest by `common::large`, which shares
//! no code with the library. The sets are generated here from fixed seeds.
//!
//! Timings (max and p99 over larger sets) are printed by the ignored test `timings`:
//! `cargo test --release --test heavy_tails -- --ignored --nocapture`.

mod common;

use std::time::{Duration, Instant};

use common::Rng;
use common::large::{self, Board};
use sudoku_dlx::sudoku::{DlxSolver, GenericDlxSolver, Grid, Limits, Outcome, Shape, SudokuSolver};

/// Nodes any of these puzzles may take (the deterministic search took up to 715 M on
/// one random 16×16 puzzle before the restarts).
const NODE_BOUND: u64 = 1_500_000;

/// Random 16×16 puzzles as the finding describes them.
fn random_16x16(seed: u64, count: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let blanks = 150 + rng.below(51);
            large::random_puzzle(&mut rng, 4, 4, blanks)
        })
        .collect()
}

/// Near-empty 25×25 grids of the finding: one given (`P` = 25 at r1c1), the first row 1..P,
/// the diagonal 1..P. Not yet here: the first column 1..P, and the first row of a relabelled
/// pattern grid, still take minutes (open; see the closing note).
fn near_empty_25x25() -> Vec<(String, Vec<u8>)> {
    let n = 25;
    let mut sets = Vec::new();
    let mut one = vec![0u8; n * n];
    one[0] = 25;
    sets.push(("P at r1c1".to_string(), one));
    let mut sorted_row = vec![0u8; n * n];
    for (c, cell) in sorted_row[..n].iter_mut().enumerate() {
        *cell = c as u8 + 1;
    }
    sets.push(("first row 1..P".to_string(), sorted_row));
    let mut diagonal = vec![0u8; n * n];
    for i in 0..n {
        diagonal[i * n + i] = i as u8 + 1;
    }
    sets.push(("diagonal 1..P".to_string(), diagonal));
    sets
}

/// Solves `puzzle` with `solver` and checks the answer against the oracle; returns the
/// nodes and the time the solve took.
fn solve_checked(
    solver: &mut dyn SudokuSolver,
    box_side: usize,
    puzzle: &[u8],
    what: &str,
) -> (u64, Duration) {
    let n = box_side * box_side;
    let shape = Shape::for_side(n).unwrap();
    let grid = Grid::from_values(shape, puzzle).unwrap();
    let before = solver.nodes();
    let start = Instant::now();
    let outcome = solver.solve_within(&grid, Limits::default());
    let took = start.elapsed();
    let nodes = solver.nodes() - before;
    let Outcome::Solved(answer) = outcome else {
        panic!("{what}: {outcome:?} for {}", large::to_line(puzzle));
    };
    if let Err(why) = large::check_smallest_fill(box_side, box_side, puzzle, answer.cells(), 7) {
        panic!("{what}: {why}: {}", large::to_line(puzzle));
    }
    (nodes, took)
}

/// The three puzzles of seed 16 that the deterministic MRV count could not finish in 2 M
/// nodes (each about 100 k now: the count budget, then a few thousand).
const HEAVY_16X16: [&str; 3] = [
    "A79...8F25B.E1.GB..8G5..9..1.A...2G.1.B..E...3.816F....4.G..2.B.8.E...D6..5.....4.5F...13..A.6..6G7..F.3...E...B9.A2E....F...48..C....G..........82.F..95.7....C.51.3.C8D6A249.7.9.....5.........F....6.1........4....1........6EA.6.D.......F..3.8..2....C...5.",
    ".......C....6D.G.G...81943.DA.B..4.......G615...1..F...B...........7.......................37.....81...AF5B2....D..............A.8......AE......F..9.3.............A8.....1..5.....3.G.12..6......1...B..7..4....6....G49...FB.3...........B....G95B.A..........",
    "..D.CG.38E..F...7.45...2..F.8....6...8...7.DG.9A.....1...9.....B1A.C........9.4.......DF...1..A.......4EA.8...F1.D.....1....36...8.36E....9C.4..C.1......D..6.3F...6...C....7.E2...F.73........C4.......9...................E.799..E53.BF............49......3.5",
];

#[test]
fn heavy_16x16_puzzles_are_cut_short() {
    let shape = Shape::for_side(16).unwrap();
    let mut fast = DlxSolver::new(shape);
    let mut generic = GenericDlxSolver::new(shape);
    for line in HEAVY_16X16 {
        let grid: Grid = line.parse().unwrap();
        let (nodes, _) = solve_checked(&mut fast, 4, grid.cells(), "dlx");
        assert!(nodes <= NODE_BOUND, "{nodes} nodes for {line}");
        let (generic_nodes, _) = solve_checked(&mut generic, 4, grid.cells(), "dlx-generic");
        assert_eq!(nodes, generic_nodes, "both solvers walk the same tree");
    }
}

#[test]
fn random_16x16_puzzles_have_no_heavy_tail() {
    let mut fast = DlxSolver::new(Shape::for_side(16).unwrap());
    // 12 puzzles: the oracle's refutations, not the solver, set the test's time.
    for (k, puzzle) in random_16x16(1616, 12).iter().enumerate() {
        let (nodes, _) = solve_checked(&mut fast, 4, puzzle, &format!("puzzle {k}"));
        assert!(nodes <= NODE_BOUND, "puzzle {k}: {nodes} nodes");
    }
}

/// The near-empty 25×25 grids within the node bound. The answers are checked as fills
/// here; that they are the *smallest* fills is checked by the ignored test below: the
/// oracle's refutations of near-empty prefixes take far longer than the solver's.
#[test]
fn near_empty_25x25_grids_have_no_heavy_tail() {
    let shape = Shape::for_side(25).unwrap();
    let mut fast = DlxSolver::new(shape);
    for (what, puzzle) in near_empty_25x25() {
        let grid = Grid::from_values(shape, &puzzle).unwrap();
        let before = fast.nodes();
        let Outcome::Solved(answer) = fast.solve(&grid) else {
            panic!("{what}: no answer");
        };
        let nodes = fast.nodes() - before;
        assert!(answer.is_complete_solution_of(&grid), "{what}");
        assert!(
            Board::new(5, 5, answer.cells()).is_some(),
            "{what}: not a fill"
        );
        assert!(nodes <= 2 * NODE_BOUND, "{what}: {nodes} nodes");
    }
}

/// The near-empty 25×25 answers proved smallest by the oracle (slow: hours).
#[test]
#[ignore]
fn near_empty_25x25_answers_are_the_smallest_fills() {
    let mut fast = DlxSolver::new(Shape::for_side(25).unwrap());
    for (what, puzzle) in near_empty_25x25() {
        solve_checked(&mut fast, 5, &puzzle, &what);
    }
}

/// Max and p99 solve times over 1,000 random 16×16 puzzles and the near-empty 25×25
/// grids (release build recommended).
#[test]
#[ignore]
fn timings() {
    let mut fast = DlxSolver::new(Shape::for_side(16).unwrap());
    let mut times = Vec::new();
    let mut worst = (0u64, String::new());
    for (k, puzzle) in random_16x16(2026, 1000).iter().enumerate() {
        let (nodes, took) = solve_checked(&mut fast, 4, puzzle, &format!("puzzle {k}"));
        times.push((took, nodes));
        if nodes > worst.0 {
            worst = (nodes, large::to_line(puzzle));
        }
    }
    times.sort();
    let p99 = times[times.len() * 99 / 100];
    let max = times[times.len() - 1];
    println!(
        "16x16, {} puzzles: median {:?}, p99 {:?} ({} nodes), max {:?} ({} nodes); most nodes {} for {}",
        times.len(),
        times[times.len() / 2].0,
        p99.0,
        p99.1,
        max.0,
        max.1,
        worst.0,
        worst.1
    );
    let shape = Shape::for_side(25).unwrap();
    let mut fast = DlxSolver::new(shape);
    for (what, puzzle) in near_empty_25x25() {
        let grid = Grid::from_values(shape, &puzzle).unwrap();
        let before = fast.nodes();
        let start = Instant::now();
        let outcome = fast.solve(&grid);
        let took = start.elapsed();
        assert!(matches!(outcome, Outcome::Solved(_)), "{what}");
        println!("25x25 {what}: {took:?}, {} nodes", fast.nodes() - before);
    }
}
