//! `solve` and `count`: read records from each input, answer them on worker threads (see
//! `batch`), write the answers in input order (see `output`), report.

use std::collections::HashMap;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_dlx::sudoku::format::Record;
use sudoku_dlx::sudoku::{
    Bitmask, Candidates, DlxSolver, GenericDlxSolver, Limits, Naive, NoSolution, Outcome, Shape,
    SudokuSolver,
};

use super::batch::{Item, Progress, Sourced, Workers, next_chunk, spawn_reader};
use super::logic::{Ladders, Task};
use super::output::{Out, Text, entry};
use super::{Common, Exit, OutputFormat, SolverKind};

/// What to do with each puzzle.
pub enum Job {
    Solve(OutputFormat),
    Count(u64),
    /// `hint`, `explain` or `rate`.
    Logic(Task),
}

/// Totals for `--stats`.
#[derive(Debug, Default)]
struct Tally {
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    errors: u64,
    gave_up: u64,
}

/// Solvers by shape, made on first use; each worker thread has its own.
pub(super) struct Solvers {
    kind: SolverKind,
    by_shape: HashMap<Shape, Box<dyn SudokuSolver + Send>>,
    /// The strategy ladders, for `hint`, `explain` and `rate`.
    ladders: Ladders,
}

impl Solvers {
    pub(super) fn new(kind: SolverKind) -> Solvers {
        Solvers {
            kind,
            by_shape: HashMap::new(),
            ladders: Ladders::default(),
        }
    }

    pub(super) fn get(&mut self, shape: Shape) -> &mut dyn SudokuSolver {
        let kind = self.kind;
        self.by_shape
            .entry(shape)
            .or_insert_with(|| match kind {
                SolverKind::Dlx => Box::new(DlxSolver::new(shape)),
                SolverKind::DlxGeneric => Box::new(GenericDlxSolver::new(shape)),
                SolverKind::Naive => Box::new(Naive::new(shape)),
                SolverKind::Bitmask => Box::new(Bitmask::new(shape)),
                SolverKind::Candidates => Box::new(Candidates::new(shape)),
            })
            .as_mut()
    }

    /// Search nodes over every solver made so far.
    pub(super) fn nodes(&self) -> u64 {
        self.by_shape.values().map(|s| s.nodes()).sum()
    }
}

impl Tally {
    fn count(&mut self, status: Status) {
        self.puzzles += 1;
        match status {
            Status::Solved => self.solved += 1,
            Status::NoSolution => self.no_solution += 1,
            Status::Error => self.errors += 1,
            Status::GaveUp => self.gave_up += 1,
        }
    }
}

/// Limits for each puzzle: the node budget and the time each may take.
#[derive(Debug, Clone, Copy)]
struct PerPuzzle {
    max_nodes: u64,
    timeout: Option<Duration>,
}

impl PerPuzzle {
    /// The limits for a search starting now.
    fn limits(self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            deadline: self.timeout.map(|t| Instant::now() + t),
        }
    }
}

/// How a record ended, for the tally and the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Status {
    Solved,
    NoSolution,
    Error,
    GaveUp,
}

impl Status {
    fn exit(self) -> Exit {
        match self {
            Status::Solved => Exit::Ok,
            Status::NoSolution => Exit::NoSolution,
            Status::Error => Exit::BadInput,
            Status::GaveUp => Exit::GaveUp,
        }
    }
}

/// What a worker made of one record: the answer's text, a message for standard error, how
/// it ended, and the search nodes it took.
pub(super) struct Answer {
    pub(super) text: Text,
    pub(super) note: Option<String>,
    pub(super) status: Status,
    pub(super) nodes: u64,
}

