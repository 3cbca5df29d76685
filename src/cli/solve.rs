//! `solve` and `count`: read records from each input, answer each in order, report.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::Path;
use std::time::Instant;

use sudoku_dlx::sudoku::format::{Format, Parser, Record, render};
use sudoku_dlx::sudoku::{
    Bitmask, Candidates, DlxSolver, GenericDlxSolver, Limits, Naive, NoSolution, Outcome, Shape,
    SudokuSolver,
};

use super::input::LineReader;
use super::{Common, Exit, OutputFormat, SolverKind};

/// What to do with each puzzle.
pub enum Job {
    Solve(OutputFormat),
    Count(u64),
}

/// Totals for `--stats`.
#[derive(Debug, Default)]
struct Tally {
    puzzles: u64,
    solved: u64,
    no_solution: u64,
    errors: u64,
    gave_up: u64,
}

/// Solvers of one kind by shape, made on first use.
pub(super) struct Solvers {
    kind: SolverKind,
    by_shape: HashMap<Shape, Box<dyn SudokuSolver>>,
}

impl Solvers {
    pub(super) fn new(kind: SolverKind) -> Solvers {
        Solvers {
            kind,
            by_shape: HashMap::new(),
        }
    }

    pub(super) fn get(&mut self, shape: Shape) -> &mut dyn SudokuSolver {
        let kind = self.kind;
        self.by_shape
            .entry(shape)
            .or_insert_with(|| match kind {
                SolverKind::Dlx => Box::new(DlxSolver::new(shape)),
                SolverKind::DlxGeneric => Box::new(GenericDlxSolver::new(shape)),
                SolverKind::Naive => Box::new(Naive::new(shape)),
                SolverKind::Bitmask => Box::new(Bitmask::new(shape)),
                SolverKind::Candidates => Box::new(Candidates::new(shape)),
            })
            .as_mut()
    }

    pub(super) fn nodes(&self) -> u64 {
        self.by_shape.values().map(|s| s.nodes()).sum()
    }
}

/// Where answers go, and whether the last answer took several lines (answers that do are
/// separated from their neighbours by an empty line).
struct Out<W: Write> {
    w: W,
    wrote: bool,
    last_multi: bool,
    flush_each: bool,
}

impl<W: Write> Out<W> {
    fn answer(&mut self, text: &str, multi: bool) -> io::Result<()> {
        if self.wrote && (multi || self.last_multi) {
            self.w.write_all(b"\n")?;
        }
        self.w.write_all(text.as_bytes())?;
        self.wrote = true;
        self.last_multi = multi;
        if self.flush_each {
            self.w.flush()?;
        }
        Ok(())
    }
}

/// The run: every input in order; returns the exit code.
pub fn run(job: Job, common: &Common) -> Exit {
    let started = Instant::now();
    let stdout = io::stdout();
    let mut out = Out {
        w: io::BufWriter::with_capacity(64 * 1024, stdout.lock()),
        wrote: false,
        last_multi: false,
        flush_each: io::stdin().is_terminal(),
    };
    let mut solvers = Solvers::new(common.solver);
    let limits = Limits::nodes(common.max_nodes.unwrap_or(u64::MAX));
    let mut tally = Tally::default();
    let mut exit = Exit::Ok;
    let stdin_path = Path::new("-");
    let inputs: Vec<&Path> = if common.files.is_empty() {
        vec![stdin_path]
    } else {
        common.files.iter().map(|p| p.as_path()).collect()
    };
    for path in inputs {
        let (name, reader): (String, Box<dyn BufRead>) = if path == stdin_path {
            ("<stdin>".to_string(), Box::new(io::stdin().lock()))
        } else {
            match File::open(path) {
                Ok(f) => (
                    path.display().to_string(),
                    Box::new(BufReader::with_capacity(64 * 1024, f)),
                ),
                Err(e) => {
                    eprintln!("sudoku-dlx: {}: {}", path.display(), e);
                    exit = exit.worst(Exit::BadInput);
                    continue;
                }
            }
        };
        let mut ctx = Ctx {
            name: &name,
            job: &job,
            solvers: &mut solvers,
            limits,
            tally: &mut tally,
            exit: &mut exit,
        };
        match process(reader, &mut ctx, &mut out) {
            Ok(0) => {
                eprintln!("sudoku-dlx: {name}: no puzzle found");
                exit = exit.worst(Exit::BadInput);
            }
            Ok(_) => {}
            Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                // The reader went away (`| head`): stop quietly.
                return exit;
            }
            Err(Failure::Output(e)) => {
                eprintln!("sudoku-dlx: writing output: {e}");
                return exit.worst(Exit::BadInput);
            }
            Err(Failure::Input(e)) => {
                eprintln!("sudoku-dlx: {name}: {e}");
                exit = exit.worst(Exit::BadInput);
            }
        }
    }
    if let Err(e) = out.w.flush()
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        eprintln!("sudoku-dlx: writing output: {e}");
        exit = exit.worst(Exit::BadInput);
    }
    if common.stats {
        report(&tally, solvers.nodes(), started.elapsed().as_secs_f64());
    }
    exit
}

