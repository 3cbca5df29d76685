//! Counting allocates nothing per solution: the allocation-counter crate (which owns the
//! counting allocator, so this project needs no `unsafe` for it) watches a count.

use allocation_counter::measure;
use dlx_cover::{Problem, Solver};
use dlx_sudoku::puzzles::{Langford, Pentominoes, Queens};

/// Counts twice: the first count may grow the search stack a few times; the second, on
/// the same solver, allocates nothing at all, however many solutions it meets.
fn check(problem: &Problem, expected: u64) {
    let mut solver = Solver::new(problem);
    let mut solutions = 0;
    let first = measure(|| solutions = solver.count_solutions(u64::MAX).solutions);
    assert_eq!(solutions, expected);
    assert!(
        first.count_total <= 16,
        "{} allocations in a first count of {expected}",
        first.count_total
    );
    let second = measure(|| solutions = solver.count_solutions(u64::MAX).solutions);
    assert_eq!(solutions, expected);
    assert_eq!(second.count_total, 0);
}

#[test]
fn counting_allocates_nothing_per_solution() {
    check(Queens::new(10).unwrap().problem(), 724);
    check(Langford::new(8).unwrap().problem(), 150);
    check(Pentominoes::new(20, 3, true).unwrap().problem(), 2);
    // The counter does count: building a problem allocates.
    let building = measure(|| drop(Queens::new(4).unwrap()));
    assert!(building.count_total > 0);
}
