//! The command line: flags (clap derive), then the subcommands. Everything here reads,
//! writes and reports; solving happens in the library.

mod batch;
mod bench;
mod canon;
mod check;
mod cover;
mod error;
mod generate;
mod input;
mod logic;
mod output;
mod per_record;
mod plot;
mod solve;
mod solvers;
mod variant;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use dlx_sudoku::generate::Symmetry;

pub use error::{Error, Exit};
pub use solvers::SolverKind;

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
    /// --max-nodes or --timeout, 2 bad input or usage.
    Solve(SolveArgs),
    /// Count the fills of each puzzle, up to --limit.
    ///
    /// Exit code: 0 all counted, 3 some count hit --max-nodes or --timeout, 2 bad input or
    /// usage.
    Count(CountArgs),
    /// Time solvers side by side on puzzle files, checking every answer.
    ///
    /// For each file, each solver runs over every puzzle once per round, interleaved
    /// (the order rotates each round), after an untimed warm-up; each puzzle is timed on its
    /// own. Every answer must be a fill of its puzzle and equal DLX's answer (computed
    /// untimed first). Prints a table (or CSV) with one row per solver and file.
    /// Exit code: 0 all answers right (giving up is not an error here), 2 bad input or
    /// usage, 4 some answer wrong.
    Bench(BenchArgs),
    /// Solve an exact-cover problem written in Knuth's format (his DLX programs' input).
    ///
    /// The first line that is not a comment names the primary items, then `|`, then the
    /// secondary items; every later line is an option; lines starting with `|` are
    /// comments; a secondary item may be colored, `name:color`. Prints the first solution's
    /// options as written, one per line (in input order), or `no solution`.
    /// A long --count or --all shows a progress line when standard error is a terminal;
    /// Ctrl-C writes the count (or the solutions) so far, marked partial.
    /// Exit code: 0 solved or counted, 1 no solution, 3 hit --max-nodes or --timeout, 130
    /// interrupted, 2 bad input or usage.
    Cover(CoverArgs),
    /// The canonical form of each 9×9 puzzle under the Sudoku symmetry group.
    ///
    /// The smallest one-line form (blank below every digit) over digit relabelling, rows
    /// within bands, bands, columns within stacks, stacks and transposition: two puzzles are
    /// isomorphs exactly when their forms are equal. With --dedupe, prints each puzzle
    /// whose form was not seen before, as a line, in input order.
    /// Exit code: 0 all done, 2 bad input (a line `error` stands for the puzzle) or usage.
    Canon(CanonArgs),
    /// Check each puzzle: valid (no clash, some fill), unique (one fill), minimal (no given
    /// can go with the fill staying unique).
    ///
    /// Exit code: the worst seen of 0 every puzzle minimal, 6 some puzzle unique but not
    /// minimal, 5 some puzzle with several fills, 1 some puzzle invalid, 2 bad input or
    /// usage.
    Check(CheckArgs),
    /// Make puzzles: exactly one fill, the symmetry asked, minimal for it (no orbit of
    /// givens can go), and the level asked.
    ///
    /// The same --seed gives the same puzzles whatever --threads is. Without --seed the
    /// seed comes from the clock (--stats shows it).
    /// Exit code: 0 all made, 3 some puzzle found nothing acceptable within
    /// --max-attempts, 2 usage.
    Generate(GenerateArgs),
    /// The next step of each puzzle on the strategy ladder, with its reason.
    ///
    /// Text: `technique: reason`. JSON (one object per puzzle): `puzzle`, `technique`,
    /// `reason`, `place` and `eliminate` (lists of `["r4c7", 5]`), `cells` and `digits` (the
    /// pattern). Only a guess needs the puzzle's fill, so only then is a puzzle without one
    /// fill refused. Exit code: 0 all answered, 1 some puzzle has no fill or several, 2 bad
    /// input or usage, 7 a variant flag (the ladder knows classic Sudoku only).
    Hint(HintArgs),
    /// Every step of each puzzle to its solution, on the strategy ladder.
    ///
    /// Text: the puzzle, numbered steps, the solution. JSON: one line per puzzle,
    /// `{"puzzle":…, "steps":[step, …], "solution":…}`, each step as `hint` writes it.
    /// Exit codes as for `hint`.
    Explain(ExplainArgs),
    /// Rate puzzles: QQWing's level, the hardest technique, a Sudoku-Explainer-like score,
    /// technique counts and a machine effort.
    ///
    /// Exit codes as for `hint`.
    Rate(RateArgs),
}

