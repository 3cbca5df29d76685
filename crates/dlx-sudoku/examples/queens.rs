//! Counts the ways to place `n` non-attacking queens and shows the first.
//!
//! `cargo run --release -p dlx-sudoku --example queens -- 12` prints 14200 (8 → 92, 10 → 724).

use std::process::ExitCode;
use std::time::Instant;

use dlx_cover::Solver;
use dlx_sudoku::puzzles::Queens;

fn main() -> ExitCode {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "8".into());
    let Ok(n) = arg.parse::<usize>() else {
        eprintln!("usage: queens [N]  (N a board side, default 8; not {arg:?})");
        return ExitCode::from(2);
    };
    let queens = match Queens::new(n) {
        Ok(q) => q,
        Err(e) => {
            eprintln!("queens: {e}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(queens.problem());
    if let Some(first) = solver.first_solution() {
        for col in queens.decode(&first) {
            let row: String = (0..n).map(|c| if c == col { 'Q' } else { '.' }).collect();
            println!("{row}");
        }
    }
    solver.reset_stats();
    let started = Instant::now();
    let count = solver.count_solutions(u64::MAX);
    let stats = solver.stats();
    println!("{n} queens: {} solutions", count.solutions);
    eprintln!(
        "{} nodes, {} updates, {:.3} s",
        stats.nodes,
        stats.updates,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
