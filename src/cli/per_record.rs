//! The one batch loop of the subcommands that answer each puzzle of their inputs on its own
//! (`solve`, `count`, `hint`, `explain`, `rate`, `canon`, `check`): resolve `--threads`,
//! cut the inputs into pieces on a thread, parse and answer each piece on the workers,
//! hand each answer in input order to the writer, and stop quietly on a broken pipe.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use dlx_sudoku::Grid;
use dlx_sudoku::format::Record;

use super::args::BatchArgs;
use super::batch::{Item, Lanes, Progress, Sourced, Workers, resolve_threads, spawn_reader};
use super::error::{Error, Exit, after_write, report};
use super::input::Labels;
use super::interrupt;
use super::output::Out;
use super::profile::Stage;

/// Pieces in flight per worker (see [`Workers::in_flight`]): a piece and its records and
/// answers take a few hundred KB, and more per worker did not shorten the workers' idle
/// time (`solve --stats`, 17-clue set x4, 2 threads: idle 9-17 % of the wall time at 2, 4
/// and 8 per worker, load 5.5).
const PIECES_PER_WORKER: usize = 2;

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
/// The workers parse and answer each piece of input as it comes while this thread writes
/// the answers of the pieces before, in order (see [`Workers::in_order`]): writing is not a
/// serial stage between pieces. With `--stats`, where the time went
/// ([`super::profile::Profile`]).
pub fn run<S: Send, A: Send + 'static>(
    batch: &BatchArgs,
    strict: bool,
    header: &str,
    make: impl Fn() -> S + Sync,
    answer: impl Fn(&str, &Record, &mut S) -> A + Sync,
    write: impl FnMut(&mut Output, &str, &Record, &A, &Progress) -> io::Result<Exit>,
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
        labels: Labels::new(strict),
        records_in_input: 0,
        last: None,
        written: Ok(()),
        time: Duration::ZERO,
    };
    sink.written = sink.out.header(header);
    let started = Instant::now();
    interrupt::watch();
    let (lanes, reader_end) = Lanes::new(workers.in_flight(PIECES_PER_WORKER));
    let reader = spawn_reader(inputs, batch.stats, reader_end);
    if sink.written.is_ok() {
        let work = |s: Sourced, workers: &Workers<S>| match s.item {
            Item::Lines { input, piece } => {
                let (records, labels) = workers.busy_here(|| piece.parse(strict));
                // Once a signal came no answer is written: the rest are not worked out.
                let answers = workers.map(&records, |r, state| {
                    (!interrupt::requested()).then(|| answer(&input, r, state))
                });
                Outcome::Answered {
                    input,
                    records,
                    answers,
                    labels,
                    bytes: s.bytes,
                }
            }
            item => Outcome::Other(Sourced { item, ..s }),
        };
        // The records and answers written are freed on the workers, where they were made.
        let discard = |written: (Vec<Record>, Vec<Option<A>>)| workers.discard(written);
        workers.in_order(lanes, work, |outcome| sink.take(outcome, discard));
    }
    progress.finish();
    let wall = started.elapsed();
    let written = std::mem::replace(&mut sink.written, Ok(()));
    let written = written.and_then(|()| sink.out.flush());
    let mut read = Duration::ZERO;
    let interrupted = interrupt::requested();
    if interrupted {
        let (done, not_done) = match &sink.last {
            Some((input, line)) => (
                format!(
                    "{} answer(s) written, the last for the record at {input}:{line}",
                    sink.done
                ),
                "the records after it were not answered",
            ),
            None => ("no answer written".to_string(), "no record was answered"),
        };
        sink.exit = interrupt::stopped(&done, not_done);
    } else if written.is_ok() {
        // The reader is done (it sent its last item), so this does not wait. After a
        // failed write it may not be: it stops at its next send, or with the process.
        read = reader.join().unwrap_or_default();
    }
    if batch.stats {
        let reading = vec![Stage::beside("read and cut", read)];
        workers.profile(wall, reading, sink.time).report();
    }
    Ok(Ran {
        exit: sink.exit,
        written: after_write(written),
        threads: workers.threads(),
        records: sink.done,
    })
}

/// What a worker makes of an item: a piece's records and their answers, with the labels
/// skipped among them; or the item itself, which needs no work.
enum Outcome<A> {
    Answered {
        input: Arc<str>,
        records: Vec<Record>,
        /// `None` for the records not answered because a signal came.
        answers: Vec<Option<A>>,
        labels: Labels,
        bytes: u64,
    },
    Other(Sourced),
}

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
    /// The labels skipped in the input being written, and its records so far.
    labels: Labels,
    records_in_input: u64,
    /// The input and line of the last record written.
    last: Option<(Arc<str>, usize)>,
    /// How writing went; after a failure nothing more is written.
    written: io::Result<()>,
    /// Time spent writing.
    time: Duration,
}

impl<W> Sink<'_, W> {
    /// Writes the outcome of the next item, then flushes and hands its records and answers
    /// to `discard`; `false` once writing failed or a signal came (then the answers from
    /// there on are not written: some may be cut short by it).
    fn take<A>(
        &mut self,
        outcome: Outcome<A>,
        discard: impl FnOnce((Vec<Record>, Vec<Option<A>>)),
    ) -> bool
    where
        W: FnMut(&mut Output, &str, &Record, &A, &Progress) -> io::Result<Exit>,
    {
        let started = Instant::now();
        let bytes = match outcome {
            Outcome::Answered {
                input,
                records,
                answers,
                labels,
                bytes,
            } => {
                self.labels.add(labels);
                self.records_in_input += records.len() as u64;
                for (record, a) in records.iter().zip(&answers) {
                    let Some(a) = a.as_ref().filter(|_| !interrupt::requested()) else {
                        break;
                    };
                    if self.written.is_err() {
                        break;
                    }
                    self.done += 1;
                    self.last = Some((Arc::clone(&input), record.line));
                    match (self.write)(&mut self.out, &input, record, a, self.progress) {
                        Ok(e) => self.exit = self.exit.worst(e),
                        Err(e) => self.written = Err(e),
                    }
                }
                discard((records, answers));
                bytes
            }
            Outcome::Other(Sourced { item, bytes }) => {
                self.item_done(item);
                bytes
            }
        };
        if self.written.is_ok() {
            self.written = self.out.flush();
        }
        self.progress.advance(bytes, self.done);
        self.time += started.elapsed();
        self.written.is_ok() && !interrupt::requested()
    }

    /// An input's end (its label note, and the fault of holding no puzzle) or its fault.
    fn item_done(&mut self, item: Item) {
        let failure = match item {
            Item::End { input } => {
                let labels = self.labels.take();
                if let Some(note) = labels.note(&input) {
                    self.written = self.out.flush();
                    self.progress.note(&note);
                }
                // An input without a single puzzle is most likely the wrong input.
                let empty = std::mem::take(&mut self.records_in_input) == 0;
                let name = input.to_string();
                empty.then_some(Error::Empty { name })
            }
            Item::Failure(e) => {
                self.labels.take();
                self.records_in_input = 0;
                Some(e)
            }
            Item::Lines { .. } => unreachable!("lines are answered"),
        };
        if let Some(e) = failure {
            self.written = self.out.flush();
            self.progress.note(&e.to_string());
            self.exit = self.exit.worst(e.exit());
        }
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
                 would be lost); solve, count, hint, explain and rate take them"
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
