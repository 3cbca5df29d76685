//! `cover --count` and `cover --all` on every core: the search tree is cut into subtrees
//! ([`Solver::split`]) that rayon's workers take in tree order, each worker with its own
//! clone of the solver. Each subtree's solutions are buffered and written in tree order,
//! so the output is one thread's, byte for byte; counts and nodes add up to one thread's.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use rayon::prelude::*;
use sudoku_dlx::exact_cover::knuth::Parsed;
use sudoku_dlx::exact_cover::split::Part;
use sudoku_dlx::exact_cover::{Limits, Solver, Stats};

use super::{solution_text, write_count, write_solution};
use crate::cli::Exit;

/// Subtrees per thread: enough that subtrees of very different sizes even out, few enough
/// that cutting them costs nothing next to the search.
const PARTS_PER_THREAD: usize = 64;

/// The number of threads `--threads` asks for (0 or none: one per core).
pub fn threads(asked: Option<u64>) -> usize {
    match asked {
        Some(n) if n > 0 => n as usize,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// What a parallel run did, for `--stats`.
pub struct Report {
    pub stats: Stats,
    /// Subtrees the tree was cut into (open and finished).
    pub parts: usize,
}

/// One subtree's results: its solutions' text (option lines, each solution ending at the
/// offset in `ends`), or only their number.
struct Found {
    solutions: u64,
    text: Vec<u8>,
    ends: Vec<usize>,
    nodes: u64,
    updates: u64,
}

/// Counts (`all == false`) or prints every solution up to `limit` on `threads` threads.
pub fn run<W: Write>(
    base: &Solver,
    parsed: &Parsed,
    all: bool,
    limit: u64,
    threads: usize,
    out: &mut W,
) -> (io::Result<Exit>, Report) {
    let mut splitter = base.clone();
    let split = splitter.split(threads * PARTS_PER_THREAD);
    let mut stats = Stats {
        nodes: split.nodes,
        ..Stats::default()
    };
    let parts = split.parts.len();
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            return (
                Err(io::Error::other(format!("cannot start threads: {e}"))),
                Report { stats, parts },
            );
        }
    };
    // Set once the output needs no more solutions: the limit was written, or writing failed.
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, Found)>();
    let mut written = 0u64;
    let mut failure = None;
    std::thread::scope(|scope| {
        let stop = &stop;
        let split = &split;
        scope.spawn(move || {
            pool.install(|| {
                split
                    .parts
                    .iter()
                    .enumerate()
                    .par_bridge()
                    .map_init(
                        || (base.clone(), Vec::new()),
                        |(solver, sorted), (k, part)| {
                            (
                                k,
                                search_part(solver, sorted, parsed, part, all, limit, stop),
                            )
                        },
                    )
                    .for_each_with(tx, |tx, found| {
                        let _ = tx.send(found);
                    });
            });
        });
        // Write each part's solutions once every part before it is written.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (k, found) in rx {
            waiting.insert(k, found);
            while let Some(found) = waiting.remove(&next) {
                next += 1;
                stats.nodes += found.nodes;
                stats.updates += found.updates;
                if stop.load(Ordering::Relaxed) {
                    continue;
                }
                let mut start = 0;
                let mut take = found.solutions.min(limit - written);
                if all {
                    for &end in found.ends.iter().take(take as usize) {
                        written += 1;
                        if let Err(e) = write_solution(out, written, true, &found.text[start..end])
                        {
                            failure = Some(e);
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                        start = end;
                    }
                    take = 0;
                }
                written += take;
                if written >= limit {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    stats.solutions = written;
    let report = Report { stats, parts };
    if let Some(e) = failure {
        return (Err(e), report);
    }
    let exit = if all {
        if written == 0 {
            writeln!(out, "no solution").map(|()| Exit::NoSolution)
        } else {
            Ok(Exit::Ok)
        }
    } else {
        write_count(out, written, written >= limit).map(|()| Exit::Ok)
    };
    (exit, report)
}

/// Searches one part on this worker's solver: its solutions as text (`all`) or counted,
/// at most `limit`, and nothing once `stop` is set.
fn search_part(
    solver: &mut Solver,
    sorted: &mut Vec<usize>,
    parsed: &Parsed,
    part: &Part,
    all: bool,
    limit: u64,
    stop: &AtomicBool,
) -> Found {
    let mut found = Found {
        solutions: 0,
        text: Vec::new(),
        ends: Vec::new(),
        nodes: 0,
        updates: 0,
    };
    if stop.load(Ordering::Relaxed) {
        return found;
    }
    match part {
        Part::Finished { path, solutions } => {
            if *solutions == 1 {
                found.solutions = 1;
                if all {
                    solution_text(parsed, path, sorted, &mut found.text);
                    found.ends.push(found.text.len());
                }
            }
        }
        Part::Open(path) => {
            let mut solutions = 0u64;
            let mut text = Vec::new();
            let mut ends = Vec::new();
            let run = solver.search_subtree(path, Limits::NONE, |solution| {
                solutions += 1;
                if all {
                    solution_text(parsed, solution, sorted, &mut text);
                    ends.push(text.len());
                }
                if solutions >= limit || stop.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            let run = run.expect("the split's own paths are paths of the tree");
            found.solutions = solutions;
            found.text = text;
            found.ends = ends;
            found.nodes = run.nodes;
            found.updates = run.updates;
        }
    }
    found
}
