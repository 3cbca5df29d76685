//! The one batch loop of the subcommands that answer each puzzle of their inputs on its own
//! (`solve`, `count`, `hint`, `explain`, `rate`, `canon`, `check`): resolve `--threads`,
//! read records on a thread, answer chunks on the workers, hand each answer in input order
//! to the writer, and stop quietly on a broken pipe.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::time::{Duration, Instant};

use dlx_sudoku::Grid;
use dlx_sudoku::format::Record;

use super::args::BatchArgs;
use super::batch::{Item, Progress, Sourced, Workers, next_chunk, resolve_threads, spawn_reader};
use super::error::{Error, Exit, after_write, report};
use super::input::ReadTimes;
use super::output::Out;
use super::profile::Stage;

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
///
/// The workers answer one chunk while this thread writes the one before (a chunk that is
/// answered waits for no more than that, and is written before this thread waits for
/// input), so writing is not a serial stage between chunks. With `--stats`, where the
/// time went ([`super::profile::Profile`]).
pub fn run<S: Send, A: Send>(
    batch: &BatchArgs,
    strict: bool,
    header: &str,
    make: impl Fn() -> S,
    answer: impl Fn(&str, &Record, &mut S) -> A + Sync,
    write: impl FnMut(&mut Output, &str, &Record, A, &Progress) -> io::Result<Exit>,
) -> Result<Ran, Error> {
    let threads = resolve_threads(batch.threads);
    let workers = Workers::new(threads, make)
        .map_err(|e| Error::Threads(e.to_string()))?
        .timed(batch.stats);
    let inputs = batch.inputs();
    // A bar only where someone watches it and the answers do not scroll over it.
    let show_bar = !batch.quiet && io::stderr().is_terminal() && !io::stdout().is_terminal();
    let progress = Progress::new(show_bar, &inputs);
    let mut sink = Sink {
        out: Out::new(BufWriter::with_capacity(64 * 1024, io::stdout().lock())),
        write,
        progress: &progress,
        exit: Exit::Ok,
        done: 0,
        written: Ok(()),
        time: Duration::ZERO,
    };
    sink.written = sink.out.header(header);
    let started = Instant::now();
    let (rx, reader) = spawn_reader(inputs, strict, batch.stats);
    let mut answered: Option<Answered<A>> = None;
    while sink.written.is_ok() {
        let Some(chunk) = next_chunk(&rx, || sink.take(&mut answered)) else {
            break;
        };
        let (answers, ()) = workers.map_beside(
            &chunk,
            |s: &Sourced, state: &mut S| match &s.item {
                Item::Record { input, record } => Some(answer(input, record, state)),
                Item::Failure(_) | Item::Note(_) => None,
            },
            || sink.take(&mut answered),
        );
        answered = Some((chunk, answers));
    }
    sink.take(&mut answered);
    progress.finish();
    let wall = started.elapsed();
    let written = std::mem::replace(&mut sink.written, Ok(()));
    let written = written.and_then(|()| sink.out.flush());
    let mut read = ReadTimes::default();
    if written.is_ok() {
        // The reader is done (the channel is closed), so this does not wait. After a
        // failed write it may not be: it stops at its next send, or with the process.
        drop(rx);
        read = reader.join().unwrap_or_default();
    }
    if batch.stats {
        let reading = vec![
            Stage::beside("read", read.read),
            Stage::beside("parse", read.parse),
        ];
        workers.profile(wall, reading, sink.time).report();
    }
    Ok(Ran {
        exit: sink.exit,
        written: after_write(written),
        threads: workers.threads(),
        records: sink.done,
    })
}

/// A chunk of items and their answers (none for an item that is not a record).
type Answered<A> = (Vec<Sourced>, Vec<Option<A>>);

/// Where answers go, in input order: the output, the subcommand's `write`, and what the
/// writing so far came to.
struct Sink<'p, W> {
    out: Output,
    write: W,
    progress: &'p Progress,
    /// The worst exit code so far.
    exit: Exit,
    /// Records written.
    done: u64,
    /// How writing went; after a failure nothing more is written.
    written: io::Result<()>,
    /// Time spent writing.
    time: Duration,
}

impl<W> Sink<'_, W> {
    /// Writes the answered chunk, if any (and takes it), then flushes.
    fn take<A>(&mut self, answered: &mut Option<Answered<A>>)
    where
        W: FnMut(&mut Output, &str, &Record, A, &Progress) -> io::Result<Exit>,
    {
        let Some((chunk, answers)) = answered.take() else {
            return;
        };
        let started = Instant::now();
        for (s, a) in chunk.iter().zip(answers) {
            if self.written.is_err() {
                break;
            }
            match (&s.item, a) {
                (Item::Record { input, record }, Some(a)) => {
                    self.done += 1;
                    match (self.write)(&mut self.out, input, record, a, self.progress) {
                        Ok(e) => self.exit = self.exit.worst(e),
                        Err(e) => self.written = Err(e),
                    }
                }
                (Item::Failure(e), _) => {
                    self.written = self.out.flush();
                    self.progress.note(&e.to_string());
                    self.exit = self.exit.worst(e.exit());
                }
                (Item::Note(note), _) => {
                    self.written = self.out.flush();
                    self.progress.note(note);
                }
                // Every record has an answer.
                (Item::Record { .. }, None) => {}
            }
        }
        if self.written.is_ok() {
            self.written = self.out.flush();
        }
        if let Some(last) = chunk.last() {
            self.progress.advance(last.bytes, self.done);
        }
        self.time += started.elapsed();
    }
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
