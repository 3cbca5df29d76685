//! The command line's one error type and exit codes, and the one place that turns them into
//! messages on standard error: [`report`]. A failed write to standard output is judged in
//! one place too ([`after_write`]): a reader that went away (`| head`) ends the run quietly;
//! anything else is an error.

use std::fmt;
use std::io::{self, Write};

/// Exit codes, from best to worst; a run exits with the worst that happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Every puzzle solved (or counted).
    Ok = 0,
    /// Some puzzle has no solution.
    NoSolution = 1,
    /// Some puzzle hit `--max-nodes` or `--timeout`.
    GaveUp = 3,
    /// Bad input or usage.
    BadInput = 2,
    /// `bench`: some solver gave a wrong answer (not a fill, or not DLX's).
    WrongAnswer = 4,
    /// `check`: some puzzle has several fills.
    NotUnique = 5,
    /// `check`: some puzzle is unique but not minimal.
    NotMinimal = 6,
    /// `hint`, `explain`, `rate`: a variant the strategy ladder cannot reason about.
    Unsupported = 7,
    /// `cover`: interrupted (Ctrl-C); what was found so far was written, marked partial.
    /// 128 + SIGINT, as shells report a process that Ctrl-C ended.
    Interrupted = 130,
}

impl Exit {
    /// How bad: the run's code is the worst seen. A wrong answer outranks an unsupported
    /// variant (which ends the run before any puzzle), which outranks bad input, which
    /// outranks giving up, which outranks "no solution", which outranks `check`'s "not
    /// unique", which outranks "not minimal". An interruption outranks everything (the
    /// output is partial).
    fn rank(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::NotMinimal => 1,
            Exit::NotUnique => 2,
            Exit::NoSolution => 3,
            Exit::GaveUp => 4,
            Exit::BadInput => 5,
            Exit::Unsupported => 6,
            Exit::WrongAnswer => 7,
            Exit::Interrupted => 8,
        }
    }

    /// The worse of two.
    pub fn worst(self, other: Exit) -> Exit {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }
}

/// Everything that goes wrong in the command line outside the puzzles' own outcomes.
#[derive(Debug)]
pub enum Error {
    /// An input that cannot be opened or read.
    Read {
        /// The input's name (`<stdin>` or the path).
        name: String,
        /// Why.
        source: io::Error,
    },
    /// A fault at a line of an input.
    At {
        /// The input's name.
        name: String,
        /// 1-based line.
        line: usize,
        /// What is wrong there.
        fault: String,
    },
    /// An input holding no puzzle at all: most likely the wrong input.
    Empty {
        /// The input's name.
        name: String,
    },
    /// A flag's value that the flag parser cannot judge on its own.
    Usage(String),
    /// A command asked for something it does not support (the message says what and why).
    Unsupported(String),
    /// The worker threads could not be started.
    Threads(String),
    /// Standard output was closed when the run began (`>&-`): every answer would be lost.
    StdoutClosed,
    /// Writing to standard output failed for a reason other than a closed pipe.
    Write(io::Error),
    /// A file the run writes (`bench --plot`) cannot be written.
    WriteFile {
        /// Its path.
        name: String,
        /// Why.
        source: io::Error,
    },
}

impl Error {
    /// The exit code this error gives the run.
    pub fn exit(&self) -> Exit {
        match self {
            Error::Unsupported(_) => Exit::Unsupported,
            _ => Exit::BadInput,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { name, source } => write!(f, "sudoku-dlx: {name}: {source}"),
            Error::At { name, line, fault } => write!(f, "{name}:{line}: {}", shorten(fault)),
            Error::Empty { name } => write!(f, "sudoku-dlx: {name}: no puzzles found"),
            Error::Usage(message) | Error::Unsupported(message) => {
                write!(f, "sudoku-dlx: {message}")
            }
            Error::Threads(why) => write!(f, "sudoku-dlx: cannot start worker threads: {why}"),
            Error::StdoutClosed => f.write_str(
                "sudoku-dlx: standard output is closed; the answers would be lost \
                 (redirect it to /dev/null to discard them)",
            ),
            Error::Write(e) => write!(f, "sudoku-dlx: writing output: {e}"),
            Error::WriteFile { name, source } => write!(f, "sudoku-dlx: {name}: {source}"),
        }
    }
}

/// Most characters of one word of input (a name, a token) echoed in a message; longer words
/// are cut, so a 10 MB item name is not echoed whole. A SHA-256 in hex with a comma after it
/// (65 characters) is shown whole.
pub const WORD_SHOWN: usize = 80;

