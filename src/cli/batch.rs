//! Batches: a reader thread cuts the inputs into pieces of whole lines ([`Pieces`]) and
//! numbers them; the workers parse and answer each piece as it comes
//! ([`Workers::in_order`]), and the main thread hands the outcomes on in input order (it
//! only orders them and writes their bytes).
//!
//! Invariants: at most [`Workers::in_flight`] items are between the reader and the writer
//! (read, being answered, or answered and waiting for an earlier one), each of at most
//! [`PIECE_BYTES`](super::input::PIECE_BYTES) of lines (or one chunk of `generate`), so
//! memory does not grow with the input; outcomes are handed on in the items' order, so the
//! output does not depend on the number of threads. Each worker owns its solvers (they are
//! not shared), picked by rayon's thread index, made by the worker itself and kept off the
//! other workers' cache lines ([`WorkerState`]).

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::args::Threads;
use super::error::{Error, report};
use super::input::{Piece, Pieces, open, read_error};
use super::interrupt;
use super::profile::{Busy, Profile, Stage};

/// What the reader sends, in input order: lines of an input, the end of an input (where
/// its label note and its emptiness are settled), or a fault of one (it could not be
/// opened, or reading it failed: then no end follows).
pub enum Item {
    Lines { input: Arc<str>, piece: Box<Piece> },
    End { input: Arc<str> },
    Failure(Error),
}

/// An item and the bytes read from all inputs when it was made (for the progress bar).
pub struct Sourced {
    pub item: Item,
    pub bytes: u64,
}

/// A message to the loop of [`Workers::in_order`]: the reader's item number `n`, a
/// worker's outcome for item `n`, or the reader's end (the number of items it sent).
pub enum Msg<I, T> {
    Item(u64, I),
    Done(u64, T),
    Sent(u64),
}

/// Reads `inputs` (`-` for standard input) on a thread of its own and sends their items
/// on `end` in input order (see [`Feeder`]). It stops early when the loop is gone, and
/// returns the time it spent reading and cutting when `timed` (else zero).
pub fn spawn_reader<T: Send + 'static>(
    inputs: Vec<PathBuf>,
    timed: bool,
    end: ReaderEnd<Sourced, T>,
) -> JoinHandle<Duration> {
    let reader = thread::Builder::new().name("sudoku-dlx-reader".into());
    let spawned = reader.spawn(move || {
        let mut feeder = Feeder::new(end);
        let mut send = |item: Item, bytes: u64| feeder.send(Sourced { item, bytes });
        let mut bytes = 0u64;
        let mut time = Duration::ZERO;
        for path in inputs {
            if read_one(&path, timed, &mut send, &mut bytes, &mut time).is_err() {
                return time; // The loop is gone.
            }
        }
        feeder.finish();
        time
    });
    spawned.expect("a thread for the reader")
}

/// Sends `items` on `end` from a thread of its own (see [`Feeder`]).
pub fn spawn_feeder<I: Send + 'static, T: Send + 'static>(
    items: impl Iterator<Item = I> + Send + 'static,
    end: ReaderEnd<I, T>,
) {
    thread::spawn(move || {
        let mut feeder = Feeder::new(end);
        for item in items {
            if feeder.send(item).is_err() {
                return;
            }
        }
        feeder.finish();
    });
}

/// The sending side of [`Workers::in_order`]: numbers the items, takes a token before
/// each (the loop gives one back per item done, which bounds the items in flight), and
/// ends with [`Msg::Sent`].
pub struct Feeder<I, T> {
    end: ReaderEnd<I, T>,
    sent: u64,
}

impl<I, T> Feeder<I, T> {
    pub fn new(end: ReaderEnd<I, T>) -> Self {
        Feeder { end, sent: 0 }
    }

    /// Sends the next item; `Err` when the loop is gone.
    pub fn send(&mut self, item: I) -> Result<(), ()> {
        self.end.tokens.recv().map_err(drop)?;
        self.end.tx.send(Msg::Item(self.sent, item)).map_err(drop)?;
        self.sent += 1;
        Ok(())
    }

