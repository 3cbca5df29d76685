//! `dlx_cover.Problem`: items and options (Knuth's `item:color`, his text format with
//! multiplicities and costs), counted, listed lazily, or the cheapest found; each search run
//! by [`crate::run`].

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use dlx_cover::knuth;
use dlx_cover::{Chooser, Limits, MultiSolver, SearchEnd, Solver, cost};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::LimitReached;
use crate::run::{self, Flag, guarded, interruptible};

/// An exact-cover problem: primary items (each covered exactly once), secondary items (at
/// most once, or shared by options that give them the same color), and options.
///
/// ``Problem(primary=["a", "b", "c"], secondary=["x"])`` starts one; ``add_option`` adds an
/// option by item names, ``"x:red"`` giving a secondary item a color (Knuth's Algorithm C).
/// ``Problem.from_knuth(text)`` reads Knuth's format, with multiplicities and costs.
/// Searches: ``count``, ``solutions`` (a lazy iterator), ``min_cost``/``best`` (costs),
/// ``split`` with ``dlx_cover.run_job`` and ``dlx_cover.merge`` (to spread one count over
/// many machines). Every search releases the GIL and stops at Ctrl-C.
#[pyclass(module = "dlx_cover", frozen)]
pub struct Problem {
    inner: Mutex<Inner>,
}

/// The problem and its Knuth text, which names it in split jobs (by its SHA-256).
#[derive(Clone)]
pub struct Inner {
    /// The problem.
    pub problem: dlx_cover::Problem,
    /// Its Knuth text.
    pub text: String,
}

/// Errors of the library as `ValueError`s, with its own message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Runs one search of `problem` with Knuth's rule (Algorithm M when an item has a
/// multiplicity), as `sudoku-dlx cover` does; `visit` sees each solution.
pub fn search(
    problem: &dlx_cover::Problem,
    limits: Limits,
    visit: impl FnMut(&[usize]) -> ControlFlow<()>,
) -> SearchEnd {
    if problem.has_multiplicities() {
        MultiSolver::new(problem).search(limits, visit)
    } else {
        Solver::new(problem).search(Chooser::Mrv, limits, visit)
    }
}

/// `LimitReached` for a search that `end` cut short, with what it found.
fn cut_short(end: SearchEnd, found: Py<PyAny>) -> Option<PyErr> {
    let why = match end {
        SearchEnd::NodeLimit => "the node limit (max_nodes) ended the search",
        SearchEnd::Deadline => "the timeout ended the search",
        SearchEnd::Exhausted | SearchEnd::Stopped => return None,
    };
    Some(LimitReached::new_err((why, found)))
}

impl Problem {
    /// A copy of the problem, for a search that must not hold the lock.
    pub fn snapshot(&self) -> Inner {
        self.inner
            .lock()
            .expect("never poisoned: no panic while held")
            .clone()
    }

    /// Wraps a problem.
    pub fn from_inner(inner: Inner) -> Problem {
        Problem {
            inner: Mutex::new(inner),
        }
    }
}

/// One option's text for the Knuth line: `name` or `name:color`.
fn split_color(entry: &str) -> (&str, Option<&str>) {
    match entry.split_once(':') {
        Some((name, color)) => (name, Some(color)),
        None => (entry, None),
    }
}

#[pymethods]
impl Problem {
    #[new]
    #[pyo3(signature = (primary, secondary = Vec::new()))]
    fn new(primary: Vec<String>, secondary: Vec<String>) -> PyResult<Problem> {
        let problem = dlx_cover::Problem::with_names(&primary, &secondary).map_err(value_error)?;
        let mut text = primary.join(" ");
        if !secondary.is_empty() {
            text.push_str(" | ");
            text.push_str(&secondary.join(" "));
        }
        text.push('\n');
        Ok(Problem::from_inner(Inner { problem, text }))
    }

    /// Reads a problem in Knuth's text format (dlx1/dlx2/dlx3/dlx5): an item line
    /// (``a b | x``, ``2:3|a`` for a multiplicity), then one option a line (``a x:red``,
    /// ``|5`` at its end for a cost); ``|`` lines are comments. Raises ``ValueError`` with
    /// the line number on a malformed line.
    #[staticmethod]
    fn from_knuth(text: &str) -> PyResult<Problem> {
        let parsed = guarded(|| knuth::parse(text).map_err(value_error))?;
        Ok(Problem::from_inner(Inner {
            problem: parsed.named.problem,
            text: text.to_string(),
        }))
    }

