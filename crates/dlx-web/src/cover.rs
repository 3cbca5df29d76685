//! The exact-cover box: a problem in Knuth's format counted and its first solutions shown,
//! and the library's puzzles written in that format (the CLI's `cover --emit`).

use std::ops::ControlFlow;

use dlx_cover::knuth::{self, Named};
use dlx_cover::{Chooser, Limits, MultiSolver, SearchEnd, Solver, Stats};
use dlx_sudoku::puzzles::{Langford, Pentominoes, Queens};
use serde_json::{Value, json};

use crate::reply::error;

/// The longest line taken, in bytes: the CLI's cap on a line of `cover`'s input (16 MiB,
/// room for Knuth's 100,000-item headers).
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// The problem in `text`, refused as the CLI refuses it: a line over [`MAX_LINE`] bytes
/// is an error naming the line, before any parse or search.
fn parse(text: &str) -> Result<knuth::Parsed, Value> {
    if let Some((k, _)) = text
        .split('\n')
        .enumerate()
        .find(|(_, l)| l.len() > MAX_LINE)
    {
        return Err(error(format!(
            "line {}: line too long (over {MAX_LINE} bytes)",
            k + 1
        )));
    }
    knuth::parse(text).map_err(error)
}

/// See [`crate::cover`].
pub fn search(text: &str, limit: u64, shown: usize, max_nodes: u64) -> Value {
    let parsed = match parse(text) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let problem = &parsed.named.problem;
    let limits = Limits::nodes(max_nodes);
    let mut found = 0u64;
    let mut first: Vec<Vec<&str>> = Vec::new();
    let mut visit = |solution: &[usize]| {
        found += 1;
        if first.len() < shown {
            let mut options = solution.to_vec();
            options.sort_unstable();
            first.push(
                options
                    .iter()
                    .map(|&o| parsed.option_texts[o].as_str())
                    .collect(),
            );
        }
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    // Knuth's rule (`Chooser::Mrv`), as `sudoku-dlx cover` searches; Algorithm M when an
    // item has a multiplicity.
    let (end, stats): (SearchEnd, Stats) = if problem.has_multiplicities() {
        let mut solver = MultiSolver::new(problem);
        (solver.search(limits, &mut visit), solver.stats())
    } else {
        let mut solver = Solver::new(problem);
        (
            solver.search(Chooser::Mrv, limits, &mut visit),
            solver.stats(),
        )
    };
    let status = match end {
        SearchEnd::NodeLimit => "node limit",
        SearchEnd::Deadline => "time limit",
        SearchEnd::Exhausted | SearchEnd::Stopped => "counted",
    };
    json!({
        "status": status,
        "solutions": found,
        "complete": end == SearchEnd::Exhausted,
        "nodes": stats.nodes,
        "updates": stats.updates,
        "first": first,
        "items": problem.items(),
        "options": problem.options(),
        "ignored": parsed.ignored,
    })
}

/// See [`crate::cover_memo`]: the memoized count (Knuth's dlx6), exact at any size (the
/// count as a decimal string), with dlx6's search nodes, ZDD nodes and hits.
pub fn memo_count(text: &str, max_nodes: u64) -> Value {
    let parsed = match parse(text) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let problem = &parsed.named.problem;
    let run = match dlx_cover::memo::count(problem, Limits::nodes(max_nodes), None) {
        Ok(run) => run,
        Err(e) => return error(e),
    };
    let status = match run.end {
        SearchEnd::NodeLimit => "node limit",
        SearchEnd::Deadline => "time limit",
        SearchEnd::Exhausted | SearchEnd::Stopped => "counted",
    };
    json!({
        "status": status,
        "solutions": run.count.to_string(),
        "complete": run.end == SearchEnd::Exhausted,
        "nodes": run.stats.nodes,
        "zdd_nodes": run.stats.dlx6_zdd_nodes(),
        "hits": run.stats.hits,
        "items": problem.items(),
        "options": problem.options(),
    })
}

/// See [`crate::emit`]: the title as a comment line, then the problem.
pub fn emit(puzzle: &str, arg: &str) -> Value {
    let built: Result<(String, Named), String> = match puzzle {
        "queens" => whole(arg).and_then(|n| {
            let q = Queens::new(n).map_err(|e| e.to_string())?;
            let title = format!("{n} queens: rows and columns primary, diagonals secondary");
            Ok((title, q.named().clone()))
        }),
        "langford" => whole(arg).and_then(|n| {
            let l = Langford::new(n).map_err(|e| e.to_string())?;
            Ok((
                format!("Langford pairs for 1..{n}, up to reversal"),
                l.named().clone(),
            ))
        }),
        "pentominoes" => board(arg).and_then(|(rows, cols)| {
            let p = Pentominoes::new(cols, rows, true).map_err(|e| e.to_string())?;
            let title = format!("pentominoes on {rows}x{cols} (rows x columns), up to symmetry");
            Ok((title, p.named().clone()))
        }),
        other => Err(format!(
            "unknown puzzle {other:?} (expected queens, langford or pentominoes)"
        )),
    };
    match built.and_then(|(title, named)| {
        let text = named.to_knuth().map_err(|e| e.to_string())?;
        Ok(format!("| {title}\n{text}"))
    }) {
        Ok(text) => json!({ "status": "emitted", "text": text }),
        Err(e) => error(format!("{puzzle} {arg}: {e}")),
    }
}

fn whole(arg: &str) -> Result<usize, String> {
    arg.trim()
        .parse()
        .map_err(|_| format!("{arg:?} is not a whole number"))
}

/// `ROWSxCOLS`, e.g. `6x10`.
fn board(arg: &str) -> Result<(usize, usize), String> {
    arg.trim()
        .split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("{arg:?} is not a board size like 6x10"))
}
