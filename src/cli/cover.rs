//! `cover`: exact-cover problems in Knuth's text format, read, solved and reported; and
//! `--emit`, which writes one of the library's puzzles in that format.

use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

use sudoku_dlx::exact_cover::knuth::{Named, Parsed, Reader};
use sudoku_dlx::exact_cover::{Chooser, Limits, Solver};
use sudoku_dlx::puzzles::{Langford, Pentominoes, Queens, SudokuCover};
use sudoku_dlx::sudoku::Grid;

use super::input::open;
use super::{CoverArgs, Exit};

mod jobfile;
mod parallel;
mod split;

/// Runs `cover`; returns the exit code.
pub fn run(args: &CoverArgs) -> Exit {
    if let Some(emit) = &args.emit {
        return emit_puzzle(&emit[0], &emit[1]);
    }
    if let Some(files) = &args.split.merge {
        return split::merge(files);
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
    let mut reader = split::Hashing::new(reader);
    let parsed = match read(&mut reader, &name) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("{message}");
            return Exit::BadInput;
        }
    };
    for line in &parsed.ignored {
        eprintln!("{name}:{line}: warning: option ignored (no primary items)");
    }
    if let Some(exit) = split::run(&args.split, &parsed, &name, &reader.hex(), args.stats) {
        return exit;
    }
    let read_secs = started.elapsed().as_secs_f64();
    let searched = Instant::now();
    let mut solver = Solver::new(&parsed.named.problem);
    let stats;
    let out = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, out.lock());
    let limit = args.limit.unwrap_or(u64::MAX);
    let threads = parallel::threads(args.split.threads);
    let mut parts = None;
    let written = if threads > 1 && (args.count || args.all) {
        let (written, report) = parallel::run(&solver, &parsed, args.all, limit, threads, &mut out);
        parts = Some(report.parts);
        stats = report.stats;
        written
    } else if args.count {
        let count = solver.count_solutions(limit);
        stats = solver.stats();
        write_count(&mut out, count.solutions, count.stopped_early).map(|()| Exit::Ok)
    } else {
        let wanted = if args.all { limit } else { 1 };
        let written = print_solutions(&mut solver, &parsed, wanted, args.all, &mut out);
        stats = solver.stats();
        written
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
        let s = stats;
        if let Some(parts) = parts {
            eprintln!("stats: {threads} threads, {parts} subtrees");
        }
        eprintln!(
            "stats: {} primary + {} secondary items, {} options, {} colors",
            p.primary_items(),
            p.secondary_items(),
            p.options(),
            parsed.named.color_names.len()
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

/// Reads the whole input; `Err` is the message to print.
fn read(mut reader: impl BufRead, name: &str) -> Result<Parsed, String> {
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
    solver: &mut Solver,
    parsed: &Parsed,
    wanted: u64,
    numbered: bool,
    out: &mut W,
) -> io::Result<Exit> {
    let mut found = 0u64;
    let mut failure = None;
    let mut sorted = Vec::new();
    let mut text = Vec::new();
    solver.search(Chooser::Mrv, Limits::NONE, |solution| {
        found += 1;
        text.clear();
        solution_text(parsed, solution, &mut sorted, &mut text);
        if let Err(e) = write_solution(out, found, numbered, &text) {
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

/// Appends a solution's option lines, in input order, to `text`.
fn solution_text(parsed: &Parsed, solution: &[usize], sorted: &mut Vec<usize>, text: &mut Vec<u8>) {
    sorted.clear();
    sorted.extend_from_slice(solution);
    sorted.sort_unstable();
    for &o in sorted.iter() {
        text.extend_from_slice(parsed.option_texts[o].as_bytes());
        text.push(b'\n');
    }
}

/// Writes solution number `found` (from 1), its lines made by [`solution_text`]; with
/// `numbered`, after a line `N:` and, from the second on, an empty line.
fn write_solution<W: Write>(
    out: &mut W,
    found: u64,
    numbered: bool,
    text: &[u8],
) -> io::Result<()> {
    if numbered {
        if found > 1 {
            writeln!(out)?;
        }
        writeln!(out, "{found}:")?;
    }
    out.write_all(text)
}

/// Writes `--count`'s answer.
fn write_count<W: Write>(out: &mut W, solutions: u64, stopped_early: bool) -> io::Result<()> {
    let note = if stopped_early {
        " (stopped at the limit)"
    } else {
        ""
    };
    writeln!(out, "{solutions}{note}")
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
            "unknown puzzle {other:?} (expected queens, pentominoes, langford or sudoku)"
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
    let mut out = io::stdout().lock();
    let written = writeln!(out, "| {title}")
        .and_then(|()| out.write_all(text.as_bytes()))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => Exit::Ok,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Ok,
        Err(e) => {
            eprintln!("sudoku-dlx: writing output: {e}");
            Exit::BadInput
        }
    }
}

fn parse_number(arg: &str) -> Result<usize, String> {
    arg.parse()
        .map_err(|_| format!("{arg:?} is not a whole number"))
}

/// `ROWSxCOLS`, e.g. `6x10`.
fn parse_board(arg: &str) -> Result<(usize, usize), String> {
    arg.split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("{arg:?} is not a board size like 6x10"))
}
