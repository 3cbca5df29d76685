//! Our solver against its peers, one criterion group per puzzle set, each on the same fixed
//! sample (see `common::SETS`; skipped with a message when ../shared/data is absent):
//!
//! * `ours-unique`: [`DlxSolver`] counting to 2 (the uniqueness check);
//! * `ours-answer`: [`DlxSolver::solve`], the default lexicographically smallest answer;
//! * `generic-unique`: [`GenericDlxSolver`] counting to 2 (same search, generic engine);
//! * `dlx-crate-unique`: the `dlx` crate 0.8.5 (Algorithm X, MRV), problem built per
//!   puzzle from the candidates left by the givens, stopped at 2 solutions;
//! * `sudoku-crate-unique`: the bitboard `sudoku` crate 0.8.0, `Sudoku::solution` (counts
//!   to 2).
//!
//! Every solver's answer is checked against ours once, outside the timed loops.
//! Run: `cargo bench -p dlx-sudoku --bench peers`; per-puzzle time = reported time / sample size.
//! `cargo bench -p dlx-sudoku --bench peers -- --rounds 7` runs these rows instead in alternating
//! rounds (at least `--min-ms`, default 300, of CPU time per row and round) and prints a
//! table of medians and per-round ratios to `ours-unique`: the ratios a busy host moves
//! least, since every round measures all the rows within a few seconds.
//! `cargo bench -p dlx-sudoku --bench peers -- --profile ROW SET PASSES` runs one of these rows over
//! one set's sample `PASSES` times, untimed and unchecked: for `valgrind`, where the
//! difference between 3 passes and 1 is the instructions of 2 passes and nothing else.
//!
//! Then the engine alone on Knuth's own kind of problem, one group per problem (queens 13,
//! Langford pairs 12, all 6×10 pentomino tilings), each counting every solution:
//!
//! * `ours`: the `dlx-cover` engine, Knuth's choice (`Solver::count_solutions`), as
//!   `Solver::new` holds the problem (bit sets, for these three);
//! * `ours-links`: the same on dancing links (`Solver::with_links`), the same tree;
//! * `dlx-crate`: the `dlx` crate 0.8.5 on the same options, MRV choice.
//!
//! Both counts are checked against the published ones first. Select one with
//! `cargo bench -p dlx-sudoku --bench peers -- cover-queens13`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group};
use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::{OptOrder, Solver, Uint};
use dlx_cover::Problem;
use dlx_sudoku::puzzles::{Langford, Pentominoes, Queens};
use dlx_sudoku::{
    DlxSolver, GenericDlxSolver, Grid, Limits, Outcome, Shape, SudokuSolver, encoding,
};

mod common;

/// The `dlx` crate on one 9×9 puzzle: builds the exact-cover problem of the empty cells
/// (items not covered by a given; options = candidates), then looks for two solutions.
/// Returns the number found (0, 1 or 2) and the first fill.
fn dlx_crate(puzzle: &Grid) -> (usize, Vec<u8>) {
    let cells = puzzle.cells();
    let mut used = [false; 324];
    for (cell, &v) in cells.iter().enumerate() {
        if v != 0 {
            for item in items_of(cell, v as usize - 1) {
                used[item] = true;
            }
        }
    }
    let mut index = [Uint::MAX; 324];
    let mut count: Uint = 0;
    for (item, &u) in used.iter().enumerate() {
        if !u {
            index[item] = count;
            count += 1;
        }
    }
    let mut options = Vec::new();
    let mut meaning = Vec::new();
    for cell in 0..81 {
        for v in 0..9 {
            let items = items_of(cell, v);
            if items.iter().all(|&i| !used[i]) {
                options.push(items.iter().map(|&i| index[i]).collect::<Vec<_>>());
                meaning.push((cell, v as u8 + 1));
            }
        }
    }
    let mut problem = dlx::x::make_problem(count, 0, &options, OptOrder::Seq);
    let mut solver = Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut found = 0;
    let mut fill = cells.to_vec();
    while found < 2 && solver.next_solution(&mut chooser) {
        if found == 0 {
            for &o in solver.fmt_solution() {
                let (cell, v) = meaning[o as usize];
                fill[cell] = v;
            }
        }
        found += 1;
    }
    (found, fill)
}

/// The four items of "cell holds value v" (0-based v): cell, row-value, column-value, box-value.
fn items_of(cell: usize, v: usize) -> [usize; 4] {
    encoding::option_items(Shape::CLASSIC, cell / 9, cell % 9, v + 1)
}

fn to_sudoku(puzzle: &Grid) -> sudoku::Sudoku {
    let mut bytes = [0u8; 81];
    bytes.copy_from_slice(puzzle.cells());
    sudoku::Sudoku::from_bytes(bytes).expect("a valid 9x9 grid")
}

