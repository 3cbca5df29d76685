//! The variant flags of `solve`, `count` and `cover --emit`: reading `--regions` and
//! `--cages`, making a variant solver for each grid shape, and the whole-file formats
//! (samurai, Knuth's general format), which do not go through the line-based batch reader.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::Path;
use std::time::Instant;

use dlx_sudoku::variant::{
    RegionError, Regions, Variant, VariantError, VariantOutcome, VariantSolver, general,
    parse_cages, parse_regions, samurai,
};
use dlx_sudoku::{Grid, Shape, SudokuSolver};

use super::args::{Common, VariantArgs, VariantKind};
use super::error::{Error, Exit};
use super::error::{after_write, report};
use super::input::{BOM, not_utf8, open};
use super::interrupt;
use super::limits::{PerPuzzle, progress_note};
use super::solvers::{SolverKind, Solvers};

/// The variant to apply to every grid, read and checked once.
#[derive(Debug, Clone)]
pub struct VariantSpec {
    x: bool,
    windoku: bool,
    regions: Option<Regions>,
    /// The cages file's name (as messages show it) and text.
    cages: Option<(String, String)>,
}

/// Reads a whole input, at most 64 MiB of it.
fn read_all(path: &Path) -> Result<(String, String), Error> {
    const MAX: u64 = 64 << 20;
    let (name, reader) = open(path)?;
    let mut bytes = Vec::new();
    if let Err(source) = reader.take(MAX + 1).read_to_end(&mut bytes) {
        return Err(Error::Read { name, source });
    }
    if bytes.len() as u64 > MAX {
        return Err(Error::Usage(format!("{name}: larger than 64 MiB")));
    }
    match String::from_utf8(bytes) {
        // A byte-order mark starting a line is skipped, as in puzzle input.
        Ok(text) => Ok((name, text.replace(BOM, ""))),
        Err(e) => {
            let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            let fault = not_utf8(e.as_bytes(), e.utf8_error());
            Err(Error::At { name, line, fault })
        }
    }
}

/// `--regions`' value, read: the labels themselves, or a regular file holding them. Anything
/// else that exists (a directory, a device, a pipe) is refused, and so is a name that is no
/// file and no square number of labels, or no valid labels and looks like a path (a typo
/// in a file name): then it is named as a missing file.
fn read_regions(arg: &str) -> Result<Regions, Error> {
    let path = Path::new(arg);
    let (source, text) = if path.is_file() {
        read_all(path)?
    } else if path.exists() {
        return Err(Error::Usage(format!(
            "--regions {arg}: not a regular file (a directory, device or pipe); give a file \
             or the labels themselves"
        )));
    } else {
        ("--regions".to_string(), arg.to_string())
    };
    // A value that is not labels and looks like a path (a `.` or a separator in it) is a
    // file that is missing, whatever it would say as labels.
    let looks_like_path = arg.contains(['.', '/', '\\']);
    parse_regions(&text).map_err(|e| match e {
        _ if source == "--regions" && looks_like_path => {
            Error::Usage(format!("--regions {arg}: no such file"))
        }
        RegionError::NotSquare { found } if source == "--regions" => Error::Usage(format!(
            "--regions {arg}: no such file, and {found} labels are not n² for an n×n grid"
        )),
        e => Error::Usage(format!("{source}: {e}")),
    })
}

/// `--cages`' file: its name and text, refused when it holds no cage (an empty file would
/// quietly solve plain Sudoku).
fn cages_text(path: &Path) -> Result<(String, String), Error> {
    let (name, text) = read_all(path)?;
    let cage = |line: &str| {
        let line = line.trim();
        !line.is_empty() && !line.starts_with('#')
    };
    if !text.lines().any(cage) {
        return Err(Error::Usage(format!(
            "--cages {name}: no cages in the file (one cage per line: the sum, then the cells)"
        )));
    }
    Ok((name, text))
}

