//! The command line's flags, as clap types: the subcommands and their arguments, the
//! value enums and the parsers of flag values. What the flags mean in a run is decided by
//! the modules that run the subcommands; this file only declares them.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use dlx_sudoku::generate::Symmetry;
use dlx_sudoku::logic::Level;

use super::limits::parse_max_nodes;
use super::solvers::{self, SolverKind};

mod memo;
pub use memo::{Memo, MemoArgs};

/// Solve Sudoku (and other exact-cover problems) with Knuth's dancing links.
#[derive(Debug, Parser)]
#[command(name = "sudoku-dlx", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
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
    /// --count and --all use --threads: the search tree is cut into subtrees that the
    /// threads share; the count, and the solutions and their order, are those of one thread.
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
    /// Rate puzzles: QQWing's level, the hardest technique, a score (this project's ladder,
    /// or Sudoku Explainer's own ER/EP/ED scale with --scale se), technique counts and a
    /// machine effort.
    ///
    /// Exit codes as for `hint`.
    Rate(RateArgs),
    /// Print the completion script for a shell to standard output.
    ///
    /// bash: `sudoku-dlx completions bash > ~/.local/share/bash-completion/completions/sudoku-dlx`;
    /// zsh: into a folder of `$fpath` as `_sudoku-dlx`; fish: `~/.config/fish/completions/sudoku-dlx.fish`.
    /// Exit code: 0, or 2 for an unknown shell.
    Completions(CompletionsArgs),
    /// Print a manual page (roff) to standard output: `sudoku-dlx man > sudoku-dlx.1`, or
    /// one subcommand's, `sudoku-dlx man solve > sudoku-dlx-solve.1`.
    ///
    /// Exit code: 0, or 2 for an unknown subcommand.
    Man(ManArgs),
}

/// The flags of `completions`.
#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The flags of `man`.
#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// The subcommand whose page to write (`solve`, `cover`, ...); none for the program's.
    pub subcommand: Option<String>,
}

/// The batch front: the flags of every subcommand that reads batches of puzzles (`solve`,
/// `count`, `hint`, `explain`, `rate`, `canon`, `check`).
#[derive(Debug, Clone, Args)]
pub struct BatchArgs {
    /// Puzzle files; `-` or none for standard input. Formats are detected per puzzle:
    /// one-line puzzles, Baekjoon 2580 (spaced) and 2239 (compact) grids, pretty grids.
    /// Sizes: 4x4, 6x6, 8x8, 9x9, 10x10, 12x12, 16x16, 20x20 and 25x25 (one-line puzzles of
    /// 16, 36, 64, 81, 100, 144, 256, 400 and 625 cells; symbols 1-9 then A-P; a 16x16 grid
    /// cannot be compact: its rows read as 4x4 puzzles). Lines that are labels or titles
    /// (`Grid 01`) are skipped with one note per input.
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub threads: Threads,
    /// Never show the progress bar (shown only when standard error is a terminal and the
    /// answers go elsewhere).
    #[arg(long, short)]
    pub quiet: bool,
    /// Print totals to standard error at the end: puzzles, results, time and worker
    /// threads; for `solve` and `count` also search nodes and guesses (nodes that were not
    /// forced; `dlx` only).
    #[arg(long)]
    pub stats: bool,
}

impl BatchArgs {
    /// The inputs to read: the files named, or standard input (`-`) when none is.
    pub fn inputs(&self) -> Vec<PathBuf> {
        if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        }
    }
}

/// `--threads`, for the batch subcommands, `generate` and `cover`.
#[derive(Debug, Clone, Copy, Args)]
pub struct Threads {
    /// Worker threads; 0 or none for one per core; more than 4 per core are cut to 4 per
    /// core (with a note), since they only cost time. The output does not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    pub threads: Option<u64>,
}

