//! `cover --count` and `cover --all` on every core: the search tree is cut coarsely on
//! this thread ([`Solver::split`], a few parts per worker), then each coarse part is cut
//! again by the worker that takes it ([`Solver::split_below`]) into subtrees that any idle
//! worker may take, in tree order, each worker with its own clone of the solver. So the
//! cutting, which costs about as much as the search of the tree's top, is shared by the
//! workers rather than done by one thread while they wait. Each subtree's solutions are
//! buffered and written in tree order, so the output is one thread's, byte for byte;
//! counts and nodes add up to one thread's.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{MutexGuard, mpsc};
use std::time::{Duration, Instant};

use dlx_cover::knuth::Parsed;
use dlx_cover::split::Part;
use dlx_cover::{Cancel, Limits, SearchEnd, Solver, Stats};
use rayon::prelude::*;

use super::solutions::write_solution;
use crate::cli::batch::WorkerState;
use crate::cli::error::Error;
use crate::cli::profile::{Busy, Stage};

/// Coarse parts per worker, cut on the calling thread: enough for every worker to start on
/// one, few enough that the cut is quick (0.2 s to cut all 6x10 pentomino tilings into
/// 16,384 parts, the old 1,024 per thread on 16 threads; a few ms for 64).
const COARSE_PER_THREAD: usize = 4;

/// Subtrees each coarse part is cut into by its worker: with [`COARSE_PER_THREAD`], 1,024
/// per worker, enough that subtrees of very different sizes even out (all 6x10 pentomino
/// tilings cut into 131 subtrees leave one with 13% of the nodes, into 2,054 one with
/// 2.4%).
const FINE_PER_COARSE: usize = 256;

/// What a run on several threads did: as one thread's search would report it.
pub struct Run {
    /// Solutions counted or written.
    pub found: u64,
    /// `Stopped` at the limit (or a failed write), else `Exhausted`.
    pub end: SearchEnd,
    /// How writing went.
    pub written: io::Result<()>,
    /// Nodes and link updates of every subtree plus the split's nodes; the solutions.
    pub stats: Stats,
    /// Subtrees the tree was cut into (open and finished).
    pub parts: usize,
    /// From the workers' start to their end.
    pub wall: Duration,
    /// Each worker's busy time (cutting and searching), when measured.
    pub busy: Vec<Duration>,
    /// The coarse cut, then ordering and writing (`--all`).
    pub stages: Vec<Stage>,
}

/// One subtree's solutions: their options, sorted, one after another (each solution ends at
/// an offset in `ends`), or only their number.
#[derive(Default)]
struct Found {
    solutions: u64,
    options: Vec<usize>,
    ends: Vec<usize>,
    nodes: u64,
    updates: u64,
}

/// Counts (`all == false`) or prints every solution up to `limit` on `threads` threads.
/// Once `cancel` is set (Ctrl-C), every subtree search stops and the run ends with
/// `SearchEnd::Deadline`, as one search would. With `timed`, measures the workers' busy
/// time.
#[allow(clippy::too_many_arguments)]
pub fn run<W: Write>(
    base: &Solver,
    parsed: &Parsed,
    all: bool,
    limit: u64,
    threads: usize,
    cancel: Option<Cancel>,
    timed: bool,
    out: &mut W,
) -> Result<Run, Error> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Threads(e.to_string()))?;
    let solvers: Vec<WorkerState<Solver>> = (0..pool.current_num_threads())
        .map(|_| WorkerState::default())
        .collect();
    let started = Instant::now();
    let mut splitter = base.clone();
    let coarse = splitter.split(threads * COARSE_PER_THREAD);
    let cut = started.elapsed();
    let mut stats = Stats::default();
    stats.nodes = coarse.nodes;
    stats.updates = coarse.updates;
    let parts = Parts {
        base,
        parts: &coarse.parts,
        solvers: &solvers,
        limit,
        stop: AtomicBool::new(false),
        cancel,
        busy: Busy::new(threads, timed),
        fine: AtomicUsize::new(0),
    };
    let mut written_time = Duration::ZERO;
    let (found, written) = if all {
        parts.print(&pool, parsed, out, &mut stats, &mut written_time)
    } else {
        (parts.count(&pool, &mut stats), Ok(()))
    };
    stats.solutions = found;
    Ok(Run {
        found,
        end: end_of(found, limit, written.is_err(), cancel),
        written,
        stats,
        parts: parts.fine.load(Ordering::Relaxed),
        wall: started.elapsed(),
        busy: parts.busy.per_worker(),
        stages: vec![
            Stage::serial("coarse cut", cut),
            Stage::beside("order and write", written_time),
        ],
    })
}