/// Flags shared by `hint`, `explain` and `rate`.
#[derive(Debug, Args)]
struct LogicCommon {
    /// Puzzle files; `-` or none for standard input (the formats `solve` reads).
    files: Vec<PathBuf>,
    /// Worker threads (at most 1024); 0 or none for one per core. Answers keep the input
    /// order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: Option<u64>,
    /// Never show the progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Print puzzles, results and time to standard error at the end.
    #[arg(long)]
    stats: bool,
    /// Accepted so that a variant gets a clear refusal (exit 7): the strategy ladder knows
    /// classic Sudoku only.
    #[command(flatten)]
    variant: variant::VariantArgs,
}

impl LogicCommon {
    /// The flags as `solve` takes them; `Err` for a variant, which the ladder cannot take.
    fn common(&self, command: &str) -> Result<Common, Error> {
        self.variant.refuse_for_logic(command)?;
        Ok(Common {
            files: self.files.clone(),
            solver: SolverKind::Dlx,
            max_nodes: None,
            timeout: None,
            threads: self.threads,
            quiet: self.quiet,
            stats: self.stats,
            strict: false,
            variant: variant::VariantArgs::default(),
        })
    }
}

#[derive(Debug, Args)]
struct HintArgs {
    #[command(flatten)]
    common: LogicCommon,
    /// Output format (`csv` is taken as `json`).
    #[arg(long, value_enum, default_value_t = logic::LogicFormat::Text)]
    format: logic::LogicFormat,
}

#[derive(Debug, Args)]
struct ExplainArgs {
    #[command(flatten)]
    common: LogicCommon,
    /// Output format (`csv` is taken as `json`).
    #[arg(long, value_enum, default_value_t = logic::LogicFormat::Text)]
    format: logic::LogicFormat,
    /// Show the candidates grid before each step (JSON: a `candidates` pencilmark line in
    /// each step).
    #[arg(long)]
    candidates: bool,
}

#[derive(Debug, Args)]
struct RateArgs {
    #[command(flatten)]
    common: LogicCommon,
    /// Output format: text, csv (with a header) or json.
    #[arg(long, value_enum, default_value_t = logic::LogicFormat::Text)]
    format: logic::LogicFormat,
    /// Isomorphs searched for the machine effort (on 9×9: the canonical form, then random
    /// isomorphs of it).
    #[arg(long, value_name = "K", default_value_t = dlx_sudoku::logic::DEFAULT_SAMPLES as u64,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    samples: u64,
}

/// Flags shared by the puzzle subcommands.
#[derive(Debug, Args)]
struct Common {
    /// Puzzle files; `-` or none for standard input. Formats are detected per puzzle:
    /// 81-character lines, Baekjoon 2580 (spaced) and 2239 (compact) grids, pretty grids.
    /// Sizes: 4x4, 6x6, 8x8, 9x9, 10x10, 12x12, 16x16, 20x20 and 25x25 (one-line puzzles of
    /// 16, 36, 64, 81, 100, 144, 256, 400 and 625 cells; symbols 1-9 then A-P; a 16x16 grid
    /// cannot be compact: its rows read as 4x4 puzzles). Lines that are labels or titles
    /// (`Grid 01`) are skipped with one note per input (see --strict).
    files: Vec<PathBuf>,
    /// The solver to use.
    #[arg(long, value_enum, default_value_t = SolverKind::Dlx)]
    solver: SolverKind,
    /// Give up on a puzzle after this many search nodes (DLX: options tried; backtracking:
    /// values placed). Backtracking can run for hours on hard puzzles without it.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up on a puzzle after this much time: `2s`, `1.5s`, `250ms`, `1m`; a bare number
    /// is milliseconds.
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    timeout: Option<Duration>,
    /// Worker threads; 0 or none for one per core; more than 4 per core are cut to 4 per
    /// core (with a note), since they only cost time. Answers keep the input order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: Option<u64>,
    /// Never show the progress bar (shown only when standard error is a terminal and the
    /// answers go elsewhere).
    #[arg(long, short)]
    quiet: bool,
    /// Print puzzles, results, time, search nodes and guesses (nodes that were not forced;
    /// `dlx` only) to standard error at the end.
    #[arg(long)]
    stats: bool,
    /// Treat label lines (`Grid 01`, a title: lines with a word that are not puzzles) as
    /// bad records, answered `error`, instead of skipping them with one note per input.
    #[arg(long)]
    strict: bool,
    #[command(flatten)]
    variant: variant::VariantArgs,
}

