//! `sudoku-dlx cover`, one test binary: Knuth's format and its searches, Knuth's trees for
//! colors (dlx2), multiplicities (dlx3) and costs (dlx5), memoized counts and ZDDs (dlx6, and with multiplicities),
//! input at Knuth's scale (100,000 items), and `--split`/`--job`/`--merge`.

#[path = "../common/mod.rs"]
mod common;

mod cover_memo;
mod cover_memo_multi;
mod dlx2_tree;
mod dlx3_tree;
mod dlx5_tree;
mod knuth_format;
mod long_lines;
mod split;