/// The coarse parts of one run and what their searches share.
struct Parts<'a> {
    base: &'a Solver,
    parts: &'a [Part],
    solvers: &'a [WorkerState<Solver>],
    limit: u64,
    /// Set once the output needs no more solutions: the limit was reached, or writing
    /// failed.
    stop: AtomicBool,
    cancel: Option<Cancel>,
    busy: Busy,
    /// Fine parts (subtrees) made so far.
    fine: AtomicUsize,
}

impl Parts<'_> {
    /// Counts the solutions (at most `limit`), adding the nodes and updates to `stats`.
    fn count(&self, pool: &rayon::ThreadPool, stats: &mut Stats) -> u64 {
        // A count needs no order: the workers add their subtrees up among themselves, with
        // no thread of ours waking for each subtree (on two cores that thread would take
        // turns with the workers).
        let counted = AtomicU64::new(0);
        let total = pool.install(|| {
            self.parts
                .par_iter()
                // One part per rayon job: a worker left idle steals single parts, where
                // rayon's own leaves (runs of parts searched in a row, which no one can
                // steal) left the other worker a long tail alone.
                .with_max_len(1)
                .map(|coarse| {
                    let (cut, fine) = self.cut(coarse);
                    fine.par_iter()
                        .with_max_len(1)
                        .map(|part| {
                            let found = self.search(part, false);
                            let before = counted.fetch_add(found.solutions, Ordering::Relaxed);
                            if before + found.solutions >= self.limit {
                                self.stop.store(true, Ordering::Relaxed);
                            }
                            found
                        })
                        .reduce(Found::default, Found::add)
                        .add(cut)
                })
                .reduce(Found::default, Found::add)
        });
        stats.nodes += total.nodes;
        stats.updates += total.updates;
        total.solutions.min(self.limit)
    }

    /// Writes the solutions (at most `limit`) in tree order, adding the nodes and updates
    /// to `stats` and the time spent ordering and writing to `time`; how many were
    /// written, and how writing went.
    fn print<W: Write>(
        &self,
        pool: &rayon::ThreadPool,
        parsed: &Parsed,
        out: &mut W,
        stats: &mut Stats,
        time: &mut Duration,
    ) -> (u64, io::Result<()>) {
        // (coarse part, fine part, fine parts of that coarse part, what it found)
        let (tx, rx) = mpsc::channel::<(usize, usize, usize, Found)>();
        let mut found_total = 0u64;
        let mut written = Ok(());
        std::thread::scope(|scope| {
            scope.spawn(move || {
                pool.install(|| {
                    self.parts
                        .par_iter()
                        .with_max_len(1)
                        .enumerate()
                        .for_each_with(tx, |tx, (k, coarse)| {
                            let (cut, fine) = self.cut(coarse);
                            let _ = tx.send((k, usize::MAX, 0, cut));
                            let n = fine.len();
                            fine.par_iter().with_max_len(1).enumerate().for_each_with(
                                tx.clone(),
                                |tx, (j, part)| {
                                    let _ = tx.send((k, j, n, self.search(part, true)));
                                },
                            );
                        });
                });
            });
            // Take each fine part once every part before it is taken.
            let mut waiting = BTreeMap::new();
            let (mut next, mut next_fine) = (0, 0);
            for (k, j, n, found) in rx {
                let started = Instant::now();
                stats.nodes += found.nodes;
                stats.updates += found.updates;
                if j == usize::MAX {
                    continue; // The cut's own nodes.
                }
                waiting.insert((k, j), (n, found));
                while let Some((n, found)) = waiting.remove(&(next, next_fine)) {
                    next_fine += 1;
                    if next_fine == n {
                        (next, next_fine) = (next + 1, 0);
                    }
                    if !self.stop.load(Ordering::Relaxed) {
                        written = self.write(&found, &mut found_total, parsed, out);
                    }
                }
                *time += started.elapsed();
            }
        });
        (found_total, written)
    }

    /// Writes `found`'s solutions, up to the limit (counting them in `total`); stops the
    /// run at the limit or when writing fails.
    fn write<W: Write>(
        &self,
        found: &Found,
        total: &mut u64,
        parsed: &Parsed,
        out: &mut W,
    ) -> io::Result<()> {
        let take = found.solutions.min(self.limit - *total);
        let mut start = 0;
        for &end in &found.ends[..take as usize] {
            *total += 1;
            let written = write_solution(out, Some(*total), &found.options[start..end], parsed);
            if written.is_err() {
                self.stop.store(true, Ordering::Relaxed);
                return written;
            }
            start = end;
        }
        if *total >= self.limit {
            self.stop.store(true, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Cuts a coarse part on this worker's solver: the nodes and updates of the cut, and
    /// its fine parts (the part itself when it is finished).
    fn cut(&self, coarse: &Part) -> (Found, Vec<Part>) {
        let worker = rayon::current_thread_index().unwrap_or(0);
        let (cut, fine) = self.busy.time(worker, || match coarse {
            Part::Open(path) => {
                let split = worker_solver(self.solvers, self.base)
                    .split_below(path, FINE_PER_COARSE)
                    .expect("the split's own paths are paths of the tree");
                let cut = Found {
                    nodes: split.nodes,
                    updates: split.updates,
                    ..Found::default()
                };
                (cut, split.parts)
            }
            finished => (Found::default(), vec![finished.clone()]),
        });
        self.fine.fetch_add(fine.len(), Ordering::Relaxed);
        (cut, fine)
    }

    /// One subtree's search on this worker's solver.
    fn search(&self, part: &Part, all: bool) -> Found {
        let worker = rayon::current_thread_index().unwrap_or(0);
        self.busy.time(worker, || {
            let mut solver = worker_solver(self.solvers, self.base);
            search_part(&mut solver, part, all, self.limit, &self.stop, self.cancel)
        })
    }
}

/// How a run ended, as one search would say it: `Stopped` at the limit or a failed write,
/// `Deadline` once cancelled, else `Exhausted`.
fn end_of(found: u64, limit: u64, write_failed: bool, cancel: Option<Cancel>) -> SearchEnd {
    if found >= limit || write_failed {
        SearchEnd::Stopped
    } else if cancel.is_some_and(Cancel::is_set) {
        SearchEnd::Deadline
    } else {
        SearchEnd::Exhausted
    }
}

/// This rayon worker's own solver, cloned from `base` by the worker itself on first use
/// ([`WorkerState`]: the search writes its state at every node, and with bit sets that
/// state is a few small vectors, which clones made one after another on one thread could
/// place in cache lines shared with another worker's).
fn worker_solver<'a>(solvers: &'a [WorkerState<Solver>], base: &Solver) -> MutexGuard<'a, Solver> {
    let worker = rayon::current_thread_index().unwrap_or(0);
    solvers[worker % solvers.len()].lock(|| base.clone())
}

