//! Ctrl-C (SIGINT), SIGTERM and SIGHUP: the one rule every command follows. The first
//! signal sets a flag ([`requested`]); the command's loop sees it, stops taking new work,
//! writes the whole answers it has, says on standard error what was done and what was
//! not ([`stopped`]) and exits with [`Exit::Interrupted`] (130). Searches stop at their
//! next look at the clock through [`cancel`]. A second signal, or a signal while no loop
//! watches the flag (see [`watch`]), ends the process at once, with a message.

use std::sync::atomic::{AtomicBool, Ordering};

use dlx_cover::Cancel;

use super::error::{Exit, report};

/// Set by the first signal.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Set while a loop looks at [`REQUESTED`] often enough to stop on its own.
static WATCHED: AtomicBool = AtomicBool::new(false);

/// Installs the handler, once, before any command runs. Without it (the handler cannot
/// be installed) a signal kills the process as usual.
pub fn install() {
    let _ = ctrlc::set_handler(on_signal);
}

/// Runs on the handler's own thread, not inside the signal: it may write and exit.
fn on_signal() {
    let again = REQUESTED.swap(true, Ordering::SeqCst);
    if again {
        report("sudoku-dlx: interrupted again: stopped at once; the output may be cut short");
        std::process::exit(Exit::Interrupted as i32);
    }
    if !WATCHED.load(Ordering::SeqCst) {
        report("sudoku-dlx: interrupted before any answer was written; nothing was done");
        std::process::exit(Exit::Interrupted as i32);
    }
}

/// Says that the caller's loop now looks at [`requested`] between its steps, so that a
/// signal lets it finish its whole answers instead of ending the process.
pub fn watch() {
    WATCHED.store(true, Ordering::SeqCst);
}

/// True once a signal came.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// The flag for [`dlx_cover::Limits::cancel`]: a search stops once a signal came.
pub fn cancel() -> Cancel {
    Cancel::new(&REQUESTED)
}

/// Reports an interrupted run: `done` (what was written), `not_done` (what was not).
/// Returns the exit code.
pub fn stopped(done: &str, not_done: &str) -> Exit {
    report(&format!("sudoku-dlx: interrupted: {done}; {not_done}"));
    Exit::Interrupted
}
