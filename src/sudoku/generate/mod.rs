//! Puzzle generation (in progress).

pub mod board;