/// Searches one part on this worker's solver: its solutions (`all`) or their number, at
/// most `limit`, and nothing once `stop` is set.
fn search_part(
    solver: &mut Solver,
    part: &Part,
    all: bool,
    limit: u64,
    stop: &AtomicBool,
    cancel: Option<Cancel>,
) -> Found {
    let mut found = Found::default();
    if stop.load(Ordering::Relaxed) || cancel.is_some_and(Cancel::is_set) {
        return found;
    }
    match part {
        Part::Finished { path, solutions } => {
            if *solutions == 1 {
                found.keep(path, all);
            }
        }
        Part::Open(path) => {
            // The worker's solver stays at the subtree's path: the next subtree it takes
            // is most often the next in tree order, reached by selecting its last steps.
            let run = solver
                .search_next_subtree(
                    path,
                    Limits {
                        cancel,
                        ..Limits::NONE
                    },
                    |solution| {
                        found.keep(solution, all);
                        if found.solutions >= limit || stop.load(Ordering::Relaxed) {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    },
                )
                .expect("the split's own paths are paths of the tree");
            found.nodes = run.nodes;
            found.updates = run.updates;
        }
    }
    found
}

impl Found {
    /// Two subtrees' counts and effort together (counts only: no options are kept).
    fn add(self, other: Found) -> Found {
        Found {
            solutions: self.solutions + other.solutions,
            nodes: self.nodes + other.nodes,
            updates: self.updates + other.updates,
            ..Found::default()
        }
    }

    /// Counts a solution, and keeps its options (sorted) when they are to be printed.
    fn keep(&mut self, solution: &[usize], all: bool) {
        self.solutions += 1;
        if all {
            let start = self.options.len();
            self.options.extend_from_slice(solution);
            self.options[start..].sort_unstable();
            self.ends.push(self.options.len());
        }
    }
}
