//! Counts the tilings of a rectangle by the twelve pentominoes, up to the board's
//! symmetries (add `--all` to count every tiling), and shows the first.
//!
//! `cargo run --release -p dlx-sudoku --example pentominoes -- 6x10` prints 2339 (5x12 → 1010,
//! 4x15 → 368, 3x20 → 2; 6x10 --all → 9356).

use std::process::ExitCode;
use std::time::Instant;

use dlx_cover::Solver;
use dlx_sudoku::puzzles::Pentominoes;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let size = args
        .iter()
        .find(|a| *a != "--all")
        .cloned()
        .unwrap_or_else(|| "6x10".into());
    let parsed = size
        .split_once(['x', 'X'])
        .and_then(|(h, w)| Some((h.parse::<usize>().ok()?, w.parse::<usize>().ok()?)));
    let Some((height, width)) = parsed else {
        eprintln!("usage: pentominoes [HxW] [--all]  (default 6x10; not {size:?})");
        return ExitCode::from(2);
    };
    let puzzle = match Pentominoes::new(width, height, !all) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("pentominoes: {e}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(puzzle.problem());
    if let Some(first) = solver.first_solution() {
        for row in puzzle.decode(&first) {
            println!("{}", row.iter().collect::<String>());
        }
    }
    solver.reset_stats();
    let started = Instant::now();
    let count = solver.count_solutions(u64::MAX);
    let stats = solver.stats();
    let what = if all { "in all" } else { "up to symmetry" };
    println!("{height}x{width}: {} tilings {what}", count.solutions);
    eprintln!(
        "{} nodes, {} updates, {:.3} s",
        stats.nodes,
        stats.updates,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
