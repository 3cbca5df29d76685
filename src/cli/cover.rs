//! `cover`: exact-cover problems in Knuth's text format, read, solved and reported; and
//! `--emit`, which writes one of the library's puzzles in that format.

use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

use sudoku_dlx::exact_cover::knuth::{Named, Parsed, Reader};
use sudoku_dlx::exact_cover::preprocess::{self, Removal};
use sudoku_dlx::exact_cover::{
    Chooser, Count, Limits, MultiSolver, Problem, SearchEnd, Solver, Stats, cost,
};
use sudoku_dlx::puzzles::{Langford, Pentominoes, Queens, SudokuCover};
use sudoku_dlx::sudoku::Grid;

use super::input::open;
use super::{CoverArgs, Exit};

/// Runs `cover`; returns the exit code.
pub fn run(args: &CoverArgs) -> Exit {
    if let Some(emit) = &args.emit {
        return emit_puzzle(&emit[0], &emit[1]);
    }
    let started = Instant::now();
    let path = args.file.as_deref().unwrap_or(Path::new("-"));
    let (name, reader) = match open(path) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("{message}");
            return Exit::BadInput;
        }
    };
    let parsed = match read(reader, &name) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("{message}");
            return Exit::BadInput;
        }
    };
    for line in &parsed.ignored {
        eprintln!("{name}:{line}: warning: option ignored (no primary items)");
    }
    if args.pre {
        return write_preprocessed(&parsed, &name);
    }
    let read_secs = started.elapsed().as_secs_f64();
    let searched = Instant::now();
    let mut solver = Engine::new(&parsed.named.problem);
    let out = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, out.lock());
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut stats = None;
    let written = if args.min_cost || args.best.is_some() {
        let best = cost::cheapest(
            &parsed.named.problem,
            args.best.unwrap_or(1) as usize,
            Limits::NONE,
        );
        stats = Some(best.stats);
        print_cheapest(&best.solutions, &parsed, &mut out)
    } else if args.count {
        let count = solver.count(limit);
        let note = if count.stopped_early {
            " (stopped at the limit)"
        } else {
            ""
        };
        writeln!(out, "{}{note}", count.solutions).map(|()| Exit::Ok)
    } else {
        let wanted = if args.all { limit } else { 1 };
        print_solutions(&mut solver, &parsed, wanted, args.all, &mut out)
    };
    let exit = match written.and_then(|exit| out.flush().map(|()| exit)) {
        Ok(exit) => exit,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Ok,
        Err(e) => {
            eprintln!("sudoku-dlx: writing output: {e}");
            Exit::BadInput
        }
    };
    if args.stats {
        let p = &parsed.named.problem;
        let s = stats.unwrap_or_else(|| solver.stats());
        eprintln!(
            "stats: {} primary + {} secondary items, {} options, {} colors{}",
            p.primary_items(),
            p.secondary_items(),
            p.options(),
            parsed.named.color_names.len(),
            if matches!(solver, Engine::Multi(_)) || stats.is_some() {
                " (Algorithm M, dlx3's counts)"
            } else {
                ""
            }
        );
        eprintln!(
            "stats: solutions {}, nodes {}, link updates {}, read {read_secs:.3} s, search {:.3} s",
            s.solutions,
            s.nodes,
            s.updates,
            searched.elapsed().as_secs_f64()
        );
    }
    exit
}

/// The engine `cover` runs: the plain Algorithm X/C, or Knuth's Algorithm M when some item
/// has a multiplicity.
enum Engine {
    Plain(Solver),
    Multi(MultiSolver),
}

impl Engine {
    fn new(problem: &Problem) -> Engine {
        if problem.has_multiplicities() {
            Engine::Multi(MultiSolver::new(problem))
        } else {
            Engine::Plain(Solver::new(problem))
        }
    }

    fn search<F: FnMut(&[usize]) -> ControlFlow<()>>(&mut self, visit: F) -> SearchEnd {
        match self {
            Engine::Plain(s) => s.search(Chooser::Mrv, Limits::NONE, visit),
            Engine::Multi(s) => s.search(Limits::NONE, visit),
        }
    }