    /// Adds an option: item names, ``"name:color"`` for a secondary item with a color.
    /// Returns its number (options are numbered from 0). Raises ``ValueError`` for an
    /// unknown item, an item named twice, or an option with no primary item.
    fn add_option(&self, items: Vec<String>) -> PyResult<usize> {
        let mut inner = self.inner.lock().expect("never poisoned");
        let option = inner
            .problem
            .add_named_colored_option(items.iter().map(|e| split_color(e)))
            .map_err(value_error)?;
        inner.text.push_str(&items.join(" "));
        inner.text.push('\n');
        Ok(option)
    }

    /// The number of items (primary and secondary).
    #[getter]
    fn items(&self) -> usize {
        self.inner.lock().expect("never poisoned").problem.items()
    }

    /// The number of options.
    #[getter]
    fn options(&self) -> usize {
        self.inner.lock().expect("never poisoned").problem.options()
    }

    /// The option's items as text (``"a x:red"``).
    fn option_text(&self, option: usize) -> PyResult<String> {
        let inner = self.inner.lock().expect("never poisoned");
        if option >= inner.problem.options() {
            return Err(PyValueError::new_err(format!(
                "option {option} is not in the problem (it has {} options)",
                inner.problem.options()
            )));
        }
        Ok(inner.problem.option_text(option))
    }

    /// The problem in Knuth's format: the text it was read from, or the lines it was
    /// built from. Its SHA-256 is what ``split`` writes into the jobs.
    fn to_knuth(&self) -> String {
        self.inner.lock().expect("never poisoned").text.clone()
    }

