//! The puzzle encodings' known counts, each solution checked by a checker written here.

use std::collections::HashSet;
use std::ops::ControlFlow;

use dlx_cover::{Chooser, Limits, Solver, knuth};
use dlx_sudoku::puzzles::{Langford, PIECES, Pentominoes, PuzzleError, Queens, SudokuCover};
use dlx_sudoku::{DlxSolver, Grid, Shape, SudokuSolver};

/// Visits every solution of `problem`, returning how many there were.
fn each_solution(problem: &dlx_cover::Problem, mut f: impl FnMut(&[usize])) -> u64 {
    let mut solver = Solver::new(problem);
    let mut n = 0;
    solver.search(Chooser::Mrv, Limits::NONE, |s| {
        n += 1;
        f(s);
        ControlFlow::Continue(())
    });
    n
}

fn queens_ok(columns: &[usize]) -> bool {
    let n = columns.len();
    (0..n).all(|a| {
        columns[a] < n
            && (a + 1..n)
                .all(|b| columns[a] != columns[b] && columns[a].abs_diff(columns[b]) != b - a)
    })
}

#[test]
fn queens_counts() {
    for (n, expected) in [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724), (12, 14_200)] {
        let q = Queens::new(n).unwrap();
        let mut seen = HashSet::new();
        let count = each_solution(q.problem(), |s| {
            let cols = q.decode(s);
            assert!(queens_ok(&cols), "{cols:?}");
            assert!(seen.insert(cols));
        });
        assert_eq!(count, expected, "{n} queens");
    }
    assert!(matches!(
        Queens::new(0),
        Err(PuzzleError::OutOfRange { .. })
    ));
}

fn langford_ok(seq: &[usize], n: usize) -> bool {
    seq.len() == 2 * n
        && (1..=n).all(|k| {
            let at: Vec<usize> = (0..2 * n).filter(|&i| seq[i] == k).collect();
            at.len() == 2 && at[1] - at[0] == k + 1
        })
}

#[test]
fn langford_counts_up_to_reversal() {
    for (n, expected) in [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 0),
        (7, 26),
        (8, 150),
        (11, 17_792),
    ] {
        let l = Langford::new(n).unwrap();
        let mut seen = HashSet::new();
        let count = each_solution(l.problem(), |s| {
            let seq = l.decode(s);
            assert!(langford_ok(&seq, n), "{seq:?}");
            let mut rev = seq.clone();
            rev.reverse();
            // A solution and its reversal never both appear.
            assert!(!seen.contains(&rev));
            assert!(seen.insert(seq));
        });
        assert_eq!(count, expected, "L({n})");
    }
}

/// The eight images of a set of cells under the square's symmetries, normalised.
fn images(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut out = Vec::new();
    for t in 0..8 {
        let mut v: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(r, c)| match t {
                0 => (r, c),
                1 => (c, -r),
                2 => (-r, -c),
                3 => (-c, r),
                4 => (r, -c),
                5 => (c, r),
                6 => (-r, c),
                _ => (-c, -r),
            })
            .collect();
        let (mr, mc) = (
            v.iter().map(|p| p.0).min().unwrap(),
            v.iter().map(|p| p.1).min().unwrap(),
        );
        for p in &mut v {
            *p = (p.0 - mr, p.1 - mc);
        }
        v.sort();
        out.push(v);
    }
    out
}

/// Every cell covered, each piece once and in its own shape.
fn tiling_ok(board: &[Vec<char>]) -> bool {
    PIECES.iter().all(|(letter, shape)| {
        let cells: Vec<(i32, i32)> = board
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .filter(|&(_, ch)| ch == letter)
                    .map(move |(c, _)| (r as i32, c as i32))
            })
            .collect();
        let shape: Vec<(i32, i32)> = shape.iter().map(|&(r, c)| (r as i32, c as i32)).collect();
        cells.len() == 5 && images(&shape).contains(&images(&cells)[0])
    }) && board.iter().flatten().all(|&ch| ch != '.')
}