/// `message` with every word longer than [`WORD_SHOWN`] characters cut short and marked
/// with its full length.
pub fn shorten(message: &str) -> String {
    if message.len() <= WORD_SHOWN {
        return message.to_string();
    }
    let mut out = String::with_capacity(message.len().min(4 * WORD_SHOWN));
    let mut rest = message;
    while !rest.is_empty() {
        let word_len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(word_len);
        let chars = word.chars().count();
        if chars > WORD_SHOWN {
            out.extend(word.chars().take(WORD_SHOWN / 2));
            out.push_str(&format!("…({chars} characters)"));
        } else {
            out.push_str(word);
        }
        let space_len = after
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(after.len());
        out.push_str(&after[..space_len]);
        rest = &after[space_len..];
    }
    out
}

/// Writes one message line to standard error. Never panics: a closed standard error only
/// loses the message.
pub fn report(message: &str) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}

/// Judges a write to standard output: `Ok` when it worked or when the reader went away
/// (`| head`: the run then stops quietly, as every command should), `Err` otherwise. The
/// only place a broken pipe is handled.
pub fn after_write(result: io::Result<()>) -> Result<(), Error> {
    match result {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(Error::Write(e)),
        _ => Ok(()),
    }
}

/// True when standard output was closed when the process began (`>&-`).
///
/// Rust's runtime reopens a closed standard descriptor on `/dev/null`, for reading and
/// writing, before `main`: writes would then "succeed" and every answer would be lost.
/// Afterwards that cannot be told from a `/dev/null` the caller opened for reading and
/// writing (Python's `subprocess.DEVNULL`, a shell's `1<>/dev/null`), which discards the
/// answers on purpose; so descriptor 1 is looked at before the runtime starts, by
/// [`at_start`]. Linux only (it reads `/proc`); elsewhere always false.
pub fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    {
        at_start::stdout_was_closed()
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// A look at descriptor 1 from the process's constructors, which the C library runs before
/// Rust's runtime (and so before it reopens closed standard descriptors).
#[cfg(target_os = "linux")]
mod at_start {
    use std::path::Path;
    use std::sync::atomic::{AtomicBool, Ordering};

    static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    /// Notes whether descriptor 1 is closed: `/proc/self/fd/1` is missing exactly then
    /// (when `/proc` is there at all). Nothing here panics or needs the runtime.
    extern "C" fn look() {
        let fds = Path::new("/proc/self/fd");
        if fds.is_dir() && std::fs::symlink_metadata(fds.join("1")).is_err() {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }

    // SAFETY: `.init_array` holds the constructors the C library calls, with the C calling
    // convention, before `main`; `look` takes no arguments (the extra ones the C library
    // passes are ignored under that convention), returns nothing, cannot unwind (no panic
    // in it) and only makes system calls and a heap allocation, which work before `main`.
    // No gain in speed: std offers no other way to see the descriptor before it is reopened.
    #[allow(unsafe_code)]
    #[used]
    #[unsafe(link_section = ".init_array")]
    static LOOK: extern "C" fn() = look;

    pub(super) fn stdout_was_closed() -> bool {
        // Keeps the constructor's object in the link: nothing else names it.
        std::hint::black_box(&LOOK);
        STDOUT_CLOSED.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worst_ranks_codes() {
        assert_eq!(Exit::NoSolution.worst(Exit::GaveUp), Exit::GaveUp);
        assert_eq!(Exit::BadInput.worst(Exit::GaveUp), Exit::BadInput);
        assert_eq!(Exit::WrongAnswer.worst(Exit::BadInput), Exit::WrongAnswer);
        assert_eq!(Exit::GaveUp.worst(Exit::Interrupted), Exit::Interrupted);
    }

    #[test]
    fn long_words_are_shortened() {
        let name = "x".repeat(10_000);
        let message = format!("f:3: unknown item {name} here");
        let short = shorten(&message);
        assert_eq!(
            short,
            format!(
                "f:3: unknown item {}…(10000 characters) here",
                "x".repeat(40)
            )
        );
        assert_eq!(shorten("a  b\tc"), "a  b\tc");
        let wide = "é".repeat(90);
        assert!(shorten(&wide).starts_with(&"é".repeat(40)));
    }

    #[test]
    fn broken_pipes_are_quiet_and_other_write_errors_are_not() {
        assert!(after_write(Ok(())).is_ok());
        assert!(after_write(Err(io::ErrorKind::BrokenPipe.into())).is_ok());
        let full = after_write(Err(io::Error::other("no space")));
        assert_eq!(
            full.unwrap_err().to_string(),
            "sudoku-dlx: writing output: no space"
        );
    }
}
