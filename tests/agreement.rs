//! Every solver gives the same answers and counts, checked against oracles that share no
//! code with the library (tests/common); the node guard ends hopeless searches, in the
//! library and through the real binary.

mod common;

use common::{Rng, check_solution, count_fills, random_puzzle};
use dlx_sudoku::{
    Bitmask, Candidates, DlxSolver, GaveUp, Grid, Limits, Naive, NoSolution, Outcome, Shape,
    SudokuSolver,
};
use proptest::prelude::*;

/// Row-major backtracking is hopeless on this one: its first row is empty and the trap is
/// deep (more than 100,000 placements).
const HARD_FOR_ROW_MAJOR: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

/// Enough for almost every random puzzle; few enough that no test can hang.
const BUDGET: u64 = 50_000;

fn baselines() -> Vec<Box<dyn SudokuSolver>> {
    vec![
        Box::new(Naive::new(Shape::CLASSIC)),
        Box::new(Bitmask::new(Shape::CLASSIC)),
        Box::new(Candidates::new(Shape::CLASSIC)),
    ]
}

/// What happened to one puzzle across the baselines.
#[derive(Debug, Default)]
struct Tally {
    compared: usize,
    gave_up: usize,
}

/// Compares every baseline with DLX on one puzzle, solving and counting to 2; the answer is
/// also checked by the independent checker and the count by the independent counter.
fn agree(puzzle: &str, dlx: &mut DlxSolver, solvers: &mut [Box<dyn SudokuSolver>], t: &mut Tally) {
    let grid: Grid = puzzle.parse().expect("test puzzles parse");
    let want = dlx.solve(&grid);
    let fills = count_fills(puzzle, 2);
    match &want {
        Outcome::Solved(g) => {
            check_solution(puzzle, &g.to_line()).unwrap_or_else(|e| panic!("dlx {puzzle}: {e}"));
            assert!(fills >= 1, "dlx solved {puzzle}, the oracle finds no fill");
        }
        Outcome::NoSolution(_) => assert_eq!(fills, 0, "dlx found no fill for {puzzle}"),
        Outcome::GaveUp(why) => panic!("dlx had no limit, yet {why}"),
    }
    let want_count = dlx.count(&grid, 2);
    assert_eq!(want_count.solutions, fills, "dlx count {puzzle}");
    let mut nodes = Vec::new();
    for s in solvers.iter_mut() {
        let before = s.nodes();
        match s.solve_within(&grid, Limits::nodes(BUDGET)) {
            Outcome::GaveUp(GaveUp::NodeLimit) => {
                t.gave_up += 1;
                assert_eq!(s.nodes() - before, BUDGET, "{}: {puzzle}", s.name());
            }
            got => {
                t.compared += 1;
                assert_eq!(got, want, "{} disagrees with dlx on {puzzle}", s.name());
                if let Outcome::Solved(g) = &got {
                    check_solution(puzzle, &g.to_line()).unwrap();
                }
            }
        }
        nodes.push(s.nodes() - before);
        let c = s.count_within(&grid, 2, Limits::nodes(BUDGET));
        if c.gave_up.is_none() {
            assert_eq!(
                (c.solutions, c.complete),
                (want_count.solutions, want_count.complete),
                "{} count on {puzzle}",
                s.name()
            );
        }
    }
    // The baselines walk the same tree: the same number of values placed.
    assert!(
        nodes.iter().all(|&n| n == nodes[0]),
        "{puzzle}: baselines placed {nodes:?} values"
    );
}

#[test]
fn all_solvers_agree_on_random_puzzles_with_many_fills() {
    let mut rng = Rng::new(2580);
    let mut dlx = DlxSolver::new(Shape::CLASSIC);
    let mut solvers = baselines();
    let mut t = Tally::default();
    let mut several = 0;
    let total = 2000;
    for _ in 0..total {
        // 0..=40 clues: from the empty grid to well-constrained ones.
        let clues = rng.below(41);
        let puzzle = random_puzzle(&mut rng, clues);
        several += (count_fills(&puzzle, 2) == 2) as usize;
        agree(&puzzle, &mut dlx, &mut solvers, &mut t);
    }
    eprintln!("{several} of {total} with several fills; {t:?}");
    assert!(several > total / 2, "only {several} had several fills");
    assert!(
        t.compared >= 3 * total * 9 / 10,
        "too few comparisons: {t:?}"
    );
}

