//! One batch loop for the subcommands that answer each puzzle of their inputs on its own
//! (`canon`, `check`): read records on a thread, answer chunks on the workers, hand each
//! answer in input order to the writer, and stop quietly on a broken pipe.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use sudoku_dlx::sudoku::format::Record;

use super::Exit;
use super::batch::{Item, Progress, Sourced, Workers, next_chunk, spawn_reader};

/// The inputs and the batch flags of such a subcommand.
pub struct Batch<'a> {
    pub files: &'a [PathBuf],
    pub threads: usize,
    pub quiet: bool,
}

/// Runs `answer` on every record (on worker threads, each with its own state from `make`)
/// and `write` on every answer in input order, with the record's input name and the
/// progress bar (for messages). `write` returns the exit code the record earns. Inputs that
/// cannot be read are reported and earn [`Exit::BadInput`].
pub fn run<S: Send, A: Send>(
    batch: &Batch,
    header: &str,
    make: impl Fn() -> S,
    answer: impl Fn(&Record, &mut S) -> A + Sync,
    mut write: impl FnMut(&mut dyn Write, &str, &Record, A, &Progress) -> io::Result<Exit>,
) -> Exit {
    let workers = match Workers::new(batch.threads, make) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("sudoku-dlx: cannot start worker threads: {e}");
            return Exit::BadInput;
        }
    };
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
    let (rx, reader) = spawn_reader(inputs);
    let mut written = out.write_all(header.as_bytes());
    'chunks: while written.is_ok() {
        let Some(chunk) = next_chunk(&rx) else { break };
        let mut answers = workers
            .map(&chunk, |s: &Sourced, state: &mut S| match &s.item {
                Item::Record { record, .. } => Some(answer(record, state)),
                Item::Failure(_) => None,
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
                (Item::Failure(message), _) => {
                    written = out.flush();
                    progress.note(message);
                    exit = exit.worst(Exit::BadInput);
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
    match written.and_then(|()| out.flush()) {
        Ok(()) => {
            drop(rx);
            let _ = reader.join();
        }
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            progress.note(&format!("sudoku-dlx: writing output: {e}"));
            exit = exit.worst(Exit::BadInput);
        }
    }
    exit
}