/// Flags shared by `hint`, `explain` and `rate`.
#[derive(Debug, Args)]
pub struct LogicCommon {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Accepted so that a variant gets a clear refusal (exit 7): the strategy ladder knows
    /// classic Sudoku only.
    #[command(flatten)]
    pub variant: VariantArgs,
}

#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub common: LogicCommon,
    /// Output format (`csv` is taken as `json`).
    #[arg(long, value_enum, default_value_t = LogicFormat::Text)]
    pub format: LogicFormat,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub common: LogicCommon,
    /// Output format (`csv` is taken as `json`).
    #[arg(long, value_enum, default_value_t = LogicFormat::Text)]
    pub format: LogicFormat,
    /// Show the candidates grid before each step (JSON: a `candidates` pencilmark line in
    /// each step).
    #[arg(long)]
    pub candidates: bool,
    /// The rating scale: the ladder's own, or Sudoku Explainer's steps and ratings.
    #[arg(long, value_enum, default_value_t = Scale::Ladder)]
    pub scale: Scale,
    /// With --scale se: time for each puzzle (`2s`, `250ms`, `1m`; a bare number is
    /// milliseconds); the steps found by then are shown, the rating as lower bounds (exit 3).
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
}

#[derive(Debug, Args)]
pub struct RateArgs {
    #[command(flatten)]
    pub common: LogicCommon,
    /// Output format: text, csv (with a header) or json.
    #[arg(long, value_enum, default_value_t = LogicFormat::Text)]
    pub format: LogicFormat,
    /// Isomorphs searched for the machine effort (on 9×9: the canonical form, then random
    /// isomorphs of it).
    #[arg(long, value_name = "K", default_value_t = dlx_sudoku::logic::DEFAULT_SAMPLES as u64,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub samples: u64,
    /// The rating scale: the ladder's (QQWing's level, a score like SE's, effort), or
    /// Sudoku Explainer's ER/EP/ED (9×9; `>=X` marks a lower bound).
    #[arg(long, value_enum, default_value_t = Scale::Ladder)]
    pub scale: Scale,
    /// With --scale se: time for each puzzle (`2s`, `250ms`, `1m`; a bare number is
    /// milliseconds); a rating cut short prints the bounds reached (`>=X`, exit 3).
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
}

