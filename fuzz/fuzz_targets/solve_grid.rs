//! Solving arbitrary grids of every box shape up to 25 cells a side, under a node limit of
//! 300 (small, so that the fuzzer runs thousands of inputs a second).
//! Checks: no panic; a fill is a complete solution of the puzzle; "clash" only when the
//! givens clash; "unsolvable" agrees with a count of 0; a solved puzzle counts ≥ 1; the
//! same solver answers the same puzzle the same way twice (its state is restored).
//!
//! One solver per box shape is kept across inputs (building the 25x25 matrix costs more than
//! a 300-node search), so every input also checks that the previous inputs' searches left
//! the solver as they found it.
#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use dlx_sudoku::{DlxSolver, Grid, Limits, NoSolution, Outcome, Shape, SudokuSolver};

thread_local! {
    static SOLVERS: RefCell<HashMap<(usize, usize), DlxSolver>> = RefCell::new(HashMap::new());
}

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
    let limits = Limits::nodes(300);
    SOLVERS.with(|solvers| {
        let mut solvers = solvers.borrow_mut();
        let solver = solvers
            .entry((rows, cols))
            .or_insert_with(|| DlxSolver::new(shape));
        check(solver, &puzzle, limits);
    });
});

/// Solves `puzzle` twice with `solver` and checks the answers (see the module doc).
fn check(solver: &mut DlxSolver, puzzle: &Grid, limits: Limits) {
    let first = solver.solve_within(puzzle, limits);
    match &first {
        Outcome::Solved(g) => {
            assert!(
                g.is_complete_solution_of(puzzle),
                "{g:?} does not solve {puzzle:?}"
            );
            let c = solver.count_within(puzzle, 1, limits);
            assert!(c.solutions == 1 || c.gave_up.is_some(), "{c:?}");
        }
        Outcome::NoSolution(NoSolution::Clash(_)) => assert!(puzzle.clash().is_some()),
        Outcome::NoSolution(NoSolution::Unsolvable) => {
            assert!(puzzle.clash().is_none());
            let c = solver.count_within(puzzle, 1, limits);
            assert!(c.solutions == 0, "unsolvable, yet {c:?}");
        }
        Outcome::GaveUp(_) => {}
    }
    assert_eq!(
        solver.solve_within(puzzle, limits),
        first,
        "a second solve differs"
    );
}