    /// Says that no more items come.
    pub fn finish(self) {
        let _ = self.end.tx.send(Msg::Sent(self.sent));
    }
}

/// Sends the pieces of one input and its end (or its fault), adding the time spent reading
/// and cutting to `time`; `Err` when the loop is gone.
fn read_one(
    path: &Path,
    timed: bool,
    send: &mut impl FnMut(Item, u64) -> Result<(), ()>,
    bytes: &mut u64,
    time: &mut Duration,
) -> Result<(), ()> {
    let (name, reader) = match open(path) {
        Ok((name, reader)) => (Arc::<str>::from(name), reader),
        Err(e) => return send(Item::Failure(e), *bytes),
    };
    let start = *bytes;
    let mut pieces = Pieces::new(reader);
    loop {
        let started = timed.then(Instant::now);
        let next = pieces.next_piece();
        if let Some(started) = started {
            *time += started.elapsed();
        }
        let Some((piece, error)) = next else {
            break;
        };
        *bytes = start + pieces.bytes_read();
        let input = Arc::clone(&name);
        let piece = Box::new(piece);
        send(Item::Lines { input, piece }, *bytes)?;
        if let Some(source) = error {
            return send(Item::Failure(read_error(&name, source)), *bytes);
        }
    }
    send(Item::End { input: name }, *bytes)
}

/// The loop's end of the channels of a run of [`Workers::in_order`]: the messages, a
/// sender for the workers' outcomes, and the way to give the reader its tokens back.
pub struct Lanes<I, T> {
    tx: Sender<Msg<I, T>>,
    rx: Receiver<Msg<I, T>>,
    give_back: SyncSender<()>,
}

/// The reader's end: where it sends its items, and the tokens it takes, one per item in
/// flight.
pub struct ReaderEnd<I, T> {
    pub tx: Sender<Msg<I, T>>,
    pub tokens: Receiver<()>,
}

impl<I, T> Lanes<I, T> {
    /// The two ends, for `in_flight` items at most between them.
    pub fn new(in_flight: usize) -> (Self, ReaderEnd<I, T>) {
        let (tx, rx) = std::sync::mpsc::channel();
        let (give_back, tokens) = sync_channel(in_flight);
        for _ in 0..in_flight {
            give_back.send(()).expect("room for every token");
        }
        let reader = ReaderEnd {
            tx: tx.clone(),
            tokens,
        };
        (Lanes { tx, rx, give_back }, reader)
    }
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

/// One worker's state, made by that worker on first use, so that its memory comes from
/// that thread's allocator arena (states made one after another on one thread could share
/// cache lines at the edges of their buffers, which the searches write at every node), and
/// aligned to 128 bytes, so that no other worker's state (nor its lock, taken for each run
/// of records) shares its cache lines or their prefetched pair. Batches' workers and
/// `cover`'s keep their solvers in these.
#[repr(align(128))]
pub struct WorkerState<S>(OnceLock<Mutex<S>>);

impl<S> Default for WorkerState<S> {
    fn default() -> Self {
        WorkerState(OnceLock::new())
    }
}

impl<S> WorkerState<S> {
    /// The state, made by `make` now if this is its first use, locked (one worker uses
    /// it, so the lock is never contended; a poisoned lock only means an earlier call
    /// panicked).
    pub fn lock(&self, make: impl FnOnce() -> S) -> MutexGuard<'_, S> {
        self.0
            .get_or_init(|| Mutex::new(make()))
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A pool of worker threads, each with its own state `S` (its solvers). One worker is the
/// calling thread itself: no pool is made, and items are worked out on that thread.
pub struct Workers<'m, S> {
    /// The pool; `None` for one worker.
    pool: Option<rayon::ThreadPool>,
    /// One state per worker, and with a pool one spare for a caller outside it (never
    /// used by `map`, which runs inside it).
    states: Vec<WorkerState<S>>,
    /// Makes a worker's state.
    make: Box<dyn Fn() -> S + Sync + 'm>,
    /// Each worker's busy time, when measured (`--stats`).
    busy: Busy,
}

impl<'m, S: Send> Workers<'m, S> {
    /// `threads` workers (see [`resolve_threads`]), each with a state from `make` (called
    /// by each worker on its first item).
    pub fn new(
        threads: usize,
        make: impl Fn() -> S + Sync + 'm,
    ) -> Result<Self, rayon::ThreadPoolBuildError> {
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
        .map(|_| WorkerState::default())
        .collect();
        let busy = Busy::new(threads, false);
        Ok(Workers {
            pool,
            states,
            make: Box::new(make),
            busy,
        })
    }

