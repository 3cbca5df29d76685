//! Tests of the split: parts that add up to one search, paths checked step by step, and
//! subtrees walked in turn from wherever the solver stands.

use super::*;

/// SplitMix64, for reproducible random problems.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let z = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % n
    }
}

/// A random problem, with colors on secondary items half the time.
fn random_problem(rng: &mut Rng) -> Problem {
    let primary = 1 + rng.below(7) as usize;
    let secondary = rng.below(3) as usize;
    let colors = rng.below(2) == 0;
    let mut p = Problem::new(primary, secondary).unwrap();
    for _ in 0..1 + rng.below(25) {
        let mut entries = vec![(rng.below(primary as u64) as usize, 0)];
        for item in 0..primary + secondary {
            if item != entries[0].0 && rng.below(4) == 0 {
                let color = if item >= primary && colors {
                    rng.below(3) as u32
                } else {
                    0
                };
                entries.push((item, color));
            }
        }
        p.add_colored_option(entries).unwrap();
    }
    p
}

/// Every solution of one search, in its order.
fn all_solutions(solver: &mut Solver) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    solver.search(Chooser::Mrv, Limits::NONE, |s| {
        all.push(s.to_vec());
        ControlFlow::Continue(())
    });
    all
}

/// Searches `parts` in turn, appending their solutions to `found` (a finished part's one
/// solution, if it has one, is its path); the nodes and link updates that took. Each open
/// part's solutions start with its path and its search runs to the end.
fn run_parts(solver: &mut Solver, parts: &[Part], found: &mut Vec<Vec<usize>>) -> (u64, u64) {
    let (mut nodes, mut updates) = (0, 0);
    for part in parts {
        match part {
            Part::Open(path) => {
                let run = solver
                    .search_subtree(path, Limits::NONE, |s| {
                        assert!(s.starts_with(path));
                        found.push(s.to_vec());
                        ControlFlow::Continue(())
                    })
                    .unwrap();
                assert_eq!(run.end, SearchEnd::Exhausted);
                nodes += run.nodes;
                updates += run.updates;
            }
            Part::Finished { path, solutions } => {
                if *solutions == 1 {
                    found.push(path.clone());
                }
            }
        }
    }
    (nodes, updates)
}

/// Random problems cut into 1..12 parts: the parts' solutions, in part order, are one
/// search's solutions in its order, and the nodes and link updates add up to one search's.
#[test]
fn parts_add_up_to_one_search() {
    let (mut rng, mut several_parts) = (Rng(0x2545_f491_4f6c_dd1d), 0);
    for _ in 0..300 {
        let p = random_problem(&mut rng);
        let mut solver = Solver::with_links(&p);
        let direct = all_solutions(&mut solver);
        let direct_nodes = solver.stats().nodes;
        let direct_updates = solver.stats().updates;
        let clean = solver.clone();
        for at_least in 1..12 {
            let split = solver.split(at_least);
            assert!(
                split.open() >= at_least || split.open() == 0,
                "{} open of {at_least}",
                split.open()
            );
            let mut found = Vec::new();
            let (nodes, updates) = run_parts(&mut solver, &split.parts, &mut found);
            let (nodes, updates) = (split.nodes + nodes, split.updates + updates);
            assert_eq!(found, direct, "{p:?} cut into {at_least}");
            assert_eq!(nodes, direct_nodes, "{p:?} cut into {at_least}");
            assert_eq!(updates, direct_updates, "{p:?} cut into {at_least}");
            if split.parts.len() > 1 {
                several_parts += 1;
            }
        }
        // Nothing is left selected or changed.
        assert_eq!(solver.arena(), clean.arena());
    }
    assert!(several_parts > 1000, "only {several_parts} real splits");
}