impl VariantArgs {
    /// `Err` naming the variant asked for and why `command` (`hint`, `explain`, `rate`)
    /// cannot take it: the strategy ladder (`sudoku::logic`) reasons on the rows, columns and
    /// boxes of classic Sudoku only.
    pub fn refuse_for_logic(&self, command: &str) -> Result<(), Error> {
        // (name, what the ladder would get wrong)
        let mut asked: Vec<(&str, &str)> = Vec::new();
        for kind in &self.variant {
            asked.push(match kind {
                VariantKind::X => ("X-Sudoku (--variant x)", "would ignore the diagonals"),
                VariantKind::Windoku => ("windoku (--variant windoku)", "would ignore the windows"),
                VariantKind::Samurai => (
                    "samurai (--variant samurai)",
                    "cannot read five overlapping grids",
                ),
                VariantKind::General => (
                    "Knuth's general format (--variant general)",
                    "cannot take holes and boxes of any shape",
                ),
            });
        }
        if self.regions.is_some() {
            asked.push((
                "jigsaw (--regions)",
                "would use box techniques that do not hold for irregular regions",
            ));
        }
        if self.cages.is_some() {
            asked.push(("killer (--cages)", "would ignore the cage sums"));
        }
        if asked.is_empty() {
            return Ok(());
        }
        let names: Vec<&str> = asked.iter().map(|a| a.0).collect();
        let faults: Vec<&str> = asked.iter().map(|a| a.1).collect();
        Err(Error::Unsupported(format!(
            "{command} does not support {}: its strategy ladder knows only the rows, columns \
             and boxes of classic Sudoku, and {}; `solve` and `count` take the variant flags",
            names.join(" + "),
            faults.join(", ")
        )))
    }

    /// True when a whole-file format is asked for.
    pub fn whole_file(&self) -> Option<VariantKind> {
        self.variant
            .iter()
            .copied()
            .find(|k| matches!(k, VariantKind::Samurai | VariantKind::General))
    }

    /// The variant for grids read in the classic formats, `None` for classic Sudoku; `Err`
    /// is the message for a bad flag, regions spec or cages file.
    pub fn spec(&self) -> Result<Option<VariantSpec>, Error> {
        if let Some(kind) = self.whole_file() {
            let name = if kind == VariantKind::Samurai {
                "samurai"
            } else {
                "general"
            };
            if self.variant.len() > 1 || self.regions.is_some() || self.cages.is_some() {
                return Err(Error::Usage(format!(
                    "--variant {name} combines with no other variant flag (its houses come \
                     from the format)"
                )));
            }
            return Ok(None);
        }
        let regions = match &self.regions {
            None => None,
            Some(arg) => Some(read_regions(arg)?),
        };
        let cages = match &self.cages {
            None => None,
            Some(path) => Some(cages_text(path)?),
        };
        let spec = VariantSpec {
            x: self.variant.contains(&VariantKind::X),
            windoku: self.variant.contains(&VariantKind::Windoku),
            regions,
            cages,
        };
        if !spec.x && !spec.windoku && spec.regions.is_none() && spec.cages.is_none() {
            return Ok(None);
        }
        // With regions the side is known: check the cages before any puzzle. Otherwise
        // they are checked against the side of each puzzle read.
        if let (Some((name, text)), Some(regions)) = (&spec.cages, &spec.regions) {
            parse_cages(text, regions.side()).map_err(|e| Error::At {
                name: name.clone(),
                line: e.line,
                fault: e.kind.to_string(),
            })?;
        }
        Ok(Some(spec))
    }
}

/// Why a puzzle cannot be solved as the variant asks.
#[derive(Debug, Clone)]
pub enum Refusal {
    /// Two givens break a rule (a "no solution"); the message names the house.
    Clash(String),
    /// The variant does not fit the puzzle's grid (regions of another side).
    Misfit(String),
    /// The cages file is wrong for this grid: a complete `FILE:LINE: fault` message.
    BadCages(String),
}

impl VariantSpec {
    /// The variant for grids of `shape`, or why not.
    pub fn build(&self, shape: Shape) -> Result<Variant, Refusal> {
        let n = shape.side();
        let misfit = |e: VariantError| Refusal::Misfit(e.to_string());
        let mut v = Variant::square(n).map_err(misfit)?;
        v = match &self.regions {
            Some(r) => v.with_regions(r),
            None => v.with_boxes(shape.box_rows(), shape.box_cols()),
        }
        .map_err(misfit)?;
        if self.x {
            v = v.with_diagonals().map_err(misfit)?;
        }
        if self.windoku {
            v = v
                .with_windows(shape.box_rows(), shape.box_cols())
                .map_err(misfit)?;
        }
        if let Some((name, text)) = &self.cages {
            let cages = parse_cages(text, n)
                .map_err(|e| Refusal::BadCages(format!("{name}:{}: {}", e.line, e.kind)))?;
            v = v
                .with_cages(cages)
                .map_err(|e| Refusal::BadCages(format!("{name}: {e}")))?;
        }
        Ok(v)
    }
}