/// Our solvers and the `sudoku` crate's boards for a sample, after checking every peer's
/// answer against ours once (outside any timing).
fn checked(name: &str, puzzles: &[Grid]) -> (DlxSolver, GenericDlxSolver, Vec<sudoku::Sudoku>) {
    let mut ours = DlxSolver::new(Shape::CLASSIC);
    let mut generic = GenericDlxSolver::new(Shape::CLASSIC);
    let boards: Vec<sudoku::Sudoku> = puzzles.iter().map(to_sudoku).collect();
    for (p, board) in puzzles.iter().zip(&boards) {
        let Outcome::Solved(answer) = ours.solve(p) else {
            panic!("{name}: no answer for {}", p.to_line());
        };
        assert!(answer.is_complete_solution_of(p));
        assert_eq!(ours.count(p, 2).solutions, 1, "{name} puzzles are unique");
        assert_eq!(generic.solve(p), Outcome::Solved(answer.clone()));
        assert_eq!(dlx_crate(p), (1, answer.cells().to_vec()));
        let theirs = board.solution().expect("unique").to_bytes();
        assert_eq!(&theirs[..], answer.cells());
    }
    (ours, generic, boards)
}

fn peers(c: &mut Criterion) {
    for (name, size) in common::SETS {
        let Some(puzzles) = common::sample(name, size) else {
            continue;
        };
        let (mut ours, mut generic, boards) = checked(name, &puzzles);

        let mut group = c.benchmark_group(name);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
            .throughput(Throughput::Elements(puzzles.len() as u64));
        let mut answers = DlxSolver::new(Shape::CLASSIC);
        for (row, mut pass) in sudoku_rows(&puzzles, &boards, &mut ours, &mut answers, &mut generic)
        {
            group.bench_function(row, |b| b.iter(&mut pass));
        }
        group.finish();
    }
}

/// Counts every solution of `problem` with the `dlx` crate (MRV, primary items only).
fn dlx_crate_count(problem: &Problem) -> u64 {
    let options: Vec<Vec<Uint>> = (0..problem.options())
        .map(|o| problem.option(o).map(|i| i as Uint).collect())
        .collect();
    let mut theirs = dlx::x::make_problem(
        problem.primary_items() as Uint,
        problem.secondary_items() as Uint,
        &options,
        OptOrder::Seq,
    );
    let mut solver = Solver::new(&mut theirs);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut n = 0;
    while solver.next_solution(&mut chooser) {
        n += 1;
    }
    n
}

/// The engine against the `dlx` crate on Knuth's problems: queens 13 (73,712 solutions),
/// Langford pairs 12 (108,144 up to reversal), all 6×10 pentomino tilings (9,356).
fn cover_peers(c: &mut Criterion) {
    let queens = Queens::new(13).expect("13 queens");
    let langford = Langford::new(12).expect("Langford 12");
    let pentominoes = Pentominoes::new(10, 6, false).expect("6x10 board");
    let problems: [(&str, &Problem, u64); 3] = [
        ("cover-queens13", queens.problem(), 73_712),
        ("cover-langford12", langford.problem(), 108_144),
        ("cover-pentominoes6x10", pentominoes.problem(), 9_356),
    ];
    for (name, problem, expected) in problems {
        let mut ours = dlx_cover::Solver::new(problem);
        let mut links = dlx_cover::Solver::with_links(problem);
        assert_eq!(ours.count_solutions(u64::MAX).solutions, expected, "{name}");
        assert_eq!(
            links.count_solutions(u64::MAX).solutions,
            expected,
            "{name}"
        );
        assert_eq!(ours.stats(), links.stats(), "{name}: one tree");
        assert_eq!(dlx_crate_count(problem), expected, "{name}: the dlx crate");
        let mut group = c.benchmark_group(name);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        group.bench_function("ours", |b| {
            b.iter(|| ours.count_solutions(black_box(u64::MAX)).solutions)
        });
        group.bench_function("ours-links", |b| {
            b.iter(|| links.count_solutions(black_box(u64::MAX)).solutions)
        });
        group.bench_function("dlx-crate", |b| {
            b.iter(|| dlx_crate_count(black_box(problem)))
        });
        group.finish();
    }
}

/// One timed pass of a row over its sample.
type Pass<'a> = Box<dyn FnMut() + 'a>;

/// A pass that calls `f` on every element of `sample`.
fn each<'a, T>(sample: &'a [T], mut f: impl FnMut(&T) + 'a) -> Pass<'a> {
    Box::new(move || {
        for x in sample {
            f(black_box(x));
        }
    })
}

