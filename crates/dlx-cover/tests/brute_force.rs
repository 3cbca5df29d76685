//! Algorithm M, colors and costs checked against brute force written here, sharing nothing
//! with the engine: thousands of small random problems, every subset of options tried.

use std::ops::ControlFlow;

use dlx_cover::cost::Ties;
use dlx_cover::{Limits, MultiSolver, Problem, SearchEnd, Solver, cost};

/// xorshift64*: small and seeded.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }
}

/// A random problem as plain data: per primary item (lo, hi), secondary count, options as
/// (item, color) lists, and costs.
struct Spec {
    bounds: Vec<(u32, u32)>,
    secondary: usize,
    options: Vec<Vec<(usize, u32)>>,
    costs: Vec<u64>,
}

fn random_spec(rng: &mut Rng, multiplicities: bool, colors: bool, costs: bool) -> Spec {
    let primary = 1 + rng.below(4) as usize;
    let secondary = rng.below(3) as usize;
    let bounds = (0..primary)
        .map(|_| {
            if multiplicities && rng.below(2) == 0 {
                let hi = 1 + rng.below(3) as u32;
                (rng.below(hi as u64 + 1) as u32, hi)
            } else {
                (1, 1)
            }
        })
        .collect();
    let m = 1 + rng.below(11) as usize;
    let mut options = Vec::new();
    for _ in 0..m {
        let first = rng.below(primary as u64) as usize;
        let mut entries = vec![(first, 0)];
        for item in 0..primary + secondary {
            if item != first && rng.below(3) == 0 {
                let color = if colors && item >= primary {
                    rng.below(3) as u32
                } else {
                    0
                };
                entries.push((item, color));
            }
        }
        // Shuffle the entries so that item order within options varies.
        for i in (1..entries.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            entries.swap(i, j);
        }
        options.push(entries);
    }
    let costs = (0..m)
        .map(|_| if costs { rng.below(6) } else { 0 })
        .collect();
    Spec {
        bounds,
        secondary,
        options,
        costs,
    }
}

fn build(spec: &Spec) -> Problem {
    let mut p = Problem::new(spec.bounds.len(), spec.secondary).unwrap();
    for (k, o) in spec.options.iter().enumerate() {
        p.add_colored_option(o.iter().copied()).unwrap();
        p.set_cost(k, spec.costs[k]).unwrap();
    }
    for (i, &(lo, hi)) in spec.bounds.iter().enumerate() {
        p.set_multiplicity(i, lo, hi).unwrap();
    }
    p
}

/// The definition: each primary item covered between lo and hi times; a secondary item
/// in at most one option, or in several that all give it the same (non-zero) color.
fn is_solution(spec: &Spec, chosen: &[usize]) -> bool {
    let n = spec.bounds.len() + spec.secondary;
    let mut uses: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &o in chosen {
        for &(item, color) in &spec.options[o] {
            uses[item].push(color);
        }
    }
    uses.iter()
        .enumerate()
        .all(|(item, colors)| match spec.bounds.get(item) {
            Some(&(lo, hi)) => (lo as usize..=hi as usize).contains(&colors.len()),
            None => colors.len() <= 1 || (colors[0] != 0 && colors.iter().all(|&c| c == colors[0])),
        })
}

fn brute_force(spec: &Spec) -> Vec<Vec<usize>> {
    let m = spec.options.len();
    (0u32..1 << m)
        .map(|mask| (0..m).filter(|&o| mask >> o & 1 == 1).collect::<Vec<_>>())
        .filter(|set| is_solution(spec, set))
        .collect()
}

fn all_solutions(solver: &mut MultiSolver) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    let end = solver.search(Limits::NONE, |s| {
        let mut v = s.to_vec();
        v.sort();
        found.push(v);
        ControlFlow::Continue(())
    });
    assert_eq!(end, SearchEnd::Exhausted);
    found.sort();
    found
}

#[test]
fn algorithm_m_matches_brute_force() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut several = 0;
    for round in 0..3000 {
        let spec = random_spec(&mut rng, true, round % 2 == 0, round % 3 == 0);
        let p = build(&spec);
        let mut expected = brute_force(&spec);
        expected.sort();
        let mut solver = MultiSolver::new(&p);
        let found = all_solutions(&mut solver);
        assert_eq!(found, expected, "round {round}: {p:?}");
        // Each solution once, and the lists are restored: a second search agrees.
        assert_eq!(all_solutions(&mut solver), expected, "round {round} again");
        let count = solver.count_solutions(u64::MAX);
        assert_eq!(count.solutions, expected.len() as u64);
        several += usize::from(expected.len() > 1);
    }
    assert!(
        several > 300,
        "only {several} problems had several solutions"
    );
}

#[test]
fn without_multiplicities_algorithm_m_agrees_with_the_plain_solver() {
    let mut rng = Rng(0x0bad_cafe_f00d_1234);
    for round in 0..1500 {
        let spec = random_spec(&mut rng, false, round % 2 == 0, false);
        let p = build(&spec);
        let mut m = MultiSolver::new(&p);
        let mut s = Solver::new(&p);
        let plain = s.count_solutions(u64::MAX).solutions;
        assert_eq!(
            m.count_solutions(u64::MAX).solutions,
            plain,
            "round {round}"
        );
        assert_eq!(plain, brute_force(&spec).len() as u64);
    }
}

