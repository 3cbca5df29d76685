//! The limits on each puzzle's search (`--max-nodes`, `--timeout`), as `solve`, `count`
//! and `bench` apply them.

use std::time::Duration;

/// Limits for each puzzle: the node budget and the time each may take (`--max-nodes`,
/// `--timeout`), for `solve`, `count` and `bench`.
#[derive(Debug, Clone, Copy)]
pub struct PerPuzzle {
    pub max_nodes: u64,
    pub timeout: Option<Duration>,
}

impl PerPuzzle {
    /// True when `--max-nodes` or `--timeout` bounds the search.
    pub fn bounded(self) -> bool {
        self.max_nodes != u64::MAX || self.timeout.is_some()
    }

    /// The limits for a search starting now.
    pub fn limits(self) -> dlx_sudoku::Limits {
        dlx_sudoku::Limits {
            max_nodes: self.max_nodes,
            deadline: self.timeout.map(|t| std::time::Instant::now() + t),
            ..dlx_sudoku::Limits::NONE
        }
    }
}
