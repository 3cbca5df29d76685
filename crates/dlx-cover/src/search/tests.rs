//! Tests of the links engine: Knuth's examples, selection, limits, the iterator, splitting
//! and colors against brute force.

use super::*;

/// Knuth's example from "Dancing Links": items A–G, six options, one solution.
fn knuth_example() -> Problem {
    let mut p = Problem::new(7, 0).unwrap();
    let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
    for o in [
        vec![c, e, f],
        vec![a, d, g],
        vec![b, c, f],
        vec![a, d],
        vec![b, g],
        vec![d, e, g],
    ] {
        p.add_option(o).unwrap();
    }
    p
}

#[test]
fn cover_then_uncover_restores_every_link() {
    let p = knuth_example();
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    let Arena {
        items,
        nodes,
        color,
        ..
    } = &mut s.arena;
    let mut counters = Counters::default();
    // Cover A, then D and G as if option {A, D, G} were chosen, and undo in reverse.
    for i in [1, 4, 7] {
        cover::<false>(items, nodes, color, i, &mut counters);
    }
    assert_ne!(s.arena, before);
    let Arena {
        items,
        nodes,
        color,
        ..
    } = &mut s.arena;
    for i in [7, 4, 1] {
        uncover::<false>(items, nodes, color, i);
    }
    assert_eq!(s.arena, before);
    assert!(counters.updates > 0);
}

#[test]
fn knuth_example_has_its_one_solution_and_leaves_no_trace() {
    let p = knuth_example();
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    let sol = s.first_solution().unwrap();
    // {A, D}, {B, G}, {C, E, F}.
    assert_eq!(sol, vec![0, 3, 4]);
    assert_eq!(s.arena(), &before);
    assert_eq!(
        s.count_solutions(10),
        Count {
            solutions: 1,
            stopped_early: false,
            node_limit: false
        }
    );
    assert_eq!(s.arena(), &before);
    assert!(s.stats().nodes > 0 && s.stats().updates > 0);
}

#[test]
fn selection_restricts_and_clears() {
    let p = knuth_example();
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    s.select(1).unwrap(); // {A, D, G} cannot be completed.
    assert_eq!(s.count_solutions(10).solutions, 0);
    assert_eq!(s.select(3), Err(SelectError::Conflict { option: 3 }));
    s.clear_selection();
    assert_eq!(s.arena(), &before);
    s.select(3).unwrap();
    let sol = s.first_solution().unwrap();
    assert_eq!(sol, [0, 3, 4]);
    s.clear_selection();
    assert_eq!(s.arena(), &before);
    assert_eq!(s.select(99), Err(SelectError::UnknownOption(99)));
}

/// Items `0..n`; an option for every item alone and for every pair: the solutions are
/// the partitions of `n` into blocks of size 1 or 2 (76 for n = 6).
fn singles_and_pairs(n: usize) -> Problem {
    let mut p = Problem::new(n, 0).unwrap();
    for i in 0..n {
        p.add_option([i]).unwrap();
        for j in i + 1..n {
            p.add_option([i, j]).unwrap();
        }
    }
    p
}

#[test]
fn node_limit_stops_and_restores() {
    let p = singles_and_pairs(6);
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    let all = s.count_solutions(u64::MAX);
    // Set partitions of 6 into blocks of size 1 or 2: 76.
    assert_eq!(all.solutions, 76);
    let limited = s.count_solutions_within(u64::MAX, Limits::nodes(5));
    assert!(limited.node_limit && limited.stopped_early);
    assert_eq!(s.arena(), &before);
}

fn visit_all(s: &mut Solver, chooser: Chooser<'_>, limits: Limits) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    s.search(chooser, limits, |sol| {
        let mut v = sol.to_vec();
        v.sort();
        all.push(v);
        ControlFlow::Continue(())
    });
    all
}

#[test]
fn iterator_meets_the_visitors_solutions_in_order_and_counts_the_same() {
    let p = singles_and_pairs(6);
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    let visited = visit_all(&mut s, Chooser::Mrv, Limits::NONE);
    let by_visit = s.stats();
    s.reset_stats();
    let iterated: Vec<Vec<usize>> = s.solutions().map(Solution::into_vec).collect();
    assert_eq!(iterated, visited);
    assert_eq!(s.stats(), by_visit);
    assert_eq!(s.arena(), &before);
}