/// The run: every input in order; returns the exit code.
pub fn run(job: Job, common: &Common) -> Exit {
    let started = Instant::now();
    let per_puzzle = PerPuzzle {
        max_nodes: common.max_nodes.unwrap_or(u64::MAX),
        timeout: common.timeout,
    };
    let kind = common.solver;
    let workers = match Workers::new(common.threads.unwrap_or(0) as usize, || Solvers::new(kind)) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("sudoku-dlx: cannot start worker threads: {e}");
            return Exit::BadInput;
        }
    };
    let inputs: Vec<PathBuf> = if common.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        common.files.clone()
    };
    // A bar only where someone watches it and the answers do not scroll over it.
    let show_bar = !common.quiet && io::stderr().is_terminal() && !io::stdout().is_terminal();
    let progress = Progress::new(show_bar, &inputs);
    let stdout = io::stdout();
    let mut out = Out::new(io::BufWriter::with_capacity(64 * 1024, stdout.lock()));
    let style = match job {
        Job::Solve(style) => style,
        Job::Count(_) | Job::Logic(_) => OutputFormat::Auto,
    };
    let mut tally = Tally::default();
    let mut nodes = 0u64;
    let mut exit = Exit::Ok;
    let (rx, reader) = spawn_reader(inputs);
    let mut written = match &job {
        Job::Logic(task) => task.header().map_or(Ok(()), |h| out.answer(&h)),
        _ => out.header(style),
    };
    while written.is_ok() {
        let Some(chunk) = next_chunk(&rx) else { break };
        let answers = workers.map(&chunk, |s: &Sourced, solvers: &mut Solvers| match &s.item {
            Item::Record { input, record } => {
                Some(answer(record, input, &job, per_puzzle, solvers))
            }
            Item::Failure(_) => None,
        });
        for (s, a) in chunk.iter().zip(&answers) {
            match (a, &s.item) {
                (Some(a), _) => {
                    if let Some(note) = &a.note {
                        // Earlier answers first, so that a terminal (or `2>&1`) shows
                        // each message just before its answer.
                        written = written.and_then(|()| out.flush());
                        progress.note(note);
                    }
                    tally.count(a.status);
                    nodes += a.nodes;
                    exit = exit.worst(a.status.exit());
                    written = written.and_then(|()| out.answer(&a.text));
                }
                (None, Item::Failure(message)) => {
                    written = written.and_then(|()| out.flush());
                    progress.note(message);
                    exit = exit.worst(Exit::BadInput);
                }
                // Every record has an answer.
                (None, Item::Record { .. }) => {}
            }
            if written.is_err() {
                break;
            }
        }
        written = written.and_then(|()| out.flush());
        if let Some(last) = chunk.last() {
            progress.advance(last.bytes, tally.puzzles);
        }
    }
    progress.finish();
    match written {
        Ok(()) => {
            // The reader is done (the channel is closed), so this does not wait.
            drop(rx);
            let _ = reader.join();
        }
        // The reader went away (`| head`): stop quietly. The reader thread stops at its
        // next send, or with the process.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            progress.note(&format!("sudoku-dlx: writing output: {e}"));
            exit = exit.worst(Exit::BadInput);
        }
    }
    if common.stats {
        report(
            &tally,
            nodes,
            workers.threads(),
            started.elapsed().as_secs_f64(),
        );
    }
    exit
}

/// Answers one record with this worker's solvers.
fn answer(
    record: &Record,
    input: &str,
    job: &Job,
    per_puzzle: PerPuzzle,
    solvers: &mut Solvers,
) -> Answer {
    if let Job::Logic(task) = job {
        return super::logic::answer(record, input, *task, &mut solvers.ladders);
    }
    let puzzle = match &record.grid {
        Ok(g) => g,
        Err(e) => {
            let text = match job {
                Job::Solve(style) => entry(*style, record.format, None, None, "error", 0),
                Job::Count(_) | Job::Logic(_) => plain("error\n"),
            };
            return Answer {
                text,
                note: Some(format!("{input}:{e}")),
                status: Status::Error,
                nodes: 0,
            };
        }
    };
    let solver = solvers.get(puzzle.shape());
    let before = solver.nodes();
    let (text, note, status) = match job {
        Job::Solve(style) => {
            let outcome = solver.solve_within(puzzle, per_puzzle.limits());
            let nodes = solver.nodes() - before;
            let entry = |answer, status: &str| {
                entry(*style, record.format, Some(puzzle), answer, status, nodes)
            };
            match outcome {
                Outcome::Solved(g) => (entry(Some(&g), "solved"), None, Status::Solved),
                Outcome::NoSolution(why) => (
                    entry(None, "no solution"),
                    match why {
                        NoSolution::Clash(c) => {
                            Some(format!("{input}:{}: no solution: {c}", record.line))
                        }
                        NoSolution::Unsolvable => None,
                    },
                    Status::NoSolution,
                ),
                Outcome::GaveUp(why) => (
                    entry(None, &format!("gave up ({why})")),
                    Some(format!("{input}:{}: gave up: {why}", record.line)),
                    Status::GaveUp,
                ),
            }
        }
        Job::Count(limit) => {
            let count = solver.count_within(puzzle, *limit, per_puzzle.limits());
            if count.complete {
                (
                    plain(&format!("{}\n", count.solutions)),
                    None,
                    Status::Solved,
                )
            } else if let Some(why) = count.gave_up {
                (
                    plain(&format!("{} (gave up: {why})\n", count.solutions)),
                    Some(format!("{input}:{}: gave up: {why}", record.line)),
                    Status::GaveUp,
                )
            } else {
                (
                    plain(&format!("{} (stopped at the limit)\n", count.solutions)),
                    None,
                    Status::Solved,
                )
            }
        }
        Job::Logic(_) => unreachable!("answered above"),
    };
    Answer {
        text,
        note,
        status,
        nodes: solver.nodes() - before,
    }
}

fn plain(text: &str) -> Text {
    Text {
        text: text.to_string(),
        multi: false,
    }
}

fn report(t: &Tally, nodes: u64, threads: usize, secs: f64) {
    let per = if t.puzzles > 0 {
        secs * 1e6 / t.puzzles as f64
    } else {
        0.0
    };
    let rate = if secs > 0.0 {
        t.puzzles as f64 / secs
    } else {
        0.0
    };
    let nodes_per = if t.puzzles > 0 {
        nodes as f64 / t.puzzles as f64
    } else {
        0.0
    };
    eprintln!(
        "stats: puzzles {}, solved {}, no solution {}, errors {}, gave up {}",
        t.puzzles, t.solved, t.no_solution, t.errors, t.gave_up
    );
    eprintln!(
        "stats: wall time {secs:.3} s, {per:.1} µs/puzzle, {rate:.0} puzzles/s, {nodes} search nodes ({nodes_per:.1}/puzzle), {threads} {}",
        if threads == 1 { "thread" } else { "threads" }
    );
}