    fn count(&mut self, limit: u64) -> Count {
        match self {
            Engine::Plain(s) => s.count_solutions(limit),
            Engine::Multi(s) => s.count_solutions(limit),
        }
    }

    fn stats(&self) -> Stats {
        match self {
            Engine::Plain(s) => s.stats(),
            Engine::Multi(s) => s.stats(),
        }
    }
}

/// `--min-cost` and `--best K`: each solution after a line `N: cost C`, its options in
/// input order, solutions separated by an empty line.
fn print_cheapest<W: Write>(
    solutions: &[cost::Costed],
    parsed: &Parsed,
    out: &mut W,
) -> io::Result<Exit> {
    for (k, solution) in solutions.iter().enumerate() {
        if k > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}: cost {}", k + 1, solution.cost)?;
        for &o in &solution.options {
            writeln!(out, "{}", parsed.option_texts[o])?;
        }
    }
    if solutions.is_empty() {
        writeln!(out, "no solution")?;
        return Ok(Exit::NoSolution);
    }
    Ok(Exit::Ok)
}

/// `--pre`: the reduced problem on standard output, what was removed on standard error.
fn write_preprocessed(parsed: &Parsed, name: &str) -> Exit {
    let named = &parsed.named;
    let reduced = match preprocess::reduce(&named.problem) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("sudoku-dlx: {name}: --pre: {e}");
            return Exit::BadInput;
        }
    };
    let item = |i: usize| named.item_names[i].as_str();
    let option = |o: usize| {
        format!(
            "{name}:{}: option {:?}",
            parsed.option_lines[o], parsed.option_texts[o]
        )
    };
    for removal in &reduced.removals {
        let line = match *removal {
            Removal::ImpliedItem { item: c, by } => {
                format!(
                    "{name}: item {} removed: every option of {} has it",
                    item(c),
                    item(by)
                )
            }
            Removal::OptionWithImpliedItem {
                option: o,
                item: c,
                by,
            } => format!(
                "{} removed: it has {} but not {}, which implies it",
                option(o),
                item(c),
                item(by)
            ),
            Removal::BlockedOption { option: o, by } => format!(
                "{} removed: it clashes with every option of {}",
                option(o),
                item(by)
            ),
            Removal::UnusedItem { item: c } => {
                format!("{name}: item {} removed: it is in no option", item(c))
            }
            Removal::Infeasible { item: c } => format!(
                "{name}: primary item {} is in no option: the problem has no solution",
                item(c)
            ),
        };
        eprintln!("pre: {line}");
    }
    let p = &named.problem;
    let r = &reduced.problem;
    let summary = format!(
        "{} of {} items and {} of {} options kept",
        r.items(),
        p.items(),
        r.options(),
        p.options()
    );
    eprintln!("pre: {name}: {summary}");
    let smaller = Named::new(
        reduced.problem.clone(),
        reduced
            .items
            .iter()
            .map(|&i| named.item_names[i].clone())
            .collect(),
        named.color_names.clone(),
    );
    let text = match smaller.to_knuth() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("sudoku-dlx: --pre: {e}");
            return Exit::BadInput;
        }
    };
    write_text(&format!(
        "| {name} preprocessed (dlx-pre): {summary}\n{text}"
    ))
}

/// Writes `text` to standard output; a closed pipe is not an error.
fn write_text(text: &str) -> Exit {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Exit::Ok,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Ok,
        Err(e) => {
            eprintln!("sudoku-dlx: writing output: {e}");
            Exit::BadInput
        }
    }
}

/// Reads the whole input; `Err` is the message to print.
fn read(mut reader: Box<dyn BufRead + '_>, name: &str) -> Result<Parsed, String> {
    let mut knuth = Reader::new();
    let mut buf = Vec::new();
    let mut number = 0;
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => return Err(format!("sudoku-dlx: {name}: {e}")),
        }
        number += 1;
        let bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let line =
            std::str::from_utf8(bytes).map_err(|_| format!("{name}:{number}: not valid UTF-8"))?;
        knuth
            .push_line(number, line)
            .map_err(|e| format!("{name}:{}: {}", e.line, e.kind))?;
    }
    knuth
        .finish()
        .map_err(|e| format!("{name}:{}: {}", e.line, e.kind))
}

