//! The variants beside classic 9×9 on the same run: µs per puzzle, search nodes per puzzle
//! and the cost per node, for a generated set of each.
//!
//! The sets are made here with seeded code: a random fill (the smallest fill completing a
//! few random givens), then givens removed in random order as long as the puzzle keeps one
//! fill. Killer puzzles get random cages of 1 to 4 cells from their fill, and givens only
//! where the cages alone leave several fills. Jigsaw puzzles share the regions of
//! `examples/variants/jigsaw-regions.txt`.
//!
//! Classic Sudoku runs twice: `DlxSolver` (the specialised default) and `GenericDlxSolver`
//! (the generic engine). Each variant runs twice too: `VariantSolver::new` (the specialised
//! dancing links of `variant/links.rs`) and `VariantSolver::on_generic_engine`; both walk
//! the same tree, so their node counts are checked to be equal.
//!
//! Timing: CPU time of this thread (`/proc/thread-self/schedstat`, wall time where it is
//! missing), so that other processes on a shared machine disturb it less. Each round runs
//! every solver on its whole set, repeated for at least `--min-ms` of CPU, the solvers in
//! one order on even rounds and the reverse on odd ones; the table gives the medians over
//! `--rounds` rounds, and the per-node ratio to classic `DlxSolver` of the same round (its
//! median). The load average is printed before and after.
//!
//! Run with `cargo bench -p dlx-sudoku --bench variants -- --rounds 7 --min-ms 300` (the defaults).
//! `--only NAME` runs one row once (for `valgrind --tool=callgrind
//! --toggle-collect='*measured*'`, which counts the instructions of the solving alone).

use std::hint::black_box;
use std::time::Instant;

use dlx_sudoku::variant::{Cage, Variant, VariantOutcome, VariantSolver, parse_regions, samurai};
use dlx_sudoku::{DlxSolver, GenericDlxSolver, Grid, Limits, Outcome, Shape, SudokuSolver};

mod common;
use common::{arg, cpu_ns, load, median};

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

/// One row of the table: a solver and its set.
struct Row {
    name: String,
    puzzles: usize,
    /// Solves the whole set once; returns the search nodes used.
    run: Box<dyn FnMut() -> u64>,
    /// ns per puzzle, one per round.
    times: Vec<f64>,
    nodes: f64,
}

/// Solves the set once: the function callgrind collects in (see the module docs).
#[inline(never)]
fn measured(run: &mut dyn FnMut() -> u64) -> u64 {
    black_box(run())
}

fn classic_row(name: &str, mut solver: Box<dyn SudokuSolver>, set: Vec<Grid>) -> Row {
    Row {
        name: name.into(),
        puzzles: set.len(),
        run: Box::new(move || {
            let before = solver.nodes();
            for p in &set {
                assert!(matches!(
                    solver.solve_within(p, Limits::NONE),
                    Outcome::Solved(_)
                ));
            }
            solver.nodes() - before
        }),
        times: Vec::new(),
        nodes: 0.0,
    }
}