/// Each open part of a coarse cut cut again (as threads do): the finer parts, in order,
/// are still one search, with its nodes and link updates.
#[test]
fn parts_cut_again_add_up_to_one_search() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..200 {
        let p = random_problem(&mut rng);
        let mut solver = Solver::new(&p);
        let direct = all_solutions(&mut solver);
        let (direct_nodes, direct_updates) = (solver.stats().nodes, solver.stats().updates);
        for (coarse, fine) in [(1, 3), (2, 2), (3, 5)] {
            let top = solver.split(coarse);
            let (mut nodes, mut updates) = (top.nodes, top.updates);
            let mut found = Vec::new();
            for part in &top.parts {
                let parts = match part {
                    Part::Open(path) => {
                        let below = solver.split_below(path, fine).unwrap();
                        nodes += below.nodes;
                        updates += below.updates;
                        below.parts
                    }
                    finished => vec![finished.clone()],
                };
                let (n, u) = run_parts(&mut solver, &parts, &mut found);
                nodes += n;
                updates += u;
            }
            assert_eq!(found, direct, "{p:?} cut {coarse} then {fine}");
            assert_eq!((nodes, updates), (direct_nodes, direct_updates), "{p:?}");
        }
    }
}

/// Knuth's example: the search branches on A (options 1 and 3) first.
fn knuth_example() -> Problem {
    let mut p = Problem::new(7, 0).unwrap();
    for o in [
        &[2, 4, 5][..],
        &[0, 3, 6],
        &[1, 2, 5],
        &[0, 3],
        &[1, 6],
        &[3, 4, 6],
    ] {
        p.add_option(o.iter().copied()).unwrap();
    }
    p
}

#[test]
fn paths_are_checked_step_by_step() {
    let p = knuth_example();
    let mut s = Solver::with_links(&p);
    let before = s.arena().clone();
    let Branches::Item { item, options } = s.branches() else {
        panic!("the root is not a solution");
    };
    assert!(options.len() >= 2, "item {item}: {options:?}");
    assert_eq!(
        s.select_path(&[9]),
        Err(PathError::UnknownOption { step: 1, option: 9 })
    );
    let other = (0..6).find(|o| !options.contains(o)).unwrap();
    assert_eq!(
        s.select_path(&[other]),
        Err(PathError::NotABranch {
            step: 1,
            option: other,
            item
        })
    );
    assert_eq!(s.arena(), &before);
    // The one solution's path, then one option too many.
    let split = s.split(usize::MAX);
    let Some(Part::Finished { path, .. }) = split
        .parts
        .iter()
        .find(|p| matches!(p, Part::Finished { solutions: 1, .. }))
    else {
        panic!("the split meets the solution: {split:?}");
    };
    s.select_path(path).unwrap();
    assert_eq!(s.branches(), Branches::Solution);
    let mut longer = path.clone();
    longer.push(0);
    assert_eq!(
        s.select_path(&longer),
        Err(PathError::PastSolution {
            step: longer.len(),
            option: 0
        })
    );
    assert_eq!(s.arena(), &before);
    // Splitting everything leaves nothing open.
    assert_eq!(split.open(), 0);
    assert_eq!(split.finished_solutions(), 1);
}

#[test]
fn a_split_of_one_is_the_root() {
    let p = knuth_example();
    let mut s = Solver::with_links(&p);
    let split = s.split(1);
    assert_eq!(split.parts, vec![Part::Open(Vec::new())]);
    assert_eq!((split.nodes, split.updates), (0, 0));
}

