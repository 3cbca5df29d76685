//! The memoized search against figures recorded from Knuth's dlx6 (search nodes, ZDD
//! nodes, signatures, hits, updates, cleansings, and its ZDD text), against the plain
//! search on random problems with colors, and the ZDD's uniform sampling by a chi-square
//! bound.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use dlx_cover::memo::{self, MemoRun};
use dlx_cover::zdd::{SplitMix64, Zdd};
use dlx_cover::{BigCount, Chooser, Limits, Problem, SearchEnd, Solver, knuth};
use proptest::prelude::*;

/// The same with multiplicities: the memoized Algorithm M.
#[path = "memo/multi.rs"]
mod multi;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/memo/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn run(problem: &Problem) -> MemoRun {
    let run = memo::count(problem, Limits::NONE, None).expect("memo counts every problem");
    assert_eq!(run.end, SearchEnd::Exhausted);
    run
}

/// dlx6's figures: solutions, search nodes, ZDD nodes, signatures, hits, updates,
/// cleansings.
type Figures = (u64, u64, u64, (u64, u64), u64, u64, u64);

fn figures(run: &MemoRun) -> Figures {
    let s = &run.stats;
    (
        run.count.to_u64().expect("small"),
        s.nodes,
        s.dlx6_zdd_nodes(),
        s.dlx6_signatures(),
        s.hits,
        s.updates,
        s.cleansings,
    )
}

/// Random problems (`tests/data/memo/r*.dlx`: 10–18 primary items, up to 6 secondary
/// ones, half their entries colored), with what `dlx6` printed for each.
const RANDOM: [(&str, Figures); 8] = [
    ("r0.dlx", (4, 26, 23, (4, 19), 4, 220, 0)),
    ("r1.dlx", (396, 129, 128, (2, 59), 69, 691, 0)),
    ("r2.dlx", (23, 93, 68, (26, 50), 18, 1169, 24)),
    ("r3.dlx", (0, 18, 1, (18, 1), 0, 547, 13)),
    ("r4.dlx", (6353, 851, 824, (26, 387), 439, 5415, 0)),
    ("r5.dlx", (27, 121, 87, (35, 65), 22, 2036, 37)),
    ("r6.dlx", (394, 104, 96, (9, 51), 45, 692, 0)),
    ("r7.dlx", (278, 431, 354, (48, 178), 206, 8240, 121)),
];

#[test]
fn random_problems_walk_dlx6_tree() {
    for (name, expected) in RANDOM {
        let parsed = knuth::parse(&data(name)).unwrap();
        let run = run(&parsed.named.problem);
        assert_eq!(figures(&run), expected, "{name}");
    }
}

#[test]
fn zdd_text_is_dlx6s() {
    for name in ["r2", "r7"] {
        let parsed = knuth::parse(&data(&format!("{name}.dlx"))).unwrap();
        let zdd = run(&parsed.named.problem).zdd.unwrap();
        let recorded = data(&format!("{name}.zdd"));
        assert_eq!(zdd.to_string(), recorded, "{name}");
        let read = Zdd::parse(recorded.lines(), Some(parsed.named.problem.options())).unwrap();
        assert_eq!(read, zdd);
    }
}

/// Domino tilings of an n×n board, as `cover --emit dominoes N` writes them: cells row by
/// row, each cell's horizontal domino before its vertical one.
fn dominoes(n: usize) -> Problem {
    let mut p = Problem::new(n * n, 0).unwrap();
    for i in 0..n {
        for j in 0..n {
            if j + 1 < n {
                p.add_option([i * n + j, i * n + j + 1]).unwrap();
            }
            if i + 1 < n {
                p.add_option([i * n + j, (i + 1) * n + j]).unwrap();
            }
        }
    }
    p
}

/// n, tilings, search nodes, ZDD nodes, signatures, hits.
type DominoFigures = (usize, u64, u64, u64, (u64, u64), u64);

