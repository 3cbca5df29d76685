//! A job's subtree counted with memo: what is left of a problem once the options of a path
//! of the plain search's tree (Algorithms X and C) are chosen, as a problem of its own
//! ([`residual`]), counted by the memoized search ([`count_below`]). So a job of a split
//! may count past 2⁶⁴ as a whole problem does.

use crate::Solver;
use crate::split::PathError;
use crate::{Limits, Problem};

use crate::memo::{MemoError, MemoRun, count, refuse_multiplicities};

/// Why [`count_below`] could not count.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BelowError {
    /// The path does not name a node of the plain search's tree.
    #[error(transparent)]
    Path(#[from] PathError),
    /// The problem has multiplicities.
    #[error(transparent)]
    Memo(#[from] MemoError),
}

/// Counts by memoized search the solutions below `path` in the tree of
/// [`Solver::search`](crate::Solver::search) with the default choice (the subtree a job of
/// a split names), within `limits`. The path is checked as
/// [`Solver::select_path`](crate::Solver::select_path) checks it. The count is the plain
/// search's for the subtree; the nodes and other counts are those of the memoized search of
/// the [`residual`] problem.
pub fn count_below(
    problem: &Problem,
    path: &[usize],
    limits: Limits,
) -> Result<MemoRun, BelowError> {
    refuse_multiplicities(problem)?;
    Solver::new(problem).select_path(path)?;
    Ok(count(&residual(problem, path), limits, None)?)
}

/// What is left of `problem` once the options `chosen` (which must agree with each other:
/// no primary item twice, no secondary item in two colors or taken whole twice) are in the
/// solution: the primary items they do not cover and the secondary items they do not name,
/// in their order, and the options that still fit, in their order, without the entries
/// of secondary items already given the color they ask for. Its solutions, each with the
/// options `chosen` added, are the solutions of `problem` that contain `chosen`.
pub fn residual(problem: &Problem, chosen: &[usize]) -> Problem {
    let (primary, items) = (problem.primary_items(), problem.items());
    // Per item: `None` while free; `Some(0)` once covered (a primary item, or a secondary
    // item named without a color); `Some(c)` for a secondary item given color `c`.
    let mut state: Vec<Option<u32>> = vec![None; items];
    for &o in chosen {
        for (i, c) in problem.colored_option(o) {
            state[i] = Some(if i < primary { 0 } else { c });
        }
    }
    let mut number = vec![usize::MAX; items];
    let mut left = [0usize; 2];
    for (i, slot) in number.iter_mut().enumerate() {
        if state[i].is_none() {
            let kind = usize::from(i >= primary);
            *slot = left[kind];
            left[kind] += 1;
        }
    }
    for i in primary..items {
        if state[i].is_none() {
            number[i] += left[0];
        }
    }
    let mut out = Problem::new(left[0], left[1]).expect("smaller than a valid problem");
    let mut entries = Vec::new();
    'options: for o in 0..problem.options() {
        entries.clear();
        for (i, c) in problem.colored_option(o) {
            match state[i] {
                None => entries.push((number[i], c)),
                // The item already has the color this option gives it.
                Some(fixed) if fixed != 0 && fixed == c => {}
                Some(_) => continue 'options,
            }
        }
        out.add_colored_option(entries.iter().copied())
            .expect("an option that fits keeps its primary items");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jobfile;

    /// Problems with colors: Knuth's example and a row of cells where each cell is taken
    /// by one of several colored tiles, so that paths fix colors.
    fn colored() -> Problem {
        // Items 0..4 primary, 4..7 secondary.
        let mut p = Problem::new(4, 3).unwrap();
        let options: [&[(usize, u32)]; 9] = [
            &[(0, 0), (4, 1)],
            &[(0, 0), (4, 2), (5, 1)],
            &[(1, 0), (4, 1), (6, 0)],
            &[(1, 0), (5, 1)],
            &[(1, 0), (2, 0), (5, 2)],
            &[(2, 0), (6, 0)],
            &[(2, 0), (4, 1)],
            &[(3, 0), (5, 1)],
            &[(3, 0)],
        ];
        for o in options {
            p.add_colored_option(o.iter().copied()).unwrap();
        }
        p
    }

    /// A random problem with colors (a seeded generator): 8 primary and 4 secondary
    /// items, 30 options of 1–2 primary and 0–3 secondary items, colors 0–2.
    fn random(seed: u64) -> Problem {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n) as usize
        };
        let mut p = Problem::new(8, 4).unwrap();
        for _ in 0..30 {
            let mut entries: Vec<(usize, u32)> = Vec::new();
            for _ in 0..1 + next(2) {
                let i = next(8);
                if entries.iter().all(|&(j, _)| j != i) {
                    entries.push((i, 0));
                }
            }
            for _ in 0..next(4) {
                let j = 8 + next(4);
                if entries.iter().all(|&(k, _)| k != j) {
                    entries.push((j, next(3) as u32));
                }
            }
            p.add_colored_option(entries).unwrap();
        }
        p
    }

    #[test]
    fn random_subtrees_count_what_the_plain_search_visits() {
        let mut counted = 0;
        for seed in 1..=60 {
            let p = random(seed);
            let cut = jobfile::cut(&p, &"0".repeat(64), 6).unwrap();
            for line in &cut.lines {
                if let jobfile::JobLine::Job(j) = line {
                    let plain = Solver::new(&p).count_subtree(&j.path).unwrap().solutions;
                    let memo = count_below(&p, &j.path, Limits::NONE).unwrap();
                    assert_eq!(memo.count.to_u64(), Some(plain), "seed {seed} {:?}", j.path);
                    counted += usize::from(plain > 1);
                }
            }
        }
        assert!(counted > 30, "only {counted} jobs with several solutions");
    }

    #[test]
    fn each_subtree_counts_what_the_plain_search_visits() {
        let p = colored();
        let mut solver = Solver::new(&p);
        let all = solver.count_solutions(u64::MAX).solutions;
        assert!(all > 2, "{all}");
        for at_least in [1, 2, 3, 5, 8, 40] {
            let cut = jobfile::cut(&p, &"0".repeat(64), at_least).unwrap();
            let mut total = 0u64;
            for line in &cut.lines {
                let (path, finished) = match line {
                    jobfile::JobLine::Job(j) => (&j.path, None),
                    jobfile::JobLine::Finished(f) => (&f.path, f.count.to_u64()),
                    jobfile::JobLine::Header(_) => unreachable!(),
                };
                let plain = Solver::new(&p).count_subtree(path).unwrap().solutions;
                let memo = count_below(&p, path, Limits::NONE).unwrap();
                assert_eq!(memo.count.to_u64(), Some(plain), "{path:?}");
                if let Some(n) = finished {
                    assert_eq!(n, plain, "{path:?}");
                }
                total += plain;
            }
            assert_eq!(total, all, "{at_least}");
        }
    }

    #[test]
    fn a_path_off_the_tree_is_refused() {
        let p = colored();
        let err = count_below(&p, &[99], Limits::NONE).unwrap_err();
        assert!(matches!(
            err,
            BelowError::Path(PathError::UnknownOption { .. })
        ));
        let mut m = colored();
        m.set_multiplicity(0, 1, 2).unwrap();
        let err = count_below(&m, &[], Limits::NONE).unwrap_err();
        assert!(matches!(err, BelowError::Memo(_)));
    }
}
