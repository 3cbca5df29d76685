//! Sudoku as exact cover: the one encoding every DLX solver, `--emit sudoku` and the tests use.
//!
//! ```
//! use dlx_cover::Solver;
//! use dlx_sudoku::{Shape, encoding};
//!
//! let shape = Shape::for_side(4).unwrap();
//! // "Cell (r2, c3) holds 4" (0-based row and column, values from 1) is option 27 …
//! let option = encoding::option(shape, 1, 2, 4);
//! assert_eq!(option, 27);
//! assert_eq!(encoding::placement(shape, option), (1, 2, 4));
//! // … and covers the cell, row-value, column-value and box-value items.
//! assert_eq!(encoding::option_items(shape, 1, 2, 4), [6, 16 + 7, 32 + 11, 48 + 7]);
//! // The empty 4×4 grid has 288 fills.
//! let mut solver = Solver::new(&encoding::problem(shape));
//! assert_eq!(solver.count_solutions(1000).solutions, 288);
//! ```
//!
//! # Items
//!
//! For side `n` (boxes of `r × c` cells, `n = r·c`) there are `4n²` primary items, in this
//! order (rows, columns, boxes and values counted from 0 here; values are `1..=n` on the
//! grid, item `v − 1`):
//!
//! | items        | item number             | meaning                                   |
//! |--------------|-------------------------|-------------------------------------------|
//! | `0 .. n²`    | `r·n + c`               | cell `(r, c)` is filled (row-major)       |
//! | `n² .. 2n²`  | `n² + r·n + (v − 1)`    | row `r` holds value `v`                   |
//! | `2n² .. 3n²` | `2n² + c·n + (v − 1)`   | column `c` holds value `v`                |
//! | `3n² .. 4n²` | `3n² + b·n + (v − 1)`   | box `b` holds value `v` (boxes row-major) |
//!
//! [`option_items`] is that formula, written once.
//!
//! # Options
//!
//! There are `n³` options, one per placement: option `(r·n + c)·n + (v − 1)` ([`option`];
//! [`placement`] inverts it) is "cell `(r, c)` holds `v`" and covers exactly its four items
//! above, in the order cell, row, column, box ([`cell_and_value`] decodes it to a
//! row-major cell index). [`problem`] adds them in ascending option
//! number, so every item's list runs in ascending option order: within a cell item's list,
//! ascending value.
//!
//! A solution is a set of `n²` options covering each item once: every cell gets one value
//! (cell items), and no row, column or box repeats a value (the other three kinds). The
//! givens are placed by selecting their options (the generic engine's
//! [`select`](dlx_cover::Solver::select)), or, in the specialised
//! [`DlxSolver`](super::DlxSolver), by building the matrix without the options they exclude.
//!
//! # The lexicographically smallest fill
//!
//! A puzzle with several fills is answered with the smallest one read row by row (the
//! policy is in `lex.rs`, shared by both DLX solvers). The solver first runs MRV counting
//! to two solutions; with one solution that is the answer. With two or more it searches
//! again choosing items by the rule *forced, then leftmost* ([`Chooser::ForcedThenLeftmost`]
//! in the engine), which meets the fills in lexicographic order. Why:
//!
//! * a *forced* item (0 or 1 options left) is covered by the same option, or by none, in
//!   every solution below the current node; taking it first drops no solution and
//!   reorders none;
//! * otherwise the leftmost active item is a cell item (cells come first in the table), and
//!   it is the first empty cell in row-major order, since a cell item is covered exactly
//!   when the cell is filled. Every cell before it is already fixed, so all solutions in
//!   the subtree share that prefix; its options are tried in list order, which is
//!   ascending value, and dancing links restores list order on backtracking.
//!
//! By induction on the depth the search meets the solutions in lexicographic order, so
//! the first one it meets is the smallest. Forced moves keep it fast where plain row-major
//! backtracking is not (they are naked and hidden singles). When even that search runs
//! past a node budget (near-empty large grids), the witness construction of `lex.rs`
//! builds the same fill one cell at a time. The tests check the answers against an
//! independent oracle.
//!
//! Two things in the layout carry this proof, in every engine that runs it: each item's
//! list in ascending option order (never sort or shuffle a list), and the cell items first
//! (forced-then-leftmost branches on the first empty cell because of it).
//!
//! [`Chooser::ForcedThenLeftmost`]: dlx_cover::Chooser::ForcedThenLeftmost

use super::grid::Shape;
use dlx_cover::Problem;

/// The four items of the option "cell `(row, col)` holds `value`" (`value` in `1..=n`,
/// `row` and `col` from 0), in the order cell, row, column, box: the table in the module
/// docs.
///
/// # Panics
/// In debug builds, if `value` is 0 (an empty cell has no option).
#[inline]
pub fn option_items(shape: Shape, row: usize, col: usize, value: usize) -> [usize; 4] {
    debug_assert!((1..=shape.side()).contains(&value), "value {value}");
    let n = shape.side();
    let nn = n * n;
    let v = value - 1;
    [
        row * n + col,
        nn + row * n + v,
        2 * nn + col * n + v,
        3 * nn + shape.box_of(row, col) * n + v,
    ]
}

/// The option number of "cell `(row, col)` holds `value`": `(row·n + col)·n + value − 1`.
#[inline]
pub fn option(shape: Shape, row: usize, col: usize, value: usize) -> usize {
    let n = shape.side();
    (row * n + col) * n + value - 1
}

/// The placement `(row, col, value)` of option `option`; inverts [`option`].
#[inline]
pub fn placement(shape: Shape, option: usize) -> (usize, usize, u8) {
    let n = shape.side();
    let cell = option / n;
    (cell / n, cell % n, (option % n) as u8 + 1)
}

/// The cell (row-major index `row·n + col`) and value of option `option`: [`placement`]
/// without splitting the cell, for decoding whole solutions.
#[inline]
pub fn cell_and_value(shape: Shape, option: usize) -> (usize, u8) {
    let n = shape.side();
    (option / n, (option % n) as u8 + 1)
}

/// The exact-cover problem of an empty grid of `shape`: the `4n²` items and `n³` options of
/// the module docs, options added in ascending number.
pub fn problem(shape: Shape) -> Problem {
    let n = shape.side();
    let mut p = Problem::new(4 * n * n, 0).expect("a Sudoku of side <= 25 fits the arena");
    for r in 0..n {
        for c in 0..n {
            for v in 1..=n {
                p.add_option(option_items(shape, r, c, v))
                    .expect("the encoding names four distinct primary items");
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option number round-trips, and the items of distinct placements that share a
    /// unit and a value meet in exactly that unit's item.
    #[test]
    fn numbering_round_trips_and_items_are_distinct() {
        for side in [4, 6, 9, 12] {
            let shape = Shape::for_side(side).unwrap();
            let n = side;
            let mut seen = vec![0u8; 4 * n * n];
            for r in 0..n {
                for c in 0..n {
                    for v in 1..=n {
                        let o = option(shape, r, c, v);
                        assert_eq!(placement(shape, o), (r, c, v as u8));
                        assert_eq!(cell_and_value(shape, o), (r * n + c, v as u8));
                        let items = option_items(shape, r, c, v);
                        for (kind, &it) in items.iter().enumerate() {
                            assert_eq!(it / (n * n), kind, "item {it} of kind {kind}");
                            seen[it] += 1;
                        }
                    }
                }
            }
            // Each item lies in exactly n options.
            assert!(seen.iter().all(|&k| k as usize == n));
        }
    }
}
