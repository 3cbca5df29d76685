use std::time::Instant;

use super::*;

const HARD_FOR_ROW_MAJOR: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

fn all(shape: Shape) -> Vec<Box<dyn SudokuSolver>> {
    vec![
        Box::new(Naive::new(shape)),
        Box::new(Bitmask::new(shape)),
        Box::new(Candidates::new(shape)),
    ]
}

/// A full valid grid of any shape: the usual shifted pattern.
fn pattern(shape: Shape) -> Grid {
    let (n, br, bc) = (shape.side(), shape.box_rows(), shape.box_cols());
    let values: Vec<u8> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((r % br * bc + r / br + c) % n + 1) as u8
        })
        .collect();
    let g = Grid::from_values(shape, &values).unwrap();
    assert!(g.clash().is_none(), "the pattern is a valid fill");
    g
}

#[test]
fn empty_grid_gives_the_smallest_fill() {
    for mut s in all(Shape::CLASSIC) {
        let Outcome::Solved(g) = s.solve_within(&Grid::empty(Shape::CLASSIC), Limits::NONE) else {
            panic!("{}: the empty grid has fills", s.name());
        };
        // The smallest fill, as the DLX solver's own test states it.
        assert_eq!(
            g.to_line(),
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
            "{}",
            s.name()
        );
    }
}

#[test]
fn empty_4x4_has_288_fills() {
    let shape = Shape::for_side(4).unwrap();
    for mut s in all(shape) {
        let c = s.count_within(&Grid::empty(shape), 1000, Limits::NONE);
        assert_eq!((c.solutions, c.complete, c.gave_up), (288, true, None));
    }
}

#[test]
fn count_stops_at_the_limit_and_says_so() {
    let shape = Shape::for_side(4).unwrap();
    for mut s in all(shape) {
        let c = s.count_within(&Grid::empty(shape), 5, Limits::NONE);
        assert_eq!((c.solutions, c.complete, c.gave_up), (5, false, None));
    }
}

#[test]
fn the_three_visit_the_same_tree() {
    // Same order, same legality: the same values placed, so the same node counts.
    let puzzles = [
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ];
    for p in puzzles {
        let grid: Grid = p.parse().unwrap();
        let mut nodes = Vec::new();
        let mut answers = Vec::new();
        for mut s in all(Shape::CLASSIC) {
            answers.push(s.solve_within(&grid, Limits::nodes(5_000_000)));
            nodes.push(s.nodes());
        }
        assert!(nodes[0] > 0);
        assert!(nodes.iter().all(|&x| x == nodes[0]), "{p}: {nodes:?}");
        assert!(answers.iter().all(|a| *a == answers[0]), "{p}");
        if let Outcome::Solved(g) = &answers[0] {
            assert!(g.is_complete_solution_of(&grid));
        }
    }
}

#[test]
fn node_limit_places_exactly_max_nodes() {
    let grid: Grid = HARD_FOR_ROW_MAJOR.parse().unwrap();
    for mut s in all(Shape::CLASSIC) {
        let out = s.solve_within(&grid, Limits::nodes(10_000));
        assert_eq!(out, Outcome::GaveUp(GaveUp::NodeLimit), "{}", s.name());
        assert_eq!(s.nodes(), 10_000, "{}", s.name());
        let c = s.count_within(&grid, 2, Limits::nodes(500));
        assert_eq!((c.complete, c.gave_up), (false, Some(GaveUp::NodeLimit)));
        assert_eq!(s.nodes(), 10_500);
    }
}

#[test]
fn a_passed_deadline_ends_the_search() {
    let grid: Grid = HARD_FOR_ROW_MAJOR.parse().unwrap();
    for mut s in all(Shape::CLASSIC) {
        let limits = Limits {
            max_nodes: u64::MAX,
            deadline: Some(Instant::now()),
            ..Limits::NONE
        };
        let out = s.solve_within(&grid, limits);
        assert_eq!(out, Outcome::GaveUp(GaveUp::Timeout), "{}", s.name());
        assert_eq!(s.nodes(), Limits::CLOCK_EVERY, "{}", s.name());
    }
}

#[test]
fn a_set_cancel_flag_ends_the_search_at_once() {
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
    let grid: Grid = HARD_FOR_ROW_MAJOR.parse().unwrap();
    for mut s in all(Shape::CLASSIC) {
        // (The node limit only stops a solver that would ignore the flag.)
        let limits = Limits {
            cancel: Some(dlx_cover::Cancel::new(&STOP)),
            ..Limits::nodes(100_000)
        };
        let out = s.solve_within(&grid, limits);
        assert_eq!(out, Outcome::GaveUp(GaveUp::Timeout), "{}", s.name());
        assert_eq!(s.nodes(), 0, "{}", s.name());
    }
}

#[test]
fn clashing_givens_are_named() {
    let mut g = Grid::empty(Shape::CLASSIC);
    g.set(3, 3, 1);
    g.set(5, 5, 1);
    for mut s in all(Shape::CLASSIC) {
        match s.solve_within(&g, Limits::NONE) {
            Outcome::NoSolution(NoSolution::Clash(c)) => {
                assert_eq!(c.to_string(), "box 5 has two 1s")
            }
            other => panic!("{}: {other:?}", s.name()),
        }
        let c = s.count_within(&g, 2, Limits::NONE);
        assert_eq!((c.solutions, c.complete), (0, true));
        assert_eq!(s.nodes(), 0, "no search on clashing givens");
    }
}

#[test]
fn unsolvable_without_clash() {
    // Row 1 needs a 9 in its last cell, but column 9 already has one.
    let p = "12345678.........9...............................................................";
    let grid: Grid = p.parse().unwrap();
    for mut s in all(Shape::CLASSIC) {
        assert_eq!(
            s.solve_within(&grid, Limits::NONE),
            Outcome::NoSolution(NoSolution::Unsolvable)
        );
        let c = s.count_within(&grid, 2, Limits::NONE);
        assert_eq!((c.solutions, c.complete), (0, true));
    }
}

#[test]
fn a_full_grid_is_its_own_answer() {
    let shape = Shape::CLASSIC;
    let full = pattern(shape);
    for mut s in all(shape) {
        assert_eq!(
            s.solve_within(&full, Limits::nodes(0)),
            Outcome::Solved(full.clone())
        );
        assert_eq!(s.nodes(), 0);
    }
}

#[test]
fn large_grids_search_without_recursion() {
    // 25×25 and 16×16 with many blanks: hundreds of levels deep, on an explicit stack.
    for side in [16, 25] {
        let shape = Shape::for_side(side).unwrap();
        let full = pattern(shape);
        let mut puzzle = full.clone();
        let n = shape.side();
        // Blank the last few rows entirely, and every third cell elsewhere.
        for r in 0..n {
            for c in 0..n {
                if r >= n - 3 || (r * n + c).is_multiple_of(3) {
                    puzzle.set(r, c, 0);
                }
            }
        }
        for mut s in all(shape) {
            match s.solve_within(&puzzle, Limits::nodes(10_000_000)) {
                Outcome::Solved(g) => assert!(g.is_complete_solution_of(&puzzle)),
                other => panic!("{} on {side}×{side}: {other:?}", s.name()),
            }
            assert!(s.nodes() >= (n * n / 3) as u64);
        }
    }
}
