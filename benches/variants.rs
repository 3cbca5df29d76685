//! The variants beside classic 9×9 on the same run: µs per puzzle and search nodes per
//! puzzle for a generated set of each, so that the cost per node can be compared.
//!
//! The sets are made here with seeded code: a random fill (the smallest fill completing a
//! few random givens), then givens removed in random order as long as the puzzle keeps one
//! fill. Killer puzzles get random cages of 1 to 4 cells from their fill, and givens only
//! where the cages alone leave several fills. Jigsaw puzzles share the regions of
//! `examples/variants/jigsaw-regions.txt`.
//!
//! Classic Sudoku runs three ways: `DlxSolver` (the specialised default), and on the
//! generic engine as `GenericDlxSolver` and as the classic `Variant`; the variants run on
//! the generic engine only. Each benchmark solves its whole set per iteration; the nodes
//! per puzzle are printed before the measurements.
//!
//! Run with `cargo bench --bench variants -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sudoku_dlx::sudoku::variant::{
    Cage, Variant, VariantOutcome, VariantSolver, parse_regions, samurai,
};
use sudoku_dlx::sudoku::{DlxSolver, GenericDlxSolver, Grid, Limits, Outcome, Shape};

/// Puzzles per 9×9 set.
const SET: usize = 100;
/// Puzzles in the samurai set.
const SAMURAI_SET: usize = 10;

const JIGSAW: &str =
    "000000021453303021453333221453322221455566121445666111445566667488887777888887777";

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

fn present_cells(v: &Variant) -> Vec<usize> {
    (0..v.width() * v.height())
        .filter(|&x| v.is_present(x))
        .collect()
}

/// A random fill: the smallest fill completing ten random non-clashing givens.
fn random_fill(solver: &mut VariantSolver, rng: &mut Rng) -> Vec<u8> {
    let v = solver.variant().clone();
    let cells = present_cells(&v);
    loop {
        let mut givens = vec![0u8; v.width() * v.height()];
        for _ in 0..10 {
            let x = cells[rng.below(cells.len())];
            givens[x] = 1 + rng.below(v.side()) as u8;
            if v.clash(&givens).is_some() {
                givens[x] = 0;
            }
        }
        if let VariantOutcome::Solved(fill) = solver.solve(&givens, Limits::nodes(200_000)) {
            return fill;
        }
    }
}

/// Removes givens of `puzzle` in random order while it keeps exactly one fill.
fn thin(solver: &mut VariantSolver, mut puzzle: Vec<u8>, rng: &mut Rng) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..puzzle.len()).filter(|&x| puzzle[x] != 0).collect();
    rng.shuffle(&mut cells);
    for x in cells {
        let keep = puzzle[x];
        puzzle[x] = 0;
        if solver.count(&puzzle, 2, Limits::NONE).solutions != 1 {
            puzzle[x] = keep;
        }
    }
    puzzle
}

/// A set of unique puzzles of `variant`.
fn set_of(variant: &Variant, size: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rng = Rng(seed);
    let mut solver = VariantSolver::new(variant).expect("the variant encodes");
    (0..size)
        .map(|_| {
            let fill = random_fill(&mut solver, &mut rng);
            thin(&mut solver, fill, &mut rng)
        })
        .collect()
}

/// Random cages of 1 to 4 cells over a 9×9 fill, digits distinct in each.
fn random_cages(fill: &[u8], rng: &mut Rng) -> Vec<Cage> {
    let n = 9;
    let mut owner = vec![false; n * n];
    let mut cages = Vec::new();
    for start in 0..n * n {
        if owner[start] {
            continue;
        }
        let size = 1 + rng.below(4);
        let mut cells = vec![start];
        owner[start] = true;
        while cells.len() < size {
            let x = cells[rng.below(cells.len())];
            let mut near: Vec<usize> = [x + n, x + 1, x.wrapping_sub(1)]
                .into_iter()
                .filter(|&y| {
                    y < n * n
                        && (y / n == x / n || y % n == x % n)
                        && !owner[y]
                        && !cells.iter().any(|&z| fill[z] == fill[y])
                })
                .collect();
            if near.is_empty() {
                break;
            }
            rng.shuffle(&mut near);
            owner[near[0]] = true;
            cells.push(near[0]);
        }
        let sum = cells.iter().map(|&x| fill[x] as u32).sum();
        cages.push(Cage {
            sum,
            cells,
            line: cages.len() + 1,
        });
    }
    cages
}

