//! The library's integration tests, one binary: each module checks a part of `dlx_sudoku`
//! through its public API against code that shares nothing with it (`common`).

#[path = "../common/mod.rs"]
mod common;

mod arbitrary_formats;
mod arbitrary_input;
mod dlx_vs_generic;
mod heavy_tails;
mod lexicographic;
mod puzzles;
mod variant_paths;
mod variant_specs;
