//! Counts Langford pairings of `1..=n` up to reversal and shows the first.
//!
//! `cargo run --release -p dlx-sudoku --example langford -- 11` prints 17792 (7 → 26, 8 → 150).

use std::process::ExitCode;
use std::time::Instant;

use dlx_cover::Solver;
use dlx_sudoku::puzzles::Langford;

fn main() -> ExitCode {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "7".into());
    let Ok(n) = arg.parse::<usize>() else {
        eprintln!("usage: langford [N]  (default 7; not {arg:?})");
        return ExitCode::from(2);
    };
    let langford = match Langford::new(n) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("langford: {e}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(langford.problem());
    if let Some(first) = solver.first_solution() {
        let seq: Vec<String> = langford
            .decode(&first)
            .iter()
            .map(|k| k.to_string())
            .collect();
        println!("{}", seq.join(" "));
    }
    solver.reset_stats();
    let started = Instant::now();
    let count = solver.count_solutions(u64::MAX);
    let stats = solver.stats();
    println!("L({n}) = {} (up to reversal)", count.solutions);
    eprintln!(
        "{} nodes, {} updates, {:.3} s",
        stats.nodes,
        stats.updates,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
