//! The search walks Knuth's tree and counts it his way: checked against a reference written
//! here with plain sets (no dancing links), on the smallest example with an item no option
//! covers, on Knuth's first example, and on thousands of small random problems.

use std::ops::ControlFlow;

use dlx_cover::{Chooser, Limits, Problem, Solver, Stats};

/// A reference Algorithm X on sets, counting in Knuth's conventions (dlx1): one node for the
/// root and one per option tried; covering an item costs one update for the item and one per
/// node of the other items of each option still in play that contains it. `stop` is the
/// length at which the scan for the shortest item stops early (0 for Knuth).
struct Reference<'a> {
    options: &'a [Vec<usize>],
    primary: usize,
    covered: Vec<bool>,
    nodes: u64,
    updates: u64,
    solutions: Vec<Vec<usize>>,
    chosen: Vec<usize>,
    stop: usize,
}

impl Reference<'_> {
    /// An option is in play while none of its items is covered.
    fn in_play(&self, o: usize) -> bool {
        self.options[o].iter().all(|&i| !self.covered[i])
    }

    fn cover(&mut self, item: usize) {
        self.updates += 1;
        for o in 0..self.options.len() {
            if self.options[o].contains(&item) && self.in_play(o) {
                self.updates += self.options[o].len() as u64 - 1;
            }
        }
        self.covered[item] = true;
    }

    fn search(&mut self) {
        let active: Vec<usize> = (0..self.primary).filter(|&i| !self.covered[i]).collect();
        if active.is_empty() {
            let mut s = self.chosen.clone();
            s.sort();
            self.solutions.push(s);
            return;
        }
        let len = |me: &Self, i: usize| {
            (0..me.options.len())
                .filter(|&o| me.options[o].contains(&i) && me.in_play(o))
                .count()
        };
        let mut best = active[0];
        let mut best_len = usize::MAX;
        for &i in &active {
            let l = len(self, i);
            if l < best_len {
                best = i;
                best_len = l;
                if l <= self.stop {
                    break;
                }
            }
        }
        let tries: Vec<usize> = (0..self.options.len())
            .filter(|&o| self.options[o].contains(&best) && self.in_play(o))
            .collect();
        let saved = self.covered.clone();
        self.cover(best);
        for o in tries {
            self.nodes += 1;
            // Cover the option's other items left to right, cyclically after `best`.
            let items = &self.options[o];
            let at = items.iter().position(|&i| i == best).unwrap();
            let others: Vec<usize> = (1..items.len())
                .map(|k| items[(at + k) % items.len()])
                .collect();
            let before = self.covered.clone();
            for j in others {
                self.cover(j);
            }
            self.chosen.push(o);
            self.search();
            self.chosen.pop();
            self.covered = before;
        }
        self.covered = saved;
    }
}

fn reference(problem: &Problem, options: &[Vec<usize>], stop: usize) -> (Stats, Vec<Vec<usize>>) {
    let mut r = Reference {
        options,
        primary: problem.primary_items(),
        covered: vec![false; problem.items()],
        nodes: 1,
        updates: 0,
        solutions: Vec::new(),
        chosen: Vec::new(),
        stop,
    };
    r.search();
    let mut stats = Stats::default();
    stats.nodes = r.nodes;
    stats.updates = r.updates;
    stats.solutions = r.solutions.len() as u64;
    stats.options_tried = r.nodes - 1;
    (stats, r.solutions)
}

fn run(problem: &Problem, chooser: Chooser<'_>) -> (Stats, Vec<Vec<usize>>) {
    let mut solver = Solver::new(problem);
    let mut found = Vec::new();
    solver.search(chooser, Limits::NONE, |s| {
        let mut s = s.to_vec();
        s.sort();
        found.push(s);
        ControlFlow::Continue(())
    });
    (solver.stats(), found)
}

fn problem(primary: usize, secondary: usize, options: &[Vec<usize>]) -> Problem {
    let mut p = Problem::new(primary, secondary).unwrap();
    for o in options {
        p.add_option(o.iter().copied()).unwrap();
    }
    p
}

/// The smallest example with an item no option covers: items A B C, options {A} and {B}.
/// Knuth branches on C at once: one node (the root), one update (covering C). The old rule tried A, then B.
#[test]
fn knuth_branches_on_the_empty_item_at_once() {
    let p = problem(3, 0, &[vec![0], vec![1]]);
    let (knuth, none) = run(&p, Chooser::Mrv);
    assert!(none.is_empty());
    assert_eq!((knuth.nodes, knuth.updates, knuth.options_tried), (1, 1, 0));
    let (old, none) = run(&p, Chooser::MrvStopAtOne);
    assert!(none.is_empty());
    assert_eq!((old.nodes, old.updates, old.options_tried), (3, 3, 2));
    let (default, _) = run(&p, Chooser::default());
    assert_eq!(default, knuth);
}

/// Knuth's first example (TAOCP 7.2.2.1 (5)): dlx1 reports 1 solution, 4 nodes... as the
/// reference here counts them.
#[test]
fn knuths_first_example() {
    let options = [
        vec![2, 4],
        vec![0, 3, 6],
        vec![1, 2, 5],
        vec![0, 3, 5],
        vec![1, 6],
        vec![3, 4, 6],
    ];
    let p = problem(7, 0, &options);
    let (stats, solutions) = run(&p, Chooser::Mrv);
    assert_eq!(solutions, vec![vec![0, 3, 4]]);
    let (expected, _) = reference(&p, &options, 0);
    assert_eq!(stats, expected);
}

/// Random small problems, primary and secondary items: nodes, updates and solutions equal
/// the set-based reference's, for Knuth's rule and for the stop-at-one rule.
#[test]
fn random_problems_match_the_reference() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rand = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut differ = 0;
    for _ in 0..3000 {
        let primary = 1 + rand(6) as usize;
        let secondary = rand(3) as usize;
        let mut options = Vec::new();
        for _ in 0..1 + rand(14) {
            let mut o = vec![rand(primary as u64) as usize];
            for item in 0..primary + secondary {
                if item != o[0] && rand(3) == 0 {
                    o.push(item);
                }
            }
            options.push(o);
        }
        let p = problem(primary, secondary, &options);
        for (chooser, stop) in [(Chooser::Mrv, 0), (Chooser::MrvStopAtOne, 1)] {
            let (mut stats, mut found) = run(&p, chooser);
            let (expected, mut solutions) = reference(&p, &options, stop);
            found.sort();
            solutions.sort();
            assert_eq!(found, solutions, "{options:?}");
            stats.solutions = expected.solutions;
            assert_eq!(stats, expected, "{options:?} stop {stop}");
        }
        if run(&p, Chooser::Mrv).0 != run(&p, Chooser::MrvStopAtOne).0 {
            differ += 1;
        }
    }
    assert!(
        differ > 100,
        "the two rules should often walk different trees"
    );
}
