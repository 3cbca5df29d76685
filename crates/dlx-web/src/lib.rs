//! The WebAssembly module of the browser page (`web/`): every answer the page shows, from
//! [`dlx_sudoku`] and [`dlx_cover`], as one JSON object per call.
//!
//! Each export takes text as a person typed it and returns a JSON string; a failure is
//! `{"status":"error","message":…}` with the library's own message. Nothing here reads a
//! clock: `std::time::Instant::now()` panics on `wasm32-unknown-unknown`, so no search is
//! given a deadline. Long searches are bounded by a node budget instead (`max_nodes`); the
//! page's worker calls again with a larger budget after each slice that ends at the limit
//! (status `"node limit"`), posting progress in between, and times each call itself.
//!
//! The functions build and run natively too (wasm-bindgen's attribute is inert there), which
//! is how the unit tests run them.

use wasm_bindgen::prelude::wasm_bindgen;

mod cover;
mod reply;
mod sudoku;
mod variant;

/// The smallest fill of the puzzle in `text` (81 characters, or a grid) under the rules in
/// `rules` (JSON: `x`, `windoku`, `regions`, `cages`, as the CLI's variant flags; empty for
/// classic Sudoku), within `max_nodes` search nodes: `status` (`solved`, `no solution`,
/// `node limit`, `error`), `puzzle`, `side`, `answer`, `nodes`.
#[wasm_bindgen]
pub fn solve(text: &str, rules: &str, max_nodes: f64) -> String {
    sudoku::solve(text, rules, budget(max_nodes)).to_string()
}

/// The fills of the puzzle under `rules` (see [`solve`]) counted up to `limit`, within
/// `max_nodes` search nodes: `status`, `solutions`, `complete`, `nodes`.
#[wasm_bindgen]
pub fn count(text: &str, rules: &str, limit: f64, max_nodes: f64) -> String {
    sudoku::count(text, rules, budget(limit), budget(max_nodes)).to_string()
}

/// What the page draws for a `side`×`side` board under `rules` (see [`solve`]): each cell's
/// `region`, `diagonals`, each cell's window in `windows` (-1 for none), `cages`.
#[wasm_bindgen]
pub fn layout(rules: &str, side: u32) -> String {
    variant::layout(rules, side as usize).to_string()
}

/// Valid, unique, minimal: `status` (the CLI's `check` words), `valid`, `unique`,
/// `minimal`, `redundant` (cell names), `givens`.
#[wasm_bindgen]
pub fn check(text: &str) -> String {
    sudoku::check(text).to_string()
}

/// The next step of the logic ladder: `technique`, its `weight` and `level`, `reason`,
/// `cells` (to highlight), `place` and `eliminate` (`[cell, digit]` pairs), every cell's
/// `candidates` (bit `v − 1`); `status` `solved` when none is left.
#[wasm_bindgen]
pub fn hint(text: &str) -> String {
    sudoku::hint(text).to_string()
}

/// Every step to the solution, each with the grid after it: `steps`, `solution`.
#[wasm_bindgen]
pub fn explain(text: &str) -> String {
    sudoku::explain(text).to_string()
}

/// The rating: `level`, `score`, `hardest`, `effort`, `steps`, and for 9×9 `se` (Sudoku
/// Explainer's `er`, `ep`, `ed`, `hardest`, as `rate --scale se`).
#[wasm_bindgen]
pub fn rate(text: &str) -> String {
    sudoku::rate(text).to_string()
}

/// A 9×9 puzzle of `difficulty` (`any`, `simple`, `easy`, `intermediate`, `expert`) and
/// `symmetry` (the CLI's names) from `seed` (decimal): the first puzzle `sudoku-dlx
/// generate --seed SEED --difficulty D --symmetry S` writes. With `se` (`4.0-6.5`, or one
/// value; empty for any), the first of the level whose Sudoku Explainer rating (ER) is in
/// that range. `puzzle`, `fill`, `level`, `se`, `attempts`.
#[wasm_bindgen]
pub fn generate(difficulty: &str, symmetry: &str, seed: &str, se: &str) -> String {
    sudoku::generate(difficulty, symmetry, seed, se).to_string()
}

/// Solves every puzzle of `text` (one a line) with one solver, as `sudoku-dlx solve` does:
/// `puzzles`, `solved`, `answers` (one line each, `no solution` or `error` where none).
#[wasm_bindgen]
pub fn solve_all(text: &str) -> String {
    sudoku::solve_all(text).to_string()
}

/// An exact-cover problem in Knuth's format: solutions counted up to `limit` within
/// `max_nodes` nodes, the first `shown` of them as their options' text. `status`,
/// `solutions`, `complete`, `nodes`, `first`, `items`, `options`.
#[wasm_bindgen]
pub fn cover(text: &str, limit: f64, shown: u32, max_nodes: f64) -> String {
    cover::search(text, budget(limit), shown as usize, budget(max_nodes)).to_string()
}

/// Counts the solutions of a problem in Knuth's format by memoized search (Knuth's dlx6:
/// exact cover and colors), within `max_nodes` search nodes: JSON with `solutions` as a
/// decimal string (of any size), `complete`, `nodes`, `zdd_nodes`, `hits`.
#[wasm_bindgen]
pub fn cover_memo(text: &str, max_nodes: f64) -> String {
    cover::memo_count(text, budget(max_nodes)).to_string()
}

/// One of the library's puzzles in Knuth's format, as `sudoku-dlx cover --emit PUZZLE ARG`
/// writes it (`queens 8`, `langford 7`, `pentominoes 6x10`, …): `status`, `text`.
#[wasm_bindgen]
pub fn emit(puzzle: &str, arg: &str) -> String {
    cover::emit(puzzle, arg).to_string()
}

/// A JavaScript number as a count or node budget: whole, at least 1, infinite for `u64::MAX`.
fn budget(n: f64) -> u64 {
    if n.is_nan() || n < 1.0 {
        1
    } else {
        // `as` saturates: infinity and anything past 2^64 become u64::MAX.
        n as u64
    }
}

#[cfg(test)]
mod tests;
