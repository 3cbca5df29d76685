//! The solutions of an Algorithm M search (a problem with multiplicities) for
//! `Problem.solutions`: `MultiSolver` cannot pause after a number of nodes, so its search
//! runs on a thread of its own and hands each solution over through a queue; the iterator
//! takes them from there. Problems without multiplicities never come here: their search
//! runs on the calling thread, paused and resumed (`cover.rs`).

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use dlx_cover::{Limits, MultiSolver, SearchEnd};
use pyo3::prelude::*;

use crate::run::{self, Flag};

/// What the search thread hands over.
pub enum Found {
    Solution(Vec<usize>),
    End(SearchEnd),
    Panic(String),
}

/// How many solutions the search may find before they are asked for; it
/// waits there until the reader has taken them all.
const AHEAD: usize = 256;

/// How long the reader yields the processor to the search before it sleeps.
const SPIN: Duration = Duration::from_micros(50);

/// The hand-over between the search thread and the reader: a queue under one lock. The
/// search pushes each solution as it is found (the reader never waits for a batch to fill);
/// the reader takes everything queued at once, so it locks once per batch, and each side
/// wakes the other only when that one is waiting. (When all searches went this way, a
/// rendezvous was 1.3× xcover's time on queens 10 and a bounded channel 1.8×.)
#[derive(Default)]
struct Queue {
    state: Mutex<Handover>,
    /// The reader waits here for solutions.
    ready: Condvar,
    /// The search waits here for room.
    room: Condvar,
}

#[derive(Default)]
struct Handover {
    found: VecDeque<Found>,
    /// The reader is gone: the search stops at its next solution.
    closed: bool,
    reader_waiting: bool,
    search_waiting: bool,
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, Handover> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues `found` (false once the reader is gone); waits while `AHEAD` are queued.
    fn push(&self, found: Found) -> bool {
        let mut state = self.lock();
        if state.closed {
            return false;
        }
        state.found.push_back(found);
        if state.reader_waiting {
            self.ready.notify_one();
        }
        while state.found.len() >= AHEAD && !state.closed {
            state.search_waiting = true;
            state = self.room.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        state.search_waiting = false;
        !state.closed
    }

    /// Moves everything queued into `into`, waiting up to `slice` for something to come.
    fn take_all(&self, into: &mut VecDeque<Found>, slice: Duration) {
        let mut state = self.lock();
        // A search a little slower than the reader would otherwise be woken for every
        // solution (a sleeping thread takes tens of µs to wake): yield the processor to it
        // for up to `SPIN` before sleeping.
        let spin_start = Instant::now();
        while state.found.is_empty() && spin_start.elapsed() < SPIN {
            drop(state);
            std::thread::yield_now();
            state = self.lock();
        }
        if state.found.is_empty() {
            state.reader_waiting = true;
            state = self
                .ready
                .wait_timeout_while(state, slice, |s| s.found.is_empty())
                .unwrap_or_else(|p| p.into_inner())
                .0;
            state.reader_waiting = false;
        }
        std::mem::swap(into, &mut state.found);
        if state.search_waiting {
            self.room.notify_one();
        }
    }

    /// The reader is gone: wakes the search if it waits for room.
    fn close(&self) {
        self.lock().closed = true;
        self.room.notify_one();
    }
}

/// An Algorithm M search on its own thread, and the solutions taken from its queue.
pub struct Threaded {
    queue: Option<Arc<Queue>>,
    /// Taken from the queue, not yet returned.
    taken: VecDeque<Found>,
    thread: Option<JoinHandle<()>>,
    flag: Option<Flag>,
}

impl Threaded {
    /// Starts the search of `problem` (it has multiplicities), stopping after `limit`
    /// solutions.
    pub fn start(problem: dlx_cover::Problem, limits: Limits, limit: u64) -> Threaded {
        let flag = Flag::take();
        let limits = Limits {
            cancel: Some(flag.cancel()),
            ..limits
        };
        let queue = Arc::new(Queue::default());
        let search_queue = Arc::clone(&queue);
        let thread = std::thread::spawn(move || {
            let queue = search_queue;
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut left = limit;
                if left == 0 {
                    return SearchEnd::Stopped;
                }
                MultiSolver::new(&problem).search(limits, |solution| {
                    let mut options = solution.to_vec();
                    options.sort_unstable();
                    left -= 1;
                    if !queue.push(Found::Solution(options)) || left == 0 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
            }));
            queue.push(match outcome {
                Ok(end) => Found::End(end),
                Err(payload) => Found::Panic(run::panic_message(&*payload)),
            });
        });
        Threaded {
            queue: Some(queue),
            taken: VecDeque::new(),
            thread: Some(thread),
            flag: Some(flag),
        }
    }

    /// The next hand-over: waits for it in slices with the GIL released, looking for
    /// signals between them (a KeyboardInterrupt leaves the search paused, to resume).
    pub fn next(&mut self, py: Python<'_>) -> PyResult<Found> {
        loop {
            if let Some(found) = self.taken.pop_front() {
                return Ok(found);
            }
            let Some(queue) = self.queue.clone() else {
                return Ok(Found::End(SearchEnd::Stopped));
            };
            let mut taken = std::mem::take(&mut self.taken);
            // The GIL is let go only to wait; what is queued is taken without it.
            taken = py.detach(move || {
                queue.take_all(&mut taken, run::SLICE);
                taken
            });
            self.taken = taken;
            if self.taken.is_empty() {
                py.check_signals()?;
            }
        }
    }
}

impl Drop for Threaded {
    /// Stops the search thread and waits for it (it sees the flag within a few thousand
    /// nodes), then gives the flag back.
    fn drop(&mut self) {
        if let Some(flag) = &self.flag {
            flag.set();
        }
        if let Some(queue) = self.queue.take() {
            queue.close();
        }
        self.taken.clear();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.flag = None;
    }
}