/// Flags of `solve` and `count`.
#[derive(Debug, Clone, Args)]
pub struct Common {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The solver to use.
    #[arg(long, value_parser = solvers::parser(), default_value = "dlx")]
    pub solver: SolverKind,
    /// Give up on a puzzle after this many search nodes (DLX: options tried; backtracking:
    /// values placed); `none` for no limit. Unless --max-nodes or --timeout is given, DLX
    /// gives up at 5000000 nodes and backtracking at 50000000, or after 5 s, whichever comes
    /// first (no 9x9 puzzle comes near), saying what it had found.
    #[arg(long, value_name = "N", value_parser = parse_max_nodes)]
    pub max_nodes: Option<u64>,
    /// Give up on a puzzle after this much time: `2s`, `1.5s`, `250ms`, `1m`; a bare number
    /// is milliseconds.
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// Treat label lines (`Grid 01`, a title: lines with a word that are not puzzles) as
    /// bad records, answered `error`, instead of skipping them with one note per input.
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Parses `--timeout`: a number with `ns`, `us`, `ms`, `s` or `m`, or bare milliseconds, from 1 ns to
/// 10^9 s. Anything shorter (`0`, `1e-300`) is refused alike: it would be no time at all.
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, unit_secs) = if let Some(n) = t.strip_suffix("ns") {
        (n, 1e-9)
    } else if let Some(n) = t.strip_suffix("us").or_else(|| t.strip_suffix("µs")) {
        (n, 1e-6)
    } else if let Some(n) = t.strip_suffix("ms") {
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
        .map_err(|_| format!("'{text}' is not a time such as 2s, 1.5s, 250ms, 1m or 1ns"))?;
    let secs = value * unit_secs;
    if !secs.is_finite() || !(1e-9..=1e9).contains(&secs) {
        return Err(format!("'{text}' is not a time from 1 ns to 10^9 s"));
    }
    Ok(Duration::from_secs_f64(secs))
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub common: Common,
    /// Output format; `auto` answers each puzzle in its own format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Auto)]
    pub format: OutputFormat,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub common: Common,
    /// Stop counting a puzzle at this many solutions.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files, one table row per file and solver; `-` or none for standard input.
    pub files: Vec<PathBuf>,
    /// The solvers to compare, comma-separated.
    #[arg(long, value_parser = solvers::parser(), value_delimiter = ',', default_value = "dlx")]
    pub solver: Vec<SolverKind>,
    /// Give up on a puzzle after this many search nodes (it then counts as "gave up");
    /// `none` (the default) for no limit.
    #[arg(long, value_name = "N", value_parser = parse_max_nodes)]
    pub max_nodes: Option<u64>,
    /// Give up on a puzzle after this much time (it then counts as "gave up"): `2s`,
    /// `250ms`, `1m`; a bare number is milliseconds.
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// Print CSV instead of a table.
    #[arg(long)]
    pub csv: bool,
    /// Timed passes of each solver over each file.
    #[arg(long, value_name = "R", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,
    /// Puzzles each solver solves untimed before the timed rounds.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub warmup: usize,
    /// Also draw the distribution of per-puzzle times as an SVG picture: per solver, the
    /// share of puzzles solved within each time, on a log time axis.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CoverArgs {
    /// The problem in Knuth's format; `-` or none for standard input.
    pub file: Option<PathBuf>,
    /// Print every solution (up to --limit), each after a line `N:`, separated by empty lines.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,
    /// Print only the number of solutions (up to --limit).
    #[arg(long)]
    pub count: bool,
    /// Stop after this many solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// Give up after this many search nodes (options tried); exit code 3.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up after this much search time: `2s`, `1.5s`, `250ms`, `1m`; a bare number is
    /// milliseconds; exit code 3.
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// Print the problem's size, solutions, search nodes, link updates and time to standard
    /// error.
    #[arg(long)]
    pub stats: bool,
    /// Print the cheapest solution, with its cost (options may cost `|n`, as in Knuth's dlx5).
    #[arg(long, conflicts_with_all = ["count", "all", "best"])]
    pub min_cost: bool,
    /// Print the K cheapest solutions, cheapest first, each after a line `N: cost C`;
    /// solutions of equal cost come in the order of their sorted option numbers.
    #[arg(long, value_name = "K", conflicts_with_all = ["count", "all"],
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub best: Option<u64>,
    /// Write an equivalent, smaller problem in the same format instead of solving (Knuth's
    /// dlx-pre); what was removed is reported on standard error.
    #[arg(long, conflicts_with_all = ["count", "all", "limit", "min_cost", "best"])]
    pub pre: bool,
    /// Write a puzzle in Knuth's format instead of solving: `queens N`, `kqueens N:K` (K
    /// queens on N×N, with multiplicities), `pentominoes RxC`
    /// (rows x columns, 60 cells, up to symmetry), `langford N` (up to reversal),
    /// `dominoes N` or `RxC` (domino tilings), `monomer-dimer N` or `RxC`, `aztec N` (the
    /// Aztec diamond's domino tilings), or `sudoku PUZZLE` (a one-line puzzle of 16, 36, 64, 81, 100, 144, 256, 400 or 625
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
    pub emit: Option<Vec<String>>,
    #[command(flatten)]
    pub variant: VariantArgs,
    #[command(flatten)]
    pub split: SplitArgs,
    #[command(flatten)]
    pub memo: Box<MemoArgs>,
}