/// A worker's solvers: the `--solver` table's for classic Sudoku, or the variant's.
pub struct WorkerSolvers {
    classic: Solvers,
    variants: Option<VariantSolvers>,
}

impl WorkerSolvers {
    pub fn new(kind: SolverKind, spec: Option<VariantSpec>) -> WorkerSolvers {
        WorkerSolvers {
            classic: Solvers::new(kind),
            variants: spec.map(|spec| VariantSolvers::new(spec, kind)),
        }
    }

    /// The solver for `puzzle`, or why the variant cannot take it.
    pub fn solver_for(&mut self, puzzle: &Grid) -> Result<&mut dyn SudokuSolver, Refusal> {
        match &mut self.variants {
            Some(v) => v.prepare(puzzle).map(|s| s as &mut dyn SudokuSolver),
            None => Ok(self.classic.get(puzzle.shape())),
        }
    }
}

/// The variant solver `--solver` asks for: `dlx-generic` keeps the generic engine,
/// otherwise the specialised dancing links when the problem fits them.
fn variant_solver(variant: &Variant, kind: SolverKind) -> Result<VariantSolver, VariantError> {
    if kind == SolverKind::DlxGeneric {
        VariantSolver::on_generic_engine(variant)
    } else {
        VariantSolver::new(variant)
    }
}

/// One variant solver per grid shape, made on first use (or the message why not).
pub struct VariantSolvers {
    spec: VariantSpec,
    kind: SolverKind,
    by_shape: HashMap<Shape, Result<VariantSolver, Refusal>>,
}

impl VariantSolvers {
    pub fn new(spec: VariantSpec, kind: SolverKind) -> VariantSolvers {
        VariantSolvers {
            spec,
            kind,
            by_shape: HashMap::new(),
        }
    }

    /// The solver for `puzzle`, or why it cannot be solved.
    pub fn prepare(&mut self, puzzle: &Grid) -> Result<&mut VariantSolver, Refusal> {
        let (spec, kind) = (&self.spec, self.kind);
        let solver = self
            .by_shape
            .entry(puzzle.shape())
            .or_insert_with(|| {
                spec.build(puzzle.shape()).and_then(|v| {
                    variant_solver(&v, kind).map_err(|e| Refusal::Misfit(e.to_string()))
                })
            })
            .as_mut()
            .map_err(|e| e.clone())?;
        if let Some(clash) = solver.variant().clash(puzzle.cells()) {
            return Err(Refusal::Clash(format!("no solution: {clash}")));
        }
        Ok(solver)
    }
}

