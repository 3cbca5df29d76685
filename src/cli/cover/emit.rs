//! `cover --emit`: one of the library's puzzles (queens, Langford pairs, pentominoes, a
//! Sudoku) written as an exact-cover problem in Knuth's format.

use std::io::{self, Write};

use dlx_cover::Problem;
use dlx_cover::knuth::Named;
use dlx_sudoku::Grid;
use dlx_sudoku::puzzles::{Langford, Pentominoes, Queens, SudokuCover};

use crate::cli::error::{Error, Exit, after_write};

/// `--emit PUZZLE ARG`: the puzzle in Knuth's format on standard output.
pub fn emit_puzzle(puzzle: &str, arg: &str) -> Result<Exit, Error> {
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
        "dominoes" => parse_board_or_side(arg).and_then(|(rows, cols)| {
            Ok((
                format!("domino tilings of a {rows}x{cols} board (rows x columns)"),
                dominoes(rows, cols)?,
            ))
        }),
        "monomer-dimer" => parse_board_or_side(arg).and_then(|(rows, cols)| {
            Ok((
                format!("monomer-dimer coverings of a {rows}x{cols} board (rows x columns)"),
                monomer_dimer(rows, cols)?,
            ))
        }),
        "aztec" => parse_number(arg).and_then(|n| {
            Ok((
                format!("domino tilings of the Aztec diamond of order {n}"),
                aztec(n)?,
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
            "unknown puzzle {other:?} (expected queens, kqueens, pentominoes, langford, dominoes, monomer-dimer, aztec or sudoku)"
        )),
    };
    let usage = |e: String| Error::Usage(format!("--emit {puzzle} {arg}: {e}"));
    let (title, named) = built.map_err(usage)?;
    let text = named.to_knuth().map_err(|e| usage(e.to_string()))?;
    write_emitted(&title, &text)
}

/// Domino tilings of a `rows`×`cols` board: an item `r{i}c{j}` per cell, an option per
/// pair of neighbouring cells (row by row, each cell's horizontal domino before its
/// vertical one).
fn dominoes(rows: usize, cols: usize) -> Result<Named, String> {
    if rows == 0 || cols == 0 || rows * cols > 10_000 {
        return Err("the board must have 1 to 10000 cells".to_string());
    }
    domino_tilings(rows, cols, |_, _| true, false)
}

/// Monomer-dimer coverings of a `rows`×`cols` board: [`dominoes`] with a one-cell option
/// per cell too (before the cell's dominoes).
fn monomer_dimer(rows: usize, cols: usize) -> Result<Named, String> {
    if rows == 0 || cols == 0 || rows * cols > 10_000 {
        return Err("the board must have 1 to 10000 cells".to_string());
    }
    domino_tilings(rows, cols, |_, _| true, true)
}

/// Domino tilings of the Aztec diamond of order `n` (2^(n(n+1)/2) of them): the cells of
/// a 2n×2n board whose centres lie within taxicab distance `n` of its centre, named and
/// ordered as [`dominoes`] does.
fn aztec(n: usize) -> Result<Named, String> {
    if n == 0 || n > 50 {
        return Err("the order must be 1 to 50".to_string());
    }
    let inside =
        |i: usize, j: usize| (2 * i + 1).abs_diff(2 * n) + (2 * j + 1).abs_diff(2 * n) <= 2 * n;
    domino_tilings(2 * n, 2 * n, inside, false)
}

/// Domino tilings of the cells `(i, j)` of a `rows`×`cols` board for which `inside` holds;
/// with `monomers`, each cell may also be covered alone.
fn domino_tilings(
    rows: usize,
    cols: usize,
    inside: impl Fn(usize, usize) -> bool,
    monomers: bool,
) -> Result<Named, String> {
    let name = |i: usize, j: usize| format!("r{i}c{j}");
    let cells: Vec<(usize, usize)> = (0..rows)
        .flat_map(|i| (0..cols).map(move |j| (i, j)))
        .filter(|&(i, j)| inside(i, j))
        .collect();
    let names: Vec<String> = cells.iter().map(|&(i, j)| name(i, j)).collect();
    let none: [&str; 0] = [];
    let mut problem = Problem::with_names(&names, none).map_err(|e| e.to_string())?;
    for &(i, j) in &cells {
        if monomers {
            problem
                .add_named_option([name(i, j)])
                .map_err(|e| e.to_string())?;
        }
        for (k, l) in [(i, j + 1), (i + 1, j)] {
            if k < rows && l < cols && inside(k, l) {
                problem
                    .add_named_option([name(i, j), name(k, l)])
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(Named::new(problem, names, Vec::new()))
}

/// Writes an emitted problem: a comment line with its title, then the Knuth text.
pub fn write_emitted(title: &str, text: &str) -> Result<Exit, Error> {
    let mut out = io::stdout().lock();
    let written = writeln!(out, "| {title}")
        .and_then(|()| out.write_all(text.as_bytes()))
        .and_then(|()| out.flush());
    after_write(written)?;
    Ok(Exit::Ok)
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

/// `ROWSxCOLS`, or `N` for a square board (the error then is `N`'s).
fn parse_board_or_side(arg: &str) -> Result<(usize, usize), String> {
    parse_board(arg).or_else(|_| parse_number(arg).map(|n| (n, n)))
}

/// `ROWSxCOLS`, e.g. `6x10`.
fn parse_board(arg: &str) -> Result<(usize, usize), String> {
    arg.split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("{arg:?} is not a board size like 6x10"))
}