/// `cover`'s flags for every core and for many machines (see `cli/cover/split.rs`).
#[derive(Debug, Args)]
pub struct SplitArgs {
    /// For --count and --all (see the command's help).
    #[command(flatten)]
    pub threads: Threads,
    /// Cut the search tree into at least N subtrees (fewer when the tree has fewer) and
    /// write them as job lines (with finished lines for subtrees the split itself
    /// finished) instead of solving. --split, --job(s) and --merge count solutions: they
    /// refuse --min-cost, --best, --max-nodes, --timeout, --pre, --threads and the variant
    /// flags (which only --emit reads).
    #[arg(
        value_name = "N",
        value_parser = clap::value_parser!(u64).range(1..=10_000_000),
        conflicts_with_all = ["all", "count", "limit", "job", "jobs", "merge", "emit",
                              "min_cost", "best", "max_nodes", "timeout", "pre", "threads",
                              "variant", "regions", "cages"]
    )]
    #[arg(long = "split")]
    pub parts: Option<u64>,
    /// Count the solutions of one job line written by --split; print one result line
    /// (with --stats, the job's counts and CPU time on standard error). With --memo on (for
    /// --jobs too), each job is counted by the memoized search: counts of any size, nodes
    /// in dlx6's conventions.
    #[arg(
        long,
        value_name = "LINE",
        conflicts_with_all = ["all", "count", "limit", "jobs", "merge", "emit",
                              "min_cost", "best", "max_nodes", "timeout", "pre", "threads",
                              "variant", "regions", "cages"]
    )]
    pub job: Option<String>,
    /// Run job lines of this file written by --split: the job numbered --index, and with
    /// --stride S also the jobs numbered --index + S, + 2S, ...; one result line each (with
    /// --stats, one line per job on standard error). An --index past the last job runs
    /// nothing and exits 0, so that an array of more tasks than jobs succeeds.
    #[arg(
        long,
        value_name = "FILE",
        requires = "index",
        conflicts_with_all = ["all", "count", "limit", "merge", "emit",
                              "min_cost", "best", "max_nodes", "timeout", "pre", "threads",
                              "variant", "regions", "cages"]
    )]
    pub jobs: Option<PathBuf>,
    /// The first job that --jobs runs.
    #[arg(long, value_name = "I", requires = "jobs")]
    pub index: Option<u64>,
    /// With --jobs: run every S-th job from --index on.
    #[arg(long, value_name = "S", requires = "index", value_parser = clap::value_parser!(u64).range(1..))]
    pub stride: Option<u64>,
    /// Check and add up result lines: the job file written by --split, then the result
    /// files (`-` for standard input). Prints `total N` and `nodes N`.
    #[arg(
        long,
        num_args = 2..,
        value_names = ["JOBS", "RESULTS"],
        conflicts_with_all = ["file", "all", "count", "limit", "stats", "emit",
                              "min_cost", "best", "max_nodes", "timeout", "pre", "threads",
                              "variant", "regions", "cages"]
    )]
    pub merge: Option<Vec<PathBuf>>,
}