#[test]
fn iterator_pauses_resumes_and_cleans_up_when_dropped() {
    let p = singles_and_pairs(6);
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    let all: Vec<Solution> = s.solutions().collect();
    assert_eq!(all.len(), 76);
    // Take a few, do something else in between, take the rest.
    let mut it = s.solutions();
    let head: Vec<Solution> = it.by_ref().take(5).collect();
    assert_eq!(it.end(), None);
    let tail: Vec<Solution> = it.collect();
    assert_eq!([head, tail].concat(), all);
    // Dropped half way: the arena is as before.
    let mut it = s.solutions();
    it.nth(30);
    drop(it);
    assert_eq!(s.arena(), &before);
    // Forgotten half way: the next search finishes the old one first.
    let mut it = s.solutions();
    it.nth(10);
    std::mem::forget(it);
    assert_eq!(s.count_solutions(u64::MAX).solutions, 76);
    assert_eq!(s.arena(), &before);
    // Under a node limit the iterator says why it ended.
    let mut it = s.solutions_with(Chooser::Mrv, Limits::nodes(4));
    let some = it.by_ref().count();
    assert!(some < 76);
    assert_eq!(it.end(), Some(SearchEnd::NodeLimit));
    assert_eq!(it.next(), None);
    drop(it);
    assert_eq!(s.arena(), &before);
    let mut it = s.solutions();
    while it.next().is_some() {}
    assert_eq!(it.end(), Some(SearchEnd::Exhausted));
}

#[test]
fn branches_split_the_search_into_parts_that_add_up() {
    let p = singles_and_pairs(6);
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    let whole = visit_all(&mut s, Chooser::Mrv, Limits::NONE);
    let whole_nodes = s.stats().nodes;
    s.reset_stats();
    // Two levels deep: select a path, list the branches below it, count each part.
    let mut parts = Vec::new();
    let (_, top) = s.branches_with(Chooser::Mrv).unwrap();
    for &a in &top {
        s.select(a).unwrap();
        let (_, below) = s.branches_with(Chooser::Mrv).unwrap();
        for &b in &below {
            s.select(b).unwrap();
            parts.extend(s.solutions().map(Solution::into_vec));
            s.clear_selection();
            s.select(a).unwrap();
        }
        s.clear_selection();
    }
    assert_eq!(s.arena(), &before);
    parts.sort();
    let mut whole_sorted = whole.clone();
    whole_sorted.sort();
    assert_eq!(parts, whole_sorted);
    // Each part's root is a node two levels down in the whole tree, so the whole tree
    // has the parts' nodes, plus its root and the nodes of the first level.
    assert_eq!(s.stats().nodes + 1 + top.len() as u64, whole_nodes);
    // A complete selection has no branches; a dead one has an item with none.
    let mut q = Problem::new(2, 0).unwrap();
    q.add_option([0, 1]).unwrap();
    q.add_option([0]).unwrap();
    let mut t = Solver::with_links(&q);
    t.select(0).unwrap();
    assert_eq!(t.branches_with(Chooser::Mrv), None);
    t.clear_selection();
    t.select(1).unwrap();
    assert_eq!(t.branches_with(Chooser::Mrv), Some((1, vec![])));
}

