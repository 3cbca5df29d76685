//! Unit tests of the specialised solver: exact division in `record`, the vector scan
//! against the plain one, the 16-bit layout bound for every shape, and the matrix built
//! for a puzzle against one derived from `encoding::option_items`.

use super::*;
use crate::links16::{COVERED, choose_portable};

/// `record`'s cells and values are the division's, for every option of every side.
#[test]
fn record_divides_exactly() {
    for side in 1..=25 {
        let Some(shape) = Shape::for_side(side) else {
            continue;
        };
        let base = 4 * (4 * side * side + 1).div_ceil(4);
        let options = side * side * side;
        let choice: Vec<u16> = (0..options).map(|o| (base + 4 * o) as u16).collect();
        let mut answer = vec![0u8; side * side];
        for (o, chunk) in choice.chunks(1).enumerate() {
            record(&mut answer, base, shape, chunk);
            let (cell, v) = encoding::cell_and_value(shape, o);
            assert_eq!(answer[cell], v, "side {side}, option {o}");
        }
    }
}

/// The SSE2 scan (on x86-64) against the plain one, on random lengths: active items of
/// length 0..=25, covered ones (bit 7 set), and padding.
#[test]
fn vector_choice_matches_the_plain_scan() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..20_000 {
        let chunks = 1 + round % 40;
        let mut lens = vec![[PAD; LANES]; chunks];
        let active_percent = next() % 100;
        let short = next() % 4; // how rare lengths <= 1 are
        for b in lens.iter_mut().flatten().skip(1) {
            let r = next();
            *b = if r % 100 < active_percent {
                let l = (r >> 8) % 26;
                if l <= 1 && (r >> 16) % 4 < short {
                    2
                } else {
                    l as u8
                }
            } else if r % 7 == 0 {
                PAD
            } else {
                COVERED | ((r >> 8) % 26) as u8
            };
        }
        // Some item is active whenever a search chooses.
        let at = 1 + (next() as usize) % (chunks * LANES - 1);
        if lens.iter().flatten().all(|&b| b >= COVERED) {
            lens[at / LANES][at % LANES] = 2 + (next() % 24) as u8;
        }
        let from = if round % 3 == 0 {
            0
        } else {
            1 + (next() as usize) % (chunks * LANES - 1)
        };
        assert_eq!(
            choose::<false>(&lens, from),
            choose_portable::<false>(&lens, from)
        );
        assert_eq!(
            choose::<true>(&lens, from),
            choose_portable::<true>(&lens, from)
        );
    }
}

#[test]
fn every_shape_fits_sixteen_bit_links() {
    for side in [4, 6, 8, 9, 10, 12, 16, 20, 25] {
        let shape = Shape::for_side(side).unwrap();
        let s = DlxSolver::new(shape);
        assert!(s.base.is_multiple_of(4) && s.base > 4 * side * side);
        assert!(s.base + 4 * side * side * side <= SPAN);
    }
}

/// The matrix `place_givens` builds, against the lists derived directly from
/// [`encoding::option_items`]: every active item's list holds the options no given
/// excludes, in ascending order, both ways round, with its length; the givens' items are
/// covered. Random puzzles of several shapes (boxes not square, one row or one column
/// wide too), built one after another in the same solver, some after a search that left
/// the matrix dirty.
#[test]
fn built_matrix_is_the_covered_full_matrix() {
    let shapes = [
        (3, 3),
        (2, 3),
        (3, 2),
        (2, 2),
        (2, 4),
        (4, 2),
        (3, 4),
        (4, 4),
        (5, 5),
    ];
    let more = [(1, 5), (5, 1), (1, 1), (2, 5)];
    let mut rng = crate::rng::SplitMix::new(40);
    for (h, w) in shapes.into_iter().chain(more) {
        let shape = Shape::new(h, w).expect("a shape");
        let n = shape.side();
        let mut solver = DlxSolver::new(shape);
        for round in 0..12 {
            // Givens at random cells, kept where they do not clash: from empty to full.
            let mut puzzle = Grid::empty(shape);
            let tries = (round * n * n / 6).max(1);
            for _ in 0..tries {
                let cell = (rng.next_u64() % (n * n) as u64) as usize;
                let (r, c) = (cell / n, cell % n);
                puzzle.set(r, c, (rng.next_u64() % n as u64) as u8 + 1);
                if !puzzle.consistent_at(r, c) {
                    puzzle.set(r, c, 0);
                }
            }
            solver.place_givens(&puzzle).expect("no clash");
            assert_matrix_covers_givens(&solver, &puzzle);
            if round % 3 == 1 {
                // Leave the matrix dirty for the next build.
                solver.count_within(&puzzle, 2, Limits::NONE.at_most(50));
            }
        }
    }
}

/// Checks the matrix of `solver` after `place_givens(puzzle)` (see above).
fn assert_matrix_covers_givens(solver: &DlxSolver, puzzle: &Grid) {
    let shape = puzzle.shape();
    let n = shape.side();
    let mut lists = vec![Vec::new(); 4 * n * n];
    let mut covered = vec![false; 4 * n * n];
    let used = |r: usize, c: usize, v: usize| {
        (0..n).any(|k| puzzle.get(r, k) as usize == v || puzzle.get(k, c) as usize == v)
            || (0..n * n).any(|cell| {
                let (r2, c2) = (cell / n, cell % n);
                shape.box_of(r2, c2) == shape.box_of(r, c) && puzzle.get(r2, c2) as usize == v
            })
    };
    for r in 0..n {
        for c in 0..n {
            let given = puzzle.get(r, c) as usize;
            for v in 1..=n {
                let items = encoding::option_items(shape, r, c, v);
                if given == v {
                    items.iter().for_each(|&i| covered[i] = true);
                }
                if given == 0 && !used(r, c, v) {
                    let first = solver.base + 4 * encoding::option(shape, r, c, v);
                    for (k, &i) in items.iter().enumerate() {
                        lists[i].push((first + k) as u16);
                    }
                }
            }
        }
    }
    for (i, expected) in lists.iter().enumerate() {
        let h = (i + 1) as u16;
        if covered[i] {
            assert_eq!(solver.len[h as usize], COVERED, "item {i} of {puzzle:?}");
            assert!(expected.is_empty());
            continue;
        }
        let mut down = Vec::new();
        let mut x = solver.links[h as usize].down;
        while x != h && down.len() <= n {
            down.push(x);
            x = solver.links[x as usize].down;
        }
        let mut up = Vec::new();
        let mut x = solver.links[h as usize].up;
        while x != h && up.len() <= n {
            up.push(x);
            x = solver.links[x as usize].up;
        }
        up.reverse();
        assert_eq!(&down, expected, "item {i} of {puzzle:?}, down");
        assert_eq!(&up, expected, "item {i} of {puzzle:?}, up");
        assert_eq!(solver.len[h as usize] as usize, expected.len(), "item {i}");
    }
}
