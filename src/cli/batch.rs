//! Batches: a reader thread streams records through a bounded channel; the main thread takes
//! them in chunks, has a pool of workers answer each chunk in parallel while it writes the
//! answers to the chunk before in input order ([`Workers::map_beside`]).
//!
//! Invariants: at most [`CHUNK`] records wait in the channel, at most [`CHUNK`] are being
//! answered and at most [`CHUNK`] wait to be written, so memory does not grow with the
//! input; `par_iter().collect()` keeps each chunk's answers in input order and chunks are
//! written one after another, so the output does not depend on the number of threads.
//! Each worker owns its solvers (they are not shared), picked by rayon's thread index.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use dlx_sudoku::format::Record;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::args::Threads;
use super::error::{Error, report};
use super::input::{ReadTimes, Records, open};
use super::profile::{Busy, Profile, Stage};

/// Most records answered per chunk, and most waiting in the channel.
pub const CHUNK: usize = 1024;

/// What the reader sends: a record, a fault of an input (it could not be opened or read,
/// or holds no puzzle), or a note on it (the labels it skipped).
pub enum Item {
    Record { input: Arc<str>, record: Record },
    Failure(Error),
    Note(String),
}

/// An item and the bytes read from all inputs when it was made (for the progress bar).
pub struct Sourced {
    pub item: Item,
    pub bytes: u64,
}

/// Reads `inputs` (`-` for standard input) on a thread of its own; the receiver yields every
/// item in input order. The thread stops early when the receiver is dropped, and returns
/// the time it spent reading and parsing when `timed` (else zeros).
/// With `strict`, label lines are bad records rather than skipped (see [`Records`]).
pub fn spawn_reader(
    inputs: Vec<PathBuf>,
    strict: bool,
    timed: bool,
) -> (Receiver<Sourced>, JoinHandle<ReadTimes>) {
    let (tx, rx) = sync_channel(CHUNK);
    let handle = thread::spawn(move || {
        let mut bytes = 0u64;
        let mut times = ReadTimes::default();
        for path in inputs {
            if read_one(&path, strict, timed, &tx, &mut bytes, &mut times).is_err() {
                break; // The receiver is gone.
            }
        }
        times
    });
    (rx, handle)
}

/// Sends the records of one input, adding its reading and parsing time to `times`; `Err`
/// when the receiver is gone.
fn read_one(
    path: &Path,
    strict: bool,
    timed: bool,
    tx: &SyncSender<Sourced>,
    bytes: &mut u64,
    times: &mut ReadTimes,
) -> Result<(), ()> {
    let send = |item: Item, bytes: u64| tx.send(Sourced { item, bytes }).map_err(|_| ());
    let (name, reader) = match open(path) {
        Ok((name, reader)) => (Arc::<str>::from(name), reader),
        Err(e) => return send(Item::Failure(e), *bytes),
    };
    let start = *bytes;
    let mut records = Records::new(reader, strict).timed(timed);
    let mut sent = 0usize;
    let mut failed = false;
    while let Some(next) = records.next() {
        *bytes = start + records.bytes_read();
        let item = match next {
            Ok(record) => {
                sent += 1;
                Item::Record {
                    input: Arc::clone(&name),
                    record,
                }
            }
            Err(source) => {
                failed = true;
                let name = name.to_string();
                Item::Failure(Error::Read { name, source })
            }
        };
        if send(item, *bytes).is_err() {
            times.add(records.times());
            return Err(());
        }
    }
    times.add(records.times());
    if failed {
        return Ok(());
    }
    *bytes = start + records.bytes_read();
    if let Some(note) = records.label_note(&name) {
        send(Item::Note(note), *bytes)?;
    }
    if sent == 0 {
        // An input without a single puzzle is most likely the wrong input.
        let name = name.to_string();
        return send(Item::Failure(Error::Empty { name }), *bytes);
    }
    Ok(())
}

/// The next chunk: waits for one item, then takes what is ready, up to [`CHUNK`]. `None`
/// when the reader is done. Taking only what is ready keeps interactive use responsive;
/// so does `before_waiting`, called when nothing is ready, before the wait (to write the
/// answers so far).
pub fn next_chunk(rx: &Receiver<Sourced>, before_waiting: impl FnOnce()) -> Option<Vec<Sourced>> {
    let first = match rx.try_recv() {
        Ok(item) => item,
        Err(TryRecvError::Empty) => {
            before_waiting();
            rx.recv().ok()?
        }
        Err(TryRecvError::Disconnected) => return None,
    };
    let mut chunk = Vec::with_capacity(CHUNK);
    chunk.push(first);
    while chunk.len() < CHUNK {
        match rx.try_recv() {
            Ok(item) => chunk.push(item),
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
        }
    }
    Some(chunk)
}