    /// Worker `index`'s state, made now if this is its first use.
    fn state(&self, index: usize) -> MutexGuard<'_, S> {
        self.states[index].lock(&self.make)
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
    /// workers when they are a pool (it overlaps their next items, see
    /// [`Self::in_order`]), else one after the other.
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

    /// Number of worker threads.
    pub fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, |p| p.current_num_threads())
    }

    /// Most items between a reader and the loop of [`Self::in_order`]: `per_worker` per
    /// worker (at least 2: one being answered, one queued behind it, so that no worker
    /// waits for the next) and two for the reader and the writer. Items answered behind a
    /// slow one wait for it to be written, so more per worker keep the others busy longer
    /// while one item (or the worker holding it) is slow; the items' size bounds how many.
    pub fn in_flight(&self, per_worker: usize) -> usize {
        per_worker.max(2) * self.threads() + 2
    }

    /// Drops `t` on a worker (on this thread when there is no pool): memory is freed
    /// fastest by the threads that allocated it, and the loop of [`Self::in_order`] stays
    /// free for writing. (Not counted as busy time: a detached task cannot reach `self`.)
    pub fn discard<T: Send + 'static>(&self, t: T) {
        match &self.pool {
            Some(pool) => pool.spawn(move || drop(t)),
            None => drop(t),
        }
    }

    /// Runs `f` on this thread, counting its time as this worker's busy time.
    pub fn busy_here<T>(&self, f: impl FnOnce() -> T) -> T {
        let index = rayon::current_thread_index().unwrap_or(self.states.len() - 1);
        self.busy.time(index, f)
    }

    /// Runs `work` on every item the reader sends on `lanes` (its outcome may come from
    /// [`Self::map`] on the same workers), each on a worker as soon as it comes (with one
    /// worker: on this thread), and `done` on the outcomes on this thread, in the items'
    /// order, as soon as each and those before it are ready. After each item done, gives
    /// the reader a token back. Stops after the reader's last item, when `done` returns
    /// `false`, or once a signal came ([`interrupt::requested`], looked at while waiting,
    /// so a reader stuck on a terminal does not hold the run): the items already taken
    /// are still worked out, and dropped.
    pub fn in_order<I: Send, T: Send>(
        &self,
        lanes: Lanes<I, T>,
        work: impl Fn(I, &Self) -> T + Sync,
        mut done: impl FnMut(T) -> bool,
    ) {
        let Lanes { tx, rx, give_back } = lanes;
        // Outcomes from item `next` on, `None` where one is not ready yet.
        let mut ready: VecDeque<Option<T>> = VecDeque::new();
        let mut next = 0u64;
        let mut sent = None;
        let mut take = |msg: Msg<I, T>, spawn: &mut dyn FnMut(u64, I)| -> bool {
            let (n, outcome) = match msg {
                Msg::Item(n, item) => {
                    spawn(n, item);
                    return true;
                }
                Msg::Done(n, outcome) => (n, outcome),
                Msg::Sent(n) => {
                    sent = Some(n);
                    return next < n;
                }
            };
            let at = (n - next) as usize;
            if ready.len() <= at {
                ready.resize_with(at + 1, || None);
            }
            ready[at] = Some(outcome);
            while let Some(Some(_)) = ready.front() {
                let outcome = ready.pop_front().flatten().expect("a ready outcome");
                next += 1;
                let _ = give_back.try_send(());
                if !done(outcome) {
                    return false;
                }
            }
            sent != Some(next)
        };
        let work = &work;
        let Some(pool) = &self.pool else {
            let tx = &tx;
            let mut inline = |n, item| {
                let _ = tx.send(Msg::Done(n, work(item, self)));
            };
            while let Some(msg) = next_msg(&rx) {
                if !take(msg, &mut inline) {
                    break;
                }
            }
            return;
        };
        pool.in_place_scope_fifo(|scope| {
            let mut spawn = |n, item| {
                let tx = tx.clone();
                scope.spawn_fifo(move |_| {
                    let _ = tx.send(Msg::Done(n, work(item, self)));
                });
            };
            while let Some(msg) = next_msg(&rx) {
                if !take(msg, &mut spawn) {
                    break;
                }
            }
        });
    }

    /// `f` of every item, in parallel, results in the items' order.
    pub fn map<I: Sync, T: Send>(&self, items: &[I], f: impl Fn(&I, &mut S) -> T + Sync) -> Vec<T> {
        let Some(pool) = &self.pool else {
            let mut state = self.state(0);
            return items
                .iter()
                .map(|item| self.busy.time(0, || f(item, &mut state)))
                .collect();
        };
        let spare = self.states.len() - 1;
        pool.install(|| {
            items
                .par_iter()
                .map_init(
                    // Once per run of items on one worker: each worker locks only its own
                    // state, so the lock is never contended.
                    || {
                        let index = rayon::current_thread_index().map_or(spare, |i| i.min(spare));
                        (index, self.state(index))
                    },
                    |(index, state), item| self.busy.time(*index, || f(item, state)),
                )
                .collect()
        })
    }
}

