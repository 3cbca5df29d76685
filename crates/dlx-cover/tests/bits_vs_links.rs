//! The two ways a `Solver` holds a problem, bit sets (`Solver::new` on small problems) and
//! dancing links (`Solver::with_links`), walk the same tree: on random problems, with colors
//! and without, one word of options and several, every chooser, with selections, node limits,
//! paused iterators (at solutions and after a number of nodes) and split paths, they must
//! visit the same solutions in the same order and report the same `Stats`. (Both are
//! checked against a reference that shares no code with either in `knuth_tree.rs`; this
//! file checks the finer things, order and limits.)
//!
//! The same holds for Algorithm M: `MultiSolver::new` (bit sets, on problems without costs)
//! and `MultiSolver::with_links`, on random problems with multiplicities, with colors and
//! without, early stops and node limits included (the same solutions, order, nodes,
//! updates and cleansings). (Its links are held to dlx3's own counts by
//! `tests/cover/dlx3_tree.rs` at the workspace root.)

use std::ops::ControlFlow;

use dlx_cover::split::Branches;
use dlx_cover::{
    ActiveItems, Chooser, Limits, MultiSolver, Next, Problem, SearchEnd, Solver, Stats,
};

/// xorshift64, seeded.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn shuffle(&mut self, items: &mut [usize]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i as u64 + 1) as usize);
        }
    }
}

/// A random problem: up to `max_items` items, a few secondary, up to `max_options`
/// options of random items (each with a primary item); in half of them, secondary items
/// are named with colors 1 to 3 or none (Algorithm C).
fn random_problem(rng: &mut Rng, max_items: u64, max_options: u64) -> Problem {
    let primary = 1 + rng.below(max_items) as usize;
    let secondary = rng.below(4) as usize;
    let colored = rng.below(2) == 0;
    let mut p = Problem::new(primary, secondary).unwrap();
    let density = 2 + rng.below(primary as u64 + 2);
    for _ in 0..1 + rng.below(max_options) {
        let first = rng.below(primary as u64) as usize;
        let mut option = vec![first];
        for item in 0..primary + secondary {
            if item != first && rng.below(density) == 0 {
                option.push(item);
            }
        }
        // Items in any order within the option.
        rng.shuffle(&mut option);
        add_colored(&mut p, rng, option, colored);
    }
    p
}

/// Adds `option` to `p`, its secondary items named with colors 1 to 3 or none when
/// `colored`.
fn add_colored(p: &mut Problem, rng: &mut Rng, option: Vec<usize>, colored: bool) {
    let primary = p.primary_items();
    let colors: Vec<u32> = option
        .iter()
        .map(|&i| {
            if colored && i >= primary {
                rng.below(4) as u32
            } else {
                0
            }
        })
        .collect();
    p.add_colored_option(option.into_iter().zip(colors))
        .unwrap();
}

/// Every solution as visited (options in the order taken), the end, and the stats.
fn visit(
    solver: &mut Solver,
    chooser: Chooser<'_>,
    limits: Limits,
) -> (Vec<Vec<usize>>, SearchEnd, dlx_cover::Stats) {
    let mut found = Vec::new();
    let end = solver.search(chooser, limits, |s| {
        found.push(s.to_vec());
        ControlFlow::Continue(())
    });
    (found, end, solver.stats())
}

/// The chooser named by `k`, a custom one (the last active item of minimum length) for 3.
fn with_chooser<R>(k: usize, f: impl FnOnce(Chooser<'_>) -> R) -> R {
    let mut last_min = |items: &ActiveItems<'_>| {
        let mut best: Option<(usize, usize)> = None;
        for (item, len) in items.iter() {
            if best.is_none_or(|(_, l)| len <= l) {
                best = Some((item, len));
            }
        }
        best.map(|(item, _)| item)
    };
    match k {
        0 => f(Chooser::Mrv),
        1 => f(Chooser::MrvStopAtOne),
        2 => f(Chooser::ForcedThenLeftmost),
        _ => f(Chooser::Custom(&mut last_min)),
    }
}