/// Most worker threads per core. More only add switching between threads (100,000 puzzles
/// took 51.5 s with 1024 threads on 2 cores against 2 s with 2), so a larger `--threads` is
/// cut to this many per core, with a note.
const THREADS_PER_CORE: usize = 4;

/// The worker threads to start for `--threads requested` (0: one per core) on `cores`
/// cores: `requested`, at most [`THREADS_PER_CORE`] per core. Returns the count, and
/// whether it was cut.
fn thread_count(requested: usize, cores: usize) -> (usize, bool) {
    let cores = cores.max(1);
    match requested {
        0 => (cores, false),
        n if n > THREADS_PER_CORE * cores => (THREADS_PER_CORE * cores, true),
        n => (n, false),
    }
}

/// The worker threads for `--threads` (none or 0: one per core), at most
/// [`THREADS_PER_CORE`] per core: the one policy of every subcommand that takes the flag.
/// Says so on standard error when it cuts the count; a run calls it once.
pub fn resolve_threads(asked: Threads) -> usize {
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    let requested = asked.threads.unwrap_or(0) as usize;
    let (threads, cut) = thread_count(requested, cores);
    if cut {
        report(&format!(
            "sudoku-dlx: note: --threads {requested} is more than {THREADS_PER_CORE} per core \
             ({cores} cores); using {threads}"
        ));
    }
    threads
}

/// A pool of worker threads, each with its own state `S` (its solvers). One worker is the
/// calling thread itself: no pool is made, and no chunk is handed to another thread and
/// back.
pub struct Workers<S> {
    /// The pool; `None` for one worker.
    pool: Option<rayon::ThreadPool>,
    /// One state per worker, and with a pool one spare for a caller outside it (never
    /// used by `map`, which runs inside it).
    states: Vec<Mutex<S>>,
    /// Each worker's busy time, when measured (`--stats`).
    busy: Busy,
}

impl<S: Send> Workers<S> {
    /// `threads` workers (see [`resolve_threads`]), each with a state from `make`.
    pub fn new(threads: usize, make: impl Fn() -> S) -> Result<Self, rayon::ThreadPoolBuildError> {
        let pool = match threads {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(|i| format!("sudoku-dlx-worker-{i}"))
                    .build()?,
            ),
        };
        let states = match &pool {
            Some(pool) => 0..=pool.current_num_threads(),
            None => 0..=0,
        }
        .map(|_| Mutex::new(make()))
        .collect();
        let busy = Busy::new(threads, false);
        Ok(Workers { pool, states, busy })
    }

    /// The same workers, measuring each one's busy time when `timed` (see [`Self::busy`]).
    pub fn timed(mut self, timed: bool) -> Self {
        self.busy = Busy::new(self.threads(), timed);
        self
    }

    /// Each worker's busy time in `map` so far (empty unless [`Self::timed`]).
    pub fn busy(&self) -> Vec<Duration> {
        self.busy.per_worker()
    }

    /// Where a run on these workers spent its time: `wall`, their busy time, the `stages`
    /// of other threads, and this thread's ordering and writing (`write`): beside the
    /// workers when they are a pool (it overlaps their next chunk, see
    /// [`Self::map_beside`]), else one after the other.
    pub fn profile(&self, wall: Duration, mut stages: Vec<Stage>, write: Duration) -> Profile {
        let writer = if self.threads() > 1 {
            Stage::beside
        } else {
            Stage::serial
        };
        stages.push(writer("order and write", write));
        Profile {
            wall,
            busy: self.busy(),
            stages,
        }
    }

    /// `map` of `items` on the workers while this thread runs `beside` (with one worker,
    /// one after the other): the results of both.
    pub fn map_beside<I: Sync, T: Send, R>(
        &self,
        items: &[I],
        f: impl Fn(&I, &mut S) -> T + Sync,
        beside: impl FnOnce() -> R,
    ) -> (Vec<T>, R) {
        let Some(pool) = &self.pool else {
            let other = beside();
            return (self.map(items, f), other);
        };
        let mut mapped = None;
        let f = &f;
        let other = pool.in_place_scope(|scope| {
            scope.spawn(|_| mapped = Some(self.map(items, f)));
            beside()
        });
        (mapped.expect("the scope waits for its work"), other)
    }

    /// Number of worker threads.
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.current_num_threads())
    }

    /// `f` of every item, in parallel, results in the items' order.
    pub fn map<I: Sync, T: Send>(&self, items: &[I], f: impl Fn(&I, &mut S) -> T + Sync) -> Vec<T> {
        // (A poisoned lock only means an earlier call panicked.)
        let lock = |i: usize| {
            self.states[i]
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        let Some(pool) = &self.pool else {
            let mut state = lock(0);
            return items
                .iter()
                .map(|item| self.busy.time(0, || f(item, &mut state)))
                .collect();
        };
        let spare = self.states.len() - 1;
        pool.install(|| {
            items
                .par_iter()
                .map(|item| {
                    let index = rayon::current_thread_index().map_or(spare, |i| i.min(spare));
                    // Each worker locks only its own state, so the lock is never contended.
                    self.busy.time(index, || f(item, &mut lock(index)))
                })
                .collect()
        })
    }
}

