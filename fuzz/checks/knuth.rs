//! Checks on Knuth's text format, shared by the fuzz target `knuth` and the property test
//! in `tests/arbitrary_input.rs` (included there by path).

use std::ops::ControlFlow;

use dlx_cover::{Chooser, Limits, MultiSolver, Problem, Solver, cost, knuth, preprocess};

/// Parses `text` and checks: an error names a line of the text (or the end); a parsed
/// problem writes back to text that parses to the same items (with their multiplicities)
/// and options (with their costs); every solution found within a node budget covers each
/// primary item within its bounds and shares secondary items only with one color; the
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
    let mut colors: Vec<Vec<u32>> = vec![Vec::new(); problem.items()];
    for &o in options {
        for (item, color) in problem.colored_option(o) {
            colors[item].push(color);
        }
    }
    for (item, seen) in colors.iter().enumerate() {
        if let Some((lo, hi)) = problem.multiplicity(item) {
            assert!(
                (lo as usize..=hi as usize).contains(&seen.len()),
                "primary item {item} covered {} times, not {lo}..{hi}",
                seen.len()
            );
        } else if seen.len() > 1 {
            assert!(
                seen[0] != 0 && seen.iter().all(|&c| c == seen[0]),
                "secondary item {item} shared with colors {seen:?}"
            );
        }
    }
}