/// Both forms of `p` walked with chooser `k` within `limits` (large problems can have
/// millions of solutions: a node budget keeps each search short, and both must stop at the
/// same place): the same solutions, end and stats. Returns the two solvers.
fn walk_both(p: &Problem, k: usize, limits: Limits, context: &str) -> (Solver, Solver) {
    let mut bits = Solver::new(p);
    let mut links = Solver::with_links(p);
    let a = with_chooser(k, |c| visit(&mut bits, c, limits));
    let b = with_chooser(k, |c| visit(&mut links, c, limits));
    assert_eq!(a, b, "chooser {k}, {context}");
    (bits, links)
}

#[test]
fn same_solutions_in_the_same_order_with_the_same_counts() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut multiword = 0;
    for round in 0..1500 {
        // Mostly small problems, some with more than 64 options (several words).
        let (items, options) = if round % 5 == 0 { (12, 200) } else { (7, 20) };
        let p = random_problem(&mut rng, items, options);
        if p.options() > 64 {
            multiword += 1;
        }
        for k in 0..4 {
            let limits = Limits::nodes(20_000);
            let (mut bits, mut links) = walk_both(&p, k, limits, &format!("round {round}"));
            // A second search on the same solvers gives the same again (nothing left over).
            let a2 = with_chooser(k, |c| visit(&mut bits, c, limits));
            let b2 = with_chooser(k, |c| visit(&mut links, c, limits));
            assert_eq!(a2, b2, "chooser {k}, round {round}, second search");
        }
    }
    assert!(
        multiword > 100,
        "only {multiword} problems had several words"
    );
}

/// A random problem whose options all have `width` primary items and `extra` secondary ones
/// (the shape of queens, Langford pairs and tilings, for which the bit sets run a copy of
/// the search with the width fixed).
fn uniform_problem(rng: &mut Rng, width: usize, extra: usize, max_options: u64) -> Problem {
    let primary = width + rng.below(6) as usize;
    let secondary = extra + rng.below(3) as usize;
    let mut p = Problem::new(primary, secondary).unwrap();
    for _ in 0..1 + rng.below(max_options) {
        let mut option = Vec::new();
        for (count, range) in [(width, 0..primary), (extra, primary..primary + secondary)] {
            let mut pool: Vec<usize> = range.collect();
            for _ in 0..count {
                option.push(pool.swap_remove(rng.below(pool.len() as u64) as usize));
            }
        }
        rng.shuffle(&mut option);
        p.add_option(option).unwrap();
    }
    p
}

#[test]
fn options_of_one_width_walk_the_same_tree() {
    let mut rng = Rng(0x5eed_0f0b_e5ca_1e55);
    for round in 0..900 {
        // Widths 1 to 9: up to 8 the search runs with the width fixed, 9 takes the general
        // path; some problems of several words.
        let width = 1 + round % 9;
        let extra = rng.below(3) as usize;
        let options = if round % 4 == 0 { 150 } else { 30 };
        let p = uniform_problem(&mut rng, width, extra, options);
        for k in 0..4 {
            let context = format!("width {width}, round {round}");
            walk_both(&p, k, Limits::nodes(20_000), &context);
        }
    }
}

/// A random problem with colors of exactly `options` options: 1 to 5 primary items each
/// (of 8 to 15; the bit sets lower them in runs of 4) and 0 to 3 secondary ones (of 2 to
/// 6), named with colors 1 to 3 or none; every primary item in some option.
fn colored_problem(rng: &mut Rng, options: usize) -> Problem {
    let primary = 8 + rng.below(8) as usize;
    let secondary = 2 + rng.below(5) as usize;
    let mut p = Problem::new(primary, secondary).unwrap();
    for o in 0..options {
        let mut items: Vec<usize> = vec![o % primary];
        for _ in 0..rng.below(5) {
            items.push(rng.below(primary as u64) as usize);
        }
        for _ in 0..rng.below(4) {
            items.push(primary + rng.below(secondary as u64) as usize);
        }
        items.sort_unstable();
        items.dedup();
        rng.shuffle(&mut items);
        add_colored(&mut p, rng, items, true);
    }
    p
}

