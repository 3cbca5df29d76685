//! One batch loop for the subcommands that answer each puzzle of their inputs on its own
//! (`canon`, `check`): read records on a thread, answer chunks on the workers, hand each
//! answer in input order to the writer, and stop quietly on a broken pipe.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use dlx_sudoku::Grid;
use dlx_sudoku::format::Record;

use super::batch::{Item, Progress, Sourced, Workers, next_chunk, spawn_reader};
use super::error::after_write;
use super::{Error, Exit};

/// The inputs and the batch flags of such a subcommand.
pub struct Batch<'a> {
    pub files: &'a [PathBuf],
    pub threads: usize,
    pub quiet: bool,
}

/// Runs `answer` on every record (on worker threads, each with its own state from `make`)
/// and `write` on every answer in input order, with the record's input name and the
/// progress bar (for messages). `write` returns the exit code the record earns. Inputs that
/// cannot be read are reported and earn their error's code; a failed write (other than a
/// reader that went away) is the run's error.
pub fn run<S: Send, A: Send>(
    batch: &Batch,
    header: &str,
    make: impl Fn() -> S,
    answer: impl Fn(&Record, &mut S) -> A + Sync,
    mut write: impl FnMut(&mut dyn Write, &str, &Record, A, &Progress) -> io::Result<Exit>,
) -> Result<Exit, Error> {
    let workers = Workers::new(batch.threads, make).map_err(|e| Error::Threads(e.to_string()))?;
    let inputs: Vec<PathBuf> = if batch.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        batch.files.to_vec()
    };
    let show_bar = !batch.quiet && io::stderr().is_terminal() && !io::stdout().is_terminal();
    let progress = Progress::new(show_bar, &inputs);
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut exit = Exit::Ok;
    let mut done = 0u64;
    let (rx, reader) = spawn_reader(inputs, false);
    let mut written = out.write_all(header.as_bytes());
    'chunks: while written.is_ok() {
        let Some(chunk) = next_chunk(&rx) else { break };
        let mut answers = workers
            .map(&chunk, |s: &Sourced, state: &mut S| match &s.item {
                Item::Record { record, .. } => Some(answer(record, state)),
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
        // The reader is done (the channel is closed), so this does not wait.
        drop(rx);
        let _ = reader.join();
    }
    after_write(written)?;
    Ok(exit)
}

/// A fault of one record: its line and what is wrong.
pub type Fault = (usize, String);

/// The grid of a record, or its format fault.
pub fn grid_of(record: &Record) -> Result<&Grid, Fault> {
    record
        .grid
        .as_ref()
        .map_err(|e| (e.line, e.kind.to_string()))
}

/// Reports a record's fault on standard error (after what was written so far).
pub fn note_fault(
    out: &mut dyn Write,
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
