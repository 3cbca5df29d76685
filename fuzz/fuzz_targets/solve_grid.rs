//! Solving arbitrary grids of every box shape up to 25 cells a side, under a node limit.
//! Checks: no panic; a fill is a complete solution of the puzzle; "clash" only when the
//! givens clash; "unsolvable" agrees with a count of 0; a solved puzzle counts ≥ 1; the
//! same solver answers the same puzzle the same way twice (its state is restored).
#![no_main]

use libfuzzer_sys::fuzz_target;
use dlx_sudoku::{DlxSolver, Grid, Limits, NoSolution, Outcome, Shape, SudokuSolver};

fuzz_target!(|data: &[u8]| {
    let [shape_byte, density, rest @ ..] = data else {
        return;
    };
    let rows = 1 + (shape_byte & 7) as usize % 5;
    let cols = 1 + (shape_byte >> 3) as usize % 5;
    let Some(shape) = Shape::new(rows, cols) else {
        return;
    };
    let n = shape.side();
    // Cells from the bytes; `density` sets how many are blank (bytes at or above it).
    let values: Vec<u8> = (0..shape.cells())
        .map(|i| match rest.get(i) {
            Some(&b) if b < *density => b % (n as u8 + 1),
            _ => 0,
        })
        .collect();
    let puzzle = Grid::from_values(shape, &values).expect("values are in range");
    let limits = Limits::nodes(2_000);
    let mut solver = DlxSolver::new(shape);
    let first = solver.solve_within(&puzzle, limits);
    match &first {
        Outcome::Solved(g) => {
            assert!(
                g.is_complete_solution_of(&puzzle),
                "{g:?} does not solve {puzzle:?}"
            );
            let c = solver.count_within(&puzzle, 1, limits);
            assert!(c.solutions == 1 || c.gave_up.is_some(), "{c:?}");
        }
        Outcome::NoSolution(NoSolution::Clash(_)) => assert!(puzzle.clash().is_some()),
        Outcome::NoSolution(NoSolution::Unsolvable) => {
            assert!(puzzle.clash().is_none());
            let c = solver.count_within(&puzzle, 1, limits);
            assert!(c.solutions == 0, "unsolvable, yet {c:?}");
        }
        Outcome::GaveUp(_) => {}
    }
    assert_eq!(
        solver.solve_within(&puzzle, limits),
        first,
        "a second solve differs"
    );
});
