//! The specialised `DlxSolver` against the generic-engine `GenericDlxSolver`: the same
//! answers, counts and search-node counts (they walk the same tree), answers checked by
//! `Grid::is_complete_solution_of` and, on small grids, by an independent backtracking oracle.

use crate::common;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use dlx_cover::Cancel;
use dlx_sudoku::{
    DlxSolver, GaveUp, GenericDlxSolver, Grid, Limits, NoSolution, Outcome, Shape, SudokuSolver,
};

/// A small seeded generator (xorshift64*), so that failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A puzzle of `shape` with up to `givens` random givens that do not clash: most such
/// puzzles have many fills, some have none.
fn random_puzzle(rng: &mut Rng, shape: Shape, givens: usize) -> Grid {
    let n = shape.side();
    let mut g = Grid::empty(shape);
    for _ in 0..givens {
        let (r, c, v) = (rng.below(n), rng.below(n), rng.below(n) as u8 + 1);
        if g.get(r, c) != 0 {
            continue;
        }
        g.set(r, c, v);
        if g.clash().is_some() {
            g.set(r, c, 0);
        }
    }
    g
}

/// The default solver, the same with its prunings turned off (which walks the generic
/// engine's tree), and the generic-engine solver, for `shape`.
fn solvers(shape: Shape) -> (DlxSolver, DlxSolver, GenericDlxSolver) {
    let mut plain = DlxSolver::new(shape);
    plain.set_pruning(false);
    (DlxSolver::new(shape), plain, GenericDlxSolver::new(shape))
}

/// Solves, counts to `limit`, and checks that the solvers agree: the same answers and
/// counts from all three, and the same node counts from the plain one and the generic one.
fn agree(
    (fast, plain, generic): &mut (DlxSolver, DlxSolver, GenericDlxSolver),
    puzzle: &Grid,
    limit: u64,
) {
    let (p0, g0) = (SudokuSolver::nodes(plain), SudokuSolver::nodes(generic));
    let a = fast.solve(puzzle);
    let b = generic.solve(puzzle);
    assert_eq!(a, b, "solve differs on {}", puzzle.to_line());
    assert_eq!(plain.solve(puzzle), b, "{}", puzzle.to_line());
    if let Outcome::Solved(g) = &a {
        assert!(g.is_complete_solution_of(puzzle), "{}", puzzle.to_line());
    }
    let ca = fast.count(puzzle, limit);
    let cb = generic.count(puzzle, limit);
    assert_eq!(ca, cb, "count differs on {}", puzzle.to_line());
    assert_eq!(plain.count(puzzle, limit), cb, "{}", puzzle.to_line());
    assert_eq!(
        SudokuSolver::nodes(plain) - p0,
        SudokuSolver::nodes(generic) - g0,
        "search trees differ on {}",
        puzzle.to_line()
    );
}

/// The lexicographically smallest fill by plain row-major backtracking, values ascending,
/// and the number of fills up to `limit`: an oracle sharing no code with the solvers.
fn oracle(puzzle: &Grid, limit: u64) -> (Option<Vec<u8>>, u64) {
    fn ok(cells: &[u8], shape: Shape, at: usize, v: u8) -> bool {
        let n = shape.side();
        let (r, c) = (at / n, at % n);
        (0..n * n).all(|j| {
            let (jr, jc) = (j / n, j % n);
            cells[j] != v || (jr != r && jc != c && shape.box_of(jr, jc) != shape.box_of(r, c))
        })
    }
    fn go(cells: &mut Vec<u8>, shape: Shape, limit: u64, first: &mut Option<Vec<u8>>) -> u64 {
        let Some(at) = cells.iter().position(|&v| v == 0) else {
            if first.is_none() {
                *first = Some(cells.clone());
            }
            return 1;
        };
        let mut found = 0;
        for v in 1..=shape.side() as u8 {
            if ok(cells, shape, at, v) {
                cells[at] = v;
                found += go(cells, shape, limit - found, first);
                cells[at] = 0;
                if found >= limit {
                    break;
                }
            }
        }
        found
    }
    let mut cells = puzzle.cells().to_vec();
    let mut first = None;
    let count = go(&mut cells, puzzle.shape(), limit, &mut first);
    (first, count)
}

#[test]
fn random_small_puzzles_match_the_oracle() {
    let mut rng = Rng(0x5eed_0006);
    for side in [4, 6] {
        let shape = Shape::for_side(side).unwrap();
        let mut trio = solvers(shape);
        for k in 0..300 {
            let puzzle = random_puzzle(&mut rng, shape, k % (side * 2));
            agree(&mut trio, &puzzle, 20);
            let (first, count) = oracle(&puzzle, 20);
            let c = trio.0.count(&puzzle, 20);
            assert_eq!(c.solutions, count, "{}", puzzle.to_line());
            match (trio.0.solve(&puzzle), first) {
                (Outcome::Solved(g), Some(cells)) => assert_eq!(g.cells(), &cells[..]),
                (Outcome::NoSolution(NoSolution::Unsolvable), None) => {}
                (other, want) => panic!("{}: {other:?} vs {want:?}", puzzle.to_line()),
            }
        }
    }
}

