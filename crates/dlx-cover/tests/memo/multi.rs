//! The memoized search on problems with multiplicities (the memoized Algorithm M) against
//! a brute force written here, sharing nothing with the engine (every subset of options
//! tried against the bounds and colors), against Algorithm M itself (`MultiSolver`) on
//! random problems and on the committed multiplicity files, and its ZDD read back.

use std::collections::BTreeSet;

use dlx_cover::memo::{self, MemoRun};
use dlx_cover::zdd::Zdd;
use dlx_cover::{BigCount, Limits, MultiSolver, Problem, SearchEnd, knuth};
use proptest::prelude::*;

use super::zdd_solutions;

/// A problem as plain data: bounds of the primary items, the number of secondary items,
/// and options as `(item, color)` entries (color 0: none).
#[derive(Debug, Clone)]
struct Spec {
    bounds: Vec<(u32, u32)>,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
}

impl Spec {
    fn problem(&self) -> Problem {
        let mut p = Problem::new(self.bounds.len(), self.secondary).unwrap();
        for (i, &(lo, hi)) in self.bounds.iter().enumerate() {
            p.set_multiplicity(i, lo, hi).unwrap();
        }
        for o in &self.options {
            p.add_colored_option(o.iter().copied()).unwrap();
        }
        p
    }

    /// Whether the options `chosen` (numbers) form a solution: each primary item covered
    /// within its bounds; each secondary item named by at most one option, or by options
    /// that all give it the same color.
    fn is_solution(&self, chosen: &[usize]) -> bool {
        let primary = self.bounds.len();
        let mut times = vec![0u32; primary];
        let mut colors: Vec<Vec<u32>> = vec![Vec::new(); self.secondary];
        for &o in chosen {
            for &(item, color) in &self.options[o] {
                if item < primary {
                    times[item] += 1;
                } else {
                    colors[item - primary].push(color);
                }
            }
        }
        let bounds_met = times
            .iter()
            .zip(&self.bounds)
            .all(|(&t, &(lo, hi))| lo <= t && t <= hi);
        let colors_agree = colors
            .iter()
            .all(|c| c.len() <= 1 || c.iter().all(|&x| x != 0 && x == c[0]));
        bounds_met && colors_agree
    }

    /// Every solution, each as sorted option numbers, by trying every subset.
    fn brute_force(&self) -> BTreeSet<Vec<usize>> {
        let n = self.options.len();
        assert!(n <= 20);
        (0u32..1 << n)
            .map(|mask| (0..n).filter(|&o| mask >> o & 1 == 1).collect::<Vec<_>>())
            .filter(|chosen| self.is_solution(chosen))
            .collect()
    }
}

fn memo_run(p: &Problem) -> MemoRun {
    let run = memo::count(p, Limits::NONE, None).expect("memo takes multiplicities");
    assert_eq!(run.end, SearchEnd::Exhausted);
    run
}

prop_compose! {
    /// Up to 6 primary items with bounds `lo:hi` (some 1:1, some 0:k, some k:k), up to 3
    /// secondary items, up to 14 options, colors on some secondary entries.
    fn spec()(primary in 1usize..7, secondary in 0usize..4)
        (bounds in prop::collection::vec((0u32..3, 0u32..3), primary),
         options in prop::collection::vec(
            (0..primary, prop::collection::vec((0..primary + secondary, 0u32..3), 0..4)),
            0..15),
         primary in Just(primary), secondary in Just(secondary)) -> Spec {
        let bounds = bounds.into_iter().map(|(lo, extra)| (lo, (lo + extra).max(1))).collect();
        let options = options.into_iter().map(|(first, rest)| {
            let mut entries = vec![(first, 0)];
            for (item, color) in rest {
                if entries.iter().all(|&(i, _)| i != item) {
                    entries.push((item, if item >= primary { color } else { 0 }));
                }
            }
            entries
        }).collect();
        Spec { bounds, secondary, options }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(800))]

    /// The count, the ZDD's solutions and Algorithm M's count agree with the brute force;
    /// the ZDD written and read back is the same.
    #[test]
    fn memo_matches_brute_force(spec in spec()) {
        let p = spec.problem();
        let expected = spec.brute_force();
        let run = memo_run(&p);
        prop_assert_eq!(run.count.to_u64(), Some(expected.len() as u64));
        let plain = MultiSolver::new(&p).count_solutions(u64::MAX).solutions;
        prop_assert_eq!(plain, expected.len() as u64);
        let zdd = run.zdd.unwrap();
        prop_assert_eq!(zdd.count(), run.count);
        prop_assert_eq!(zdd_solutions(&zdd), expected);
        let text = zdd.to_string();
        prop_assert_eq!(Zdd::parse(text.lines(), Some(p.options())).unwrap(), zdd);
    }
}

