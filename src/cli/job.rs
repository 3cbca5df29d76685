//! What the batch subcommands do with each puzzle ([`Job`], [`Task`]) and what a worker
//! makes of one record ([`Answer`]): shared by `solve` (the batch run) and `logic` (the
//! ladder's answers).

use std::time::Duration;

use dlx_sudoku::logic::Technique;

use super::args::{LogicFormat, OutputFormat, Scale};
use super::error::Exit;
use super::output::Text;

/// What to do with each puzzle.
pub enum Job {
    Solve(OutputFormat),
    Count(u64),
    /// `hint`, `explain` or `rate`.
    Logic(Task),
}

/// What `hint`, `explain` and `rate` do with each puzzle.
#[derive(Debug, Clone, Copy)]
pub enum Task {
    /// The next step.
    Hint(LogicFormat),
    /// Every step; with the candidates grid before each when `candidates`.
    Explain {
        format: LogicFormat,
        candidates: bool,
        scale: Scale,
        timeout: Option<Duration>,
    },
    /// The rating, from `samples` isomorphs, on `scale` (SE's: within `timeout`).
    Rate {
        format: LogicFormat,
        samples: usize,
        scale: Scale,
        timeout: Option<Duration>,
    },
}

impl Task {
    /// The header written before any answer (CSV for `rate`), if any.
    pub fn header(self) -> Option<Text> {
        match self {
            Task::Rate {
                format: LogicFormat::Csv,
                scale: Scale::Se,
                ..
            } => Some(Text {
                text: super::se::CSV_HEADER.to_string(),
                multi: false,
            }),
            Task::Rate {
                format: LogicFormat::Csv,
                ..
            } => {
                let mut h = String::from("puzzle,status,level,score,hardest,effort,steps");
                for t in Technique::ALL {
                    h.push(',');
                    h.push_str(&t.key());
                }
                h.push('\n');
                Some(Text {
                    text: h,
                    multi: false,
                })
            }
            _ => None,
        }
    }

    /// The output format asked for.
    pub fn format(self) -> LogicFormat {
        match self {
            Task::Hint(f) | Task::Explain { format: f, .. } | Task::Rate { format: f, .. } => f,
        }
    }
}

/// How a record ended, for the tally and the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Solved,
    NoSolution,
    Error,
    GaveUp,
}

impl Status {
    /// The exit code a record that ended so earns.
    pub fn exit(self) -> Exit {
        match self {
            Status::Solved => Exit::Ok,
            Status::NoSolution => Exit::NoSolution,
            Status::Error => Exit::BadInput,
            Status::GaveUp => Exit::GaveUp,
        }
    }
}

/// What a worker made of one record: the answer's text, a message for standard error, how
/// it ended, the search nodes it took and, for a solver that counts them, the guesses among
/// them.
pub struct Answer {
    pub text: Text,
    pub note: Option<String>,
    pub status: Status,
    pub nodes: u64,
    pub guesses: Option<u64>,
}

/// A one-part answer text.
pub fn plain(text: &str) -> Text {
    Text {
        text: text.to_string(),
        multi: false,
    }
}