/// A puzzle with exactly one fill, made by blanking cells of a random full grid in random
/// order while the oracle still finds a single fill, down to about `target` clues.
fn unique_puzzle(rng: &mut Rng, target: usize) -> String {
    let full = random_puzzle(rng, 81);
    let mut cells: Vec<u8> = full.into_bytes();
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    let mut clues = 81;
    for i in order {
        if clues <= target {
            break;
        }
        let keep = cells[i];
        cells[i] = b'.';
        if count_fills(std::str::from_utf8(&cells).unwrap(), 2) == 1 {
            clues -= 1;
        } else {
            cells[i] = keep;
        }
    }
    String::from_utf8(cells).unwrap()
}

#[test]
fn all_solvers_agree_on_random_puzzles_with_one_fill() {
    let mut rng = Rng::new(2239);
    let mut dlx = DlxSolver::new(Shape::CLASSIC);
    let mut solvers = baselines();
    let mut t = Tally::default();
    let total = 1000;
    for _ in 0..total {
        let target = 24 + rng.below(12);
        let puzzle = unique_puzzle(&mut rng, target);
        assert_eq!(count_fills(&puzzle, 2), 1);
        agree(&puzzle, &mut dlx, &mut solvers, &mut t);
    }
    eprintln!("{t:?}");
    assert!(
        t.compared >= 3 * total * 8 / 10,
        "too few comparisons: {t:?}"
    );
}

