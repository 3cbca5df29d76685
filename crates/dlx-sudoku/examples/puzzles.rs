//! Counts the solutions of one of the library's other puzzles with the exact-cover engine
//! alone, and shows the first:
//!
//! * `queens N`: non-attacking queens on an N×N board (`12` prints 14200; 8 → 92, 10 → 724).
//! * `langford N`: Langford pairings of `1..=N` up to reversal (`11` prints 17792; 7 → 26,
//!   8 → 150).
//! * `pentominoes HxW [--all]`: tilings of a rectangle by the twelve pentominoes, up to the
//!   board's symmetries or, with `--all`, every one (`6x10` prints 2339; 5x12 → 1010,
//!   4x15 → 368, 3x20 → 2; 6x10 --all → 9356).
//!
//! `cargo run --release -p dlx-sudoku --example puzzles -- pentominoes 6x10`.

use std::process::ExitCode;
use std::time::Instant;

use dlx_cover::{Problem, Solver};
use dlx_sudoku::puzzles::{Langford, Pentominoes, Queens};

const USAGE: &str = "usage: puzzles queens [N] | langford [N] | pentominoes [HxW] [--all]";

/// How a solution (its options, in order) is shown.
type Show = Box<dyn Fn(&[usize]) -> String>;

/// A puzzle ready to count: its problem, how to show a solution, and the count's caption.
struct Puzzle {
    problem: Problem,
    show: Show,
    caption: String,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let puzzle = match build(&args) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("{message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(&puzzle.problem);
    if let Some(first) = solver.first_solution() {
        println!("{}", (puzzle.show)(&first));
    }
    solver.reset_stats();
    let started = Instant::now();
    let count = solver.count_solutions(u64::MAX);
    let stats = solver.stats();
    println!("{}: {}", puzzle.caption, count.solutions);
    eprintln!(
        "{} nodes, {} updates, {:.3} s",
        stats.nodes,
        stats.updates,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// The puzzle the arguments ask for, or what is wrong with them.
fn build(args: &[String]) -> Result<Puzzle, String> {
    let kind = args.first().map_or("queens", String::as_str);
    let all = args.iter().skip(1).any(|a| a == "--all");
    let size = args.iter().skip(1).find(|a| *a != "--all");
    let number = |default: usize| -> Result<usize, String> {
        size.map_or(Ok(default), |s| {
            s.parse()
                .map_err(|_| format!("{kind}: not a number: {s:?}"))
        })
    };
    match kind {
        "queens" => {
            let n = number(8)?;
            let queens = Queens::new(n).map_err(|e| format!("queens: {e}"))?;
            Ok(Puzzle {
                problem: queens.problem().clone(),
                show: Box::new(move |first| {
                    let rows: Vec<String> = queens
                        .decode(first)
                        .into_iter()
                        .map(|col| (0..n).map(|c| if c == col { 'Q' } else { '.' }).collect())
                        .collect();
                    rows.join("\n")
                }),
                caption: format!("{n} queens, solutions"),
            })
        }
        "langford" => {
            let n = number(7)?;
            let langford = Langford::new(n).map_err(|e| format!("langford: {e}"))?;
            Ok(Puzzle {
                problem: langford.problem().clone(),
                show: Box::new(move |first| {
                    let seq: Vec<String> = langford
                        .decode(first)
                        .iter()
                        .map(|k| k.to_string())
                        .collect();
                    seq.join(" ")
                }),
                caption: format!("L({n}), up to reversal"),
            })
        }
        "pentominoes" => {
            let size = size.map_or("6x10", String::as_str);
            let (height, width) = size
                .split_once(['x', 'X'])
                .and_then(|(h, w)| Some((h.parse::<usize>().ok()?, w.parse::<usize>().ok()?)))
                .ok_or_else(|| format!("pentominoes: not a size HxW: {size:?}"))?;
            let board =
                Pentominoes::new(width, height, !all).map_err(|e| format!("pentominoes: {e}"))?;
            let what = if all { "in all" } else { "up to symmetry" };
            Ok(Puzzle {
                problem: board.problem().clone(),
                show: Box::new(move |first| {
                    let rows: Vec<String> = board
                        .decode(first)
                        .iter()
                        .map(|row| row.iter().collect())
                        .collect();
                    rows.join("\n")
                }),
                caption: format!("{height}x{width}, tilings {what}"),
            })
        }
        other => Err(format!("no puzzle {other:?}")),
    }
}
