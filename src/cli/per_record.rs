//! The one batch loop of the subcommands that answer each puzzle of their inputs on its own
//! (`solve`, `count`, `hint`, `explain`, `rate`, `canon`, `check`): resolve `--threads`,
//! read records on a thread, answer chunks on the workers, hand each answer in input order
//! to the writer, and stop quietly on a broken pipe.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::time::Instant;

use dlx_sudoku::Grid;
use dlx_sudoku::format::Record;

use super::args::BatchArgs;
use super::batch::{Item, Progress, Sourced, Workers, next_chunk, resolve_threads, spawn_reader};
use super::error::{Error, Exit, after_write, report};
use super::output::Out;

/// Where the answers go: standard output, buffered, with empty lines between answers that
/// take several lines.
pub type Output = Out<BufWriter<StdoutLock<'static>>>;

/// What a batch run did.
pub struct Ran {
    /// The worst exit code its records and inputs earned.
    pub exit: Exit,
    /// How writing went (a reader that went away is fine, see [`after_write`]).
    pub written: Result<(), Error>,
    /// Worker threads used.
    pub threads: usize,
    /// Records answered.
    pub records: u64,
}

impl Ran {
    /// The run's outcome: its exit code, or the write error that stopped it.
    pub fn result(self) -> Result<Exit, Error> {
        self.written.map(|()| self.exit)
    }

    /// The `--stats` line of a subcommand that counts nothing else: records, wall time
    /// since `started`, threads.
    pub fn report_totals(&self, started: Instant) {
        report(&format!(
            "stats: puzzles {}, wall time {:.3} s, {} {}",
            self.records,
            started.elapsed().as_secs_f64(),
            self.threads,
            if self.threads == 1 {
                "thread"
            } else {
                "threads"
            }
        ));
    }
}

/// Runs `answer` on every record of the inputs of `batch` (on worker threads, each with its
/// own state from `make`) and `write` on every answer in input order, with the record's
/// input name and the progress bar (for messages); `header` goes first. `write` returns
/// the exit code the record earns. Inputs that cannot be read are reported and earn their
/// error's code; a failed write stops the run. `strict`: label lines are bad records.
pub fn run<S: Send, A: Send>(
    batch: &BatchArgs,
    strict: bool,
    header: &str,
    make: impl Fn() -> S,
    answer: impl Fn(&str, &Record, &mut S) -> A + Sync,
    mut write: impl FnMut(&mut Output, &str, &Record, A, &Progress) -> io::Result<Exit>,
) -> Result<Ran, Error> {
    let threads = resolve_threads(batch.threads);
    let workers = Workers::new(threads, make).map_err(|e| Error::Threads(e.to_string()))?;
    let inputs = batch.inputs();
    // A bar only where someone watches it and the answers do not scroll over it.
    let show_bar = !batch.quiet && io::stderr().is_terminal() && !io::stdout().is_terminal();
    let progress = Progress::new(show_bar, &inputs);
    let mut out = Out::new(BufWriter::with_capacity(64 * 1024, io::stdout().lock()));
    let mut exit = Exit::Ok;
    let mut done = 0u64;
    let (rx, reader) = spawn_reader(inputs, strict);
    let mut written = out.header(header);
    'chunks: while written.is_ok() {
        let Some(chunk) = next_chunk(&rx) else { break };
        let mut answers = workers
            .map(&chunk, |s: &Sourced, state: &mut S| match &s.item {
                Item::Record { input, record } => Some(answer(input, record, state)),
                Item::Failure(_) | Item::Note(_) => None,
            })
            .into_iter();
        for s in &chunk {
            let a = answers.next().expect("one answer per item");
            match (&s.item, a) {
                (Item::Record { input, record }, Some(a)) => {
                    done += 1;
                    match write(&mut out, input, record, a, &progress) {
                        Ok(e) => exit = exit.worst(e),
                        Err(e) => {
                            written = Err(e);
                            break 'chunks;
                        }
                    }
                }
                (Item::Failure(e), _) => {
                    written = out.flush();
                    progress.note(&e.to_string());
                    exit = exit.worst(e.exit());
                }
                (Item::Note(note), _) => {
                    written = out.flush();
                    progress.note(note);
                }
                // Every record has an answer.
                (Item::Record { .. }, None) => {}
            }
        }
        written = written.and_then(|()| out.flush());
        if let Some(last) = chunk.last() {
            progress.advance(last.bytes, done);
        }
    }
    progress.finish();
    let written = written.and_then(|()| out.flush());
    if written.is_ok() {
        // The reader is done (the channel is closed), so this does not wait. After a
        // failed write it may not be: it stops at its next send, or with the process.
        drop(rx);
        let _ = reader.join();
    }
    Ok(Ran {
        exit,
        written: after_write(written),
        threads: workers.threads(),
        records: done,
    })
}

/// A fault of one record: its line and what is wrong.
pub type Fault = (usize, String);

/// The givens of a record for `command` (`canon`, `check`), or its fault: a format fault,
/// or a pencilmark line, which these commands refuse rather than judge by its
/// single-candidate cells alone (two different candidate grids can share those).
pub fn givens_of<'r>(record: &'r Record, command: &str) -> Result<&'r Grid, Fault> {
    let grid = record
        .grid
        .as_ref()
        .map_err(|e| (e.line, e.kind.to_string()))?;
    if record.marks.is_some() {
        return Err((
            record.line,
            format!(
                "{command} takes puzzles of givens, not pencilmark lines (their candidates \
                 would be lost); solve and count take them"
            ),
        ));
    }
    Ok(grid)
}

/// Reports a record's fault on standard error (after what was written so far).
pub fn note_fault(
    out: &mut Output,
    progress: &Progress,
    input: &str,
    (line, fault): &Fault,
) -> io::Result<()> {
    out.flush()?;
    let e = Error::At {
        name: input.to_string(),
        line: *line,
        fault: fault.clone(),
    };
    progress.note(&e.to_string());
    Ok(())
}