/// `solve`/`count` for the whole-file formats: each input is read whole, split at empty
/// lines into puzzles, and each puzzle answered in kind (counts one per line), in order.
pub fn run_whole_file(
    kind: VariantKind,
    count: Option<u64>,
    common: &Common,
) -> Result<Exit, Error> {
    let started = Instant::now();
    let inputs = common.batch.inputs();
    let per_puzzle = PerPuzzle::with_default(common.max_nodes, common.timeout, common.solver);
    let mut samurai_solver = (kind == VariantKind::Samurai).then(|| {
        variant_solver(&samurai::variant(), common.solver).expect("the samurai variant encodes")
    });
    let mut exit = Exit::Ok;
    let (mut first, mut puzzles, mut nodes, mut last) = (true, 0u64, 0u64, None);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    'inputs: for path in &inputs {
        let (name, blocks) = match read_blocks(path) {
            Ok(b) => b,
            Err(e) => {
                after_write(out.flush())?;
                report(&e.to_string());
                exit = exit.worst(e.exit());
                continue;
            }
        };
        for (start, block) in blocks {
            puzzles += 1;
            let parsed = parse_block(kind, &block);
            let mut text_out = String::new();
            if !first && count.is_none() {
                text_out.push('\n');
            }
            first = false;
            let (variant, givens, filler) = match parsed {
                Ok(p) => p,
                Err((line, fault)) => {
                    after_write(out.flush())?;
                    let at = Error::At {
                        name: name.clone(),
                        line: start + line - 1,
                        fault,
                    };
                    report(&at.to_string());
                    exit = exit.worst(at.exit());
                    text_out.push_str("error\n");
                    if out.write_all(text_out.as_bytes()).is_err() {
                        break 'inputs;
                    }
                    continue;
                }
            };
            let mut own;
            let solver = match (&variant, samurai_solver.as_mut()) {
                (None, Some(s)) => s,
                (v, _) => {
                    let v = v.as_ref().expect("a general puzzle has its variant");
                    own = match variant_solver(v, common.solver) {
                        Ok(s) => s,
                        Err(e) => {
                            after_write(out.flush())?;
                            report(&format!("{name}:{start}: {e}"));
                            exit = exit.worst(Exit::BadInput);
                            continue;
                        }
                    };
                    &mut own
                }
            };
            let before = solver.nodes();
            let at = format!("{name}:{start}");
            let job = Block {
                givens: &givens,
                filler,
                count,
            };
            let (note, earned) = answer_block(solver, &job, per_puzzle, &at, &mut text_out);
            if interrupt::requested() {
                exit = stopped(last.take(), &at);
                break 'inputs;
            }
            exit = exit.worst(earned);
            nodes += solver.nodes() - before;
            if let Some(note) = note {
                after_write(out.flush())?;
                report(&note);
            }
            if let Err(e) = out.write_all(text_out.as_bytes()) {
                // A reader that went away ends the run quietly.
                after_write(Err(e))?;
                break 'inputs;
            }
            last = Some((last.map_or(0, |(n, _)| n) + 1, at));
        }
    }
    after_write(out.flush())?;
    if common.batch.stats {
        report_stats(puzzles, nodes, started.elapsed().as_secs_f64());
    }
    Ok(exit)
}

/// Reports a whole-file run stopped by a signal before the puzzle at `at` was written
/// (its answer may be cut short by the signal), after `last`: the answers written and
/// where the last one's puzzle starts. Returns the exit code.
fn stopped(last: Option<(u64, String)>, at: &str) -> Exit {
    let done = match last {
        Some((written, last)) => format!("{written} answer(s) written, the last for {last}"),
        None => "no answer written".to_string(),
    };
    let not_done = format!("the puzzle at {at} and those after it were not answered");
    interrupt::stopped(&done, &not_done)
}

/// One input read whole and split into its puzzles (each with its first line); an input
/// with none is [`Error::Empty`].
fn read_blocks(path: &Path) -> Result<(String, Vec<(usize, String)>), Error> {
    let (name, text) = read_all(path)?;
    let blocks = blocks(&text);
    if blocks.is_empty() {
        return Err(Error::Empty { name });
    }
    Ok((name, blocks))
}

/// `--stats` of a whole-file run (on one thread).
fn report_stats(puzzles: u64, nodes: u64, secs: f64) {
    let per = if puzzles > 0 {
        secs * 1e6 / puzzles as f64
    } else {
        0.0
    };
    report(&format!(
        "stats: puzzles {puzzles}, wall time {secs:.3} s, {per:.1} µs/puzzle, {nodes} search nodes, 1 thread"
    ));
}

/// A puzzle of a whole-file format: its variant (a general puzzle's own; `None` for
/// samurai), its givens, and how to write its fill (samurai's filler); or the line (within
/// the block) and the fault.
type ParsedBlock = (Option<Variant>, Vec<u8>, Option<char>);

/// Parses one block of a whole-file format.
fn parse_block(kind: VariantKind, block: &str) -> Result<ParsedBlock, (usize, String)> {
    match kind {
        VariantKind::Samurai => samurai::parse(block)
            .map(|p| (None, p.givens, Some(p.filler)))
            .map_err(|e| (e.line, e.kind.to_string())),
        _ => general::parse(block)
            .map(|g| (Some(g.variant), g.givens, None))
            .map_err(|e| (e.line, e.kind.to_string())),
    }
}

/// One puzzle of a whole-file format and what to do with it.
struct Block<'a> {
    givens: &'a [u8],
    /// How to write a samurai fill (`None`: a general puzzle).
    filler: Option<char>,
    /// Count up to this many fills instead of solving.
    count: Option<u64>,
}