#[test]
fn colored_problems_of_every_width_walk_the_same_tree() {
    // Options for 1 to 20 words of 64: the search with colors has copies for 1 to 6, 8 and
    // 16 words (7 taking 8, 9 to 16 taking 16), the general path above.
    let mut rng = Rng(0xc010_4ed5_0fa1_1d75);
    let mut solved = 0;
    for round in 0..80 {
        let words = 1 + round % 20;
        let options = 64 * (words - 1) + 1 + rng.below(64) as usize;
        let p = colored_problem(&mut rng, options);
        for k in 0..4 {
            let limits = Limits::nodes(3_000);
            let context = format!("{options} options, round {round}");
            let (bits, _) = walk_both(&p, k, limits, &context);
            solved += usize::from(bits.stats().solutions > 0);
        }
    }
    assert!(solved > 100, "only {solved} searches found a solution");
}

#[test]
fn node_limits_stop_both_at_the_same_place() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for round in 0..800 {
        let p = random_problem(&mut rng, 10, 60);
        let max_nodes = rng.below(40);
        let mut bits = Solver::new(&p);
        let mut links = Solver::with_links(&p);
        let a = visit(&mut bits, Chooser::Mrv, Limits::nodes(max_nodes));
        let b = visit(&mut links, Chooser::Mrv, Limits::nodes(max_nodes));
        assert_eq!(a, b, "round {round}, {max_nodes} nodes");
    }
}

#[test]
fn selections_conflicts_and_branches_agree() {
    let mut rng = Rng(0x0bad_cafe_f00d_d00d);
    for round in 0..800 {
        let p = random_problem(&mut rng, 10, 90);
        let mut bits = Solver::new(&p);
        let mut links = Solver::with_links(&p);
        for _ in 0..rng.below(4) {
            let option = rng.below(p.options() as u64 + 1) as usize;
            assert_eq!(bits.select(option), links.select(option), "round {round}");
        }
        assert_eq!(
            bits.selection().collect::<Vec<_>>(),
            links.selection().collect::<Vec<_>>()
        );
        assert_eq!(bits.branches(), links.branches(), "round {round}");
        assert_eq!(
            visit(&mut bits, Chooser::Mrv, Limits::NONE),
            visit(&mut links, Chooser::Mrv, Limits::NONE),
            "round {round}"
        );
        bits.clear_selection();
        links.clear_selection();
        // Every path one level down, as a split takes them.
        if let Branches::Item { options, .. } = links.branches() {
            for &o in &options {
                let a = bits.count_subtree(&[o]).unwrap();
                let b = links.count_subtree(&[o]).unwrap();
                assert_eq!(a, b, "round {round}, path [{o}]");
            }
        }
        assert_eq!(bits.split(8), links.split(8), "round {round}");
    }
}

#[test]
fn a_paused_iterator_is_finished_by_the_next_search() {
    let mut rng = Rng(0x5151_5151_5151_5151);
    for round in 0..400 {
        let p = random_problem(&mut rng, 8, 40);
        let mut bits = Solver::new(&p);
        let mut links = Solver::with_links(&p);
        let take = rng.below(3) as usize;
        let a: Vec<_> = bits.solutions().take(take).map(|s| s.to_vec()).collect();
        let b: Vec<_> = links.solutions().take(take).map(|s| s.to_vec()).collect();
        assert_eq!(a, b, "round {round}");
        assert_eq!(
            bits.count_solutions(u64::MAX).solutions,
            links.count_solutions(u64::MAX).solutions,
            "round {round}"
        );
        assert_eq!(bits.stats(), links.stats(), "round {round}");
    }
}

#[test]
fn walks_paused_every_few_nodes_are_the_walks_that_never_paused() {
    let mut rng = Rng(0x7a05_e5ee_d000_0001);
    for round in 0..600 {
        let p = random_problem(&mut rng, 10, 60);
        let limits = Limits::nodes(rng.below(2_000));
        let nodes = 1 + rng.below(8);
        for (form, mut solver) in [("bits", Solver::new(&p)), ("links", Solver::with_links(&p))] {
            let (mut whole, whole_end, whole_stats) = visit(&mut solver, Chooser::Mrv, limits);
            whole.iter_mut().for_each(|s| s.sort_unstable());
            solver.reset_stats();
            let mut it = solver.solutions_with(Chooser::Mrv, limits);
            let mut found = Vec::new();
            let end = loop {
                match it.next_within(nodes) {
                    Next::Solution(s) => found.push(s.into_vec()),
                    Next::Paused => {}
                    Next::End(end) => break end,
                }
            };
            drop(it);
            let context = format!("{form}, round {round}, {nodes} nodes at a time");
            assert_eq!((found, end), (whole, whole_end), "{context}");
            assert_eq!(solver.stats(), whole_stats, "{context}");
        }
    }
}