#[test]
fn random_puzzles_with_many_fills_agree() {
    let mut rng = Rng(0x0dd_ba11);
    for (side, count) in [(9, 300), (16, 6)] {
        let shape = Shape::for_side(side).unwrap();
        let mut trio = solvers(shape);
        for k in 0..count {
            let givens = if side == 9 { 5 + k % 25 } else { k };
            let puzzle = random_puzzle(&mut rng, shape, givens);
            agree(&mut trio, &puzzle, 30);
        }
    }
}

/// A valid fill of `shape` by the usual shifting pattern, with cells blanked at random.
fn pattern_puzzle(rng: &mut Rng, shape: Shape, keep_percent: usize) -> Grid {
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let mut g = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            let v = (bc * (r % br) + r / br + c) % n + 1;
            if rng.below(100) < keep_percent {
                g.set(r, c, v as u8);
            }
        }
    }
    assert!(g.clash().is_none());
    g
}

#[test]
fn large_grids_agree() {
    let mut rng = Rng(25);
    for (side, keep) in [(16, 45), (20, 55), (25, 60), (25, 100), (12, 35)] {
        let shape = Shape::for_side(side).unwrap();
        let mut trio = solvers(shape);
        for _ in 0..3 {
            let puzzle = pattern_puzzle(&mut rng, shape, keep);
            agree(&mut trio, &puzzle, 5);
        }
    }
}

/// Every puzzle of a data set (every `step`-th one), when ../shared/data is present.
fn data_set(name: &str, step: usize) -> Option<Vec<Grid>> {
    let path = common::shared_data(name)?;
    let text = std::fs::read_to_string(&path).unwrap();
    Some(
        text.lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .step_by(step)
            .map(|l| Grid::parse_line(l.as_bytes()).expect("the data sets are valid"))
            .collect(),
    )
}

#[test]
fn benchmark_sets_agree() {
    for (name, step) in [
        ("puzzles3_magictour_top1465", 1),
        ("puzzles2_17_clue", 97),
        ("puzzles6_forum_hardest_1106", 25),
    ] {
        let Some(puzzles) = data_set(name, step) else {
            continue;
        };
        let mut trio = solvers(Shape::CLASSIC);
        for p in &puzzles {
            agree(&mut trio, p, 2);
        }
    }
}

/// With more than three eighths of the cells given, the default solver never runs its
/// pointing and claiming (they wait for a grid five eighths empty, or a puzzle with at most
/// a quarter of its cells given), so the only pruning
/// left is the early dead end: it may save forced moves, never a guess, and the counts
/// stay the same.
#[test]
fn early_dead_ends_save_forced_moves_only() {
    let mut rng = Rng(0xdead_e4d5);
    let open = |p: &Grid| p.cells().iter().filter(|&&v| v == 0).count();
    // Random clash-free placements until 34 to 45 cells are given: most such grids have no
    // fill, and their dead ends are what the pruning notices.
    let mut puzzles: Vec<Grid> = (0..600)
        .map(|k| {
            let mut p = random_puzzle(&mut rng, Shape::CLASSIC, 34 + k % 12);
            while 81 - open(&p) < 34 + k % 12 {
                let (r, c, v) = (rng.below(9), rng.below(9), rng.below(9) as u8 + 1);
                if p.get(r, c) == 0 {
                    p.set(r, c, v);
                    if p.clash().is_some() {
                        p.set(r, c, 0);
                    }
                }
            }
            p
        })
        .collect();
    puzzles.extend(data_set("puzzles7_serg_benchmark", 50).unwrap_or_default());
    let (mut fast, mut plain, _) = solvers(Shape::CLASSIC);
    let (mut saved, mut pruned) = (0, 0);
    for p in &puzzles {
        assert!(open(p) < 5 * 81 / 8);
        let (n0, g0, pn0, pg0) = (fast.nodes(), fast.guesses(), plain.nodes(), plain.guesses());
        assert_eq!(fast.count(p, 3), plain.count(p, 3), "{}", p.to_line());
        let (nodes, plain_nodes) = (fast.nodes() - n0, plain.nodes() - pn0);
        assert_eq!(
            fast.guesses() - g0,
            plain.guesses() - pg0,
            "{}",
            p.to_line()
        );
        assert!(nodes <= plain_nodes, "{}", p.to_line());
        saved += plain_nodes - nodes;
        pruned += usize::from(nodes < plain_nodes);
    }
    // The sample has dead ends to notice: the pruning is not idle.
    assert!(
        pruned > puzzles.len() / 20,
        "{pruned} of {} pruned",
        puzzles.len()
    );
    assert!(saved > 0);
}