    /// Counts the solutions, up to ``limit``. ``timeout`` (seconds) and ``max_nodes``
    /// (options tried) bound the search: reaching one raises ``LimitReached`` whose
    /// ``args[1]`` is the count so far. Releases the GIL; Ctrl-C raises KeyboardInterrupt.
    #[pyo3(signature = (limit = None, timeout = None, max_nodes = None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u64>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<u64> {
        let limit = limit.unwrap_or(u64::MAX);
        let limits = run::limits(timeout, max_nodes)?;
        let inner = self.snapshot();
        let (found, end) = interruptible(py, limits, |limits| {
            let mut found = 0u64;
            let end = if limit == 0 {
                SearchEnd::Stopped
            } else {
                search(&inner.problem, limits, |_| {
                    found += 1;
                    if found >= limit {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
            };
            (found, end)
        })?;
        match cut_short(end, found.into_pyobject(py)?.into_any().unbind()) {
            Some(e) => Err(e),
            None => Ok(found),
        }
    }

    /// The solutions, found lazily: each a sorted list of option numbers. The iterator
    /// owns its search (on a thread of its own, at most 256 solutions ahead), so it can be
    /// left and resumed at will; ``limit``, ``timeout`` and ``max_nodes`` end it early, and
    /// its ``end`` then says why.
    #[pyo3(signature = (limit = None, timeout = None, max_nodes = None))]
    fn solutions(
        &self,
        limit: Option<u64>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Solutions> {
        let limits = run::limits(timeout, max_nodes)?;
        Ok(Solutions::start(self.snapshot().problem, limits, limit))
    }

    /// The least total cost of a solution (Knuth's dlx5), or ``None`` when there is no
    /// solution. Costs are given in Knuth's format (``|5`` after an option).
    #[pyo3(signature = (timeout = None, max_nodes = None))]
    fn min_cost(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Option<u64>> {
        let best = self.best(py, 1, timeout, max_nodes)?;
        Ok(best.first().map(|(c, _)| *c))
    }

    /// The ``k`` cheapest solutions, cheapest first, as ``(cost, options)`` pairs.
    #[pyo3(signature = (k, timeout = None, max_nodes = None))]
    fn best(
        &self,
        py: Python<'_>,
        k: usize,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Vec<(u64, Vec<usize>)>> {
        let limits = run::limits(timeout, max_nodes)?;
        let inner = self.snapshot();
        let found = interruptible(py, limits, |limits| {
            cost::cheapest(&inner.problem, k, limits)
        })?;
        let list: Vec<(u64, Vec<usize>)> = found
            .solutions
            .into_iter()
            .map(|c| (c.cost, c.options))
            .collect();
        match cut_short(
            found.end,
            list.clone().into_pyobject(py)?.into_any().unbind(),
        ) {
            Some(e) => Err(e),
            None => Ok(list),
        }
    }

    /// Cuts the search into at least ``n`` jobs, as ``sudoku-dlx cover --split n`` does:
    /// the lines of the job file (a ``split`` line, then ``job`` and ``finished`` lines).
    /// Run each job line with ``dlx_cover.run_job`` anywhere, then ``dlx_cover.merge``.
    fn split(&self, py: Python<'_>, n: usize) -> PyResult<Vec<String>> {
        let inner = self.snapshot();
        interruptible(py, Limits::NONE, |_| crate::split::split_lines(&inner, n))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_knuth = py.get_type::<Problem>().getattr("from_knuth")?;
        let text = slf.get().to_knuth();
        PyTuple::new(
            py,
            [from_knuth.into_any(), PyTuple::new(py, [text])?.into_any()],
        )
    }

    fn __repr__(&self) -> String {
        let inner = self.inner.lock().expect("never poisoned");
        format!(
            "Problem(items={}, options={})",
            inner.problem.items(),
            inner.problem.options()
        )
    }
}

/// What the search thread of [`Solutions`] hands over.
enum Found {
    Solution(Vec<usize>),
    End(SearchEnd),
    Panic(String),
}

/// How many solutions the search of [`Solutions`] may find before they are asked for; it
/// waits there until the reader has taken them all.
const AHEAD: usize = 256;

/// How long the reader yields the processor to the search before it sleeps.
const SPIN: Duration = Duration::from_micros(50);

/// The hand-over between the search thread and the reader: a queue under one lock. The
/// search pushes each solution as it is found (the reader never waits for a batch to fill);
/// the reader takes everything queued at once, so it locks once per batch, and each side
/// wakes the other only when that one is waiting. A rendezvous (one thread switch per
/// solution) was 1.3× xcover's time on queens 10 and a bounded channel (a wake-up per
/// solution once full, and the GIL let go per solution) 1.8×; bench.py measures it.
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

/// A lazy iterator over the solutions of a problem (``Problem.solutions``).
#[pyclass(module = "dlx_cover")]
pub struct Solutions {
    queue: Option<Arc<Queue>>,
    /// Taken from the queue, not yet returned.
    taken: VecDeque<Found>,
    thread: Option<JoinHandle<()>>,
    flag: Option<Flag>,
    end: Option<&'static str>,
}

impl Solutions {
    fn start(problem: dlx_cover::Problem, limits: Limits, limit: Option<u64>) -> Solutions {
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
                let mut left = limit.unwrap_or(u64::MAX);
                if left == 0 {
                    return SearchEnd::Stopped;
                }
                search(&problem, limits, |solution| {
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
        Solutions {
            queue: Some(queue),
            taken: VecDeque::new(),
            thread: Some(thread),
            flag: Some(flag),
            end: None,
        }
    }

    /// Stops the search thread and waits for it (it sees the flag within a few thousand
    /// nodes), then gives the flag back.
    fn stop(&mut self) {
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

    /// What `__next__` returns for one hand-over of the search thread.
    fn answer(&mut self, found: Found) -> PyResult<Option<Vec<usize>>> {
        match found {
            Found::Solution(options) => Ok(Some(options)),
            Found::End(end) => {
                self.end = Some(match end {
                    SearchEnd::Exhausted => "exhausted",
                    SearchEnd::Stopped => "limit",
                    SearchEnd::NodeLimit => "max_nodes",
                    SearchEnd::Deadline => "timeout",
                });
                self.stop();
                Ok(None)
            }
            Found::Panic(message) => {
                self.stop();
                Err(pyo3::exceptions::PyRuntimeError::new_err(message))
            }
        }
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.stop();
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        // A loop in C (`list(it)`) gives Python no chance to run its signal handlers.
        py.check_signals()?;
        loop {
            if let Some(found) = self.taken.pop_front() {
                return self.answer(found);
            }
            let Some(queue) = self.queue.clone() else {
                return Ok(None);
            };
            let mut taken = std::mem::take(&mut self.taken);
            // The GIL is let go only to wait; what is queued is taken without it.
            taken = py.detach(move || {
                queue.take_all(&mut taken, run::SLICE);
                taken
            });
            self.taken = taken;
            if self.taken.is_empty() {
                // The search goes on; a KeyboardInterrupt leaves it paused, to resume.
                py.check_signals()?;
            }
        }
    }

    /// Why the search ended: ``None`` while it may go on, else ``"exhausted"`` (every
    /// solution seen), ``"limit"``, ``"max_nodes"`` or ``"timeout"``.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.end
    }

    /// Ends the search now (also done when the iterator is dropped).
    fn close(&mut self) {
        self.stop();
    }
}
