//! Times `Logic::hint` on every puzzle of the files given (one-line puzzles), one thread,
//! and prints the median, the 99th percentile, the worst and how many took over a
//! millisecond (wall-clock time, so a busy machine shows in the worst): `cargo run --release --example hint_latency -- FILE…`.

use std::time::Instant;

use sudoku_dlx::sudoku::logic::Logic;
use sudoku_dlx::sudoku::{Grid, Shape};

fn main() {
    let logic = Logic::new(Shape::CLASSIC);
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a readable file");
        let mut times: Vec<(f64, String)> = Vec::new();
        for line in text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        {
            let Ok(puzzle) = line[..81].parse::<Grid>() else {
                continue;
            };
            let start = Instant::now();
            let Ok(board) = logic.board(&puzzle) else {
                continue;
            };
            let hint = logic.hint(&board);
            let secs = start.elapsed().as_secs_f64();
            std::hint::black_box(hint.ok());
            times.push((secs * 1e6, line[..81].to_string()));
        }
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