#[derive(Debug, Args)]
pub struct CanonArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Drop every puzzle isomorphic to an earlier one; print the others as they were given.
    #[arg(long)]
    pub dedupe: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Output: `text` (a status per line, and the givens that can go), `csv` or `json`.
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Puzzles to make.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The seed of the stream of puzzles.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub threads: Threads,
    /// Symmetry of the givens: none, rot90, rot180, mirror, flip, diagonal, antidiagonal,
    /// dihedral (QQWing's rotate90 and rotate180 work too).
    #[arg(long, value_name = "S", default_value = "none")]
    pub symmetry: Symmetry,
    /// The level, on QQWing's names: simple, easy, intermediate, expert, or any.
    #[arg(long, value_enum, default_value_t = Difficulty::Any)]
    pub difficulty: Difficulty,
    /// Sudoku Explainer's rating (ER) the puzzles must have, as `LO-HI` (`7.0-8.0`,
    /// `9.0-9.5`) or one value (`8.3`); 9×9 only, not with --difficulty. A rating this
    /// program only bounds (`>=X`) does not count as in the range.
    #[arg(long, value_name = "LO-HI", value_parser = parse_se_range, conflicts_with = "difficulty")]
    pub se: Option<SeRange>,
    /// Fewest givens (puzzles with fewer are made again).
    #[arg(long, value_name = "N")]
    pub min_clues: Option<usize>,
    /// Most givens (puzzles with more are made again).
    #[arg(long, value_name = "N")]
    pub max_clues: Option<usize>,
    /// The side of the grid.
    #[arg(long, default_value_t = 9, value_parser = parse_size)]
    pub size: u8,
    /// Output: `line` (one puzzle per line), `csv` or `json` (with solution, clues,
    /// symmetry, attempts, and the rating's fields).
    #[arg(long, value_enum, default_value_t = GenerateFormat::Line)]
    pub format: GenerateFormat,
    /// Minimal puzzles made for one puzzle of the output before giving up on it.
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_attempts: u64,
    /// Stop after this much time in all (`2s`, `1.5s`, `250ms`, `1m`; a bare number is
    /// milliseconds): the puzzles made by then are written, the rest are not made (exit 3).
    /// A 25x25 puzzle takes minutes.
    #[arg(long, value_name = "TIME", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// Never show the progress bar (shown when standard error is a terminal, and for
    /// 16x16 and larger even when standard output is one too).
    #[arg(long, short)]
    pub quiet: bool,
    /// Print puzzles made, time, rate, attempts per puzzle and the seed to standard error.
    #[arg(long)]
    pub stats: bool,
}

/// A range of SE ratings in tenths, both ends included (`generate --se`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeRange {
    pub lo: u8,
    pub hi: u8,
}

impl std::fmt::Display for SeRange {
    /// `7.0-8.0`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (lo, hi) = (self.lo, self.hi);
        write!(f, "{}.{}-{}.{}", lo / 10, lo % 10, hi / 10, hi % 10)
    }
}

impl SeRange {
    /// Whether an ER in tenths lies in the range.
    pub fn holds(self, tenths: u8) -> bool {
        (self.lo..=self.hi).contains(&tenths)
    }
}

/// Parses `--se`: `LO-HI` or one rating, each 1.0 to 20.0 with at most one decimal.
pub fn parse_se_range(text: &str) -> Result<SeRange, String> {
    let one = |t: &str| -> Result<u8, String> {
        let t = t.trim();
        let (whole, tenth) = t.split_once('.').unwrap_or((t, "0"));
        let ok = !whole.is_empty()
            && whole.len() <= 2
            && tenth.len() == 1
            && whole
                .bytes()
                .chain(tenth.bytes())
                .all(|b| b.is_ascii_digit());
        let tenths = if ok {
            whole.parse::<u8>().unwrap_or(0) * 10 + tenth.parse::<u8>().unwrap_or(0)
        } else {
            0
        };
        if (10..=200).contains(&tenths) {
            Ok(tenths)
        } else {
            Err(format!(
                "'{t}' is not an SE rating (1.0 to 20.0, one decimal)"
            ))
        }
    };
    let (lo, hi) = match text.split_once('-') {
        Some((a, b)) => (one(a)?, one(b)?),
        None => (one(text)?, one(text)?),
    };
    if lo > hi {
        return Err(format!("'{text}': the low end is above the high end"));
    }
    Ok(SeRange { lo, hi })
}

