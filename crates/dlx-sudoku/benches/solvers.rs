//! DLX beside the backtracking baselines on fixed samples of public sets (the first 100
//! puzzles of each, from `../shared/data`; a set that is absent is skipped with a message).
//! One group per set, one benchmark per solver, each iteration solving the whole sample.
//! A baseline is left out of a group, with a message saying so, when it cannot solve the
//! sample within `BUDGET` placements: row-major backtracking needs about 1.6 million
//! placements on average for a top1465 puzzle and runs for hours on some 17-clue ones, so
//! on the three hard sets only DLX is measured. The easy unbiased set and Serg's
//! many-solution set are where the baselines finish, and where they can be compared.
//!
//! Run with `cargo bench -p dlx-sudoku --bench solvers`.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dlx_sudoku::{
    Bitmask, Candidates, DlxSolver, Grid, Limits, Naive, Outcome, Shape, SudokuSolver,
};

/// Puzzles per sample.
const SAMPLE: usize = 100;
/// Placements a baseline may use for the whole sample to be benchmarked.
const BUDGET: u64 = 2_000_000;

const SETS: [(&str, &str); 5] = [
    ("17_clue", "puzzles2_17_clue"),
    ("top1465", "puzzles3_magictour_top1465"),
    ("forum_hardest_1106", "puzzles6_forum_hardest_1106"),
    ("unbiased", "puzzles1_unbiased_first1000"),
    ("serg", "puzzles7_serg_benchmark"),
];

fn sample(file: &str) -> Option<Vec<Grid>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping {}: not found", path.display());
        return None;
    };
    let puzzles: Vec<Grid> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(SAMPLE)
        .map(|l| {
            l.parse()
                .expect("the public sets hold valid 81-character lines")
        })
        .collect();
    Some(puzzles)
}

fn solvers() -> Vec<Box<dyn SudokuSolver>> {
    vec![
        Box::new(DlxSolver::new(Shape::CLASSIC)),
        Box::new(Naive::new(Shape::CLASSIC)),
        Box::new(Bitmask::new(Shape::CLASSIC)),
        Box::new(Candidates::new(Shape::CLASSIC)),
    ]
}

/// Whether `solver` solves every puzzle of the sample within `BUDGET` placements in all;
/// `Err` says why not. Answers are checked on the way.
fn fits_budget(solver: &mut dyn SudokuSolver, puzzles: &[Grid]) -> Result<(), String> {
    let start = solver.nodes();
    for (i, p) in puzzles.iter().enumerate() {
        let used = solver.nodes() - start;
        match solver.solve_within(p, Limits::nodes(BUDGET.saturating_sub(used))) {
            Outcome::Solved(g) => assert!(g.is_complete_solution_of(p), "wrong answer"),
            Outcome::GaveUp(_) => {
                return Err(format!(
                    "the sample needs more than {BUDGET} placements (budget spent at puzzle {})",
                    i + 1
                ));
            }
            Outcome::NoSolution(why) => return Err(format!("puzzle {}: {why}", i + 1)),
        }
    }
    Ok(())
}

fn bench(c: &mut Criterion) {
    for (name, file) in SETS {
        let Some(puzzles) = sample(file) else {
            continue;
        };
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        for mut solver in solvers() {
            let label = solver.name();
            if label != "dlx"
                && let Err(why) = fits_budget(solver.as_mut(), &puzzles)
            {
                eprintln!("{name}: left out {label}: {why}");
                continue;
            }
            group.bench_function(BenchmarkId::new(label, puzzles.len()), |b| {
                b.iter(|| {
                    for p in &puzzles {
                        black_box(solver.solve_within(black_box(p), Limits::NONE));
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // Modest: the machine is small and shared.
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