#[test]
fn domino_tilings_as_dlx6_counts_them() {
    // n, tilings, search nodes, ZDD nodes, signatures, hits: dlx6's figures.
    let recorded: [DominoFigures; 4] = [
        (4, 36, 48, 49, (0, 34), 15),
        (6, 6728, 364, 365, (0, 256), 109),
        (8, 12_988_816, 2317, 2318, (0, 1628), 690),
        (10, 258_584_046_368, 13562, 13552, (11, 9529), 4023),
    ];
    for (n, tilings, nodes, zdd, signatures, hits) in recorded {
        let run = run(&dominoes(n));
        let s = &run.stats;
        assert_eq!(run.count.to_u64(), Some(tilings), "{n}");
        assert_eq!(
            (s.nodes, s.dlx6_zdd_nodes(), s.dlx6_signatures(), s.hits),
            (nodes, zdd, signatures, hits),
            "{n}"
        );
    }
}

/// The cells `(i, j)` of a `side`×`side` board for which `inside` holds, as an exact-cover
/// problem in `cover --emit`'s order: cells row by row, each cell's monomer (with
/// `monomers`), then its horizontal domino, then its vertical one.
fn board(side: usize, inside: impl Fn(usize, usize) -> bool, monomers: bool) -> Problem {
    let cells: Vec<(usize, usize)> = (0..side)
        .flat_map(|i| (0..side).map(move |j| (i, j)))
        .filter(|&(i, j)| inside(i, j))
        .collect();
    let item = |i: usize, j: usize| cells.iter().position(|&c| c == (i, j));
    let mut p = Problem::new(cells.len(), 0).unwrap();
    for (k, &(i, j)) in cells.iter().enumerate() {
        if monomers {
            p.add_option([k]).unwrap();
        }
        for other in [item(i, j + 1), item(i + 1, j)].into_iter().flatten() {
            p.add_option([k, other]).unwrap();
        }
    }
    p
}

/// The Aztec diamond of order `n` (cells of a 2n×2n board within taxicab distance n of
/// its centre), and the n×n board with monomers and dimers: dlx6's figures.
#[test]
fn aztec_diamonds_and_monomer_dimers_as_dlx6_counts_them() {
    let aztec = |n: usize| {
        let inside = move |i: usize, j: usize| {
            (2 * i + 1).abs_diff(2 * n) + (2 * j + 1).abs_diff(2 * n) <= 2 * n
        };
        board(2 * n, inside, false)
    };
    let recorded: [(Problem, DominoFigures); 5] = [
        (aztec(3), (3, 64, 78, 79, (0, 58), 21)),
        (aztec(4), (4, 1024, 304, 305, (0, 228), 77)),
        (aztec(6), (6, 2_097_152, 4647, 4640, (7, 3541), 1100)),
        (
            board(6, |_, _| true, true),
            (6, 2_989_126_727, 3972, 3973, (0, 1820), 2153),
        ),
        (
            board(8, |_, _| true, true),
            (8, 179_788_343_101_980_135, 38055, 38056, (0, 17206), 20850),
        ),
    ];
    for (problem, (n, count, nodes, zdd, signatures, hits)) in recorded {
        let run = run(&problem);
        let s = &run.stats;
        assert_eq!(run.count.to_u64(), Some(count), "{n}");
        assert_eq!(
            (s.nodes, s.dlx6_zdd_nodes(), s.dlx6_signatures(), s.hits),
            (nodes, zdd, signatures, hits),
            "{n}"
        );
    }
}

#[test]
fn domino_tilings_past_64_bits() {
    let run = run(&dominoes(14));
    // dlx6 prints 9111319734685071488 here: its count wraps at 2^64.
    assert_eq!(run.count.to_string(), "112202208776036178000000");
    let s = &run.stats;
    assert_eq!(
        (s.nodes, s.dlx6_zdd_nodes(), s.dlx6_signatures(), s.hits),
        (385_185, 383_197, (1826, 268_949), 114_411)
    );
    assert_eq!(run.zdd.unwrap().count(), run.count);
}

#[test]
fn node_limit_gives_a_partial_count() {
    let p = dominoes(6);
    let full = run(&p).count;
    let mut last = BigCount::ZERO;
    for max_nodes in [10, 50, 100, 200, 300] {
        let part = memo::count(&p, Limits::nodes(max_nodes), None).unwrap();
        assert_eq!(part.end, SearchEnd::NodeLimit);
        assert!(part.zdd.is_none());
        assert!(part.count >= last && part.count < full, "{max_nodes}");
        last = part.count;
    }
}