/// How long the loop of [`Workers::in_order`] waits for a message before it looks at
/// [`interrupt::requested`].
const POLL: Duration = Duration::from_millis(50);

/// The next message for the loop of [`Workers::in_order`]; `None` when every sender is
/// gone or a signal came.
fn next_msg<M>(rx: &Receiver<M>) -> Option<M> {
    loop {
        if interrupt::requested() {
            return None;
        }
        match rx.recv_timeout(POLL) {
            Ok(msg) => return Some(msg),
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return None,
        }
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
    use dlx_sudoku::format::Record;

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
        let done: u64 = workers
            .states
            .iter()
            .filter_map(|s| s.0.get().map(|state| *state.lock().unwrap()))
            .sum();
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
        let workers = Workers::new(2, || ()).unwrap();
        let (lanes, reader) = Lanes::new(workers.in_flight(2));
        let inputs = vec![file.clone(), missing, file.clone()];
        let handle = spawn_reader(inputs, false, reader);
        let mut seen = Vec::new();
        let work = |s: Sourced, _: &Workers<()>| match s.item {
            Item::Lines { piece, .. } => {
                let (records, _) = piece.parse(false);
                let line = |r: &Record| format!("{}:{}", r.line, r.grid.is_ok());
                records.iter().map(line).collect()
            }
            Item::Failure(e) => vec![format!("fail {}", e.to_string().contains("missing.txt"))],
            Item::End { .. } => vec!["end".to_string()],
        };
        workers.in_order(lanes, work, |lines| {
            seen.extend(lines);
            true
        });
        handle.join().unwrap();
        let one = ["1:true", "3:true", "4:false", "end"];
        let mut expected: Vec<String> = one.iter().map(|s| s.to_string()).collect();
        expected.push("fail true".into());
        expected.extend(one.iter().map(|s| s.to_string()));
        assert_eq!(seen, expected);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
