//! `cover --emit`: one of the library's puzzles (queens, Langford pairs, pentominoes, a
//! Sudoku) written as an exact-cover problem in Knuth's format.

use std::io::{self, Write};

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
    let usage = |e: String| Error::Usage(format!("--emit {puzzle} {arg}: {e}"));
    let (title, named) = built.map_err(usage)?;
    let text = named.to_knuth().map_err(|e| usage(e.to_string()))?;
    write_emitted(&title, &text)
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

/// `ROWSxCOLS`, e.g. `6x10`.
fn parse_board(arg: &str) -> Result<(usize, usize), String> {
    arg.split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("{arg:?} is not a board size like 6x10"))
}