/// Many small problems of a fixed seed, a fair share with no solution, checked as above.
#[test]
fn seeded_problems_with_and_without_solutions() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut below = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let (mut none, mut some) = (0, 0);
    for _ in 0..400 {
        let primary = 1 + below(6) as usize;
        let secondary = below(3) as usize;
        let bounds = (0..primary)
            .map(|_| {
                let lo = below(3) as u32;
                (lo, (lo + below(3) as u32).max(1))
            })
            .collect();
        let options = (0..below(15))
            .map(|_| {
                let mut entries = vec![(below(primary as u64) as usize, 0)];
                for _ in 0..below(4) {
                    let item = below((primary + secondary) as u64) as usize;
                    let color = if item >= primary { below(3) as u32 } else { 0 };
                    if entries.iter().all(|&(i, _)| i != item) {
                        entries.push((item, color));
                    }
                }
                entries
            })
            .collect();
        let spec = Spec {
            bounds,
            secondary,
            options,
        };
        let expected = spec.brute_force();
        let run = memo_run(&spec.problem());
        assert_eq!(run.count.to_u64(), Some(expected.len() as u64), "{spec:?}");
        assert_eq!(zdd_solutions(&run.zdd.unwrap()), expected, "{spec:?}");
        if expected.is_empty() {
            none += 1;
        } else {
            some += 1;
        }
    }
    assert!(
        none >= 40 && some >= 40,
        "{none} without, {some} with solutions"
    );
}

fn data(name: &str) -> String {
    let path = format!(
        "{}/../../tests/data/multiplicity/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The committed multiplicity files: the counts dlx3 printed (`dlx3.tsv`), by memo; and
/// the plain tree memo stands for, each hit counted as the subtree it saved, is dlx3's
/// tree node for node.
#[test]
fn committed_files_count_as_dlx3() {
    let table = data("dlx3.tsv");
    let mut checked = 0;
    for line in table.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, solutions, nodes) = (fields[0], fields[1], fields[2]);
        let parsed = knuth::parse(&data(name)).unwrap();
        let run = memo_run(&parsed.named.problem);
        assert_eq!(run.count.to_string(), solutions, "{name}");
        assert_eq!(run.stats.plain_nodes.to_string(), nodes, "{name}");
        assert!(run.stats.nodes < run.stats.plain_nodes, "{name}");
        assert_eq!(run.zdd.unwrap().count(), run.count, "{name}");
        checked += 1;
    }
    assert!(checked >= 9);
}

/// Matchings of an `n × n` grid (cells 0:1, a dimer per pair of neighbours): memo meets
/// the same subproblems over and over; the counts are OEIS A028420 (monomer-dimer
/// coverings), and Algorithm M's where it is quick.
#[test]
fn grid_matchings_as_oeis_counts_them() {
    for (n, matchings) in [
        (2, 7u64),
        (3, 131),
        (4, 10_012),
        (5, 2_810_694),
        (6, 2_989_126_727),
    ] {
        let mut p = Problem::new(n * n, 0).unwrap();
        for cell in 0..n * n {
            p.set_multiplicity(cell, 0, 1).unwrap();
        }
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                if c + 1 < n {
                    p.add_option([cell, cell + 1]).unwrap();
                }
                if r + 1 < n {
                    p.add_option([cell, cell + n]).unwrap();
                }
            }
        }
        let run = memo_run(&p);
        assert_eq!(run.count, BigCount::from(matchings), "{n}");
        if n <= 4 {
            let plain = MultiSolver::new(&p).count_solutions(u64::MAX).solutions;
            assert_eq!(plain, matchings, "{n}");
        }
        assert!(run.stats.hits > 0 && run.stats.zdd_nodes > 0);
    }
}

/// A node limit gives a partial count that grows with the limit and no ZDD.
#[test]
fn node_limit_gives_a_partial_count() {
    let parsed = knuth::parse(&data("kqueens6-4.dlx")).unwrap();
    let p = &parsed.named.problem;
    let full = memo_run(p).count;
    let mut last = BigCount::ZERO;
    for max_nodes in [10, 100, 300, 1000] {
        let part = memo::count(p, Limits::nodes(max_nodes), None).unwrap();
        assert_eq!(part.end, SearchEnd::NodeLimit);
        assert!(part.zdd.is_none());
        assert!(part.count >= last && part.count < full, "{max_nodes}");
        last = part.count;
    }
}