fn variant_row(name: &str, solvers: Vec<VariantSolver>, set: Vec<Vec<u8>>) -> Row {
    // One solver per puzzle (killer) or one for the whole set.
    let mut solvers = solvers;
    Row {
        name: name.into(),
        puzzles: set.len(),
        run: Box::new(move || {
            let mut nodes = 0;
            for (k, p) in set.iter().enumerate() {
                let s = if solvers.len() == 1 {
                    &mut solvers[0]
                } else {
                    &mut solvers[k]
                };
                let before = s.nodes();
                assert!(matches!(
                    s.solve(p, Limits::NONE),
                    VariantOutcome::Solved(_)
                ));
                nodes += s.nodes() - before;
            }
            nodes
        }),
        times: Vec::new(),
        nodes: 0.0,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds: usize = arg(&args, "--rounds").map_or(7, |r| r.parse().expect("--rounds N"));
    let min_ns: u64 =
        arg(&args, "--min-ms").map_or(300, |r| r.parse().expect("--min-ms N")) * 1_000_000;
    let only = arg(&args, "--only");

    let classic = Variant::square(9).unwrap().with_boxes(3, 3).unwrap();
    let x = classic.clone().with_diagonals().unwrap();
    let windoku = classic.clone().with_windows(3, 3).unwrap();
    let jigsaw = Variant::square(9)
        .unwrap()
        .with_regions(&parse_regions(JIGSAW).unwrap())
        .unwrap();
    let samurai = samurai::variant();
    // With --only, the other sets are left empty (callgrind then spends no time making them).
    let size = |name: &str, n: usize| {
        if only.as_ref().is_none_or(|o| o.starts_with(name)) {
            n
        } else {
            0
        }
    };
    let sets: Vec<(&str, Variant, Vec<Vec<u8>>)> = vec![
        (
            "classic",
            classic.clone(),
            set_of(&classic, size("classic", SET), 1),
        ),
        ("x", x.clone(), set_of(&x, size("x", SET), 2)),
        (
            "windoku",
            windoku.clone(),
            set_of(&windoku, size("windoku", SET), 3),
        ),
        (
            "jigsaw",
            jigsaw.clone(),
            set_of(&jigsaw, size("jigsaw", SET), 4),
        ),
        (
            "samurai",
            samurai.clone(),
            set_of(&samurai, size("samurai", SAMURAI_SET), 5),
        ),
    ];
    let killers = killer_set(size("killer", SET), 6);

    let grids: Vec<Grid> = sets[0]
        .2
        .iter()
        .map(|p| Grid::from_values(Shape::CLASSIC, p).unwrap())
        .collect();
    // The per-node baseline: the default solver without its prunings (early dead ends,
    // pointing and claiming before the first guess), which walks the generic engine's tree
    // (the variants' solvers walk theirs without them too). The default itself is the last row.
    let mut plain = DlxSolver::new(Shape::CLASSIC);
    plain.set_pruning(false);
    let mut rows = vec![
        classic_row(
            "classic, DlxSolver, singles only",
            Box::new(plain),
            grids.clone(),
        ),
        classic_row(
            "classic, GenericDlxSolver",
            Box::new(GenericDlxSolver::new(Shape::CLASSIC)),
            grids.clone(),
        ),
    ];
    for (name, variant, set) in &sets {
        let specialised = VariantSolver::new(variant).unwrap();
        assert!(specialised.is_specialised(), "{name} fits the links");
        let generic = VariantSolver::on_generic_engine(variant).unwrap();
        rows.push(variant_row(
            &format!("{name}, specialised"),
            vec![specialised],
            set.clone(),
        ));
        rows.push(variant_row(
            &format!("{name}, generic engine"),
            vec![generic],
            set.clone(),
        ));
    }
    let (puzzles, killer_variants): (Vec<Vec<u8>>, Vec<Variant>) = killers
        .into_iter()
        .map(|(s, p)| (p, s.variant().clone()))
        .unzip();
    let specialised: Vec<VariantSolver> = killer_variants
        .iter()
        .map(|v| VariantSolver::new(v).unwrap())
        .collect();
    assert!(specialised.iter().all(|s| s.is_specialised()));
    let generic = killer_variants
        .iter()
        .map(|v| VariantSolver::on_generic_engine(v).unwrap())
        .collect();
    rows.push(variant_row(
        "killer, specialised",
        specialised,
        puzzles.clone(),
    ));
    rows.push(variant_row("killer, generic engine", generic, puzzles));
    rows.push(classic_row(
        "classic, DlxSolver with its prunings (the default)",
        Box::new(DlxSolver::new(Shape::CLASSIC)),
        grids,
    ));

    if let Some(only) = only {
        let row = rows
            .iter_mut()
            .find(|r| r.name.starts_with(&only))
            .expect("--only: no such row");
        let nodes = measured(&mut row.run);
        println!("{}: {} nodes", row.name, nodes);
        return;
    }

    // Nodes per puzzle (and a warm-up); both engines of a set walk the same tree.
    for r in rows.iter_mut() {
        r.nodes = (r.run)() as f64 / r.puzzles as f64;
    }
    for pair in rows.chunks_exact(2) {
        assert_eq!(
            pair[0].nodes, pair[1].nodes,
            "{} and {}",
            pair[0].name, pair[1].name
        );
    }
    let before = load();
    let mut ratios: Vec<Vec<f64>> = vec![Vec::new(); rows.len()];
    for round in 0..rounds {
        let mut order: Vec<usize> = (0..rows.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for &k in &order {
            let r = &mut rows[k];
            let (wall, start) = (Instant::now(), cpu_ns(Instant::now()));
            let mut runs = 0u64;
            while cpu_ns(wall) - start < min_ns || runs == 0 {
                measured(&mut r.run);
                runs += 1;
            }
            let ns = (cpu_ns(wall) - start) as f64 / (runs as usize * r.puzzles) as f64;
            r.times.push(ns);
        }
        let base = rows[0].times[round] / rows[0].nodes;
        for (k, r) in rows.iter().enumerate() {
            ratios[k].push(r.times[round] / r.nodes / base);
        }
    }
    println!("load average before: {before}; after: {}", load());
    println!(
        "{rounds} rounds of at least {} ms CPU per row; medians (ratio: median of the per-round ratios, min–max)",
        min_ns / 1_000_000
    );
    println!(
        "| set, solver (puzzles) | nodes/puzzle | µs/puzzle | ns/node | × classic `DlxSolver` per node |"
    );
    println!("|---|---:|---:|---:|---:|");
    for (k, r) in rows.iter().enumerate() {
        let t = median(&r.times);
        let lo = ratios[k].iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ratios[k].iter().copied().fold(0.0, f64::max);
        println!(
            "| {} ({}) | {:.1} | {:.1} | {:.0} | {:.2} ({:.2}–{:.2}) |",
            r.name,
            r.puzzles,
            r.nodes,
            t / 1000.0,
            t / r.nodes,
            median(&ratios[k]),
            lo,
            hi
        );
    }
}
