//! Guesses, the field's measure of search effort beside nodes: the default solver's
//! count of options tried where the item chosen had two or more (`DlxSolver::guesses`),
//! against the generator's own search (`generate::Board`), code that shares nothing with
//! the dancing links: candidate masks, naked and hidden singles propagated, then a branch
//! on the cell (or the digit in a unit) with fewest places. Forced moves are singles in
//! both; what is left are the branches, and on puzzles with one fill the two count the
//! same branches, puzzle by puzzle. Also: a puzzle that singles solve takes no guess, and
//! `--stats` and `bench` report guesses for the solvers that count them.

mod common;

use dlx_sudoku::generate::Board;
use dlx_sudoku::{DlxSolver, Grid, Shape, SudokuSolver};

/// Per puzzle: the DLX count to two's nodes and guesses, and the board's branches.
fn effort(dlx: &mut DlxSolver, board: &mut Board, grid: &Grid) -> (u64, u64, u64) {
    let (nodes, guesses) = (dlx.nodes(), dlx.guesses());
    assert_eq!(dlx.count(grid, 2).solutions, 1, "{}", grid.to_line());
    let branches = board.nodes();
    assert!(board.load(grid.cells(), &[]));
    assert_eq!(board.count(2), 1);
    (
        dlx.nodes() - nodes,
        dlx.guesses() - guesses,
        board.nodes() - branches,
    )
}

#[test]
fn guesses_are_the_branches_of_an_independent_search() {
    // Singles only: the default solver's prunings turned off (the board's propagation is
    // singles only too).
    let mut dlx = DlxSolver::new(Shape::CLASSIC);
    dlx.set_pruning(false);
    let mut board = Board::new(Shape::CLASSIC);
    // The default solver: the same fills, fewer guesses over a set.
    let mut default = DlxSolver::new(Shape::CLASSIC);
    let mut checked = 0;
    let mut guessed = 0;
    for set in [
        "puzzles1_unbiased_first1000",
        "puzzles2_17_clue",
        "puzzles3_magictour_top1465",
        "puzzles6_forum_hardest_1106",
    ] {
        let Some(path) = common::shared_data(set) else {
            continue;
        };
        let (mut plain_total, mut default_total) = (0, 0);
        for line in common::puzzle_lines(&path).iter().take(300) {
            let grid = Grid::parse_line(line.as_bytes()).unwrap();
            let (nodes, guesses, branches) = effort(&mut dlx, &mut board, &grid);
            assert_eq!(guesses, branches, "{set}: {line}");
            assert!(guesses <= nodes);
            checked += 1;
            guessed += usize::from(guesses > 0);
            let before = default.guesses();
            assert_eq!(default.solve(&grid), dlx.solve(&grid), "{set}: {line}");
            plain_total += guesses;
            default_total += default.guesses() - before;
        }
        assert!(
            default_total < plain_total,
            "{set}: {default_total} guesses with pointing and claiming at the root, \
             {plain_total} without"
        );
    }
    if checked > 0 {
        assert!(
            guessed > checked / 4,
            "only {guessed} of {checked} needed a guess"
        );
    }
}

#[test]
fn a_puzzle_singles_solve_takes_no_guess() {
    // Baekjoon 2239's example, solved by singles: every node is forced.
    let grid = Grid::parse_line(
        b"103000509002109400000704000300502006060000050700803004000401000009205800804000107",
    )
    .unwrap();
    let mut dlx = DlxSolver::new(Shape::CLASSIC);
    let mut board = Board::new(Shape::CLASSIC);
    assert!(board.load(grid.cells(), &[]) && board.solved_by_singles());
    assert_eq!(dlx.count(&grid, 2).solutions, 1);
    assert_eq!(dlx.guesses(), 0);
    assert_eq!(
        dlx.nodes(),
        grid.cells().iter().filter(|&&v| v == 0).count() as u64
    );
    assert_eq!(SudokuSolver::guesses(&dlx), Some(0));
}

/// Two puzzles of the hardest set's kind and one singles solve (Baekjoon 2239's example).
const PUZZLES: &str = "\
........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3
........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........
103000509002109400000704000300502006060000050700803004000401000009205800804000107
";

/// The library's guesses for [`PUZZLES`], counted to two.
fn library_guesses() -> u64 {
    let mut dlx = DlxSolver::new(Shape::CLASSIC);
    for line in PUZZLES.lines() {
        dlx.count(&Grid::parse_line(line.as_bytes()).unwrap(), 2);
    }
    dlx.guesses()
}

#[test]
fn stats_report_guesses_for_the_solvers_that_count_them() {
    let want = library_guesses();
    assert!(want > 0);
    let run = common::run_bin(&["count", "--stats", "--threads", "2"], PUZZLES);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let per = want as f64 / 3.0;
    assert!(
        run.stderr
            .contains(&format!(" {want} guesses ({per:.1}/puzzle), 2 threads")),
        "{}",
        run.stderr
    );
    // Backtracking does not tell forced moves from guesses: no figure rather than a wrong one.
    let run = common::run_bin(
        &[
            "solve",
            "--stats",
            "--solver",
            "bitmask",
            "--max-nodes",
            "1000",
        ],
        PUZZLES,
    );
    assert!(run.stderr.contains("search nodes"), "{}", run.stderr);
    assert!(!run.stderr.contains("guesses"), "{}", run.stderr);
}

#[test]
fn bench_reports_guesses_per_puzzle() {
    let want = library_guesses();
    let run = common::run_bin(
        &[
            "bench",
            "-",
            "--solver",
            "dlx,dlx-generic",
            "--rounds",
            "2",
            "--warmup",
            "0",
            "--csv",
        ],
        PUZZLES,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut lines = run.stdout.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = header
        .iter()
        .position(|&h| h == "guesses_per_puzzle")
        .expect("a guesses column");
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        match fields[0] {
            // The same three puzzles each round: the library's figure, per puzzle.
            "dlx" => assert_eq!(fields[col], format!("{:.2}", want as f64 / 3.0), "{line}"),
            // The generic engine walks the same tree but does not count guesses.
            "dlx-generic" => assert_eq!(fields[col], "", "{line}"),
            other => panic!("unexpected solver {other}: {line}"),
        }
    }
}
