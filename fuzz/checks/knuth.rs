//! Checks on Knuth's text format, shared by the fuzz target `knuth` and the property test
//! in `tests/arbitrary_input.rs` (included there by path).

use std::ops::ControlFlow;

use dlx_cover::cost::Ties;
use dlx_cover::{
    Chooser, Limits, MultiSolver, Problem, SearchEnd, Solver, cost, knuth, preprocess,
};

/// Parses `text` and checks: an error names a line of the text (or the end); a parsed
/// problem writes back to text that parses to the same items (with their multiplicities)
/// and options (with their costs); every solution found within a node budget covers each
/// primary item within its bounds and shares secondary items only with one color; the
/// count and the cheapest solutions of a problem of a few options are brute force's; the
/// cheapest solutions are solutions, priced right and in order; `--pre`'s reduction keeps
/// the count whenever both counts finish within the budget. Panics on any failure.
pub fn check(text: &str) {
    let lines = text.lines().count();
    let parsed = match knuth::parse(text) {
        Err(e) => {
            assert!(e.line >= 1 && e.line <= lines + 1, "{e} in {lines} lines");
            assert!(!e.to_string().is_empty());
            return;
        }
        Ok(parsed) => parsed,
    };
    let named = &parsed.named;
    let problem = &named.problem;
    let written = named.to_knuth().expect("a parsed problem writes back");
    let again = knuth::parse(&written).expect("written text parses");
    assert_eq!(again.named.item_names, named.item_names);
    assert_eq!(again.named.problem.options(), problem.options());
    for i in 0..problem.items() {
        assert_eq!(again.named.item_text(i), named.item_text(i));
        assert_eq!(again.named.problem.multiplicity(i), problem.multiplicity(i));
    }
    for k in 0..problem.options() {
        assert_eq!(again.named.option_text(k), named.option_text(k));
        assert_eq!(again.named.problem.cost(k), problem.cost(k));
    }
    let mut seen = 0;
    let visit = |options: &[usize]| {
        check_solution(problem, options);
        seen += 1;
        if seen >= 50 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    if problem.has_multiplicities() {
        MultiSolver::new(problem).search(Limits::nodes(5_000), visit);
    } else {
        Solver::new(problem).search(Chooser::Mrv, Limits::nodes(5_000), visit);
    }
    let all = brute_force(problem);
    if let Some(all) = &all {
        let counted = if problem.has_multiplicities() {
            MultiSolver::new(problem).count_solutions_within(u64::MAX, Limits::nodes(5_000))
        } else {
            Solver::new(problem).count_solutions_within(u64::MAX, Limits::nodes(5_000))
        };
        if !counted.stopped_early {
            assert_eq!(
                counted.solutions,
                all.len() as u64,
                "the count against brute force"
            );
        }
    }
    let best = cost::cheapest(problem, 3, Limits::nodes(5_000));
    for pair in best.solutions.windows(2) {
        assert!((pair[0].cost, &pair[0].options) < (pair[1].cost, &pair[1].options));
    }
    for s in &best.solutions {
        check_solution(problem, &s.options);
        assert_eq!(
            s.cost,
            s.options.iter().map(|&o| problem.cost(o)).sum::<u64>()
        );
    }
    if let Some(all) = &all {
        let smallest = cost::cheapest_with(problem, 3, Limits::nodes(5_000), Ties::SmallestOptions);
        let three = &all[..all.len().min(3)];
        if best.end == SearchEnd::Exhausted {
            let costs: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
            let expected: Vec<u64> = three.iter().map(|s| s.0).collect();
            assert_eq!(costs, expected, "the cheapest costs against brute force");
        }
        if smallest.end == SearchEnd::Exhausted {
            let found: Vec<(u64, &[usize])> = smallest
                .solutions
                .iter()
                .map(|s| (s.cost, &s.options[..]))
                .collect();
            let expected: Vec<(u64, &[usize])> = three.iter().map(|s| (s.0, &s.1[..])).collect();
            assert_eq!(
                found, expected,
                "the cheapest solutions against brute force"
            );
        }
    }
    if let Ok(reduced) = preprocess::reduce(problem) {
        let before =
            MultiSolver::new(problem).count_solutions_within(u64::MAX, Limits::nodes(5_000));
        let after = MultiSolver::new(&reduced.problem)
            .count_solutions_within(u64::MAX, Limits::nodes(5_000));
        if !before.stopped_early && !after.stopped_early {
            assert_eq!(before.solutions, after.solutions, "--pre changed the count");
        }
        assert!(reduced.problem.options() <= problem.options());
    }
}

/// Every primary item within its multiplicity (exactly once unless given); a secondary item
/// at most once, or shared only by options that give it one and the same color.
fn check_solution(problem: &Problem, options: &[usize]) {
    if let Some(fault) = fault(problem, options) {
        panic!("{fault}");
    }
}

/// What keeps `options` from being a solution of `problem`, if anything (see
/// [`check_solution`]).
fn fault(problem: &Problem, options: &[usize]) -> Option<String> {
    let mut colors: Vec<Vec<u32>> = vec![Vec::new(); problem.items()];
    for &o in options {
        for (item, color) in problem.colored_option(o) {
            colors[item].push(color);
        }
    }
    for (item, seen) in colors.iter().enumerate() {
        if let Some((lo, hi)) = problem.multiplicity(item) {
            if !(lo as usize..=hi as usize).contains(&seen.len()) {
                return Some(format!(
                    "primary item {item} covered {} times, not {lo}..{hi}",
                    seen.len()
                ));
            }
        } else if seen.len() > 1 && (seen[0] == 0 || seen.iter().any(|&c| c != seen[0])) {
            return Some(format!("secondary item {item} shared with colors {seen:?}"));
        }
    }
    None
}

/// Problems with at most this many options are solved by brute force as well.
const BRUTE_FORCE_OPTIONS: usize = 12;

/// Every solution with its cost, cheapest first (ties by their sorted option lists), found
/// by trying every set of options (at most 2^[`BRUTE_FORCE_OPTIONS`]): this shares nothing
/// with the searches but the problem's accessors. `None` for a larger problem.
fn brute_force(problem: &Problem) -> Option<Vec<(u64, Vec<usize>)>> {
    let n = problem.options();
    if n > BRUTE_FORCE_OPTIONS {
        return None;
    }
    let mut all = Vec::new();
    for set in 0u32..1 << n {
        let options: Vec<usize> = (0..n).filter(|&k| set >> k & 1 == 1).collect();
        if fault(problem, &options).is_none() {
            all.push((options.iter().map(|&o| problem.cost(o)).sum(), options));
        }
    }
    all.sort();
    Some(all)
}
