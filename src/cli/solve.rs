//! `solve` and `count`: read records from each input, answer them on worker threads (see
//! `batch`), write the answers in input order (see `output`), report.

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Instant;

use dlx_sudoku::format::Record;
use dlx_sudoku::{NoSolution, Outcome};

use super::batch::{
    Item, Progress, Sourced, THREADS_PER_CORE, Workers, next_chunk, spawn_reader, thread_count,
};
use super::error::{after_write, report};
use super::logic::{Ladders, Task};
use super::output::{Out, Text, entry};
use super::solvers::SolverKind;
use super::variant::{Refusal, WorkerSolvers, run_whole_file};
use super::{Common, Error, Exit, OutputFormat, PerPuzzle};

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
/// it ended, the search nodes it took and, for a solver that counts them, the guesses among
/// them.
pub(super) struct Answer {
    pub(super) text: Text,
    pub(super) note: Option<String>,
    pub(super) status: Status,
    pub(super) nodes: u64,
    pub(super) guesses: Option<u64>,
}

/// The run: every input in order; returns the exit code, or the error that stopped it.
pub fn run(job: Job, common: &Common) -> Result<Exit, Error> {
    let started = Instant::now();
    let per_puzzle = PerPuzzle {
        max_nodes: common.max_nodes.unwrap_or(u64::MAX),
        timeout: common.timeout,
    };
    let kind = common.solver;
    let spec = common.variant.spec()?;
    let whole_file = common.variant.whole_file();
    if (spec.is_some() || whole_file.is_some())
        && !matches!(kind, SolverKind::Dlx | SolverKind::DlxGeneric)
    {
        return Err(Error::Usage(
            "variants are solved by dancing links only; drop --solver".into(),
        ));
    }
    if let Some(whole) = whole_file {
        return match job {
            Job::Solve(OutputFormat::Auto) => run_whole_file(whole, None, common),
            Job::Count(limit) => run_whole_file(whole, Some(limit), common),
            Job::Solve(_) => Err(Error::Usage(
                "samurai and general puzzles are answered in kind; drop --format".into(),
            )),
            Job::Logic(_) => Err(Error::Usage(
                "hint, explain and rate take Sudoku grids, not whole-file variants".into(),
            )),
        };
    }
    // Each worker's solvers, and its strategy ladders for `hint`, `explain` and `rate`.
    let make = || (WorkerSolvers::new(kind, spec.clone()), Ladders::default());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let requested = common.threads.unwrap_or(0) as usize;
    let (threads, cut) = thread_count(requested, cores);
    if cut {
        report(&format!(
            "sudoku-dlx: note: --threads {requested} is more than {THREADS_PER_CORE} per core \
             ({cores} cores); using {threads}"
        ));
    }
    let workers = Workers::new(threads, make).map_err(|e| Error::Threads(e.to_string()))?;
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
    // `None` once a solver that does not count guesses has answered.
    let mut guesses = Some(0u64);
    let mut exit = Exit::Ok;
    let (rx, reader) = spawn_reader(inputs, common.strict);
    let mut written = match &job {
        Job::Logic(task) => task.header().map_or(Ok(()), |h| out.answer(&h)),
        _ => out.header(style),
    };
    while written.is_ok() {
        let Some(chunk) = next_chunk(&rx) else { break };
        let answers = workers.map(
            &chunk,
            |s: &Sourced, state: &mut (WorkerSolvers, Ladders)| match &s.item {
                Item::Record { input, record } => Some(match &job {
                    Job::Logic(task) => super::logic::answer(record, input, *task, &mut state.1),
                    _ if record.marks.is_some() => {
                        super::logic::answer_marks(record, input, &job, &mut state.1)
                    }
                    _ => answer(record, input, &job, per_puzzle, &mut state.0),
                }),
                Item::Failure(_) | Item::Note(_) => None,
            },
        );
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
                    guesses = guesses.zip(a.guesses).map(|(t, g)| t + g);
                    exit = exit.worst(a.status.exit());
                    written = written.and_then(|()| out.answer(&a.text));
                }
                (None, Item::Failure(e)) => {
                    written = written.and_then(|()| out.flush());
                    progress.note(&e.to_string());
                    exit = exit.worst(e.exit());
                }
                (None, Item::Note(note)) => {
                    written = written.and_then(|()| out.flush());
                    progress.note(note);
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
    if written.is_ok() {
        // The reader is done (the channel is closed), so this does not wait. After a
        // failed write it may not be: it stops at its next send, or with the process.
        drop(rx);
        let _ = reader.join();
    }
    let written = after_write(written);
    if common.stats {
        report_stats(
            &tally,
            nodes,
            guesses,
            workers.threads(),
            started.elapsed().as_secs_f64(),
        );
    }
    written?;
    Ok(exit)
}

/// Answers one record with this worker's solvers.
fn answer(
    record: &Record,
    input: &str,
    job: &Job,
    per_puzzle: PerPuzzle,
    solvers: &mut WorkerSolvers,
) -> Answer {
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
                guesses: Some(0),
            };
        }
    };
    if let Job::Solve(OutputFormat::Compact) = job
        && puzzle.shape().side() == 16
    {
        return Answer {
            text: entry(OutputFormat::Compact, record.format, None, None, "error", 0),
            note: Some(format!(
                "{input}:{}: --format compact cannot write a 16x16 grid (rows of 16 symbols \
                 read back as 4x4 puzzles); use --format spaced, pretty or line",
                record.line
            )),
            status: Status::Error,
            nodes: 0,
            guesses: Some(0),
        };
    }
    let solver = match solvers.solver_for(puzzle) {
        Ok(solver) => solver,
        Err(refusal) => {
            let at = |why: String| format!("{input}:{}: {why}", record.line);
            let (status, label, note) = match refusal {
                Refusal::Clash(why) => (Status::NoSolution, "no solution", at(why)),
                Refusal::Misfit(why) => (Status::Error, "error", at(why)),
                // Already `FILE:LINE: fault`.
                Refusal::BadCages(message) => (Status::Error, "error", message),
            };
            let text = match job {
                Job::Solve(style) => entry(*style, record.format, Some(puzzle), None, label, 0),
                Job::Count(_) | Job::Logic(_) => plain(&format!("{label}\n")),
            };
            return Answer {
                text,
                note: Some(note),
                status,
                nodes: 0,
                guesses: Some(0),
            };
        }
    };
    let before = solver.nodes();
    let guesses_before = solver.guesses();
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
        guesses: solver.guesses().zip(guesses_before).map(|(g, b)| g - b),
    }
}

pub(super) fn plain(text: &str) -> Text {
    Text {
        text: text.to_string(),
        multi: false,
    }
}

fn report_stats(t: &Tally, nodes: u64, guesses: Option<u64>, threads: usize, secs: f64) {
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
    report(&format!(
        "stats: puzzles {}, solved {}, no solution {}, errors {}, gave up {}",
        t.puzzles, t.solved, t.no_solution, t.errors, t.gave_up
    ));
    let guesses = guesses.map_or(String::new(), |g| {
        let per = if t.puzzles > 0 {
            g as f64 / t.puzzles as f64
        } else {
            0.0
        };
        format!(", {g} guesses ({per:.1}/puzzle)")
    });
    report(&format!(
        "stats: wall time {secs:.3} s, {per:.1} µs/puzzle, {rate:.0} puzzles/s, {nodes} search nodes ({nodes_per:.1}/puzzle){guesses}, {threads} {}",
        if threads == 1 { "thread" } else { "threads" }
    ));
}
