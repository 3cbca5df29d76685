//! `solve` and `count`, and the batch run of `hint`, `explain` and `rate`: each record
//! answered on the worker threads of the batch loop (see `per_record`), the answers written
//! in input order (see `output`), the totals reported.

use std::io::Write;
use std::time::Instant;

use dlx_sudoku::format::Record;
use dlx_sudoku::{CountOutcome, Grid, NoSolution, Outcome, pencil};

use super::args::{Common, LogicCommon, OutputFormat};
use super::error::{Error, Exit, report};
use super::interrupt;
use super::job::{Answer, Job, Status, Task, plain};
use super::limits::{PerPuzzle, progress_note};
use super::logic::{self, Ladders};
use super::output::{CSV_HEADER, Text, entry};
use super::per_record::run as run_batch;
use super::solvers::SolverKind;
use super::variant::{Refusal, WorkerSolvers, run_whole_file};

/// Totals for `--stats`.
#[derive(Debug)]
struct Tally {
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    errors: u64,
    gave_up: u64,
    /// Search nodes of every answer.
    nodes: u64,
    /// Guesses among them; `None` once a solver that does not count them has answered.
    guesses: Option<u64>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            puzzles: 0,
            solved: 0,
            no_solution: 0,
            errors: 0,
            gave_up: 0,
            nodes: 0,
            guesses: Some(0),
        }
    }

    fn count(&mut self, a: &Answer) {
        self.puzzles += 1;
        match a.status {
            Status::Solved => self.solved += 1,
            Status::NoSolution => self.no_solution += 1,
            Status::Error => self.errors += 1,
            Status::GaveUp => self.gave_up += 1,
        }
        self.nodes += a.nodes;
        self.guesses = self.guesses.zip(a.guesses).map(|(t, g)| t + g);
    }
}

/// `hint`, `explain` or `rate`: refuses a variant (the ladder knows classic Sudoku only),
/// then runs `task` on every record as `solve` runs its job.
pub fn run_logic(command: &str, task: Task, args: &LogicCommon) -> Result<Exit, Error> {
    args.variant.refuse_for_logic(command)?;
    let common = Common {
        batch: args.batch.clone(),
        solver: SolverKind::Dlx,
        max_nodes: None,
        timeout: None,
        strict: false,
        variant: Default::default(),
    };
    run(Job::Logic(task), &common)
}