/// Multiplicities go to the memoized Algorithm M (`tests/memo/multi.rs` checks it at
/// length): item 0 once, item 1 up to twice, options {0 1}, {0}, {1}: four solutions.
#[test]
fn multiplicities_are_counted() {
    let mut p = Problem::new(2, 0).unwrap();
    p.add_option([0, 1]).unwrap();
    p.add_option([0]).unwrap();
    p.add_option([1]).unwrap();
    p.set_multiplicity(1, 0, 2).unwrap();
    let run = memo::count(&p, Limits::NONE, None).unwrap();
    assert_eq!(run.count.to_u64(), Some(4));
    let all = zdd_solutions(&run.zdd.unwrap());
    let expected: BTreeSet<Vec<usize>> = [vec![0], vec![0, 2], vec![1], vec![1, 2]].into();
    assert_eq!(all, expected);
}

/// Every solution of the plain search, each sorted, as a set.
fn plain_solutions(p: &Problem) -> BTreeSet<Vec<usize>> {
    let mut all = BTreeSet::new();
    let mut solver = Solver::new(p);
    solver.search(Chooser::Mrv, Limits::NONE, |s| {
        let mut s = s.to_vec();
        s.sort_unstable();
        assert!(all.insert(s));
        ControlFlow::Continue(())
    });
    all
}

fn zdd_solutions(zdd: &Zdd) -> BTreeSet<Vec<usize>> {
    let mut all = BTreeSet::new();
    zdd.solutions(|s| {
        let mut s = s.to_vec();
        s.sort_unstable();
        assert!(all.insert(s), "a solution twice");
        true
    });
    all
}

prop_compose! {
    /// A random problem: up to 8 primary and 4 secondary items, up to 24 options, colors
    /// on some secondary entries.
    fn problem()(primary in 1usize..8, secondary in 0usize..4)
        (options in prop::collection::vec(
            (0..primary, prop::collection::vec((0..primary + secondary, 0u32..3), 0..4)),
            0..24),
         primary in Just(primary), secondary in Just(secondary)) -> Problem {
        let mut p = Problem::new(primary, secondary).unwrap();
        for (first, rest) in options {
            let mut entries = vec![(first, 0)];
            for (item, color) in rest {
                if entries.iter().all(|&(i, _)| i != item) {
                    entries.push((item, if item >= primary { color } else { 0 }));
                }
            }
            p.add_colored_option(entries).unwrap();
        }
        p
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn memo_finds_the_plain_search_solutions(p in problem()) {
        let run = run(&p);
        let plain = plain_solutions(&p);
        prop_assert_eq!(run.count.to_u64(), Some(plain.len() as u64));
        let zdd = run.zdd.unwrap();
        prop_assert_eq!(zdd_solutions(&zdd), plain);
        // Written and read back, the same diagram.
        let text = zdd.to_string();
        prop_assert_eq!(Zdd::parse(text.lines(), Some(p.options())).unwrap(), zdd);
    }
}

#[test]
fn samples_are_uniform() {
    // 36 tilings of the 4×4 board, 7200 draws: chi-square with 35 degrees of freedom
    // stays below 66.6 with probability 0.999 when the draws are uniform.
    let zdd = run(&dominoes(4)).zdd.unwrap();
    let counts = zdd.counts();
    let tilings: Vec<Vec<usize>> = zdd_solutions(&zdd).into_iter().collect();
    assert_eq!(tilings.len(), 36);
    let mut seen = vec![0u32; tilings.len()];
    let mut rng = SplitMix64(2024);
    let draws = 7200;
    for _ in 0..draws {
        let mut s = zdd.sample(&counts, || rng.next_word()).unwrap();
        s.sort_unstable();
        seen[tilings.binary_search(&s).expect("a tiling")] += 1;
    }
    let expected = f64::from(draws) / 36.0;
    let chi2: f64 = seen
        .iter()
        .map(|&o| (f64::from(o) - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 66.6, "chi-square {chi2}: {seen:?}");
    // A biased sampler (always the lo branch first) fails the same bound.
    let mut biased = vec![0u32; tilings.len()];
    for _ in 0..draws {
        let mut s = zdd.sample(&counts, || 0).unwrap();
        s.sort_unstable();
        biased[tilings.binary_search(&s).unwrap()] += 1;
    }
    let chi2_biased: f64 = biased
        .iter()
        .map(|&o| (f64::from(o) - expected).powi(2) / expected)
        .sum();
    assert!(chi2_biased > 66.6);
}