/// The pieces' cells, one shape each: F I L N P T U V W X Y Z.
const PENTOMINOES: [[(i32, i32); 5]; 12] = [
    [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
];

/// Pentominoes on a `rows` × `cols` board: the cells are primary items, then one item per
/// piece, primary when the board takes all twelve, else secondary (each piece at most once).
/// An option is a piece in one of its turns and flips at one place.
fn pentominoes(rows: i32, cols: i32) -> Problem {
    let cells = (rows * cols) as usize;
    let all = cells == 60;
    let (primary, secondary) = if all { (cells + 12, 0) } else { (cells, 12) };
    let mut p = Problem::new(primary, secondary).unwrap();
    for (k, piece) in PENTOMINOES.iter().enumerate() {
        let mut shapes = std::collections::BTreeSet::new();
        for turn in 0..8 {
            let mut shape: Vec<(i32, i32)> = piece
                .iter()
                .map(|&(r, c)| if turn & 4 == 0 { (r, c) } else { (c, r) })
                .map(|(r, c)| (if turn & 1 == 0 { r } else { -r }, c))
                .map(|(r, c)| (r, if turn & 2 == 0 { c } else { -c }))
                .collect();
            let top = shape.iter().map(|s| s.0).min().unwrap();
            let left = shape.iter().map(|s| s.1).min().unwrap();
            shape.iter_mut().for_each(|s| *s = (s.0 - top, s.1 - left));
            shape.sort_unstable();
            shapes.insert(shape);
        }
        for shape in &shapes {
            for (dr, dc) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                let at: Vec<_> = shape.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                if at.iter().all(|&(r, c)| r < rows && c < cols) {
                    let mut items: Vec<usize> =
                        at.iter().map(|&(r, c)| (r * cols + c) as usize).collect();
                    items.push(cells + k);
                    p.add_option(items).unwrap();
                }
            }
        }
    }
    p
}

/// `n` queens: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut p = Problem::new(2 * n, 2 * (2 * n - 1)).unwrap();
    for (r, c) in (0..n).flat_map(|r| (0..n).map(move |c| (r, c))) {
        let diagonals = [2 * n + r + c, 2 * n + (2 * n - 1) + (n - 1 + r - c)];
        p.add_option([r, n + c, diagonals[0], diagonals[1]])
            .unwrap();
    }
    p
}

/// A subtree's solutions and counts, searched from a cleared selection
/// ([`Solver::search_subtree`]) or from where the solver stands
/// ([`Solver::search_next_subtree`]).
fn walk(
    solver: &mut Solver,
    path: &[usize],
    in_turn: bool,
) -> Result<(Vec<Vec<usize>>, SubtreeRun), PathError> {
    let mut found = Vec::new();
    let visit = |s: &[usize]| {
        found.push(s.to_vec());
        ControlFlow::Continue(())
    };
    let run = if in_turn {
        solver.search_next_subtree(path, Limits::NONE, visit)
    } else {
        solver.search_subtree(path, Limits::NONE, visit)
    }?;
    Ok((found, run))
}

/// The open subtrees of `problem` cut into at least `coarse` parts, each cut again into at
/// least `fine` (as `cover`'s workers cut), in tree order.
fn fine_paths(solver: &mut Solver, coarse: usize, fine: usize) -> Vec<Vec<usize>> {
    let mut paths = Vec::new();
    for part in solver.split(coarse).parts {
        if let Part::Open(path) = part {
            let below = solver.split_below(&path, fine).unwrap();
            assert_eq!(
                solver.selection().count(),
                0,
                "split_below leaves nothing selected"
            );
            paths.extend(below.parts.into_iter().filter_map(|p| match p {
                Part::Open(path) => Some(path),
                Part::Finished { .. } => None,
            }));
        }
    }
    paths
}