/// The progress bar (bytes read of the input files, or a spinner for standard input), and
/// the way to write to standard error while it is shown.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar when `show`; its length is the inputs' total size when they are all files.
    pub fn new(show: bool, inputs: &[PathBuf]) -> Progress {
        if !show {
            return Progress { bar: None };
        }
        let total: Option<u64> = inputs
            .iter()
            .map(|p| {
                if p == Path::new("-") {
                    return None;
                }
                std::fs::metadata(p)
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len())
            })
            .sum();
        let bar = match total {
            Some(len) => ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr())
                .with_style(
                    ProgressStyle::with_template(
                        "{bar:40} {percent:>3}% {msg} [{elapsed_precise}, eta {eta}]",
                    )
                    .expect("a valid template"),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
                ProgressStyle::with_template("{spinner} {msg} [{elapsed_precise}]")
                    .expect("a valid template"),
            ),
        };
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// Moves the bar to `bytes` read and `puzzles` answered.
    pub fn advance(&self, bytes: u64, puzzles: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(bytes);
            bar.set_message(format!("{puzzles} puzzles"));
        }
    }

    /// Writes a line to standard error (hiding the bar meanwhile). Never panics: a closed
    /// standard error only loses the message.
    pub fn note(&self, line: &str) {
        let write = || report(line);
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_capped_per_core() {
        assert_eq!(thread_count(0, 2), (2, false));
        assert_eq!(thread_count(3, 2), (3, false));
        assert_eq!(thread_count(8, 2), (8, false));
        assert_eq!(thread_count(9, 2), (8, true));
        assert_eq!(thread_count(1024, 2), (8, true));
        assert_eq!(thread_count(1024, 0), (4, true));
    }

    #[test]
    fn workers_keep_order_and_own_their_state() {
        // State: how many items this worker did. Later items are cheaper, so workers finish
        // out of order; the results must still come back in order.
        let workers = Workers::new(3, || 0u64).unwrap();
        let items: Vec<u64> = (0..5000).collect();
        let out = workers.map(&items, |&i, done| {
            *done += 1;
            let mut x = i;
            for _ in 0..(5000 - i) % 97 * 50 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            }
            std::hint::black_box(x);
            i * 2
        });
        assert_eq!(out, items.iter().map(|i| i * 2).collect::<Vec<_>>());
        let done: u64 = workers.states.iter().map(|s| *s.lock().unwrap()).sum();
        assert_eq!(done, 5000);
    }

    #[test]
    fn reader_streams_every_record_in_order_and_reports_missing_files() {
        let dir = std::env::temp_dir().join(format!("sudoku-dlx-batch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("three.txt");
        let line = ".".repeat(81);
        std::fs::write(&file, format!("{line}\n# c\n{line}\nx12\n")).unwrap();
        let missing = dir.join("missing.txt");
        let (rx, handle) = spawn_reader(vec![file.clone(), missing, file.clone()], false, false);
        let mut seen = Vec::new();
        while let Some(chunk) = next_chunk(&rx, || ()) {
            for s in chunk {
                seen.push(match s.item {
                    Item::Record { record, .. } => {
                        format!("{}:{}", record.line, record.grid.is_ok())
                    }
                    Item::Failure(e) => format!("fail {}", e.to_string().contains("missing.txt")),
                    Item::Note(n) => n,
                });
            }
        }
        handle.join().unwrap();
        let one = ["1:true", "3:true", "4:false"];
        let mut expected: Vec<String> = one.iter().map(|s| s.to_string()).collect();
        expected.push("fail true".into());
        expected.extend(one.iter().map(|s| s.to_string()));
        assert_eq!(seen, expected);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