/// Parses `--size`: 4, 6, 9, 16 or 25.
pub fn parse_size(text: &str) -> Result<u8, String> {
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
    /// The ladder's level this asks for; `None` for any.
    pub fn level(self) -> Option<Level> {
        match self {
            Difficulty::Any => None,
            Difficulty::Simple => Some(Level::Simple),
            Difficulty::Easy => Some(Level::Easy),
            Difficulty::Intermediate => Some(Level::Intermediate),
            Difficulty::Expert => Some(Level::Expert),
        }
    }

    /// The name `--difficulty` takes: the level's own (`Level::name`), or `any`.
    pub fn name(self) -> &'static str {
        self.level().map_or("any", Level::name)
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
    /// One line per puzzle: n² characters for an n×n grid (81 for 9x9).
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

/// Flags that make the puzzles a Sudoku variant.
#[derive(Debug, Clone, Default, Args)]
pub struct VariantArgs {
    /// A Sudoku variant, comma-separated to combine: `x` (both main diagonals hold every
    /// symbol once), `windoku` (four extra 3x3 windows), or a whole-file format: `samurai`
    /// (five overlapping 9x9 grids, 21 lines per puzzle), `general` (Knuth's general
    /// format). Puzzles of a whole-file format are separated by empty lines.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "KIND")]
    pub variant: Vec<VariantKind>,
    /// Jigsaw regions replacing the boxes: n² labels in row-major order (e.g. 111222333...),
    /// or a file holding them.
    #[arg(long, value_name = "SPEC")]
    pub regions: Option<String>,
    /// Killer cages: a file with one cage per line, the sum then the cells as rRcC
    /// (1-based), e.g. `15 r1c1 r1c2 r2c1`; `#` starts a comment line.
    #[arg(long, value_name = "FILE")]
    pub cages: Option<PathBuf>,
}

/// The variants named by `--variant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantKind {
    /// Both main diagonals hold every symbol once.
    X,
    /// Four extra windows (hyper-Sudoku).
    Windoku,
    /// Five overlapping 9x9 grids on a 21x21 canvas.
    Samurai,
    /// Knuth's general format (grid, then groups of box maps).
    General,
}

/// Rating scales of `rate` and `explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Scale {
    /// The strategy ladder in QQWing's order, with its level and score.
    Ladder,
    /// Sudoku Explainer's: the easiest technique by SE's table at each step, ER/EP/ED.
    Se,
}

/// Output styles of the logic commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogicFormat {
    /// Lines for people.
    Text,
    /// CSV with a header (`rate` only; the others write JSON lines for it).
    Csv,
    /// JSON lines: one object per puzzle.
    Json,
    /// Text, after the candidates grid of the puzzle (`explain`: before every step).
    Candidates,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    /// clap's own check of the flags: no clashing names, every `requires` and
    /// `conflicts_with` naming a real argument, and so on.
    #[test]
    fn flags_are_consistent() {
        Cli::command().debug_assert();
    }

    /// `--difficulty` takes the ladder's own level names (and `any`): the names clap
    /// derives from the variants are the library's.
    #[test]
    fn difficulty_names_are_the_levels() {
        for d in Difficulty::value_variants() {
            let clap_name = d
                .to_possible_value()
                .expect("listed")
                .get_name()
                .to_string();
            assert_eq!(clap_name, d.name());
        }
        assert_eq!(Difficulty::Expert.name(), Level::Expert.name());
    }

    #[test]
    fn se_ranges_parse() {
        assert_eq!(parse_se_range("7.0-8.0"), Ok(SeRange { lo: 70, hi: 80 }));
        assert_eq!(parse_se_range("9-9.5"), Ok(SeRange { lo: 90, hi: 95 }));
        assert_eq!(parse_se_range("8.3"), Ok(SeRange { lo: 83, hi: 83 }));
        assert!(parse_se_range("8.0-7.0").is_err());
        assert!(parse_se_range("7.25-8").is_err());
        assert!(parse_se_range("0.5").is_err());
        assert!(parse_se_range("x-8").is_err());
    }

    #[test]
    fn timeouts_parse_with_units() {
        assert_eq!(parse_timeout("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_timeout("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_timeout("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_timeout("250"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_timeout("1m"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_timeout("1e-9s"), Ok(Duration::from_nanos(1)));
        assert_eq!(
            parse_timeout("1e-300").unwrap_err(),
            parse_timeout("0").unwrap_err().replace("'0'", "'1e-300'")
        );
        for bad in [
            "",
            "s",
            "0",
            "-1s",
            "abc",
            "1h",
            "nan",
            "inf",
            "1e-300",
            "0.0000001",
        ] {
            assert!(parse_timeout(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
