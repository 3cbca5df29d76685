//! How a search runs from Python: on a worker thread with the GIL released, while the
//! calling thread waits in short slices and looks for signals (Ctrl-C) between them, and
//! sets the search's [`Cancel`] flag when one arrives. (`Problem.solutions` without
//! multiplicities is the exception: its search pauses and resumes on the calling thread,
//! `cover.rs`.) Also where a panic becomes a Python exception, and a `timeout` a deadline.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use dlx_cover::{Cancel, Limits};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// How long the calling thread waits before it looks for signals again.
pub const SLICE: Duration = Duration::from_millis(20);

/// Cancel flags no search holds now. [`Cancel`] takes a `&'static` flag, so each flag is
/// leaked once and then reused: the leak is bounded by the most searches ever run at once.
static IDLE_FLAGS: Mutex<Vec<&'static AtomicBool>> = Mutex::new(Vec::new());

/// A cancel flag lent to one search, cleared and given back when dropped.
pub struct Flag(&'static AtomicBool);

impl Flag {
    /// An idle flag, or a new one.
    pub fn take() -> Flag {
        let idle = IDLE_FLAGS.lock().ok().and_then(|mut v| v.pop());
        Flag(idle.unwrap_or_else(|| Box::leak(Box::new(AtomicBool::new(false)))))
    }

    /// The flag as the engine takes it.
    pub fn cancel(&self) -> Cancel {
        Cancel::new(self.0)
    }

    /// Interrupts the search that holds the flag.
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Drop for Flag {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Relaxed);
        if let Ok(mut idle) = IDLE_FLAGS.lock() {
            idle.push(self.0);
        }
    }
}

/// The limits of one search from the Python keywords: `max_nodes` options tried, `timeout`
/// seconds from now (a negative or non-finite timeout is a `ValueError`).
pub fn limits(timeout: Option<f64>, max_nodes: Option<u64>) -> PyResult<Limits> {
    let mut limits = Limits::NONE;
    if let Some(n) = max_nodes {
        limits.max_nodes = n;
    }
    if let Some(t) = timeout {
        if !t.is_finite() || t < 0.0 {
            return Err(PyValueError::new_err(format!(
                "timeout must be a number of seconds >= 0, got {t}"
            )));
        }
        limits.deadline = Some(Instant::now() + Duration::from_secs_f64(t.min(1e9)));
    }
    Ok(limits)
}

/// The message of a caught panic.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("internal error in dlx_cover (please report it): {text}")
}

/// Runs `job` with `limits` plus a cancel flag on a worker thread, the GIL released; the
/// calling thread raises what `check_signals` raises (KeyboardInterrupt) after cancelling
/// and joining the worker. A panic in `job` becomes a `RuntimeError`.
pub fn interruptible<T, F>(py: Python<'_>, limits: Limits, job: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Limits) -> T + Send,
{
    let flag = Flag::take();
    let limits = Limits {
        cancel: Some(flag.cancel()),
        ..limits
    };
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        scope.spawn(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(|| job(limits))));
        });
        let mut rx = Some(rx);
        loop {
            // The receiver goes into the GIL-free closure and comes back (it is not Sync).
            let receiver = rx.take().expect("put back after each wait");
            let (got, receiver) = py.detach(move || (receiver.recv_timeout(SLICE), receiver));
            rx = Some(receiver);
            match got {
                Ok(Ok(value)) => return Ok(value),
                Ok(Err(payload)) => return Err(PyRuntimeError::new_err(panic_message(&*payload))),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "the search thread ended without an answer",
                    ));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        flag.set();
                        // The worker sees the flag within CLOCK_EVERY nodes; the scope joins it.
                        return Err(e);
                    }
                }
            }
        }
    })
}

/// Calls `f`, turning a panic into a `RuntimeError`: the boundary's last resort for work
/// done on the calling thread.
pub fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|payload| Err(PyRuntimeError::new_err(panic_message(&*payload))))
}

/// Errors of the library as `ValueError`s, with its own message.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}