/// Both rules for ties against brute force: [`Ties::SmallestOptions`] gives exactly the
/// first `k` solutions by (cost, sorted options); dlx5's [`Ties::FirstFound`] gives the same
/// costs, each with a real solution of that cost, no solution twice.
#[test]
fn cheapest_matches_brute_force_under_both_rules_for_ties() {
    let mut rng = Rng(0x5eed_0000_0000_0042);
    let mut costly = 0;
    for round in 0..3000 {
        let spec = random_spec(&mut rng, round % 2 == 0, round % 3 == 0, true);
        let p = build(&spec);
        let mut expected: Vec<(u64, Vec<usize>)> = brute_force(&spec)
            .into_iter()
            .map(|s| (s.iter().map(|&o| spec.costs[o]).sum(), s))
            .collect();
        expected.sort();
        for k in [1, 2, 3, 100] {
            let want: Vec<_> = expected.iter().take(k).cloned().collect();
            let exact = cost::cheapest_with(&p, k, Limits::NONE, Ties::SmallestOptions);
            assert_eq!(exact.end, SearchEnd::Exhausted);
            assert_eq!(pairs(exact), want, "round {round}, k = {k}: {p:?}");
            let first = cost::cheapest(&p, k, Limits::NONE);
            assert_eq!(first.end, SearchEnd::Exhausted);
            let got = pairs(first);
            let costs = |v: &[(u64, Vec<usize>)]| v.iter().map(|c| c.0).collect::<Vec<_>>();
            assert_eq!(costs(&got), costs(&want), "round {round}, k = {k}: {p:?}");
            for (c, options) in &got {
                assert!(expected.contains(&(*c, options.clone())), "round {round}");
            }
            let mut distinct = got.clone();
            distinct.dedup();
            assert_eq!(distinct.len(), got.len(), "round {round}");
        }
        costly += usize::from(expected.len() > 1 && expected[0].0 > 0);
    }
    assert!(costly > 300, "only {costly} interesting cost problems");
}

fn pairs(best: cost::Cheapest) -> Vec<(u64, Vec<usize>)> {
    best.solutions
        .into_iter()
        .map(|c| (c.cost, c.options))
        .collect()
}

#[test]
fn limits_stop_the_search_and_restore_the_lists() {
    // Item 0 needs 2 of 12 options: 66 solutions.
    let mut p = Problem::new(1, 0).unwrap();
    for _ in 0..12 {
        p.add_option([0]).unwrap();
    }
    p.set_multiplicity(0, 2, 2).unwrap();
    let mut s = MultiSolver::new(&p);
    assert_eq!(s.count_solutions(u64::MAX).solutions, 66);
    let limited = s.count_solutions_within(u64::MAX, Limits::nodes(10));
    assert!(limited.node_limit && limited.solutions < 66);
    assert_eq!(s.count_solutions(5).solutions, 5);
    assert_eq!(s.count_solutions(u64::MAX).solutions, 66);
    // All 66 cost 0: dlx5's rule stops at the first, the other rule goes on.
    let first = cost::cheapest_with(&p, 1, Limits::nodes(3), Ties::SmallestOptions);
    assert_eq!(first.end, SearchEnd::NodeLimit);
}

/// Algorithm M heeds the cancel flag (Ctrl-C) as the other searches do, and its lists are
/// whole again afterwards.
#[test]
fn the_cancel_flag_stops_algorithm_m() {
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
    // Item 0 needs 4 of 40 options: C(40, 4) = 91,390 solutions.
    let mut p = Problem::new(1, 0).unwrap();
    for _ in 0..40 {
        p.add_option([0]).unwrap();
    }
    p.set_multiplicity(0, 4, 4).unwrap();
    let mut s = MultiSolver::new(&p);
    let cancelled = Limits {
        cancel: Some(dlx_cover::Cancel::new(&STOP)),
        ..Limits::NONE
    };
    let stopped = s.count_solutions_within(u64::MAX, cancelled);
    assert!(
        stopped.node_limit && stopped.solutions < 91_390,
        "{stopped:?}"
    );
    assert_eq!(s.count_solutions(u64::MAX).solutions, 91_390);
}

#[test]
fn preprocessing_keeps_every_solution() {
    let mut rng = Rng(0xdead_beef_0000_0007);
    let mut shrunk = 0;
    for round in 0..3000 {
        let spec = random_spec(&mut rng, false, round % 2 == 0, round % 3 == 0);
        let p = build(&spec);
        let mut expected = brute_force(&spec);
        expected.sort();
        let reduced = dlx_cover::preprocess::reduce(&p).expect("no multiplicities");
        let r = &reduced.problem;
        assert!(r.items() <= p.items() && r.options() <= p.options());
        shrunk += usize::from(r.items() < p.items() || r.options() < p.options());
        // The reduced problem's solutions, mapped back, are exactly the original's.
        let mut found = Vec::new();
        MultiSolver::new(r).search(Limits::NONE, |s| {
            let mut v: Vec<usize> = s.iter().map(|&o| reduced.options[o]).collect();
            v.sort();
            found.push(v);
            ControlFlow::Continue(())
        });
        found.sort();
        assert_eq!(found, expected, "round {round}: {p:?}\n{reduced:?}");
        for (k, &o) in reduced.options.iter().enumerate() {
            assert_eq!(r.cost(k), spec.costs[o]);
        }
    }
    assert!(shrunk > 1000, "only {shrunk} problems got smaller");
}