/// Solves or counts one puzzle, appending its answer to `text`; returns the note for
/// standard error (prefixed `at`) and the exit code the puzzle earns.
fn answer_block(
    solver: &mut VariantSolver,
    block: &Block,
    per_puzzle: PerPuzzle,
    at: &str,
    text: &mut String,
) -> (Option<String>, Exit) {
    let limits = per_puzzle.limits();
    let hint = per_puzzle.hint();
    match block.count {
        Some(limit) => {
            let c = solver.count(block.givens, limit, limits);
            let _ = write!(text, "{}", c.solutions);
            let mut earned = (None, Exit::Ok);
            if let Some(why) = c.gave_up {
                let _ = write!(text, " (gave up: {why})");
                earned = (Some(format!("{at}: gave up: {why}{hint}")), Exit::GaveUp);
            } else if !c.complete {
                text.push_str(" (stopped at the limit)");
            }
            text.push('\n');
            earned
        }
        None => match solver.solve(block.givens, limits) {
            VariantOutcome::Solved(fill) => {
                text.push_str(&match block.filler {
                    Some(f) => samurai::render(&fill, f),
                    None => general::render(solver.variant(), &fill),
                });
                (None, Exit::Ok)
            }
            VariantOutcome::NoSolution(clash) => {
                text.push_str("no solution\n");
                let note = clash.map(|c| format!("{at}: no solution: {c}"));
                (note, Exit::NoSolution)
            }
            VariantOutcome::GaveUp(why) => {
                let _ = writeln!(text, "gave up ({why})");
                let found = progress_note(&SudokuSolver::progress(solver), block.givens, None);
                (
                    Some(format!("{at}: gave up: {why}{hint}{found}")),
                    Exit::GaveUp,
                )
            }
        },
    }
}

/// The blocks of `text` separated by empty lines, with the 1-based line each starts on.
/// (No line of a samurai or general puzzle is empty.)
fn blocks(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() {
            if !current.is_empty() {
                out.push((start, std::mem::take(&mut current)));
            }
            continue;
        }
        if current.is_empty() {
            start = i + 1;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.is_empty() {
        out.push((start, current));
    }
    out
}

/// `cover --emit`: a variant puzzle in Knuth's dlx format, as (title, text). `puzzle` is
/// `sudoku` (with the variant flags), `samurai` or `general` (a file, `-` for standard
/// input); `None` when it is none of these variants (the caller's own emitter).
pub fn emit(
    puzzle: &str,
    arg: &str,
    flags: &VariantArgs,
) -> Option<Result<(String, String), Error>> {
    let usage = |e: String| Error::Usage(format!("--emit {puzzle} {arg}: {e}"));
    let built = match puzzle {
        "samurai" | "general" => {
            if !flags.variant.is_empty() || flags.regions.is_some() || flags.cages.is_some() {
                return Some(Err(usage(
                    "the houses come from the file; drop the variant flags".into(),
                )));
            }
            read_all(Path::new(arg)).and_then(|(name, text)| {
                let at = |line, fault: String| Error::At {
                    name: name.clone(),
                    line,
                    fault,
                };
                let (variant, givens) = if puzzle == "samurai" {
                    let p = samurai::parse(&text).map_err(|e| at(e.line, e.kind.to_string()))?;
                    (samurai::variant(), p.givens)
                } else {
                    let g = general::parse(&text).map_err(|e| at(e.line, e.kind.to_string()))?;
                    (g.variant, g.givens)
                };
                Ok((format!("{puzzle} puzzle from {name}"), variant, givens))
            })
        }
        "sudoku" => {
            let spec = match flags.spec() {
                Ok(Some(spec)) => spec,
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            };
            Grid::parse_line(arg.trim().as_bytes())
                .map_err(|e| usage(e.to_string()))
                .and_then(|g| {
                    let v = spec.build(g.shape()).map_err(|r| match r {
                        Refusal::Clash(m) | Refusal::Misfit(m) => usage(m),
                        // Already `FILE:LINE: fault`.
                        Refusal::BadCages(m) => Error::Usage(m),
                    })?;
                    if let Some(clash) = v.clash(g.cells()) {
                        return Err(usage(format!("no solution: {clash}")));
                    }
                    let title = format!("sudoku variant: {}", g.to_line());
                    Ok((title, v, g.cells().to_vec()))
                })
        }
        _ => return None,
    };
    Some(built.and_then(|(title, variant, givens)| {
        let named = variant.cover(&givens).map_err(|e| usage(e.to_string()))?;
        let text = named.to_knuth().map_err(|e| usage(e.to_string()))?;
        Ok((title, text))
    }))
}