/// The run: every input in order; returns the exit code, or the error that stopped it.
pub fn run(job: Job, common: &Common) -> Result<Exit, Error> {
    let started = Instant::now();
    let kind = common.solver;
    let per_puzzle = PerPuzzle::with_default(common.max_nodes, common.timeout, kind);
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
        interrupt::watch();
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
    let header = match &job {
        Job::Logic(task) => task.header().map_or(String::new(), |h| h.text),
        Job::Solve(OutputFormat::Csv) => CSV_HEADER.to_string(),
        Job::Solve(_) | Job::Count(_) => String::new(),
    };
    let mut tally = Tally::new();
    let ran = run_batch(
        &common.batch,
        common.strict,
        &header,
        // Each worker's solvers, and its strategy ladders for `hint`, `explain` and `rate`.
        || (WorkerSolvers::new(kind, spec.clone()), Ladders::default()),
        |input, record, (solvers, ladders)| match &job {
            Job::Logic(task) => logic::answer(record, input, *task, ladders),
            _ if record.marks.is_some() => answer_marks(record, input, &job, per_puzzle),
            _ => answer(record, input, &job, per_puzzle, solvers),
        },
        |out, _, _, a: &Answer, progress| {
            if let Some(note) = &a.note {
                // Earlier answers first, so that a terminal (or `2>&1`) shows each message
                // just before its answer.
                out.flush()?;
                progress.note(note);
            }
            tally.count(a);
            out.answer(&a.text)?;
            Ok(a.status.exit())
        },
    )?;
    if common.batch.stats {
        report_stats(&tally, ran.threads, started.elapsed().as_secs_f64());
    }
    ran.result()
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
            let note = format!("{input}:{e}");
            return unanswered(job, record, None, "error", note, Status::Error);
        }
    };
    if let Job::Solve(OutputFormat::Compact) = job
        && puzzle.shape().side() == 16
    {
        let note = format!(
            "{input}:{}: --format compact cannot write a 16x16 grid (rows of 16 symbols \
             read back as 4x4 puzzles); use --format spaced, pretty or line",
            record.line
        );
        return unanswered(job, record, None, "error", note, Status::Error);
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
            return unanswered(job, record, Some(puzzle), label, note, status);
        }
    };
    let before = solver.nodes();
    let guesses_before = solver.guesses();
    let at = format!("{input}:{}", record.line);
    let limits = per_puzzle.limits();
    let (text, note, status) = match job {
        Job::Solve(style) => {
            let outcome = solver.solve_within(puzzle, limits);
            let nodes = solver.nodes() - before;
            let mut said = solved_text(*style, record, puzzle, outcome, nodes, &at);
            if let Some(note) = said.1.as_mut().filter(|_| said.2 == Status::GaveUp) {
                note.push_str(&per_puzzle.hint());
                note.push_str(&progress_note(
                    &solver.progress(),
                    puzzle.cells(),
                    Some(puzzle.shape()),
                ));
            }
            said
        }
        Job::Count(limit) => {
            let mut said = counted_text(solver.count_within(puzzle, *limit, limits), &at);
            if let Some(note) = said.1.as_mut().filter(|_| said.2 == Status::GaveUp) {
                note.push_str(&per_puzzle.hint());
            }
            said
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

/// A solve's answer in `style`, its note for standard error and its status.
fn solved_text(
    style: OutputFormat,
    record: &Record,
    puzzle: &Grid,
    outcome: Outcome,
    nodes: u64,
    at: &str,
) -> (Text, Option<String>, Status) {
    let entry =
        |answer, status: &str| entry(style, record.format, Some(puzzle), answer, status, nodes);
    match outcome {
        Outcome::Solved(g) => (entry(Some(&g), "solved"), None, Status::Solved),
        Outcome::NoSolution(why) => (
            entry(None, "no solution"),
            match why {
                NoSolution::Clash(c) => Some(format!("{at}: no solution: {c}")),
                NoSolution::Unsolvable => None,
            },
            Status::NoSolution,
        ),
        Outcome::GaveUp(why) => (
            entry(None, &format!("gave up ({why})")),
            Some(format!("{at}: gave up: {why}")),
            Status::GaveUp,
        ),
    }
}

/// A count's answer, its note for standard error and its status.
fn counted_text(count: CountOutcome, at: &str) -> (Text, Option<String>, Status) {
    let n = count.solutions;
    match count.gave_up {
        _ if count.complete => (plain(&format!("{n}\n")), None, Status::Solved),
        Some(why) => (
            plain(&format!("{n} (gave up: {why})\n")),
            Some(format!("{at}: gave up: {why}")),
            Status::GaveUp,
        ),
        None => (
            plain(&format!("{n} (stopped at the limit)\n")),
            None,
            Status::Solved,
        ),
    }
}

/// `solve` and `count` of a pencilmark record (which the givens-only solvers cannot take):
/// the exact-cover search of [`pencil::MarkSearch`] over the marks, under the same
/// per-puzzle budget as every other record (the default, or `--max-nodes`/`--timeout`).
fn answer_marks(record: &Record, input: &str, job: &Job, per_puzzle: PerPuzzle) -> Answer {
    let (Ok(puzzle), Some(marks)) = (&record.grid, &record.marks) else {
        unreachable!("a record with marks parsed")
    };
    let mut search = pencil::MarkSearch::new(puzzle.shape(), marks);
    let at = format!("{input}:{}", record.line);
    let limits = per_puzzle.limits();
    let (text, mut note, status) = match job {
        Job::Solve(style) => {
            let outcome = search.smallest_fill(limits);
            solved_text(*style, record, puzzle, outcome, search.options_tried(), &at)
        }
        Job::Count(limit) => counted_text(search.count_fills(*limit, limits), &at),
        Job::Logic(_) => unreachable!("logic jobs are answered by `logic::answer`"),
    };
    if let Some(note) = note.as_mut().filter(|_| status == Status::GaveUp) {
        note.push_str(&per_puzzle.hint());
    }
    Answer {
        text,
        note,
        status,
        nodes: search.options_tried(),
        guesses: None,
    }
}

/// The answer for a record no solver took: `label` (`error`, `no solution`) in the job's
/// format, with `note` for standard error.
fn unanswered(
    job: &Job,
    record: &Record,
    puzzle: Option<&dlx_sudoku::Grid>,
    label: &str,
    note: String,
    status: Status,
) -> Answer {
    let text = match job {
        Job::Solve(style) => entry(*style, record.format, puzzle, None, label, 0),
        Job::Count(_) | Job::Logic(_) => plain(&format!("{label}\n")),
    };
    Answer {
        text,
        note: Some(note),
        status,
        nodes: 0,
        guesses: Some(0),
    }
}

fn report_stats(t: &Tally, threads: usize, secs: f64) {
    let (nodes, guesses) = (t.nodes, t.guesses);
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
