//! The command line: flags (clap derive), then the subcommands. Everything here reads,
//! writes and reports; solving happens in the library.

mod input;
mod solve;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Exit codes, from best to worst; a run exits with the worst that happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Every puzzle solved (or counted).
    Ok = 0,
    /// Some puzzle has no solution.
    NoSolution = 1,
    /// Some puzzle hit `--max-nodes`.
    GaveUp = 3,
    /// Bad input or usage.
    BadInput = 2,
}

impl Exit {
    /// How bad: the run's code is the worst seen. Bad input outranks giving up, which
    /// outranks "no solution".
    fn rank(self) -> u8 {
        match self {
            Exit::Ok => 0,
            Exit::NoSolution => 1,
            Exit::GaveUp => 2,
            Exit::BadInput => 3,
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

/// Solve Sudoku (and other exact-cover problems) with Knuth's dancing links.
#[derive(Debug, Parser)]
#[command(name = "sudoku-dlx", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve puzzles; each answer comes back in its puzzle's format.
    ///
    /// A puzzle with several fills is answered with the lexicographically smallest one.
    /// Exit code: 0 all solved, 1 some puzzle has no solution, 3 some puzzle hit
    /// --max-nodes, 2 bad input or usage.
    Solve(SolveArgs),
    /// Count the fills of each puzzle, up to --limit.
    ///
    /// Exit code: 0 all counted, 3 some count hit --max-nodes, 2 bad input or usage.
    Count(CountArgs),
}

/// Flags shared by the puzzle subcommands.
#[derive(Debug, Args)]
struct Common {
    /// Puzzle files; `-` or none for standard input. Formats are detected per puzzle:
    /// 81-character lines, Baekjoon 2580 (spaced) and 2239 (compact) grids, pretty grids.
    files: Vec<PathBuf>,
    /// The solver to use.
    #[arg(long, value_enum, default_value_t = SolverKind::Dlx)]
    solver: SolverKind,
    /// Give up on a puzzle after this many search nodes.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Print puzzles, results, time and search nodes to standard error at the end.
    #[arg(long)]
    stats: bool,
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    common: Common,
    /// Output format; `auto` answers each puzzle in its own format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Auto)]
    format: OutputFormat,
}

#[derive(Debug, Args)]
struct CountArgs {
    #[command(flatten)]
    common: Common,
    /// Stop counting a puzzle at this many solutions.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
}

/// The solvers on offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolverKind {
    /// Dancing links (Algorithm X) specialised to Sudoku, the default.
    Dlx,
    /// The same search on the generic exact-cover engine (the reference; slower).
    DlxGeneric,
}

/// Output formats for `solve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Each answer in its puzzle's format.
    Auto,
    /// One 81-character line per puzzle.
    Line,
    /// Rows of numbers separated by spaces (Baekjoon 2580).
    Spaced,
    /// Rows of digits without spaces (Baekjoon 2239).
    Compact,
    /// A boxed grid for people.
    Pretty,
}

/// Runs the command and turns the outcome into an exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with 0; usage errors to stderr with 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                Exit::BadInput as u8
            } else {
                0
            });
        }
    };
    let exit = match cli.command {
        Command::Solve(args) => solve::run(solve::Job::Solve(args.format), &args.common),
        Command::Count(args) => solve::run(solve::Job::Count(args.limit), &args.common),
    };
    ExitCode::from(exit as u8)
}