#[test]
fn all_solvers_agree_on_a_public_set_when_present() {
    let Some(path) = common::shared_data("puzzles1_unbiased_first1000") else {
        return;
    };
    let mut dlx = DlxSolver::new(Shape::CLASSIC);
    let mut solvers = baselines();
    let mut t = Tally::default();
    let puzzles = common::puzzle_lines(&path);
    for p in puzzles.iter().take(300) {
        agree(p, &mut dlx, &mut solvers, &mut t);
    }
    eprintln!("{t:?}");
    assert!(t.compared >= 3 * 300 / 2, "too few comparisons: {t:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any cells at all, clashing or not, solvable or not: every baseline that finishes
    /// says what DLX says, clashes named alike.
    #[test]
    fn baselines_agree_with_dlx_on_arbitrary_grids(
        cells in proptest::collection::vec(prop_oneof![6 => Just(0u8), 1 => 1u8..=9], 81)
    ) {
        let grid = Grid::from_values(Shape::CLASSIC, &cells).unwrap();
        let want = DlxSolver::new(Shape::CLASSIC).solve(&grid);
        if let Outcome::Solved(g) = &want {
            prop_assert!(g.is_complete_solution_of(&grid));
        }
        if let Some(clash) = grid.clash() {
            prop_assert_eq!(&want, &Outcome::NoSolution(NoSolution::Clash(clash)));
        }
        for mut s in baselines() {
            let got = s.solve_within(&grid, Limits::nodes(BUDGET));
            if got != Outcome::GaveUp(GaveUp::NodeLimit) {
                prop_assert_eq!(&got, &want, "{}", s.name());
            }
        }
    }

    /// Puzzles cut from a valid grid: every baseline's answer is a fill, the same as DLX's.
    #[test]
    fn baselines_agree_with_dlx_on_puzzles_cut_from_a_fill(seed in any::<u64>(), clues in 0usize..=81) {
        let puzzle = random_puzzle(&mut Rng::new(seed), clues);
        let grid: Grid = puzzle.parse().unwrap();
        let want = DlxSolver::new(Shape::CLASSIC).solve(&grid);
        let Outcome::Solved(answer) = &want else {
            return Err(TestCaseError::fail(format!("dlx: {want:?}")));
        };
        prop_assert!(check_solution(&puzzle, &answer.to_line()).is_ok());
        for mut s in baselines() {
            let got = s.solve_within(&grid, Limits::nodes(BUDGET));
            if got != Outcome::GaveUp(GaveUp::NodeLimit) {
                prop_assert_eq!(&got, &want, "{}", s.name());
            }
        }
    }
}

#[test]
fn the_node_guard_ends_a_hopeless_search_in_the_library() {
    let mut puzzles = vec![HARD_FOR_ROW_MAJOR.to_string()];
    if let Some(path) = common::shared_data("puzzles2_17_clue") {
        puzzles.push(common::puzzle_lines(&path).swap_remove(0));
    }
    for p in &puzzles {
        let grid: Grid = p.parse().unwrap();
        for mut s in baselines() {
            let out = s.solve_within(&grid, Limits::nodes(100_000));
            assert_eq!(
                out,
                Outcome::GaveUp(GaveUp::NodeLimit),
                "{} on {p}",
                s.name()
            );
            assert_eq!(s.nodes(), 100_000);
            let c = s.count_within(&grid, 2, Limits::nodes(100_000));
            assert_eq!((c.complete, c.gave_up), (false, Some(GaveUp::NodeLimit)));
        }
        // DLX needs no guard here.
        let Outcome::Solved(g) = DlxSolver::new(Shape::CLASSIC).solve(&grid) else {
            panic!("dlx fails on {p}");
        };
        check_solution(p, &g.to_line()).unwrap();
    }
}

/// Runs the real binary with `args`, feeding `input` on stdin.
fn run(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let r = common::run_bin(args, input);
    (r.stdout, r.stderr, Some(r.code))
}

#[test]
fn the_node_guard_gives_up_with_exit_code_3_through_the_binary() {
    let mut input = format!("{HARD_FOR_ROW_MAJOR}\n");
    if let Some(path) = common::shared_data("puzzles2_17_clue") {
        input.push_str(&common::puzzle_lines(&path)[0]);
        input.push('\n');
    }
    let puzzles = input.lines().count();
    for solver in ["naive", "bitmask", "candidates"] {
        let (out, err, code) = run(
            &["solve", "--solver", solver, "--max-nodes", "100000"],
            &input,
        );
        assert_eq!(code, Some(3), "{solver}: {err}");
        assert_eq!(
            out,
            "gave up (node limit reached)\n".repeat(puzzles),
            "{solver}"
        );
        assert!(
            err.contains("<stdin>:1: gave up: node limit reached"),
            "{err}"
        );
        let (out, _, code) = run(
            &["count", "--solver", solver, "--max-nodes", "100000"],
            &input,
        );
        assert_eq!(code, Some(3));
        assert!(
            out.lines()
                .all(|l| l.ends_with("(gave up: node limit reached)")),
            "{out}"
        );
    }
    let (out, _, code) = run(
        &["solve", "--solver", "dlx", "--max-nodes", "100000"],
        &input,
    );
    assert_eq!(code, Some(0));
    for (p, a) in input.lines().zip(out.lines()) {
        check_solution(p, a).unwrap();
    }
}

#[test]
fn every_solver_answers_alike_through_the_binary() {
    let mut rng = Rng::new(81);
    let input: String = (0..30)
        .map(|_| {
            let clues = 25 + rng.below(15);
            random_puzzle(&mut rng, clues) + "\n"
        })
        .collect();
    let (want, _, code) = run(&["solve"], &input);
    assert_eq!(code, Some(0));
    for (p, a) in input.lines().zip(want.lines()) {
        check_solution(p, a).unwrap();
    }
    for solver in ["naive", "bitmask", "candidates"] {
        let (out, err, code) = run(
            &["solve", "--solver", solver, "--max-nodes", "1000000"],
            &input,
        );
        assert_eq!((code, &out), (Some(0), &want), "{solver}: {err}");
    }
}

#[test]
fn bench_prints_a_row_per_solver_and_checks_answers() {
    let mut rng = Rng::new(1465);
    let mut input: String = (0..20)
        .map(|_| random_puzzle(&mut rng, 30) + "\n")
        .collect();
    input.push_str(HARD_FOR_ROW_MAJOR);
    input.push('\n');
    let (out, err, code) = run(
        &[
            "bench",
            "-",
            "--solver",
            "dlx,bitmask,naive",
            "--max-nodes",
            "20000",
            "--rounds",
            "2",
            "--warmup",
            "3",
            "--csv",
        ],
        &input,
    );
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("solver,file,puzzles,solved,no_solution,gave_up,wrong"));
    assert_eq!(lines.len(), 4, "{out}");
    let field = |line: &str, i: usize| line.split(',').nth(i).unwrap().to_string();
    // dlx: all 21 solved.
    assert_eq!(
        (
            field(lines[1], 0),
            field(lines[1], 2),
            field(lines[1], 3),
            field(lines[1], 6)
        ),
        ("dlx".into(), "21".into(), "21".into(), "0".into())
    );
    for line in &lines[2..] {
        assert_eq!(field(line, 5), "1", "the hard one gives up: {line}");
        assert_eq!(field(line, 3), "20", "{line}");
        assert_eq!(field(line, 6), "0", "{line}");
        assert_eq!(
            field(line, 13),
            "true",
            "the ratio is a lower bound: {line}"
        );
    }
    // The table form names the solvers too.
    let (out, _, code) = run(
        &["bench", "--solver", "bitmask,dlx", "--rounds", "1"],
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....\n",
    );
    assert_eq!(code, Some(0));
    assert!(out.lines().any(|l| l.starts_with("bitmask ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("dlx ")), "{out}");
}

#[test]
fn bench_reports_bad_input_and_unknown_solvers() {
    let (_, err, code) = run(&["bench", "-"], "123\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("<stdin>:1:"), "{err}");
    let (_, err, code) = run(&["bench", "-", "--solver", "dlx,quantum"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("quantum"), "{err}");
    let (_, err, code) = run(&["bench", "/no/such/file"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("/no/such/file"), "{err}");
}
