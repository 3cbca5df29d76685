//! Times `Logic::hint` on every puzzle of the files given (one-line puzzles), one thread,
//! and prints the median, the 99th percentile, the worst and how many took over a
//! millisecond: `cargo run --release -p dlx-sudoku --example hint_latency -- FILE…`. Each puzzle's time
//! is the fastest of three passes over the file (wall clock), so that a pass the host
//! interrupted on that puzzle does not count as the hint's time.

use std::time::Instant;

use dlx_sudoku::logic::Logic;
use dlx_sudoku::{Grid, Shape};

fn main() {
    let logic = Logic::new(Shape::CLASSIC);
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let puzzles: Vec<(Grid, &str)> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .filter_map(|l| Some((l[..81].parse::<Grid>().ok()?, &l[..81])))
            .filter(|(p, _)| logic.board(p).is_ok())
            .collect();
        let mut times = vec![f64::INFINITY; puzzles.len()];
        for _ in 0..3 {
            for ((puzzle, _), time) in puzzles.iter().zip(&mut times) {
                let start = Instant::now();
                let board = logic.board(puzzle).expect("checked above");
                let hint = logic.hint(&board);
                *time = time.min(start.elapsed().as_secs_f64() * 1e6);
                std::hint::black_box(hint.ok());
            }
        }
        let mut times: Vec<(f64, &str)> =
            times.into_iter().zip(puzzles.iter().map(|p| p.1)).collect();
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let Some(worst) = times.last() else { continue };
        println!(
            "{path}: {} puzzles, hint median {:.0} µs, 99th percentile {:.0} µs, worst {:.0} µs ({}), \
             over 1 ms: {}",
            times.len(),
            times[times.len() / 2].0,
            times[times.len() * 99 / 100].0,
            worst.0,
            worst.1,
            times.iter().filter(|t| t.0 > 1000.0).count()
        );
    }
}
