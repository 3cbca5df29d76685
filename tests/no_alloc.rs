//! Counting allocates nothing per solution: a counting allocator watches a count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use sudoku_dlx::exact_cover::Solver;
use sudoku_dlx::puzzles::{Langford, Pentominoes, Queens};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the counter is a
// const-initialised thread-local, which needs no allocation itself.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        // SAFETY: the caller's contract for `alloc` is passed on as it is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        // SAFETY: as for `dealloc`; the caller guarantees `new_size` is valid.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(|a| a.get())
}

/// Counts twice: the first count may grow the search stack a few times; the second, on
/// the same solver, allocates nothing at all, however many solutions it meets.
fn check(problem: &sudoku_dlx::exact_cover::Problem, expected: u64) {
    let mut solver = Solver::new(problem);
    let before = allocations();
    assert_eq!(solver.count_solutions(u64::MAX).solutions, expected);
    let first = allocations() - before;
    assert!(
        first <= 16,
        "{first} allocations in a first count of {expected}"
    );
    let before = allocations();
    assert_eq!(solver.count_solutions(u64::MAX).solutions, expected);
    assert_eq!(allocations() - before, 0);
}

#[test]
fn counting_allocates_nothing_per_solution() {
    check(Queens::new(10).unwrap().problem(), 724);
    check(Langford::new(8).unwrap().problem(), 150);
    check(Pentominoes::new(20, 3, true).unwrap().problem(), 2);
    // The counter does count: building a problem allocates.
    let before = allocations();
    let _ = Queens::new(4).unwrap();
    assert!(allocations() > before);
}