/// The Sudoku rows, one pass each over a sample (the `sudoku` crate's on its own boards of
/// the same puzzles): the same rows for criterion and for `--rounds`.
fn sudoku_rows<'a>(
    puzzles: &'a [Grid],
    boards: &'a [sudoku::Sudoku],
    ours: &'a mut DlxSolver,
    answers: &'a mut DlxSolver,
    generic: &'a mut GenericDlxSolver,
) -> Vec<(&'static str, Pass<'a>)> {
    vec![
        (
            "ours-unique",
            each(puzzles, |p| {
                black_box(ours.count_within(p, 2, Limits::NONE));
            }),
        ),
        (
            "ours-answer",
            each(puzzles, |p| {
                black_box(answers.solve(p));
            }),
        ),
        (
            "generic-unique",
            each(puzzles, |p| {
                black_box(generic.count_within(p, 2, Limits::NONE));
            }),
        ),
        (
            "dlx-crate-unique",
            each(puzzles, |p| {
                black_box(dlx_crate(p));
            }),
        ),
        (
            "sudoku-crate-unique",
            each(boards, |b| {
                black_box(b.solution());
            }),
        ),
    ]
}

/// With `--rounds N`: the Sudoku rows again, side by side in rounds instead of one after
/// the other, for ratios that a busy host moves less. Each round runs every row of a set
/// (in one order on even rounds, the reverse on odd ones) for at least `--min-ms` of this
/// thread's CPU time; the table gives each row's median time per puzzle and the median of
/// its per-round ratio to `ours-unique`, with the range.
fn rounds(rounds: usize, min_ns: u64) {
    println!("load average before: {}", common::load());
    println!(
        "{rounds} rounds of at least {} ms CPU per row; medians (ratios: median of the per-round ratios, min–max)",
        min_ns / 1_000_000
    );
    println!("| set, solver (puzzles) | µs/puzzle | ÷ `ours-unique` | `ours-unique` ÷ |");
    println!("|---|---:|---:|---:|");
    for (name, size) in common::SETS {
        let Some(puzzles) = common::sample(name, size) else {
            continue;
        };
        let (mut ours, mut generic, boards) = checked(name, &puzzles);
        let mut answers = DlxSolver::new(Shape::CLASSIC);
        let mut rows = sudoku_rows(&puzzles, &boards, &mut ours, &mut answers, &mut generic);
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); rows.len()];
        for round in 0..rounds {
            let mut order: Vec<usize> = (0..rows.len()).collect();
            if round % 2 == 1 {
                order.reverse();
            }
            for k in order {
                let ns = common::cpu_per_pass(min_ns, &mut rows[k].1);
                times[k].push(ns / puzzles.len() as f64);
            }
        }
        for (k, (row, _)) in rows.iter().enumerate() {
            let ratios: Vec<f64> = (0..rounds).map(|r| times[k][r] / times[0][r]).collect();
            let inverse: Vec<f64> = ratios.iter().map(|r| 1.0 / r).collect();
            let range = |v: &[f64]| {
                let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = v.iter().copied().fold(0.0, f64::max);
                format!("{:.3} ({lo:.3}–{hi:.3})", common::median(v))
            };
            println!(
                "| `{name}`, {row} ({}) | {:.2} | {} | {} |",
                puzzles.len(),
                common::median(&times[k]) / 1000.0,
                range(&ratios),
                range(&inverse)
            );
        }
    }
    println!("load average after: {}", common::load());
}

/// With `--profile ROW SET PASSES`: `PASSES` passes of one Sudoku row over one set's
/// sample, and nothing else, for a profiler (see the module docs).
fn profile(row: &str, set: &str, passes: usize) {
    let size = common::SETS
        .iter()
        .find(|(name, _)| *name == set)
        .unwrap_or_else(|| panic!("{set}: not one of the sets {:?}", common::SETS))
        .1;
    let Some(puzzles) = common::sample(set, size) else {
        return;
    };
    let boards: Vec<sudoku::Sudoku> = puzzles.iter().map(to_sudoku).collect();
    let mut ours = DlxSolver::new(Shape::CLASSIC);
    let mut answers = DlxSolver::new(Shape::CLASSIC);
    let mut generic = GenericDlxSolver::new(Shape::CLASSIC);
    let mut rows = sudoku_rows(&puzzles, &boards, &mut ours, &mut answers, &mut generic);
    let names: Vec<&str> = rows.iter().map(|(name, _)| *name).collect();
    let Some((_, pass)) = rows.iter_mut().find(|(name, _)| *name == row) else {
        panic!("{row}: not one of the rows {names:?}");
    };
    for _ in 0..passes {
        pass();
    }
    println!(
        "{passes} passes of {row} over {} puzzles of {set}",
        puzzles.len()
    );
}

criterion_group!(benches, peers, cover_peers);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--profile") {
        let [row, set, passes] = [1, 2, 3].map(|k| args.get(at + k).map(String::as_str));
        let (Some(row), Some(set), Some(passes)) = (row, set, passes) else {
            panic!("--profile ROW SET PASSES");
        };
        profile(row, set, passes.parse().expect("--profile ROW SET PASSES"));
        return;
    }
    if let Some(n) = common::arg(&args, "--rounds") {
        let min_ms: u64 =
            common::arg(&args, "--min-ms").map_or(300, |m| m.parse().expect("--min-ms N"));
        rounds(n.parse().expect("--rounds N"), min_ms * 1_000_000);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