enum Failure {
    Input(io::Error),
    Output(io::Error),
}

struct Ctx<'a> {
    name: &'a str,
    job: &'a Job,
    solvers: &'a mut Solvers,
    limits: Limits,
    tally: &'a mut Tally,
    exit: &'a mut Exit,
}

/// Answers every record of one input; returns how many there were.
fn process<W: Write>(
    reader: Box<dyn BufRead + '_>,
    ctx: &mut Ctx<'_>,
    out: &mut Out<W>,
) -> Result<u64, Failure> {
    let mut lines = LineReader::new(reader);
    let mut parser = Parser::new();
    let mut buf = Vec::new();
    let mut records = 0;
    while let Some((number, full_len)) = lines.next_line(&mut buf).map_err(Failure::Input)? {
        if let Some(record) = parser.push_line(number, &buf, full_len) {
            records += 1;
            answer(record, ctx, out).map_err(Failure::Output)?;
        }
    }
    if let Some(record) = parser.finish(lines.last_line()) {
        records += 1;
        answer(record, ctx, out).map_err(Failure::Output)?;
    }
    Ok(records)
}

fn answer<W: Write>(record: Record, ctx: &mut Ctx<'_>, out: &mut Out<W>) -> io::Result<()> {
    ctx.tally.puzzles += 1;
    let puzzle = match record.grid {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{}:{}", ctx.name, e);
            ctx.tally.errors += 1;
            *ctx.exit = ctx.exit.worst(Exit::BadInput);
            return out.answer("error\n", false);
        }
    };
    let solver = ctx.solvers.get(puzzle.shape());
    match ctx.job {
        Job::Solve(format) => {
            let format = match format {
                OutputFormat::Auto => record.format,
                OutputFormat::Line => Format::Line,
                OutputFormat::Spaced => Format::Spaced,
                OutputFormat::Compact => Format::Compact,
                OutputFormat::Pretty => Format::Pretty,
            };
            match solver.solve_within(&puzzle, ctx.limits) {
                Outcome::Solved(g) => {
                    ctx.tally.solved += 1;
                    out.answer(&render(&g, format), format.is_grid())
                }
                Outcome::NoSolution(why) => {
                    ctx.tally.no_solution += 1;
                    *ctx.exit = ctx.exit.worst(Exit::NoSolution);
                    if let NoSolution::Clash(c) = why {
                        eprintln!("{}:{}: no solution: {}", ctx.name, record.line, c);
                    }
                    out.answer("no solution\n", false)
                }
                Outcome::GaveUp(why) => {
                    ctx.tally.gave_up += 1;
                    *ctx.exit = ctx.exit.worst(Exit::GaveUp);
                    eprintln!("{}:{}: gave up: {}", ctx.name, record.line, why);
                    out.answer(&format!("gave up ({why})\n"), false)
                }
            }
        }
        Job::Count(limit) => {
            let count = solver.count_within(&puzzle, *limit, ctx.limits);
            let text = if count.complete {
                ctx.tally.solved += 1;
                format!("{}\n", count.solutions)
            } else if let Some(why) = count.gave_up {
                ctx.tally.gave_up += 1;
                *ctx.exit = ctx.exit.worst(Exit::GaveUp);
                eprintln!("{}:{}: gave up: {}", ctx.name, record.line, why);
                format!("{} (gave up: {why})\n", count.solutions)
            } else {
                ctx.tally.solved += 1;
                format!("{} (stopped at the limit)\n", count.solutions)
            };
            out.answer(&text, false)
        }
    }
}

fn report(t: &Tally, nodes: u64, secs: f64) {
    let per = if t.puzzles > 0 {
        secs * 1e6 / t.puzzles as f64
    } else {
        0.0
    };
    let rate = if secs > 0.0 {
        t.puzzles as f64 / secs
    } else {
        0.0
    };
    let nodes_per = if t.puzzles > 0 {
        nodes as f64 / t.puzzles as f64
    } else {
        0.0
    };
    eprintln!(
        "stats: puzzles {}, solved {}, no solution {}, errors {}, gave up {}",
        t.puzzles, t.solved, t.no_solution, t.errors, t.gave_up
    );
    eprintln!(
        "stats: wall time {secs:.3} s, {per:.1} µs/puzzle, {rate:.0} puzzles/s, {nodes} search nodes ({nodes_per:.1}/puzzle)"
    );
}