/// Prints up to `wanted` solutions, options one per line in input order; with `numbered`,
/// each after a line `N:` and separated by an empty line.
fn print_solutions<W: Write>(
    solver: &mut Engine,
    parsed: &Parsed,
    wanted: u64,
    numbered: bool,
    out: &mut W,
) -> io::Result<Exit> {
    let mut found = 0u64;
    let mut failure = None;
    let mut sorted = Vec::new();
    solver.search(|solution| {
        found += 1;
        sorted.clear();
        sorted.extend_from_slice(solution);
        sorted.sort_unstable();
        let mut write = || -> io::Result<()> {
            if numbered {
                if found > 1 {
                    writeln!(out)?;
                }
                writeln!(out, "{found}:")?;
            }
            for &o in &sorted {
                writeln!(out, "{}", parsed.option_texts[o])?;
            }
            Ok(())
        };
        if let Err(e) = write() {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        if found >= wanted {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if found == 0 {
        writeln!(out, "no solution")?;
        return Ok(Exit::NoSolution);
    }
    Ok(Exit::Ok)
}

/// `--emit PUZZLE ARG`: the puzzle in Knuth's format on standard output.
fn emit_puzzle(puzzle: &str, arg: &str) -> Exit {
    let built: Result<(String, Named), String> = match puzzle {
        "queens" => parse_number(arg).and_then(|n| {
            let q = Queens::new(n).map_err(|e| e.to_string())?;
            Ok((
                format!("{n} queens: rows and columns primary, diagonals secondary"),
                q.named().clone(),
            ))
        }),
        "kqueens" => parse_pair(arg).and_then(|(n, k)| {
            let q = Queens::placing(n, k).map_err(|e| e.to_string())?;
            Ok((
                format!("{k} queens on {n}x{n}: rows and columns 0:1, q {k}:{k} (dlx3)"),
                q.named().clone(),
            ))
        }),
        "langford" => parse_number(arg).and_then(|n| {
            let l = Langford::new(n).map_err(|e| e.to_string())?;
            Ok((
                format!("Langford pairs for 1..{n}, up to reversal"),
                l.named().clone(),
            ))
        }),
        "pentominoes" => parse_board(arg).and_then(|(rows, cols)| {
            let p = Pentominoes::new(cols, rows, true).map_err(|e| e.to_string())?;
            Ok((
                format!("pentominoes on {rows}x{cols} (rows x columns), up to symmetry"),
                p.named().clone(),
            ))
        }),
        "sudoku" => Grid::parse_line(arg.trim().as_bytes())
            .map_err(|e| e.to_string())
            .map(|g| {
                let n = g.shape().side();
                (
                    format!("sudoku {n}x{n}: {}", g.to_line()),
                    SudokuCover::new(&g).named().clone(),
                )
            }),
        other => Err(format!(
            "unknown puzzle {other:?} (expected queens, kqueens, pentominoes, langford or sudoku)"
        )),
    };
    let (title, named) = match built {
        Ok(b) => b,
        Err(e) => {
            eprintln!("sudoku-dlx: --emit {puzzle} {arg}: {e}");
            return Exit::BadInput;
        }
    };
    let text = match named.to_knuth() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("sudoku-dlx: --emit {puzzle}: {e}");
            return Exit::BadInput;
        }
    };
    write_text(&format!("| {title}\n{text}"))
}

fn parse_number(arg: &str) -> Result<usize, String> {
    arg.parse()
        .map_err(|_| format!("{arg:?} is not a whole number"))
}

/// `N:K`, e.g. `8:5`.
fn parse_pair(arg: &str) -> Result<(usize, usize), String> {
    arg.split_once(':')
        .and_then(|(n, k)| Some((n.parse().ok()?, k.parse().ok()?)))
        .ok_or_else(|| format!("{arg:?} is not a size and a count like 8:5"))
}

/// `ROWSxCOLS`, e.g. `6x10`.
fn parse_board(arg: &str) -> Result<(usize, usize), String> {
    arg.split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("{arg:?} is not a board size like 6x10"))
}