/// Killer puzzles, each with its own solver: cages from a random fill, plus givens from
/// the fill (in random order) until one fill remains.
fn killer_set(size: usize, seed: u64) -> Vec<(VariantSolver, Vec<u8>)> {
    let mut rng = Rng(seed);
    let classic = Variant::square(9).unwrap().with_boxes(3, 3).unwrap();
    let mut filler = VariantSolver::new(&classic).unwrap();
    (0..size)
        .map(|_| {
            let fill = random_fill(&mut filler, &mut rng);
            let cages = random_cages(&fill, &mut rng);
            let killer = classic
                .clone()
                .with_cages(cages)
                .expect("cages from a fill");
            let mut solver = VariantSolver::new(&killer).unwrap();
            let mut puzzle = vec![0u8; 81];
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut next = cells.into_iter();
            while solver.count(&puzzle, 2, Limits::NONE).solutions > 1 {
                let x = next.next().expect("the full fill is unique");
                puzzle[x] = fill[x];
            }
            (solver, puzzle)
        })
        .collect()
}

fn nodes_per_puzzle(solver: &mut VariantSolver, set: &[Vec<u8>]) -> f64 {
    let before = solver.nodes();
    for p in set {
        assert!(matches!(
            solver.solve(p, Limits::NONE),
            VariantOutcome::Solved(_)
        ));
    }
    (solver.nodes() - before) as f64 / set.len() as f64
}

fn variants(c: &mut Criterion) {
    let classic = Variant::square(9).unwrap().with_boxes(3, 3).unwrap();
    let x = classic.clone().with_diagonals().unwrap();
    let windoku = classic.clone().with_windows(3, 3).unwrap();
    let jigsaw = Variant::square(9)
        .unwrap()
        .with_regions(&parse_regions(JIGSAW).unwrap())
        .unwrap();
    let samurai = samurai::variant();
    let sets: Vec<(&str, Variant, Vec<Vec<u8>>)> = vec![
        ("classic", classic.clone(), set_of(&classic, SET, 1)),
        ("x", x.clone(), set_of(&x, SET, 2)),
        ("windoku", windoku.clone(), set_of(&windoku, SET, 3)),
        ("jigsaw", jigsaw.clone(), set_of(&jigsaw, SET, 4)),
        ("samurai", samurai.clone(), set_of(&samurai, SAMURAI_SET, 5)),
    ];
    let mut killers = killer_set(SET, 6);

    let mut group = c.benchmark_group("variants");
    // Classic through the specialised and the generic solvers too.
    let grids: Vec<Grid> = sets[0]
        .2
        .iter()
        .map(|p| Grid::from_values(Shape::CLASSIC, p).unwrap())
        .collect();
    let mut dlx = DlxSolver::new(Shape::CLASSIC);
    let mut generic = GenericDlxSolver::new(Shape::CLASSIC);
    for p in &grids {
        assert!(matches!(dlx.solve(p), Outcome::Solved(_)));
        assert!(matches!(generic.solve(p), Outcome::Solved(_)));
    }
    let n = grids.len() as f64;
    eprintln!(
        "classic (dlx): {:.1} nodes/puzzle; classic (dlx-generic): {:.1} nodes/puzzle",
        dlx.nodes() as f64 / n,
        generic.nodes() as f64 / n
    );
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.bench_function(BenchmarkId::new("classic-dlx", grids.len()), |b| {
        b.iter(|| {
            for p in &grids {
                black_box(dlx.solve(p));
            }
        })
    });
    group.bench_function(BenchmarkId::new("classic-dlx-generic", grids.len()), |b| {
        b.iter(|| {
            for p in &grids {
                black_box(generic.solve(p));
            }
        })
    });
    for (name, variant, set) in &sets {
        let mut solver = VariantSolver::new(variant).unwrap();
        let givens: f64 = set
            .iter()
            .map(|p| p.iter().filter(|&&v| v != 0).count())
            .sum::<usize>() as f64;
        eprintln!(
            "{name}: {} puzzles, {:.1} givens, {:.1} nodes/puzzle",
            set.len(),
            givens / set.len() as f64,
            nodes_per_puzzle(&mut solver, set)
        );
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(
            BenchmarkId::new(format!("{name}-variant"), set.len()),
            |b| {
                b.iter(|| {
                    for p in set {
                        black_box(solver.solve(p, Limits::NONE));
                    }
                })
            },
        );
    }
    let before: u64 = killers.iter().map(|(s, _)| s.nodes()).sum();
    for (s, p) in &mut killers {
        assert!(matches!(
            s.solve(p, Limits::NONE),
            VariantOutcome::Solved(_)
        ));
    }
    let after: u64 = killers.iter().map(|(s, _)| s.nodes()).sum();
    let givens: usize = killers
        .iter()
        .map(|(_, p)| p.iter().filter(|&&v| v != 0).count())
        .sum();
    eprintln!(
        "killer: {} puzzles, {:.1} givens, {:.1} nodes/puzzle",
        killers.len(),
        givens as f64 / killers.len() as f64,
        (after - before) as f64 / killers.len() as f64
    );
    group.throughput(Throughput::Elements(killers.len() as u64));
    group.bench_function(BenchmarkId::new("killer-variant", killers.len()), |b| {
        b.iter(|| {
            for (s, p) in killers.iter_mut() {
                black_box(s.solve(p, Limits::NONE));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, variants);
criterion_main!(benches);
