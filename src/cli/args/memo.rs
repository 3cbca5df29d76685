//! `cover`'s flags for the memoized count and its ZDD (see `cli/cover/memo.rs`).

use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// `--memo`, `--zdd`, `--from-zdd`, `--sample`, `--seed`.
#[derive(Debug, Args)]
pub struct MemoArgs {
    /// How --count searches: `on` remembers every finished subproblem (Knuth's dlx6: counts
    /// of any size; multiplicities too), `off` visits every solution, `auto` starts with
    /// memo and keeps it only when subproblems repeat (15 % hits in the first 2000 search
    /// nodes, or 16 per primary item if more; with multiplicities, after 250,000 nodes of
    /// the plain search, 16 plain nodes per node).
    #[arg(long, value_enum, value_name = "MODE", default_value_t = Memo::Auto)]
    pub memo: Memo,
    /// With --count: also write the ZDD of all solutions to FILE in dlx6's text format
    /// (turns memo on).
    #[arg(long, value_name = "FILE", requires = "count",
          conflicts_with_all = ["limit", "from_zdd"])]
    pub zdd: Option<PathBuf>,
    /// Read a ZDD written by --zdd (or dlx6) instead of searching; with --count, --all or
    /// --sample. Given the problem file too, solutions are written as its options, else as
    /// option numbers (from 1).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["min_cost", "best", "pre", "emit"])]
    pub from_zdd: Option<PathBuf>,
    /// With --from-zdd: print K solutions drawn uniformly at random (with replacement).
    #[arg(long, value_name = "K", requires = "from_zdd", conflicts_with_all = ["count", "all"],
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub sample: Option<u64>,
    /// The seed of --sample's draws (the same seed, the same draws); 0 if not given.
    #[arg(long, value_name = "S", requires = "sample")]
    pub seed: Option<u64>,
}

/// `--memo`'s values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Memo {
    /// Memoized search (dlx6's tree).
    On,
    /// Today's search, every solution visited.
    Off,
    /// Memo while it pays.
    Auto,
}