/// The smallest of a board's four images under the rectangle's symmetries.
fn canonical(board: &[Vec<char>]) -> Vec<Vec<char>> {
    let flip_rows: Vec<Vec<char>> = board.iter().rev().cloned().collect();
    let flip_cols: Vec<Vec<char>> = board
        .iter()
        .map(|r| r.iter().rev().copied().collect())
        .collect();
    let half_turn: Vec<Vec<char>> = flip_rows
        .iter()
        .map(|r| r.iter().rev().copied().collect())
        .collect();
    [board.to_vec(), flip_rows, flip_cols, half_turn]
        .into_iter()
        .min()
        .unwrap()
}

fn pentomino_count(height: usize, width: usize, up_to_symmetry: bool) -> u64 {
    let p = Pentominoes::new(width, height, up_to_symmetry).unwrap();
    let mut classes = HashSet::new();
    let count = each_solution(p.problem(), |s| {
        let board = p.decode(s);
        assert!(tiling_ok(&board), "{board:?}");
        // Up to symmetry, no two solutions are images of each other.
        assert!(classes.insert(canonical(&board)) || !up_to_symmetry);
    });
    if !up_to_symmetry {
        assert_eq!(classes.len() as u64 * 4, count);
    }
    count
}

#[test]
fn pentominoes_6x10_up_to_symmetry() {
    assert_eq!(pentomino_count(6, 10, true), 2_339);
}

#[test]
fn pentominoes_5x12_and_3x20_up_to_symmetry() {
    // 5×12 and 3×20 put X's centre on the middle row: the F rule takes over there.
    assert_eq!(pentomino_count(5, 12, true), 1_010);
    assert_eq!(pentomino_count(3, 20, true), 2);
    assert_eq!(pentomino_count(20, 3, true), 2);
}

#[test]
#[ignore = "about 10 s in release mode: counts every 6x10 tiling; run with --release -- --ignored"]
fn pentominoes_6x10_in_all() {
    assert_eq!(pentomino_count(6, 10, false), 9_356);
}

#[test]
fn pentomino_boards_must_have_sixty_cells() {
    assert_eq!(
        Pentominoes::new(8, 8, true).unwrap_err(),
        PuzzleError::BoardArea {
            width: 8,
            height: 8
        }
    );
    assert!(matches!(
        Pentominoes::new(60, 1, true),
        Err(PuzzleError::OutOfRange { .. })
    ));
}

#[test]
fn empty_4x4_sudoku_has_288_fills() {
    let empty = Grid::empty(Shape::for_side(4).unwrap());
    let cover = SudokuCover::new(&empty);
    let mut seen = HashSet::new();
    let count = each_solution(cover.problem(), |s| {
        let g = cover.decode(s);
        assert!(g.is_complete_solution_of(&empty));
        assert!(seen.insert(g));
    });
    assert_eq!(count, 288);
    // The Sudoku solver agrees.
    let mut solver = DlxSolver::new(empty.shape());
    assert_eq!(
        solver.count_within(&empty, 1000, Limits::NONE).solutions,
        288
    );
}

#[test]
fn sudoku_cover_matches_the_sudoku_solver() {
    let puzzle: Grid =
        "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
            .parse()
            .unwrap();
    let cover = SudokuCover::new(&puzzle);
    let mut answers = Vec::new();
    assert_eq!(
        each_solution(cover.problem(), |s| answers.push(cover.decode(s))),
        1
    );
    assert!(answers[0].is_complete_solution_of(&puzzle));
    // Clashing givens: no solution.
    let mut clash = puzzle.clone();
    clash.set(0, 0, 3);
    assert_eq!(each_solution(SudokuCover::new(&clash).problem(), |_| {}), 0);
}

#[test]
fn encodings_round_trip_through_knuths_format() {
    let named = [
        Queens::new(6).unwrap().named().clone(),
        Langford::new(7).unwrap().named().clone(),
        Pentominoes::new(12, 5, true).unwrap().named().clone(),
        SudokuCover::new(&Grid::empty(Shape::for_side(6).unwrap()))
            .named()
            .clone(),
    ];
    for named in named {
        let text = named.to_knuth().unwrap();
        let parsed = knuth::parse(&text).unwrap();
        assert_eq!(parsed.named.item_names, named.item_names);
        assert_eq!(parsed.named.problem.options(), named.problem.options());
        for o in 0..named.problem.options() {
            assert_eq!(parsed.option_texts[o], named.option_text(o));
            assert!(parsed.named.problem.option(o).eq(named.problem.option(o)));
        }
        assert_eq!(parsed.named.to_knuth().unwrap(), text);
    }
}