/// Limits for each puzzle: the node budget and the time each may take (`--max-nodes`,
/// `--timeout`), for `solve`, `count` and `bench`.
#[derive(Debug, Clone, Copy)]
pub struct PerPuzzle {
    pub max_nodes: u64,
    pub timeout: Option<Duration>,
}

impl PerPuzzle {
    /// The limits for a search starting now.
    pub fn limits(self) -> dlx_sudoku::Limits {
        dlx_sudoku::Limits {
            max_nodes: self.max_nodes,
            deadline: self.timeout.map(|t| std::time::Instant::now() + t),
            ..dlx_sudoku::Limits::NONE
        }
    }
}

/// Parses `--timeout`: a number with `ms`, `s` or `m`, or bare milliseconds.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, unit_secs) = if let Some(n) = t.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else {
        (t, 1e-3)
    };
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a time such as 2s, 1.5s, 250ms or 1m"))?;
    let secs = value * unit_secs;
    if !secs.is_finite() || secs <= 0.0 || secs > 1e9 {
        return Err(format!("'{text}' is not a positive time below 10^9 s"));
    }
    Ok(Duration::from_secs_f64(secs))
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

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files, one table row per file and solver; `-` or none for standard input.
    files: Vec<PathBuf>,
    /// The solvers to compare, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "dlx")]
    solver: Vec<SolverKind>,
    /// Give up on a puzzle after this many search nodes (it then counts as "gave up").
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up on a puzzle after this much time (it then counts as "gave up"): `2s`,
    /// `250ms`, `1m`; a bare number is milliseconds.
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    timeout: Option<Duration>,
    /// Print CSV instead of a table.
    #[arg(long)]
    csv: bool,
    /// Timed passes of each solver over each file.
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// Puzzles each solver solves untimed before the timed rounds.
    #[arg(long, value_name = "N", default_value_t = 100)]
    warmup: usize,
    /// Also draw the distribution of per-puzzle times as an SVG picture: per solver, the
    /// share of puzzles solved within each time, on a log time axis.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CoverArgs {
    /// The problem in Knuth's format; `-` or none for standard input.
    file: Option<PathBuf>,
    /// Print every solution (up to --limit), each after a line `N:`, separated by empty lines.
    #[arg(long, conflicts_with = "count")]
    all: bool,
    /// Print only the number of solutions (up to --limit).
    #[arg(long)]
    count: bool,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Give up after this many search nodes (options tried); exit code 3.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up after this much search time: `2s`, `1.5s`, `250ms`, `1m`; a bare number is
    /// milliseconds; exit code 3.
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    timeout: Option<Duration>,
    /// Print the problem's size, solutions, search nodes, link updates and time to standard
    /// error.
    #[arg(long)]
    stats: bool,
    /// Print the cheapest solution, with its cost (options may cost `|n`, as in Knuth's dlx5).
    #[arg(long, conflicts_with_all = ["count", "all", "best"])]
    min_cost: bool,
    /// Print the K cheapest solutions, cheapest first, each after a line `N: cost C`;
    /// solutions of equal cost come in the order of their sorted option numbers.
    #[arg(long, value_name = "K", conflicts_with_all = ["count", "all"],
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    best: Option<u64>,
    /// Write an equivalent, smaller problem in the same format instead of solving (Knuth's
    /// dlx-pre); what was removed is reported on standard error.
    #[arg(long, conflicts_with_all = ["count", "all", "limit", "min_cost", "best"])]
    pre: bool,
    /// Write a puzzle in Knuth's format instead of solving: `queens N`, `kqueens N:K` (K
    /// queens on N×N, with multiplicities), `pentominoes RxC`
    /// (rows x columns, 60 cells, up to symmetry), `langford N` (up to reversal), or
    /// `sudoku PUZZLE` (a one-line puzzle of 16, 36, 64, 81, 100, 144, 256, 400 or 625
    /// cells, with the variant flags for a variant), `samurai FILE` or `general FILE`
    /// (Knuth's general Sudoku format).
    #[arg(
        long,
        num_args = 2,
        value_names = ["PUZZLE", "ARG"],
        conflicts_with_all = [
            "file", "all", "count", "limit", "stats", "max_nodes", "timeout", "min_cost", "best",
            "pre"
        ]
    )]
    emit: Option<Vec<String>>,
    #[command(flatten)]
    variant: variant::VariantArgs,
    #[command(flatten)]
    split: SplitArgs,
}