/// A puzzle that needs many search nodes (the first of the hardest set's kind).
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn limits_end_the_search_with_the_right_reason() {
    let puzzle: Grid = HARD.parse().unwrap();
    let mut trio = solvers(Shape::CLASSIC);
    // The puzzle has 64 empty cells: no search fills it in fewer nodes.
    for max in [0, 1, 10, 50] {
        let limits = Limits::nodes(max);
        let before = trio.0.nodes();
        assert_eq!(
            trio.0.solve_within(&puzzle, limits),
            Outcome::GaveUp(GaveUp::NodeLimit)
        );
        assert_eq!(
            trio.0.nodes() - before,
            max,
            "max_nodes counts options tried"
        );
        assert_eq!(
            trio.2.solve_within(&puzzle, limits),
            Outcome::GaveUp(GaveUp::NodeLimit)
        );
        let c = trio.0.count_within(&puzzle, 2, limits);
        assert_eq!(c, trio.2.count_within(&puzzle, 2, limits));
        assert_eq!((c.complete, c.gave_up), (false, Some(GaveUp::NodeLimit)));
    }
    // The exact number of nodes the search needs is enough, one fewer is not.
    let before = trio.0.nodes();
    let Outcome::Solved(answer) = trio.0.solve(&puzzle) else {
        panic!("the puzzle has a fill");
    };
    assert!(answer.is_complete_solution_of(&puzzle));
    let need = trio.0.nodes() - before;
    assert_eq!(
        trio.0.solve_within(&puzzle, Limits::nodes(need)),
        Outcome::Solved(answer)
    );
    assert_eq!(
        trio.0.solve_within(&puzzle, Limits::nodes(need - 1)),
        Outcome::GaveUp(GaveUp::NodeLimit)
    );
    // A deadline already past stops the search at the first look at the clock.
    let past = Limits {
        max_nodes: u64::MAX,
        deadline: Some(Instant::now()),
        ..Limits::NONE
    };
    let empty = Grid::empty(Shape::CLASSIC);
    let before = trio.0.nodes();
    let c = trio.0.count_within(&empty, u64::MAX, past);
    assert_eq!(c.gave_up, Some(GaveUp::Timeout));
    assert_eq!(trio.0.nodes() - before, Limits::CLOCK_EVERY);
    // A set cancel flag stops every solver before its first node, as a deadline would.
    static STOP: AtomicBool = AtomicBool::new(true);
    // (The node limit only stops a solver that would ignore the flag.)
    let cancelled = Limits {
        cancel: Some(Cancel::new(&STOP)),
        ..Limits::nodes(100_000)
    };
    let before = (trio.0.nodes(), trio.1.nodes(), trio.2.nodes());
    let ends = (
        trio.0.count_within(&empty, u64::MAX, cancelled).gave_up,
        trio.1.count_within(&empty, u64::MAX, cancelled).gave_up,
        trio.2.solve_within(&puzzle, cancelled),
    );
    assert_eq!(
        ends,
        (
            Some(GaveUp::Timeout),
            Some(GaveUp::Timeout),
            Outcome::GaveUp(GaveUp::Timeout)
        )
    );
    assert_eq!((trio.0.nodes(), trio.1.nodes(), trio.2.nodes()), before);
    // After giving up, the solver still answers correctly.
    agree(&mut trio, &puzzle, 2);
}

#[test]
fn clashes_are_reported_with_their_reason() {
    let mut g = Grid::empty(Shape::CLASSIC);
    g.set(0, 4, 5);
    g.set(7, 4, 5);
    let mut fast = DlxSolver::new(Shape::CLASSIC);
    match fast.solve(&g) {
        Outcome::NoSolution(NoSolution::Clash(c)) => {
            assert_eq!(c.to_string(), "column 5 has two 5s")
        }
        other => panic!("{other:?}"),
    }
    let c = fast.count(&g, 2);
    assert_eq!((c.solutions, c.complete), (0, true));
}

#[test]
fn a_complete_grid_is_its_own_answer() {
    let puzzle: Grid = HARD.parse().unwrap();
    let mut trio = solvers(Shape::CLASSIC);
    let fast = &mut trio.0;
    let Outcome::Solved(full) = fast.solve(&puzzle) else {
        panic!("the puzzle has a fill");
    };
    let before = fast.nodes();
    assert_eq!(fast.solve(&full), Outcome::Solved(full.clone()));
    let c = fast.count(&full, 2);
    assert_eq!((c.solutions, c.complete), (1, true));
    assert_eq!(fast.nodes(), before, "nothing to try");
    agree(&mut trio, &full, 2);
}