#[test]
fn custom_chooser_and_forced_then_leftmost_agree_on_counts() {
    let p = singles_and_pairs(6);
    let mut s = Solver::with_links(&p);
    let mut n = 0;
    let mut last = |items: &ActiveItems<'_>| items.iter().last().map(|(i, _)| i);
    s.search(Chooser::Custom(&mut last), Limits::default(), |_| {
        n += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(n, 76);
    let mut m = 0;
    s.search(Chooser::ForcedThenLeftmost, Limits::default(), |_| {
        m += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(m, 76);
}

#[test]
fn colors_let_agreeing_options_share_a_secondary_item() {
    // Primary 0, 1; secondary 2. Options: {0, 2:red}, {1, 2:red}, {1, 2:blue}, {0, 2}.
    let mut p = Problem::new(2, 1).unwrap();
    p.add_colored_option([(0, 0), (2, 1)]).unwrap();
    p.add_colored_option([(1, 0), (2, 1)]).unwrap();
    p.add_colored_option([(1, 0), (2, 2)]).unwrap();
    p.add_colored_option([(0, 0), (2, 0)]).unwrap();
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    let mut sols = Vec::new();
    s.search(Chooser::Mrv, Limits::default(), |sol| {
        let mut v = sol.to_vec();
        v.sort();
        sols.push(v);
        ControlFlow::Continue(())
    });
    sols.sort();
    // {0,red}+{1,red} share red; {0,uncolored} excludes every other user of item 2.
    assert_eq!(sols, vec![vec![0, 1]]);
    assert_eq!(s.arena(), &before);
}

/// The dlx2 example of TAOCP 7.2.2.1 (49): items p q r | x y, one solution,
/// `p r x:A y` with `q x:A`.
fn knuths_colored_problem() -> Problem {
    let (p, q, r, x, y) = (0, 1, 2, 3, 4);
    let (a, b) = (1, 2);
    let mut pr = Problem::new(3, 2).unwrap();
    pr.add_colored_option([(p, 0), (q, 0), (x, 0), (y, a)])
        .unwrap();
    pr.add_colored_option([(p, 0), (r, 0), (x, a), (y, 0)])
        .unwrap();
    pr.add_colored_option([(p, 0), (x, b)]).unwrap();
    pr.add_colored_option([(q, 0), (x, a)]).unwrap();
    pr.add_colored_option([(r, 0), (y, b)]).unwrap();
    pr
}

/// A colored problem with more of a tree: items 0–4 | 5 6; every single and pair of
/// primary items, each pair also giving 5 a color (0: none, 1, 2), the singles giving 6 one.
fn colored_pairs() -> Problem {
    let mut p = Problem::new(5, 2).unwrap();
    for i in 0..5 {
        p.add_colored_option([(i, 0), (6, 1 + (i as u32 % 2))])
            .unwrap();
        for j in i + 1..5 {
            p.add_colored_option([(i, 0), (j, 0), (5, ((i + j) % 3) as u32)])
                .unwrap();
        }
    }
    p
}

/// A search run `nodes` options at a time (`u64::MAX`: never paused): its solutions, end
/// and stats, and how many times it paused.
fn paused_walk(
    s: &mut Solver,
    limits: Limits,
    nodes: u64,
) -> (Vec<Solution>, SearchEnd, Stats, u64) {
    s.reset_stats();
    let mut it = s.solutions_with(Chooser::Mrv, limits);
    let (mut found, mut pauses) = (Vec::new(), 0);
    let end = loop {
        match it.next_within(nodes) {
            Next::Solution(x) => found.push(x),
            Next::Paused => pauses += 1,
            Next::End(end) => break end,
        }
    };
    assert_eq!(it.next_within(nodes), Next::End(end));
    drop(it);
    (found, end, s.stats(), pauses)
}

/// Small problems on each path of the engine: links without colors, with colors, bit sets.
fn pause_cases() -> Vec<(&'static str, Problem, Solver)> {
    let links = |p: Problem| (Solver::with_links(&p), p);
    let mut cases = Vec::new();
    for (name, (s, p)) in [
        ("pairs on links", links(singles_and_pairs(6))),
        ("knuth on links", links(knuth_example())),
        ("knuth colored", links(knuths_colored_problem())),
        ("colored pairs", links(colored_pairs())),
        (
            "pairs on bits",
            (Solver::new(&singles_and_pairs(6)), singles_and_pairs(6)),
        ),
    ] {
        cases.push((name, p, s));
    }
    cases
}

#[test]
fn a_walk_paused_after_any_number_of_nodes_is_the_walk_that_never_paused() {
    for (name, _, mut s) in pause_cases() {
        let before = s.arena().clone();
        for limits in [Limits::NONE, Limits::nodes(7), Limits::nodes(40)] {
            let whole = paused_walk(&mut s, limits, u64::MAX);
            assert_eq!(whole.3, 0);
            let tried = whole.2.options_tried;
            assert!(tried > 1, "{name}");
            for nodes in 1..=tried + 1 {
                let paused = paused_walk(&mut s, limits, nodes);
                let context = format!("{name}, {limits:?}, {nodes} nodes at a time");
                assert_eq!(paused.0, whole.0, "{context}");
                assert_eq!((paused.1, paused.2), (whole.1, whole.2), "{context}");
                // A budget spent before a solution pauses; one over the whole never does.
                assert!(nodes > 1 || paused.3 > 0, "{context}");
                assert!(nodes <= tried || paused.3 == 0, "{context}");
                assert_eq!(s.arena(), &before, "{context}");
            }
        }
    }
}

#[test]
fn a_walk_left_at_any_pause_leaves_the_solver_as_it_was() {
    for (name, p, mut s) in pause_cases() {
        let before = s.arena().clone();
        let all = s.count_solutions(u64::MAX).solutions;
        let tried = s.stats().options_tried;
        for calls in 0..=tried {
            let mut it = s.solutions();
            for _ in 0..calls {
                it.next_within(1);
            }
            drop(it);
            assert_eq!(s.arena(), &before, "{name}, left after {calls} calls");
            assert_eq!(s.count_solutions(u64::MAX).solutions, all, "{name}");
            // The same with the solver owned by the iterator, given back midway.
            let mut owned = Solver::with_links(&p).into_solutions(Limits::NONE);
            for _ in 0..calls {
                owned.next_within(1);
            }
            let given_back = owned.into_solver();
            assert_eq!(given_back.arena(), Solver::with_links(&p).arena(), "{name}");
        }
    }
}

#[test]
fn the_owned_iterator_pauses_and_meets_the_borrowed_ones_solutions() {
    for (name, p, mut s) in pause_cases() {
        let borrowed: Vec<Solution> = s.solutions().collect();
        let mut owned = Solver::new(&p).into_solutions(Limits::NONE);
        let mut found = Vec::new();
        while let Some(next) = match owned.next_within(2) {
            Next::End(end) => {
                assert_eq!(end, SearchEnd::Exhausted);
                None
            }
            next => Some(next),
        } {
            if let Next::Solution(x) = next {
                found.push(x);
            }
        }
        assert_eq!(found, borrowed, "{name}");
        assert_eq!(owned.end(), Some(SearchEnd::Exhausted));
        assert_eq!(owned.next(), None);
        let again: Vec<Solution> = Solver::new(&p).into_solutions(Limits::NONE).collect();
        assert_eq!(again, borrowed, "{name}");
        let limited: Vec<Solution> = Solver::new(&p).into_solutions(Limits::nodes(3)).collect();
        let expected: Vec<Solution> = s.solutions_with(Chooser::Mrv, Limits::nodes(3)).collect();
        assert_eq!(limited, expected, "{name}");
    }
}

#[cfg(test)]
mod color_tests {
    use super::*;

    /// The dlx2 example of TAOCP 7.2.2.1 (49).
    #[test]
    fn knuths_colored_example() {
        let pr = knuths_colored_problem();
        let mut s = Solver::with_links(&pr);
        let before = s.arena().clone();
        let mut all = Vec::new();
        s.search(Chooser::Mrv, Limits::NONE, |sol| {
            let mut v = sol.to_vec();
            v.sort();
            all.push(v);
            ControlFlow::Continue(())
        });
        assert_eq!(all, vec![vec![1, 3]]);
        assert_eq!(s.arena(), &before);
    }

    /// Is `chosen` (a set of options) a solution of `p`, by the definition: every primary
    /// item exactly once; a secondary item either in one option only, or in several that
    /// all give it the same color.
    fn is_solution(p: &Problem, chosen: &[usize]) -> bool {
        let mut uses: Vec<Vec<u32>> = vec![Vec::new(); p.items()];
        for &o in chosen {
            for (item, color) in p.colored_option(o) {
                uses[item].push(color);
            }
        }
        uses.iter().enumerate().all(|(item, colors)| {
            if item < p.primary_items() {
                colors.len() == 1
            } else {
                colors.len() <= 1 || (colors[0] != 0 && colors.iter().all(|&c| c == colors[0]))
            }
        })
    }

    /// Random small colored problems: the engine finds exactly the solutions a brute-force
    /// check over every subset of options finds, with every chooser, and leaves no trace.
    #[test]
    fn colored_search_matches_brute_force() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rand = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut nontrivial = 0;
        for _ in 0..300 {
            let primary = 1 + rand(5) as usize;
            let secondary = 1 + rand(3) as usize;
            let mut p = Problem::new(primary, secondary).unwrap();
            let options = 1 + rand(12);
            for _ in 0..options {
                let mut entries = vec![(rand(primary as u64) as usize, 0)];
                for item in 0..primary + secondary {
                    if item != entries[0].0 && rand(3) == 0 {
                        let color = if item >= primary { rand(3) as u32 } else { 0 };
                        entries.push((item, color));
                    }
                }
                p.add_colored_option(entries).unwrap();
            }
            let m = p.options();
            let mut expected: Vec<Vec<usize>> = (0u32..1 << m)
                .map(|mask| (0..m).filter(|&o| mask >> o & 1 == 1).collect::<Vec<_>>())
                .filter(|set| is_solution(&p, set))
                .collect();
            expected.sort();
            if expected.len() > 1 {
                nontrivial += 1;
            }
            let mut s = Solver::with_links(&p);
            let before = s.arena().clone();
            let mut last = |items: &ActiveItems<'_>| items.iter().last().map(|(i, _)| i);
            for chooser in [
                Chooser::Mrv,
                Chooser::ForcedThenLeftmost,
                Chooser::Custom(&mut last),
            ] {
                let mut found = Vec::new();
                s.search(chooser, Limits::NONE, |sol| {
                    let mut v = sol.to_vec();
                    v.sort();
                    found.push(v);
                    ControlFlow::Continue(())
                });
                found.sort();
                assert_eq!(found, expected, "problem {p:?}");
                assert_eq!(s.arena(), &before);
            }
        }
        assert!(
            nontrivial > 10,
            "the random problems should have several solutions"
        );
    }
}
