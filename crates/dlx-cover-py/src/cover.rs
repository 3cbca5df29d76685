//! `dlx_cover.Problem`: items and options (Knuth's `item:color`, his text format with
//! multiplicities and costs), counted, listed lazily, or the cheapest found; each search run
//! by [`crate::run`].

use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::time::Instant;

use dlx_cover::knuth;
use dlx_cover::{Chooser, Limits, MultiSolver, Next, OwnedSolutions, SearchEnd, Solver, cost};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::LimitReached;
use crate::run::{self, guarded, interruptible, value_error};
use crate::threaded::{Found, Threaded};

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
        // One rule for names: what `from_knuth` would refuse is refused here too, so that
        // every problem pickles and reads back (`__reduce__` goes through the format).
        for name in primary.iter().chain(&secondary) {
            knuth::check_name(name).map_err(value_error)?;
        }
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
        for (name, color) in items.iter().map(|e| split_color(e)) {
            knuth::check_name(name).map_err(value_error)?;
            let Some(color) = color else { continue };
            knuth::check_name(color).map_err(value_error)?;
            let item = inner.problem.item_by_name(name);
            if item.is_some_and(|i| i < inner.problem.primary_items()) {
                return Err(PyValueError::new_err(format!(
                    "{name}:{color}: a color on primary item {name} (only secondary items \
                     take colors)"
                )));
            }
        }
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

    /// Counts the solutions by memoized search (Knuth's dlx6: each finished subproblem is
    /// remembered), exactly at any size: an int. Exact cover, colors and multiplicities
    /// (a memoized Algorithm M). ``timeout`` and ``max_nodes`` as for ``count``.
    #[pyo3(signature = (timeout = None, max_nodes = None))]
    fn count_memo(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        let inner = self.snapshot();
        let run = crate::memo::count(py, &inner.problem, run::limits(timeout, max_nodes)?)?;
        crate::memo::to_int(py, &run.count)
    }

    /// The ZDD of all solutions in Knuth's dlx6 text format (as ``sudoku-dlx cover --count
    /// --zdd FILE`` writes it), for ``zdd_count``, ``zdd_solutions``, ``zdd_sample``.
    #[pyo3(signature = (timeout = None, max_nodes = None))]
    fn zdd(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<String> {
        let inner = self.snapshot();
        let run = crate::memo::count(py, &inner.problem, run::limits(timeout, max_nodes)?)?;
        Ok(run.zdd.map(|z| z.to_string()).unwrap_or_default())
    }

    /// The solutions, found lazily: each a sorted list of option numbers. The iterator
    /// owns its search, which runs on the calling thread (the GIL released) only as far as
    /// the next solution each time it is advanced, so it can be left and resumed at will;
    /// adding options to the problem later does not change it. ``limit``, ``timeout`` and
    /// ``max_nodes`` end it early, and its ``end`` then says why.
    #[pyo3(signature = (limit = None, timeout = None, max_nodes = None))]
    fn solutions(
        &self,
        limit: Option<u64>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Solutions> {
        let limits = run::limits(timeout, max_nodes)?;
        let inner = self.inner.lock().expect("never poisoned");
        guarded(|| Ok(Solutions::start(&inner.problem, limits, limit)))
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
    /// Raises ``ValueError`` for a problem with multiplicities, as the CLI refuses it.
    fn split(&self, py: Python<'_>, n: usize) -> PyResult<Vec<String>> {
        // Every job line is held in memory: a million jobs take about a second and 100 MB.
        // Ctrl-C stops the cut at the next node it expands.
        const MOST_JOBS: usize = 1_000_000;
        if n > MOST_JOBS {
            return Err(PyValueError::new_err(format!(
                "split: n is at most {MOST_JOBS} (got {n}); cut a job again with its own \
                 Problem for more"
            )));
        }
        let inner = self.snapshot();
        interruptible(py, Limits::NONE, |limits| {
            let sha256 = dlx_cover::jobfile::sha256_hex(inner.text.as_bytes());
            let cancel = limits.cancel.expect("interruptible lends a cancel flag");
            // The CLI's own writer, so that both refuse alike (multiplicities).
            let cut = dlx_cover::jobfile::cut_until(&inner.problem, &sha256, n, cancel)
                .map_err(PyValueError::new_err)?;
            // Cancelled: the caller raises KeyboardInterrupt, whatever this returns.
            Ok(cut.map_or_else(Vec::new, |cut| cut.text_lines().collect()))
        })?
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

/// How many options the search of [`Solutions`] tries between two looks at the clock.
const CHUNK: u64 = 1024;

/// Where the search of a [`Solutions`] stands.
enum Search {
    /// Without multiplicities: the engine's own iterator, paused and resumed on the calling
    /// thread (no thread, no hand-over: the search is only as far ahead as asked).
    Here(Box<OwnedSolutions>),
    /// With multiplicities: Algorithm M on a thread of its own ([`Threaded`]).
    Thread(Box<Threaded>),
    /// Ended or closed.
    Done,
}

/// A lazy iterator over the solutions of a problem (``Problem.solutions``).
#[pyclass(module = "dlx_cover")]
pub struct Solutions {
    search: Search,
    /// Solutions still to hand out before the ``limit`` ends the search.
    left: u64,
    end: Option<&'static str>,
}

impl Solutions {
    /// The iterator of `problem`'s search under `limits`, ending after `limit` solutions.
    /// It owns what it searches, so changing the `Problem` afterwards changes nothing here.
    fn start(problem: &dlx_cover::Problem, limits: Limits, limit: Option<u64>) -> Solutions {
        let left = limit.unwrap_or(u64::MAX);
        let search = if problem.has_multiplicities() {
            Search::Thread(Box::new(Threaded::start(problem.clone(), limits, left)))
        } else {
            Search::Here(Box::new(Solver::new(problem).into_solutions(limits)))
        };
        Solutions {
            search,
            left,
            end: None,
        }
    }

    /// Ends the search for `end`: ``None`` from now on, `end` named in ``end``.
    fn finish(&mut self, end: SearchEnd) -> PyResult<Option<Vec<usize>>> {
        self.end = Some(match end {
            SearchEnd::Exhausted => "exhausted",
            SearchEnd::Stopped => "limit",
            SearchEnd::NodeLimit => "max_nodes",
            SearchEnd::Deadline => "timeout",
        });
        self.search = Search::Done;
        Ok(None)
    }
}

/// Runs `search` on to its next solution or end, or for about [`run::SLICE`] (then the
/// caller looks for signals, as every search here does): chunks of [`CHUNK`] nodes until
/// the time is up. A panic comes back as its message.
fn run_slice(search: &mut OwnedSolutions) -> Result<Next, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let start = Instant::now();
        loop {
            match search.next_within(CHUNK) {
                Next::Paused if start.elapsed() < run::SLICE => {}
                next => return next,
            }
        }
    }))
    .map_err(|payload| run::panic_message(&*payload))
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        // A loop in C (`list(it)`) gives Python no chance to run its signal handlers.
        py.check_signals()?;
        if matches!(self.search, Search::Done) {
            return Ok(None);
        }
        if self.left == 0 {
            return self.finish(SearchEnd::Stopped);
        }
        let found = match &mut self.search {
            Search::Done => return Ok(None),
            Search::Here(search) => loop {
                // The GIL is let go for each slice; a KeyboardInterrupt between two leaves
                // the search paused, to resume.
                match py.detach(|| run_slice(search)) {
                    Ok(Next::Paused) => py.check_signals()?,
                    Ok(Next::Solution(solution)) => break Found::Solution(solution.into_vec()),
                    Ok(Next::End(end)) => break Found::End(end),
                    Err(message) => break Found::Panic(message),
                }
            },
            // It stops at `limit` by itself; `left` only counts down.
            Search::Thread(threaded) => threaded.next(py)?,
        };
        match found {
            Found::Solution(options) => {
                self.left -= 1;
                Ok(Some(options))
            }
            Found::End(end) => self.finish(end),
            Found::Panic(message) => {
                self.search = Search::Done;
                Err(PyRuntimeError::new_err(message))
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
        self.search = Search::Done;
    }
}