/// N queens 6 (4 solutions, the diagonals secondary) on either form.
#[test]
fn queens_on_both() {
    let n = 6;
    let mut p = Problem::new(2 * n, 2 * (2 * n - 1)).unwrap();
    for r in 0..n {
        for c in 0..n {
            p.add_option([
                r,
                n + c,
                2 * n + r + c,
                2 * n + (2 * n - 1) + (n - 1 + r - c),
            ])
            .unwrap();
        }
    }
    let a = visit(&mut Solver::new(&p), Chooser::Mrv, Limits::NONE);
    let b = visit(&mut Solver::with_links(&p), Chooser::Mrv, Limits::NONE);
    assert_eq!(a.0.len(), 4);
    assert_eq!(a, b);
}

#[test]
fn path_checks_agree() {
    // Random paths, most of them wrong somewhere: both forms accept the same ones and refuse
    // the others with the same fault (unknown option, not a branch, past a solution).
    let mut rng = Rng(0xfeed_beef_f0dd_ba11);
    let mut accepted = 0;
    for round in 0..1500 {
        let p = random_problem(&mut rng, 8, 24);
        let mut bits = Solver::new(&p);
        let mut links = Solver::with_links(&p);
        let len = 1 + rng.below(4) as usize;
        let path: Vec<usize> = (0..len)
            .map(|_| rng.below(p.options() as u64 + 1) as usize)
            .collect();
        let a = bits.select_path(&path);
        let b = links.select_path(&path);
        assert_eq!(a, b, "round {round}, path {path:?}");
        accepted += usize::from(a.is_ok());
        assert_eq!(bits.branches(), links.branches(), "round {round}");
    }
    assert!(accepted > 50, "only {accepted} paths were accepted");
}

/// A random problem for Algorithm M: primary items with random `lo:hi` (`hi` at least 1), a few secondary
/// items, options of one to three primary items and up to two secondary ones; in half of
/// them, secondary items are named with colors 1 to 3 or none (Algorithm M with colors).
fn random_multi_problem(rng: &mut Rng, max_items: u64, max_options: u64) -> Problem {
    let primary = 1 + rng.below(max_items) as usize;
    let secondary = rng.below(6) as usize;
    let colored = rng.below(2) == 0;
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
        rng.shuffle(&mut option);
        add_colored(&mut p, rng, option, colored);
    }
    p
}

/// The solutions visited (in order, at most `stop_after`), the end and the counts.
fn walk_multi(
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
    let (mut several, mut cleansed) = (0, 0);
    for round in 0..800 {
        // Up to 200 options: one word of options and several.
        let max_options = if round % 5 == 0 { 200 } else { 40 };
        let p = random_multi_problem(&mut rng, 12, max_options);
        let mut bits = MultiSolver::new(&p);
        let mut links = MultiSolver::with_links(&p);
        // Some have too many solutions to list: a node limit keeps each walk short.
        let cap = Limits::nodes(10_000);
        let all = walk_multi(&mut links, cap, usize::MAX);
        assert_eq!(
            walk_multi(&mut bits, cap, usize::MAX),
            all,
            "round {round}: {p:?}"
        );
        several += usize::from(all.0.len() > 1);
        cleansed += usize::from(all.2.cleansings > 0);
        let nodes = all.2.nodes;
        for limits in [Limits::nodes(nodes / 2), Limits::nodes(1)] {
            assert_eq!(
                walk_multi(&mut bits, limits, usize::MAX),
                walk_multi(&mut links, limits, usize::MAX),
                "round {round}, {limits:?}"
            );
        }
        let stop = 1 + all.0.len() / 3;
        assert_eq!(
            walk_multi(&mut MultiSolver::with_links(&p), cap, stop),
            walk_multi(&mut links, cap, stop),
            "round {round}, fresh links, stop after {stop}"
        );
        assert_eq!(
            walk_multi(&mut bits, cap, stop),
            walk_multi(&mut links, cap, stop),
            "round {round}, stop after {stop}"
        );
    }
    assert!(
        several > 150,
        "only {several} problems had several solutions"
    );
    assert!(cleansed > 100, "only {cleansed} problems had cleansings");
}