/// `cover`'s flags for every core and for many machines (see `cli/cover/split.rs`).
#[derive(Debug, Args)]
pub struct SplitArgs {
    /// Threads for --count and --all (at most 1024); 0 or none for one per core. The
    /// search tree is cut into subtrees that the threads share; the count, and the
    /// solutions and their order, are those of one thread.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: Option<u64>,
    /// Cut the search tree into at least N subtrees and write them as job lines (with
    /// finished lines for subtrees the split itself finished) instead of solving.
    #[arg(
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..=10_000_000),
        conflicts_with_all = ["all", "count", "limit", "job", "jobs", "merge", "emit"]
    )]
    #[arg(long = "split")]
    parts: Option<u64>,
    /// Count the solutions of one job line written by --split; print one result line.
    #[arg(
        long,
        value_name = "LINE",
        conflicts_with_all = ["all", "count", "limit", "jobs", "merge", "emit"]
    )]
    job: Option<String>,
    /// Run job lines of this file written by --split: the job numbered --index, and with
    /// --stride S also the jobs numbered --index + S, + 2S, ...; one result line each.
    #[arg(
        long,
        value_name = "FILE",
        requires = "index",
        conflicts_with_all = ["all", "count", "limit", "merge", "emit"]
    )]
    jobs: Option<PathBuf>,
    /// The first job that --jobs runs.
    #[arg(long, value_name = "I", requires = "jobs")]
    index: Option<u64>,
    /// With --jobs: run every S-th job from --index on.
    #[arg(long, value_name = "S", requires = "index", value_parser = clap::value_parser!(u64).range(1..))]
    stride: Option<u64>,
    /// Check and add up result lines: the job file written by --split, then the result
    /// files (`-` for standard input). Prints `total N` and `nodes N`.
    #[arg(
        long,
        num_args = 2..,
        value_names = ["JOBS", "RESULTS"],
        conflicts_with_all = ["file", "all", "count", "limit", "stats", "emit"]
    )]
    merge: Option<Vec<PathBuf>>,
}

#[derive(Debug, Args)]
pub struct CanonArgs {
    /// Puzzle files; `-` or none for standard input.
    files: Vec<PathBuf>,
    /// Drop every puzzle isomorphic to an earlier one; print the others as they were given.
    #[arg(long)]
    dedupe: bool,
    /// Worker threads (at most 1024); 0 or none for one per core. Output keeps input order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: Option<u64>,
    /// Never show the progress bar.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Puzzle files; `-` or none for standard input.
    files: Vec<PathBuf>,
    /// Output: `text` (a status per line, and the givens that can go), `csv` or `json`.
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    format: CheckFormat,
    /// Worker threads (at most 1024); 0 or none for one per core. Output keeps input order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: Option<u64>,
    /// Never show the progress bar.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Puzzles to make.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1)]
    count: u64,
    /// The seed of the stream of puzzles.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Worker threads (at most 1024); 0 or none for one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: Option<u64>,
    /// Symmetry of the givens: none, rot90, rot180, mirror, flip, diagonal, antidiagonal,
    /// dihedral (QQWing's rotate90 and rotate180 work too).
    #[arg(long, value_name = "S", default_value = "none")]
    symmetry: Symmetry,
    /// The level, on QQWing's names: simple, easy, intermediate, expert, or any.
    #[arg(long, value_enum, default_value_t = Difficulty::Any)]
    difficulty: Difficulty,
    /// Fewest givens (puzzles with fewer are made again).
    #[arg(long, value_name = "N")]
    min_clues: Option<usize>,
    /// Most givens (puzzles with more are made again).
    #[arg(long, value_name = "N")]
    max_clues: Option<usize>,
    /// The side of the grid.
    #[arg(long, default_value_t = 9, value_parser = parse_size)]
    size: u8,
    /// Output: `line` (one puzzle per line), `csv` or `json` (with solution, clues,
    /// symmetry, attempts, and the rating's fields).
    #[arg(long, value_enum, default_value_t = GenerateFormat::Line)]
    format: GenerateFormat,
    /// Minimal puzzles made for one puzzle of the output before giving up on it.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    max_attempts: u64,
    /// Never show the progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Print puzzles made, time, rate, attempts per puzzle and the seed to standard error.
    #[arg(long)]
    stats: bool,
}

