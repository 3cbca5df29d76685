//! Knuth's family beyond dlx1/dlx2, against the `dlx` crate 0.8.5 (a dev-dependency):
//!
//! * `multiplicities/*`: counting every solution of `K` queens on `N × N` (`--emit kqueens`,
//!   multiplicities `0:1` and `K:K`) with our [`MultiSolver`] and with the crate's
//!   Algorithm M (`dlx::m`, MRV with its Knuth tiebreak), from the same text;
//! * `preprocess/*`: Knuth's dlx-pre reduction of a problem, ours ([`preprocess::reduce`])
//!   and the crate's (`dlx::p::Preproc`, up to 200 rounds);
//! * `costs/*`: the cheapest solution (ours only: the crate has no costs).
//!
//! Counts are checked equal outside the timed loops. Run:
//! `cargo bench -p dlx-sudoku --bench knuth_family -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dlx::choose::{knuth_tiebreak, mrv_chooser, no_tiebreak, prefer_any};
use dlx::p::Preproc;
use dlx::{OptOrder, Solver, Spec, Uint};
use dlx_cover::{Limits, MultiSolver, Problem, cost, preprocess};
use dlx_sudoku::puzzles::{Pentominoes, Queens};

/// Every solution of the crate's Algorithm M on Knuth-format `text`: (solutions, nodes).
fn dlx_crate_m(text: &str) -> (u64, u64) {
    let spec = Spec::new(text, false).expect("the crate reads the text");
    let mut problem = dlx::m::Problem::from_spec(&spec, OptOrder::Seq).expect("valid");
    let mut solver = Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), knuth_tiebreak());
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    let nodes: usize = solver.get_profile().iter().sum();
    (count, nodes as u64)
}

/// The crate's plain problem for ours (item numbers as they are).
fn dlx_crate_x(problem: &Problem) -> dlx::x::Problem {
    let options: Vec<Vec<Uint>> = (0..problem.options())
        .map(|o| problem.option(o).map(|i| i as Uint).collect())
        .collect();
    dlx::x::make_problem(
        problem.primary_items() as Uint,
        problem.secondary_items() as Uint,
        &options,
        OptOrder::Seq,
    )
}

fn count_x(problem: &mut dlx::x::Problem) -> u64 {
    let mut solver = Solver::new(problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut count = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    count
}

fn multiplicities(c: &mut Criterion) {
    let mut group = c.benchmark_group("multiplicities");
    group.sample_size(10);
    for (n, k) in [(8, 5), (10, 4)] {
        let queens = Queens::placing(n, k).unwrap();
        let text = queens.named().to_knuth().unwrap();
        let mut ours = MultiSolver::new(queens.problem());
        let count = ours.count_solutions(u64::MAX).solutions;
        let stats = ours.stats();
        let (theirs, their_nodes) = dlx_crate_m(&text);
        assert_eq!(count, theirs, "kqueens {n}:{k}");
        eprintln!(
            "kqueens {n}:{k}: {count} solutions; nodes: ours {} (dlx3's count, solutions \
             included), ours without solutions {}, dlx crate {their_nodes}",
            stats.nodes,
            stats.nodes - stats.solutions
        );
        group.bench_function(format!("ours-kqueens-{n}:{k}"), |b| {
            b.iter(|| black_box(ours.count_solutions(u64::MAX).solutions))
        });
        group.bench_function(format!("dlx-crate-kqueens-{n}:{k}"), |b| {
            b.iter(|| black_box(dlx_crate_m(&text).0))
        });
    }
    group.finish();
}

fn preprocessing(c: &mut Criterion) {
    let mut group = c.benchmark_group("preprocess");
    group.sample_size(10);
    let queens = Queens::new(10).unwrap();
    let pent = Pentominoes::new(10, 6, true).unwrap();
    for (name, problem) in [
        ("queens-10", queens.problem()),
        ("pentominoes-6x10", pent.problem()),
    ] {
        let reduced = preprocess::reduce(problem).unwrap();
        let mut theirs = dlx_crate_x(problem);
        let rd = Preproc::new(&mut theirs).reduce(200).unwrap();
        eprintln!(
            "{name}: ours keeps {} of {} options and {} of {} items; the dlx crate keeps {} \
             options, {}+{} items",
            reduced.problem.options(),
            problem.options(),
            reduced.problem.items(),
            problem.items(),
            rd.2.len(),
            rd.0,
            rd.1
        );
        let mut after = dlx::x::make_problem(rd.0, rd.1, &rd.2, OptOrder::Seq);
        let count = MultiSolver::new(&reduced.problem)
            .count_solutions(u64::MAX)
            .solutions;
        assert_eq!(count, count_x(&mut after), "{name} after preprocessing");
        group.bench_function(format!("ours-{name}"), |b| {
            b.iter(|| black_box(preprocess::reduce(problem).unwrap().problem.options()))
        });
        group.bench_function(format!("dlx-crate-{name}"), |b| {
            b.iter(|| {
                let mut theirs = dlx_crate_x(problem);
                black_box(Preproc::new(&mut theirs).reduce(200).unwrap().2.len())
            })
        });
    }
    group.finish();
}

fn costs(c: &mut Criterion) {
    let mut group = c.benchmark_group("costs");
    group.sample_size(10);
    // 8 queens where a queen on (r, c) costs (r * c) % 7: the cheapest of the 92.
    let queens = Queens::new(8).unwrap();
    let mut problem = queens.problem().clone();
    for o in 0..problem.options() {
        let (r, col) = (o / 8, o % 8);
        problem.set_cost(o, ((r * col) % 7) as u64).unwrap();
    }
    group.bench_function("ours-queens-8-min-cost", |b| {
        b.iter(|| black_box(cost::cheapest(&problem, 1, Limits::NONE).solutions[0].cost))
    });
    group.finish();
}

criterion_group!(benches, multiplicities, preprocessing, costs);
criterion_main!(benches);
