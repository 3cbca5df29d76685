//! The limits on each puzzle's search (`--max-nodes`, `--timeout`), as `solve`, `count`
//! and `bench` apply them, the default node budget of `solve` and `count`, and what a
//! note says when a puzzle gives up.

use std::time::Duration;

use dlx_sudoku::solver_table::SolverKind;
use dlx_sudoku::{Progress, Shape};

/// The node budget of each puzzle for `solve` and `count` when neither `--max-nodes` nor
/// `--timeout` is given, for the dancing-links solvers (variants included). No 9×9 puzzle
/// comes near it (the hardest public ones take a few thousand nodes); it ends the searches
/// that can run for minutes, on near-empty 25×25 grids and an empty 16×16 windoku, in
/// 1–3 s on this project's 2-core test machine, with what they had established.
pub const DEFAULT_DLX_NODES: u64 = 5_000_000;

/// The same for the backtracking solvers, whose nodes (values placed) cost about a fiftieth
/// of a dancing-links node: a few seconds of the slowest, `naive`.
pub const DEFAULT_BACKTRACKING_NODES: u64 = 50_000_000;

/// The time each puzzle may take beside the default node budget, whichever ends first: a
/// node of a variant's search costs several of a classic one's (an empty 25×25 windoku
/// spent 67 s on its 5,000,000 nodes, a classic 25×25 9 s), and a loaded machine is
/// slower, so the budget in nodes alone does not keep the promise of a few seconds.
pub const DEFAULT_TIME: Duration = Duration::from_secs(5);

/// Limits for each puzzle: the node budget and the time each may take (`--max-nodes`,
/// `--timeout`), for `solve`, `count` and `bench`.
#[derive(Debug, Clone, Copy)]
pub struct PerPuzzle {
    pub max_nodes: u64,
    pub timeout: Option<Duration>,
    /// True when `max_nodes` is the default budget (neither flag was given).
    pub defaulted: bool,
}

impl PerPuzzle {
    /// The flags as given, no default: `bench` measures whatever it is asked to.
    pub fn as_given(max_nodes: Option<u64>, timeout: Option<Duration>) -> PerPuzzle {
        PerPuzzle {
            max_nodes: max_nodes.unwrap_or(u64::MAX),
            timeout,
            defaulted: false,
        }
    }

    /// `solve`'s and `count`'s limits: the flags, or the default node budget of `kind`'s
    /// solvers when neither is given.
    pub fn with_default(
        max_nodes: Option<u64>,
        timeout: Option<Duration>,
        kind: SolverKind,
    ) -> PerPuzzle {
        if max_nodes.is_some() || timeout.is_some() {
            return PerPuzzle::as_given(max_nodes, timeout);
        }
        let max_nodes = match kind {
            SolverKind::Dlx | SolverKind::DlxGeneric => DEFAULT_DLX_NODES,
            SolverKind::Naive | SolverKind::Bitmask | SolverKind::Candidates => {
                DEFAULT_BACKTRACKING_NODES
            }
        };
        PerPuzzle {
            max_nodes,
            timeout: Some(DEFAULT_TIME),
            defaulted: true,
        }
    }

    /// The limits for a search starting now.
    pub fn limits(self) -> dlx_sudoku::Limits {
        dlx_sudoku::Limits {
            max_nodes: self.max_nodes,
            deadline: self.timeout.map(|t| std::time::Instant::now() + t),
            cancel: Some(super::interrupt::cancel()),
        }
    }

    /// What to add to a "gave up" note: how to lift the default budget, when it applied.
    pub fn hint(self) -> String {
        if self.defaulted {
            format!(
                " ({} nodes or {} s, the default; --max-nodes N or --timeout TIME sets one, \
                 --max-nodes none lifts it)",
                self.max_nodes,
                DEFAULT_TIME.as_secs()
            )
        } else {
            String::new()
        }
    }
}

/// What a solve that gave up had established, for its note: `; a fill exists` when one
/// was found, and how many of the smallest fill's first cells are settled, with their
/// symbols when the puzzle is a grid of `shape` (whole-file variants give `None`).
pub fn progress_note(progress: &Progress, givens: &[u8], shape: Option<Shape>) -> String {
    let mut note = String::new();
    if progress.fill_exists {
        note.push_str("; a fill exists");
    }
    let settled = &progress.settled;
    if givens[..settled.len()].contains(&0) {
        note.push_str(&format!(
            "; the smallest fill's first {} of {} cells are settled",
            settled.len(),
            givens.len()
        ));
        if let Some(shape) = shape {
            let symbols: String = settled.iter().map(|&v| shape.symbol(v)).collect();
            note.push_str(&format!(": {symbols}"));
        }
    }
    note
}

/// Parses `--max-nodes`: a number of nodes, or `none` for no limit.
pub fn parse_max_nodes(text: &str) -> Result<u64, String> {
    match text.trim() {
        "none" => Ok(u64::MAX),
        t => t
            .parse()
            .map_err(|_| format!("'{text}' is not a number of nodes (or `none`)")),
    }
}