/// Parses `--size`: 4, 6, 9, 16 or 25.
fn parse_size(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(n @ (4 | 6 | 9 | 16 | 25)) => Ok(n),
        _ => Err(format!("'{text}' is not a size: 4, 6, 9, 16 or 25")),
    }
}

/// Levels for `generate --difficulty`, QQWing's names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Difficulty {
    /// Whatever comes.
    Any,
    /// Naked singles only.
    Simple,
    /// Singles.
    Easy,
    /// Singles, pointing, claiming, naked and hidden pairs.
    Intermediate,
    /// Anything harder.
    Expert,
}

impl Difficulty {
    /// The name `--difficulty` takes.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Any => "any",
            Difficulty::Simple => "simple",
            Difficulty::Easy => "easy",
            Difficulty::Intermediate => "intermediate",
            Difficulty::Expert => "expert",
        }
    }
}

/// Output formats for `generate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// One puzzle per line.
    Line,
    /// A header, then one row per puzzle.
    Csv,
    /// JSON lines, one object per puzzle.
    Json,
}

/// Output formats for `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// `minimal`, `not minimal: r1c2 r5c5 can go`, `not unique`, `invalid (…)`, `error`.
    Text,
    /// A header `puzzle,status,valid,unique,minimal,givens,redundant`, then a row each.
    Csv,
    /// JSON lines: `puzzle`, `status`, `valid`, `unique`, `minimal`, `givens`, `redundant`.
    Json,
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
    /// CSV: a header `puzzle,answer,status`, then one row per puzzle (grids as lines).
    Csv,
    /// JSON lines: one object per puzzle with `puzzle`, `answer`, `status`, `nodes`.
    Json,
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
    if error::stdout_was_closed() {
        let e = Error::StdoutClosed;
        error::report(&e.to_string());
        return ExitCode::from(e.exit() as u8);
    }
    let result = match cli.command {
        Command::Solve(args) => solve::run(solve::Job::Solve(args.format), &args.common),
        Command::Count(args) => solve::run(solve::Job::Count(args.limit), &args.common),
        Command::Bench(args) => bench::run(&args),
        Command::Cover(args) => cover::run(&args),
        Command::Canon(args) => canon::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Hint(args) => args.common.common("hint").and_then(|common| {
            solve::run(solve::Job::Logic(logic::Task::Hint(args.format)), &common)
        }),
        Command::Explain(args) => args.common.common("explain").and_then(|common| {
            solve::run(
                solve::Job::Logic(logic::Task::Explain {
                    format: args.format,
                    candidates: args.candidates,
                }),
                &common,
            )
        }),
        Command::Rate(args) => args.common.common("rate").and_then(|common| {
            solve::run(
                solve::Job::Logic(logic::Task::Rate {
                    format: args.format,
                    samples: args.samples as usize,
                }),
                &common,
            )
        }),
    };
    let exit = result.unwrap_or_else(|e| {
        error::report(&e.to_string());
        e.exit()
    });
    ExitCode::from(exit as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_parse_with_units() {
        assert_eq!(parse_timeout("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_timeout("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_timeout("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_timeout("250"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_timeout("1m"), Ok(Duration::from_secs(60)));
        for bad in ["", "s", "0", "-1s", "abc", "1h", "nan", "inf"] {
            assert!(parse_timeout(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