/// Walks the subtrees of several splits of `problem` on each engine: in tree order, then in
/// a shuffled order with other paths (most of them wrong somewhere) and cuts between, each
/// from where the last one left the solver. Every walk must find what a search from a
/// cleared selection finds (solutions, order, nodes, updates), every wrong path must fail
/// as on a fresh solver and leave nothing selected, and a cut must not depend on where
/// the solver stood.
fn check_walks_in_turn(problem: &Problem, rng: &mut Rng, what: &str) {
    for mut solver in [Solver::new(problem), Solver::with_links(problem)] {
        let clean = solver.clone();
        for (coarse, fine) in [(1, 1), (2, 3), (5, 8), (20, 4)] {
            let paths = fine_paths(&mut solver, coarse, fine);
            let cleared: Vec<_> = paths.iter().map(|p| walk(&mut solver, p, false)).collect();
            for (path, expected) in paths.iter().zip(&cleared) {
                assert_eq!(&walk(&mut solver, path, true), expected, "{what}: {path:?}");
                assert!(
                    solver.selection().eq(path.iter().copied()),
                    "{what}: {path:?}"
                );
            }
            let mut order: Vec<usize> = (0..paths.len()).collect();
            for k in (1..order.len()).rev() {
                order.swap(k, rng.below(k as u64 + 1) as usize);
            }
            for &k in &order {
                if rng.below(3) == 0 {
                    let other = other_path(rng, &paths[k], solver.options());
                    let expected = walk(&mut clean.clone(), &other, false);
                    let got = walk(&mut solver, &other, true);
                    assert_eq!(got, expected, "{what}: {other:?}");
                    if got.is_err() {
                        assert_eq!(solver.selection().count(), 0, "{what}: {other:?}");
                    }
                }
                if rng.below(8) == 0 {
                    let expected = clean.clone().split_below(&paths[k], 3);
                    assert_eq!(solver.split_below(&paths[k], 3), expected, "{what}");
                }
                assert_eq!(walk(&mut solver, &paths[k], true), cleared[k], "{what}");
            }
            solver.clear_selection();
        }
        assert_eq!(
            solver.arena(),
            clean.arena(),
            "{what}: the links are as they were"
        );
        assert_eq!(solver.branches(), clean.branches(), "{what}");
    }
}

/// A path near `path`: one step longer (an option that may be no branch, or no option at
/// all), its last step changed, cut short, or unchanged.
fn other_path(rng: &mut Rng, path: &[usize], options: usize) -> Vec<usize> {
    let mut other = path.to_vec();
    match rng.below(4) {
        0 => other.push(rng.below(options as u64 + 1) as usize),
        1 => {
            if let Some(last) = other.last_mut() {
                *last = rng.below(options as u64) as usize;
            }
        }
        2 => {
            other.pop();
        }
        _ => {}
    }
    other
}

#[test]
fn subtrees_walked_in_turn_are_the_subtrees_from_a_cleared_selection() {
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    check_walks_in_turn(&queens(6), &mut rng, "6 queens");
    check_walks_in_turn(&queens(8), &mut rng, "8 queens");
    check_walks_in_turn(&pentominoes(3, 20), &mut rng, "pentominoes 3x20");
    check_walks_in_turn(&pentominoes(4, 5), &mut rng, "4 pentominoes on 4x5");
    for round in 0..150 {
        let p = random_problem(&mut rng);
        check_walks_in_turn(&p, &mut rng, &format!("random problem {round}: {p:?}"));
    }
}

/// The boards the walks above run on are what they should be.
#[test]
fn the_test_problems_count_right() {
    let count = |p: &Problem| Solver::new(p).count_solutions(u64::MAX).solutions;
    assert_eq!(count(&queens(8)), 92);
    // Two tilings of 3x20 up to symmetry, each in 4 positions.
    assert_eq!(count(&pentominoes(3, 20)), 8);
}

/// Only what the split selected and checked is kept: an option selected by hand is checked
/// again when a path goes through it.
#[test]
fn a_selection_made_by_hand_is_checked_again() {
    let p = knuth_example();
    for mut s in [Solver::new(&p), Solver::with_links(&p)] {
        let Branches::Item { item, options } = s.branches() else {
            panic!("the root is not a solution");
        };
        let other = (0..6).find(|o| !options.contains(o)).unwrap();
        s.select(other).unwrap();
        assert_eq!(
            s.move_to_path(&[other]),
            Err(PathError::NotABranch {
                step: 1,
                option: other,
                item
            })
        );
        assert_eq!(s.selection().count(), 0);
        s.move_to_path(&options[..1]).unwrap();
        // Fitting or not, the option after the checked path goes.
        let _ = s.select(other);
        s.move_to_path(&options[..1]).unwrap();
        assert!(s.selection().eq(options[..1].iter().copied()));
    }
}
