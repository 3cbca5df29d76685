//! Algorithm M's two forms, bit sets (`MultiSolver::new` on problems without colors or
//! costs) and dancing links (`MultiSolver::with_links`), walk the same tree: on random
//! problems with multiplicities, they must visit the same solutions in the same order, end
//! the same way under node limits and early stops, and report the same `Stats`. (The links
//! are held to dlx3's own counts by `tests/dlx3_tree.rs` at the workspace root.)

use std::ops::ControlFlow;

use dlx_cover::{Limits, MultiSolver, Problem, SearchEnd, Stats};

/// xorshift64, seeded.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random problem: primary items with random `lo:hi` (`hi` at least 1), a few secondary
/// items, options of one to three primary items and up to two secondary ones.
fn random_problem(rng: &mut Rng, max_items: u64, max_options: u64) -> Problem {
    let primary = 1 + rng.below(max_items) as usize;
    let secondary = rng.below(4) as usize;
    let mut p = Problem::new(primary, secondary).unwrap();
    for item in 0..primary {
        let lo = rng.below(3) as u32;
        let hi = (lo + rng.below(3) as u32).max(1);
        p.set_multiplicity(item, lo, hi).unwrap();
    }
    for _ in 0..1 + rng.below(max_options) {
        let mut option = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let item = rng.below(primary as u64) as usize;
            if !option.contains(&item) {
                option.push(item);
            }
        }
        for _ in 0..rng.below(3) {
            let item = primary + rng.below(secondary.max(1) as u64) as usize;
            if item < primary + secondary && !option.contains(&item) {
                option.push(item);
            }
        }
        for i in (1..option.len()).rev() {
            option.swap(i, rng.below(i as u64 + 1) as usize);
        }
        p.add_option(option).unwrap();
    }
    p
}

/// The solutions visited (in order, at most `stop_after`), the end and the counts.
fn walk(
    solver: &mut MultiSolver,
    limits: Limits,
    stop_after: usize,
) -> (Vec<Vec<usize>>, SearchEnd, Stats) {
    solver.reset_stats();
    let mut found = Vec::new();
    let end = solver.search(limits, |s| {
        found.push(s.to_vec());
        if found.len() == stop_after {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (found, end, solver.stats())
}

#[test]
fn bit_sets_and_links_walk_dlx3s_tree() {
    let mut rng = Rng(0x3141_5926_5358_9793);
    let mut several = 0;
    for round in 0..800 {
        // Up to 200 options: one word of options and several.
        let max_options = if round % 5 == 0 { 200 } else { 40 };
        let p = random_problem(&mut rng, 12, max_options);
        let mut bits = MultiSolver::new(&p);
        let mut links = MultiSolver::with_links(&p);
        // Some have too many solutions to list: a node limit keeps each walk short.
        let cap = Limits::nodes(10_000);
        let all = walk(&mut links, cap, usize::MAX);
        assert_eq!(
            walk(&mut bits, cap, usize::MAX),
            all,
            "round {round}: {p:?}"
        );
        several += usize::from(all.0.len() > 1);
        let nodes = all.2.nodes;
        for limits in [Limits::nodes(nodes / 2), Limits::nodes(1)] {
            assert_eq!(
                walk(&mut bits, limits, usize::MAX),
                walk(&mut links, limits, usize::MAX),
                "round {round}, {limits:?}"
            );
        }
        let stop = 1 + all.0.len() / 3;
        assert_eq!(
            walk(&mut MultiSolver::with_links(&p), cap, stop),
            walk(&mut links, cap, stop),
            "round {round}, fresh links, stop after {stop}"
        );
        assert_eq!(
            walk(&mut bits, cap, stop),
            walk(&mut links, cap, stop),
            "round {round}, stop after {stop}"
        );
    }
    assert!(
        several > 150,
        "only {several} problems had several solutions"
    );
}
