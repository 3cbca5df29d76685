//! Checks on Knuth's text format, shared by the fuzz target `knuth` and the property test
//! in `tests/arbitrary_input.rs` (included there by path).

use std::ops::ControlFlow;

use sudoku_dlx::exact_cover::{Chooser, Limits, Problem, Solver, knuth};

/// Parses `text` and checks: an error names a line of the text (or the end); a parsed
/// problem writes back to text that parses to the same items and options; every solution
/// found within a node budget is an exact cover whose shared secondary items agree on a
/// color. Panics on any failure.
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
    for k in 0..problem.options() {
        assert_eq!(again.named.option_text(k), named.option_text(k));
    }
    let mut solver = Solver::new(problem);
    let mut seen = 0;
    solver.search(Chooser::Mrv, Limits::nodes(5_000), |options| {
        check_solution(problem, options);
        seen += 1;
        if seen >= 50 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
}

/// Every primary item exactly once; a secondary item at most once, or shared only by
/// options that give it one and the same color.
fn check_solution(problem: &Problem, options: &[usize]) {
    let mut colors: Vec<Vec<u32>> = vec![Vec::new(); problem.items()];
    for &o in options {
        for (item, color) in problem.colored_option(o) {
            colors[item].push(color);
        }
    }
    for (item, seen) in colors.iter().enumerate() {
        if item < problem.primary_items() {
            assert_eq!(
                seen.len(),
                1,
                "primary item {item} covered {} times",
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
