//! Unit tests: every step of the ladder against the fill the DLX solver finds (code that
//! shares nothing with the techniques), on puzzles from easy to very hard and on other sizes.

use super::*;
use crate::{DlxSolver, Outcome, SudokuSolver};
use std::collections::BTreeMap;

/// A few puzzles: a newspaper one, 17-clue ones, and hard ones from top1465 and the forum's
/// hardest list.
const PUZZLES: [&str; 10] = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2....",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1....23.4........2....5.......51.6..7..4.8.....2....3...8.7....5",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "4.3.....2...7.1...9...........5..18.2...3.....8..........94.....7....6...6.....5.",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "..9...4...7.3...2.8...6...71..8....6....1..7.....56...3....5..1.4.....9...2...7..",
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
];

/// The data sets the tests sample, by name in order: those whose 120-puzzle samples are
/// committed under `tests/data/samples` (the full sets are in `../shared/data`).
fn sets() -> Vec<String> {
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/samples");
    let mut names: Vec<String> = std::fs::read_dir(samples)
        .expect("the committed samples")
        .map(|e| {
            e.expect("a sample")
                .file_name()
                .into_string()
                .expect("UTF-8")
        })
        .collect();
    names.sort();
    names
}

/// The puzzles above, then about `per_set` evenly spaced puzzles of each of `sets`: from
/// `../shared/data` when it is beside the checkout, else from the 120-puzzle samples of the
/// same sets committed under `tests/data/samples` (a note says which); and how many sets
/// were read from the full data.
fn sample_lines(sets: &[String], per_set: usize) -> (Vec<String>, usize) {
    let mut lines: Vec<String> = PUZZLES.iter().map(|p| p.to_string()).collect();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = root.join("../shared/data");
    let samples = root.join("tests/data/samples");
    let mut read = 0;
    for set in sets {
        // SUDOKU_DLX_NO_SHARED=1 acts as a fresh clone with nothing beside it.
        let shared = match std::env::var_os("SUDOKU_DLX_NO_SHARED") {
            None => std::fs::read_to_string(data.join(set)),
            Some(_) => Err(std::io::ErrorKind::NotFound.into()),
        };
        let text = match shared {
            Ok(text) => {
                read += 1;
                text
            }
            Err(_) => {
                eprintln!("{} not found: using its sample", data.join(set).display());
                std::fs::read_to_string(samples.join(set)).expect("the committed sample")
            }
        };
        let all: Vec<&str> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .collect();
        lines.extend(
            all.iter()
                .step_by(all.len() / per_set + 1)
                .map(|l| l[..81].to_string()),
        );
    }
    (lines, read)
}

fn dlx_fill(puzzle: &Grid) -> Grid {
    match DlxSolver::new(puzzle.shape()).solve(puzzle) {
        Outcome::Solved(g) => g,
        other => panic!("{other:?}"),
    }
}

/// Each step changes the board, only where the reason it gives says, and keeps the fill:
/// after it every filled cell holds the fill's digit and every empty one still has it among
/// its candidates. The path ends with the fill.
fn check_path(puzzle: &Grid) -> Vec<Step> {
    let fill = dlx_fill(puzzle);
    let logic = Logic::new(puzzle.shape());
    let mut board = logic.board(puzzle).unwrap();
    let steps = logic.explain(&board).unwrap();
    for s in &steps {
        let before = board.clone();
        logic.apply(&mut board, s);
        assert_ne!(before, board, "{s:?} changes nothing");
        assert!(!s.reason(puzzle.shape()).is_empty());
        let keeps = |c: usize, &f: &u8| match board.values[c] {
            0 => board.masks[c] >> (f - 1) & 1 == 1,
            v => v == f,
        };
        assert!(
            fill.cells().iter().enumerate().all(|(c, f)| keeps(c, f)),
            "{s:?} loses the fill on {}",
            before.to_pencilmarks()
        );
    }
    assert_eq!(board.to_grid(), fill);
    steps
}

/// A step as the recorded paths write it: the technique's index, its pattern's cells, and
/// its eliminations (a guess: its placement) as `cell.digit`.
fn recorded(s: &Step) -> String {
    let cells: Vec<String> = s.cells.iter().map(|c| c.to_string()).collect();
    let moves = match s.technique {
        Technique::Guess => &s.place,
        _ => &s.eliminate,
    };
    let moves: Vec<String> = moves.iter().map(|(c, v)| format!("{c}.{v}")).collect();
    format!(
        "{}:{}/{}",
        s.technique.index(),
        cells.join(","),
        moves.join(",")
    )
}

/// `explain` and `rate` take the paths recorded before the techniques were written once
/// (`tests/data/ladder_paths.txt`: hard 9×9 puzzles, where every technique but the hidden
/// quad comes up, and 6×6, 10×10, 12×12 and 16×16 ones): the same singles, then the same
/// steps, pattern and eliminations.
#[test]
fn the_ladder_takes_the_recorded_paths() {
    let text = include_str!("../../tests/data/ladder_paths.txt");
    let mut seen = std::collections::BTreeSet::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split_whitespace();
        let puzzle: Grid = fields.next().unwrap().parse().unwrap();
        let singles: usize = fields.next().unwrap().parse().unwrap();
        let want: Vec<String> = fields.map(String::from).collect();
        let logic = Logic::new(puzzle.shape());
        let board = logic.board(&puzzle).unwrap();
        let steps = logic.explain(&board).unwrap();
        let (few, others): (Vec<&Step>, Vec<&Step>) = steps
            .iter()
            .partition(|s| s.technique < Technique::Pointing);
        let others: Vec<String> = others.into_iter().map(recorded).collect();
        assert_eq!((few.len(), others), (singles, want), "{line}");
        let rating = logic.rate(&board).unwrap();
        let mut counts = [0u32; Technique::ALL.len()];
        for s in &steps {
            counts[s.technique.index()] += 1;
            seen.insert((puzzle.shape().side(), s.technique));
        }
        assert_eq!(rating.counts, counts, "{line}");
    }
    assert!(seen.len() > 25, "{seen:?}");
}

#[test]
fn every_step_agrees_with_the_fill() {
    for p in PUZZLES {
        let puzzle: Grid = p.parse().unwrap();
        if DlxSolver::new(puzzle.shape()).count(&puzzle, 2).solutions != 1 {
            continue;
        }
        let steps = check_path(&puzzle);
        // `rate` tallies the same path.
        let r = rate(&puzzle).unwrap();
        let mut counts = [0u32; Technique::ALL.len()];
        for s in &steps {
            counts[s.technique.index()] += 1;
        }
        assert_eq!((r.counts, r.steps), (counts, steps.len()), "{p}");
    }
}

#[test]
fn other_sizes_follow_the_same_ladder() {
    // A 4×4 and a 6×6 puzzle with one fill each.
    for p in [
        "1...........4..3",
        "1.....4...5..2....3.....6...4..5.....",
        ".2.4..3...1...2.",
    ] {
        let Ok(puzzle) = p.parse::<Grid>() else {
            continue;
        };
        if DlxSolver::new(puzzle.shape()).count(&puzzle, 2).solutions == 1 {
            check_path(&puzzle);
        }
    }
}

#[test]
fn the_newspaper_puzzle_is_easy_and_the_hard_ones_expert() {
    let easy: Grid = PUZZLES[0].parse().unwrap();
    let r = rate(&easy).unwrap();
    assert!(r.level <= Level::Easy, "{r:?}");
    assert_eq!(r.counts.iter().sum::<u32>() as usize, r.steps);
    assert_eq!(r.effort, 0.0, "singles solve it: one node each");
    let hard: Grid = PUZZLES[4].parse().unwrap();
    let r = rate(&hard).unwrap();
    assert_eq!(r.level, Level::Expert);
    assert!(r.effort > 1.0, "{r:?}");
}

#[test]
fn bad_puzzles_are_refused() {
    let clash: Grid = format!("11{}", ".".repeat(79)).parse().unwrap();
    assert!(matches!(rate(&clash), Err(LogicError::Clash(_))));
    let empty = Grid::empty(Shape::CLASSIC);
    assert_eq!(rate(&empty), Err(LogicError::NotUnique));
    // Consistent givens without a fill: r1c9 can be nothing (1–8 in its row, 9 below).
    let mut stuck = "12345678.".to_string();
    stuck.push_str("........9");
    stuck.push_str(&".".repeat(63));
    assert_eq!(rate(&stuck.parse().unwrap()), Err(LogicError::NoSolution));
    // Givens that only the singles bring to a contradiction: r1c8 and r1c9 are both the
    // naked single 8 (9 is below each), placed in one round; the second is left empty.
    let late = format!(
        "1234567..{}{}{}{}",
        ".......9.",
        ".".repeat(9),
        "........9",
        ".".repeat(45)
    );
    let late: Grid = late.parse().unwrap();
    let logic = Logic::new(Shape::CLASSIC);
    let t = logic.tables9.as_deref().expect("9×9 tables");
    let board = logic.board(&late).unwrap();
    let empty = |b: &Candidates| (0..81).any(|c| b.values[c] == 0 && b.masks[c] == 0);
    assert!(!empty(&board));
    let stretch = tally9::Path::new(t, &board).board(&board);
    assert!(
        empty(&stretch),
        "the singles leave a cell with no candidate"
    );
    assert_eq!(rate(&late), Err(LogicError::NoSolution));
}

#[test]
fn isomorphs_keep_the_fill() {
    let puzzle: Grid = PUZZLES[7].parse().unwrap();
    let logic = Logic::new(puzzle.shape());
    let board = logic.board(&puzzle).unwrap();
    let fill = dlx_fill(&puzzle);
    let g = &logic.geometry;
    let mut rng = SplitMix::new(7);
    for _ in 0..20 {
        let iso = Isomorph::random(g, &mut rng);
        let moved = iso.apply(&board);
        let found = search::search(g, &moved, 2, false);
        assert_eq!(found.fills, 1);
        assert_eq!(iso.undo(&found.first.unwrap()), fill.cells());
    }
}

#[test]
fn levels_parse_and_print() {
    for l in Level::ALL {
        assert_eq!(l.name().parse::<Level>(), Ok(l));
        assert_eq!(l.name().to_uppercase().parse::<Level>(), Ok(l));
    }
    assert!("hard".parse::<Level>().is_err());
}

#[test]
fn pencilmarks_round_trip() {
    let puzzle: Grid = PUZZLES[0].parse().unwrap();
    let board = Candidates::from_grid(&puzzle).unwrap();
    let line = board.to_pencilmarks();
    assert_eq!(line.len(), 729);
    let masks: Vec<u32> = line
        .as_bytes()
        .chunks(9)
        .map(|c| {
            c.iter()
                .filter(|&&b| b != b'.')
                .fold(0, |m, &b| m | 1 << (b - b'1'))
        })
        .collect();
    let back = Candidates::from_masks(Shape::CLASSIC, &masks).unwrap();
    // Naked singles of the first board count as filled now; everything else is the same.
    for c in 0..81 {
        let v = board.values[c];
        assert!(v == 0 || back.values[c] == v);
    }
}

/// `level_of_unique` (the ladder up to its first expert step, no fill search) gives the
/// level `rate` gives, on the unique puzzles above and on generated minimal ones of every
/// level.
#[test]
fn level_of_unique_is_the_rated_level() {
    use crate::generate::{Generator, Settings};
    let logic = Logic::new(Shape::CLASSIC);
    let mut seen = [0usize; 4];
    let mut check = |puzzle: &Grid| {
        let board = logic.board(puzzle).unwrap();
        // Only puzzles with one fill (not every puzzle of the list has one).
        let Ok(rating) = logic.rate(&board) else {
            return;
        };
        let level = logic.level_of_unique(&board);
        assert_eq!(level, rating.level, "{puzzle}");
        seen[level as usize] += 1;
    };
    for p in PUZZLES {
        check(&p.parse().unwrap());
    }
    let mut generator = Generator::new(Settings::new(Shape::CLASSIC, 9));
    for index in 0..300 {
        let made = generator.generate(index, |_| Some(())).unwrap();
        check(&made.puzzle);
    }
    // Minimal puzzles are rarely simple; the other three levels must all have come up.
    assert!(seen[1..].iter().all(|&k| k > 0), "{seen:?}");
}

/// The 9×9 search walks the generic search's tree: same fills, first fill and nodes, on
/// random isomorphs of the puzzles above, of a sample of every data set in
/// `../shared/data` (when present), and on random givens (many with several fills or none),
/// with limits 1, 2 and 3. Moved by a random isomorph from the board's values and masks
/// (`search_moved`, as `rate` searches), it walks the moved board's tree.
#[test]
fn the_9x9_search_walks_the_generic_tree() {
    let logic = Logic::new(Shape::CLASSIC);
    let g = &logic.geometry;
    let t = logic.tables9.as_deref().expect("9×9 tables");
    let mut boards = Vec::new();
    let (lines, sets_read) = sample_lines(&sets(), 40);
    let mut rng = SplitMix::new(11);
    for line in &lines {
        let puzzle: Grid = line.parse().unwrap();
        let board = logic.board(&puzzle).unwrap();
        for _ in 0..3 {
            boards.push(Isomorph::random(g, &mut rng).apply(&board));
        }
    }
    // Random givens from 8 to 30 cells (clashes skipped), and cells of a fill with one
    // changed (often no fill at all).
    let fill = dlx_fill(&PUZZLES[0].parse().unwrap());
    for _ in 0..300 {
        let mut cells = vec![0u8; 81];
        let clues = 8 + rng.next_u64() as usize % 23;
        for _ in 0..clues {
            cells[rng.next_u64() as usize % 81] = 1 + (rng.next_u64() % 9) as u8;
        }
        let mut kept = vec![0u8; 81];
        for _ in 0..30 {
            let c = rng.next_u64() as usize % 81;
            kept[c] = fill.cells()[c];
        }
        kept[rng.next_u64() as usize % 81] = 1 + (rng.next_u64() % 9) as u8;
        for cells in [cells, kept] {
            let puzzle = Grid::from_values(Shape::CLASSIC, &cells).unwrap();
            if let Ok(board) = logic.board(&puzzle) {
                boards.push(board);
            }
        }
    }
    // Boards where a digit has no candidate and no cell at all (pencil marks can say so):
    // the search must find it missing at the root, before any branch.
    let mut erased = 0;
    for board in boards.clone().iter().take(300) {
        let d = (rng.next_u64() % 9) as usize;
        let masks: Vec<u32> = (0..81)
            .map(|c| match board.values[c] {
                0 => board.masks[c] & !(1 << d),
                v if v as usize == d + 1 => 0x1FF & !(1 << d),
                v => 1 << (v - 1),
            })
            .collect();
        if let Some(b) = Candidates::from_masks(Shape::CLASSIC, &masks) {
            boards.push(b);
            erased += 1;
        }
    }
    assert!(erased > 10, "{erased}");
    let (mut none, mut one, mut more) = (0, 0, 0);
    for board in &boards {
        for limit in 1..=3 {
            let a = search::search(g, board, limit, false);
            let b = search9::search(t, board, limit);
            assert_eq!(
                (a.fills, &a.first, a.nodes),
                (b.fills, &b.first, b.nodes),
                "{}",
                board.to_grid()
            );
            // Moved by an isomorph without making the moved board, from the board's
            // values and masks: the moved board's search.
            let iso = Isomorph::random(g, &mut rng);
            let values: [u8; 81] = board.values.as_slice().try_into().unwrap();
            let masks: [u32; 81] = board.masks.as_slice().try_into().unwrap();
            let moved = search9::search_moved(t, &values, &masks, &iso, limit, false);
            let want = search9::search(t, &iso.apply(board), limit);
            assert_eq!(
                (moved.fills, &moved.first, moved.nodes),
                (want.fills, &want.first, want.nodes),
                "{}",
                board.to_grid()
            );
            if limit == 2 {
                match a.fills {
                    0 => none += 1,
                    1 => one += 1,
                    _ => more += 1,
                }
            }
        }
    }
    // Over a hundred unique boards come from the data sets; the puzzles above and the
    // random givens alone give a few dozen.
    let enough = if sets_read > 0 { 100 } else { 20 };
    assert!(none > 0 && one > enough && more > 0, "{none} {one} {more}");
}

/// From the fixpoint of a puzzle's singles (where `rate`'s path leaves it), the search that
/// skips the root's propagation (`settled`) walks the same tree as the one that does not:
/// same fills, first fill and nodes, moved by random isomorphs, on the puzzles above and a
/// sample of every data set in `../shared/data` (when present), counting to one, two and
/// three. On puzzles without a fill (a given changed) it still finds none.
#[test]
fn a_settled_root_is_searched_as_the_root_it_is() {
    let logic = Logic::new(Shape::CLASSIC);
    let g = &logic.geometry;
    let t = logic.tables9.as_deref().expect("9×9 tables");
    let (lines, _) = sample_lines(&sets(), 60);
    let mut rng = SplitMix::new(17);
    let (mut searched, mut without) = (0, 0);
    for line in &lines {
        let mut cells: Vec<u8> = line.parse::<Grid>().unwrap().cells().to_vec();
        for spoil in [false, true] {
            if spoil {
                // A given changed to another digit: most such puzzles have no fill.
                let c = (0..81).find(|&c| cells[c] != 0).unwrap();
                cells[c] = cells[c] % 9 + 1;
            }
            let puzzle = Grid::from_values(Shape::CLASSIC, &cells).unwrap();
            let Ok(board) = logic.board(&puzzle) else {
                continue;
            };
            let path = tally9::Path::new(t, &board);
            let iso = Isomorph::random(g, &mut rng);
            for limit in 1..=3 {
                let search = |settled| {
                    search9::search_moved(t, path.values(), path.masks(), &iso, limit, settled)
                };
                let (want, got) = (search(false), search(true));
                if want.fills > 0 {
                    assert_eq!(
                        (got.fills, &got.first, got.nodes),
                        (want.fills, &want.first, want.nodes),
                        "{line}"
                    );
                    searched += 1;
                } else {
                    assert_eq!((got.fills, &got.first), (0, &None), "{line}");
                    without += 1;
                }
            }
        }
    }
    assert!(searched > 30 && without > 10, "{searched} {without}");
}

/// `rate`'s 9×9 tally (singles on bitboards) counts what the general tally counts: the same
/// path, on the puzzles above and a sample of every data set in `../shared/data` (when
/// present).
#[test]
fn the_9x9_tally_counts_what_the_general_one_does() {
    let logic = Logic::new(Shape::CLASSIC);
    let t = logic.tables9.as_deref().expect("9×9 tables");
    let (lines, _) = sample_lines(&sets()[..5], 60);
    for line in &lines {
        let puzzle: Grid = line.parse().unwrap();
        let board = logic.board(&puzzle).unwrap();
        // (Rating refuses a puzzle with several fills before it counts anything.)
        let Ok(fill) = logic.fill(&board) else {
            continue;
        };
        assert_eq!(
            tally9::tally(t, logic.sets.narrow().expect("9×9"), &board, &fill),
            logic.tally(board, &fill),
            "{line}"
        );
    }
}

/// A hand-made step with a digit the board cannot hold is refused with a message, before it
/// can put the board out of the searches' reach.
#[test]
#[should_panic(expected = "step names cell 0, digit 10: not on a 9×9 board")]
fn apply_refuses_a_digit_off_the_board() {
    let puzzle: Grid = PUZZLES[0].parse().unwrap();
    let logic = Logic::new(puzzle.shape());
    let mut board = logic.board(&puzzle).unwrap();
    let step = Step {
        technique: Technique::Guess,
        cells: vec![0],
        digits: vec![10],
        units: Vec::new(),
        place: vec![(0, 10)],
        eliminate: Vec::new(),
    };
    logic.apply(&mut board, &step);
}

/// The first step beyond the singles as `hint` finds it (every unit and digit scanned), and as
/// `rate`'s 9×9 scans find it (what their first tests, floors and memo leave); `None` when only
/// a guess is left.
fn both_beyond(logic: &Logic, board: &Candidates, memo: &mut ladder9::Memo) -> [Option<Step>; 2] {
    let g = &logic.geometry;
    let places = techniques::Places::new(g, board);
    let general = techniques::beyond_singles(
        g,
        &logic.sets,
        board,
        &places,
        &mut techniques::Memo::none(),
    );
    if let Some(s) = &general {
        assert!(s.place.is_empty(), "only guesses place beyond the singles");
    }
    let cand = digit_boards(board);
    // (A board with a single gets the scans without their duals' floors.)
    let settled = techniques::single(g, board, &places).is_none();
    let masks = ladder9::masks_of(&cand);
    let t = logic.sets.narrow().expect("9×9");
    let bits =
        ladder9::beyond_singles(t, &cand, &masks, settled, memo).map(|f| f.step(g, &board.masks));
    [general, bits]
}

/// The techniques find the same steps on sets of cells of every width: a 9×9 board in a
/// `u128`, in two words and in ten.
fn same_in_every_width(logic: &Logic, board: &Candidates, step: &Option<Step>) {
    use super::ladder::{Tables, Wide};
    let g = &logic.geometry;
    let two = techniques::beyond_singles_in(g, &Tables::<Wide<2>>::new(g), board);
    let ten = techniques::beyond_singles_in(g, &Tables::<Wide<10>>::new(g), board);
    assert_eq!(&two, step, "{}", board.to_pencilmarks());
    assert_eq!(&ten, step, "{}", board.to_pencilmarks());
}

/// `rate`'s 9×9 scans (`ladder9`) find the step `hint` finds beyond the singles, on every
/// board along the paths of the puzzles above and of a sample of every data set (when
/// present), and on those boards with random candidates removed (never the fill's digit),
/// which brings out the rarer techniques; and in sets of cells of every width. One memo is
/// kept along each run of removals, to check that it forgets what changed.
#[test]
fn the_9x9_ladder_finds_the_general_ladders_steps() {
    let logic = Logic::new(Shape::CLASSIC);
    let mut rng = crate::rng::SplitMix::new(9);
    let mut seen = BTreeMap::new();
    let mut guesses = 0;
    along_paths(&logic, 40, |line, board, fill, step| {
        let [general, bits] = both_beyond(&logic, board, &mut ladder9::Memo::new());
        assert_eq!(general, bits, "{line}, board {}", board.to_pencilmarks());
        same_in_every_width(&logic, board, &general);
        if step.technique == Technique::Guess {
            // Only a guess is left, on a board without singles: every unit with four
            // open cells or more, and every digit in four columns or more, passes the
            // all-at-once test for subsets and fish.
            let cand = digit_boards(board);
            let (units, digits) = ladder9::matched_everywhere(&cand, cells81(fill));
            for u in 0..27 {
                let cells = logic.geometry.cells(u);
                if cells.iter().filter(|&&c| board.masks[c] != 0).count() >= 4 {
                    assert!(units >> u & 1 != 0, "unit {u}: {}", board.to_pencilmarks());
                }
            }
            for (d, &x) in cand.iter().enumerate() {
                if (0..9).filter(|c| x & (every9() << c) != 0).count() >= 4 {
                    assert!(
                        digits >> d & 1 != 0,
                        "digit {d}: {}",
                        board.to_pencilmarks()
                    );
                }
            }
            guesses += 1;
        }
        let with_fill = &mut ladder9::Memo::with_fill(cells81(fill));
        let [_, bits] = both_beyond(&logic, board, with_fill);
        assert_eq!(general, bits, "{line}, board {}", board.to_pencilmarks());
        // Runs of removals from a copy, with one memo (told the fill, as `rate`'s is).
        let mut copy = board.clone();
        let mut memo = ladder9::Memo::with_fill(cells81(fill));
        for _ in 0..6 {
            remove_some(&mut copy, fill, &mut rng, 4);
            let [general, bits] = both_beyond(&logic, &copy, &mut memo);
            assert_eq!(general, bits, "{line}, board {}", copy.to_pencilmarks());
            if let Some(Step { technique: t, .. }) = general {
                *seen.entry(t).or_insert(0u32) += 1;
            }
        }
    });
    eprintln!("steps compared, by technique: {seen:?}; {guesses} guesses");
    // Every technique beyond the singles came up.
    assert_eq!(seen.len(), Technique::ALL.len() - 3, "{seen:?}");
    assert!(guesses > 20, "{guesses} guesses");
}

/// Walks the ladder's path of each puzzle above and of a sample of every data set (about
/// `per_set` each, when present) that has one fill: `visit` sees every board on the way,
/// with the puzzle's line, the fill and the step the ladder takes there.
fn along_paths(
    logic: &Logic,
    per_set: usize,
    mut visit: impl FnMut(&str, &Candidates, &Grid, &Step),
) {
    let (lines, _) = sample_lines(&sets()[..5], per_set);
    for line in &lines {
        let puzzle: Grid = line.parse().unwrap();
        let mut board = logic.board(&puzzle).unwrap();
        let Ok(fill) = logic.fill(&board) else {
            continue;
        };
        while let Some(step) = logic.next_step(&board, &fill) {
            visit(line, &board, &fill, &step);
            logic.apply(&mut board, &step);
        }
    }
}

/// Removes one to `most` random candidates from `board`, never the fill's digit.
fn remove_some(board: &mut Candidates, fill: &Grid, rng: &mut crate::rng::SplitMix, most: u64) {
    for _ in 0..1 + rng.next_u64() % most {
        let c = (rng.next_u64() % 81) as usize;
        let v = (rng.next_u64() % 9) as u8 + 1;
        if fill.cells()[c] != v {
            board.eliminate(c, v);
        }
    }
}

/// A 9×9 grid's cells as an array.
fn cells81(grid: &Grid) -> &[u8; 81] {
    grid.cells().try_into().expect("a 9×9 grid")
}

/// The candidates of a 9×9 board by digit, as 81-bit boards.
fn digit_boards(board: &Candidates) -> [u128; 9] {
    let mut cand = [0u128; 9];
    for (c, &m) in board.masks.iter().enumerate() {
        for (d, x) in cand.iter_mut().enumerate() {
            *x |= u128::from(m >> d & 1) << c;
        }
    }
    cand
}

/// Whether some set of `1..m` of the `m` nonzero `masks` has a union of as many bits as it
/// has masks, with a bit of that union in a mask outside it: a naked subset of any size
/// that removes something (or, for a digit's rows, a fish), found by trying every set.
fn brute_subset(masks: &[u32]) -> bool {
    let open: Vec<u32> = masks.iter().copied().filter(|&m| m != 0).collect();
    let m = open.len();
    (1..(1u32 << m) - 1).any(|set| {
        let (mut inside, mut outside) = (0u32, 0u32);
        for (i, &mask) in open.iter().enumerate() {
            if set >> i & 1 != 0 {
                inside |= mask;
            } else {
                outside |= mask;
            }
        }
        inside.count_ones() == set.count_ones() && inside & outside != 0
    })
}

/// `ladder9`'s all-at-once test for subsets and fish agrees with trying every set of cells
/// (every set of rows, for a digit), on every board along the paths of sampled puzzles and
/// on those boards with random candidates removed (never the fill's digit): a unit passes
/// exactly when no naked subset of any size removes something there (hidden subsets are
/// their complements), a digit exactly when no set of its rows has its places in as many
/// columns with the digit elsewhere in them.
#[test]
fn the_matching_test_finds_exactly_the_units_and_digits_without_subsets_or_fish() {
    let logic = Logic::new(Shape::CLASSIC);
    let mut rng = crate::rng::SplitMix::new(21);
    let (mut boards, mut dirty) = (0, [0u32; 2]);
    along_paths(&logic, 12, |_, board, fill, _| {
        let mut copy = board.clone();
        for round in 0..3 {
            if round > 0 {
                remove_some(&mut copy, fill, &mut rng, 6);
            }
            let cand = digit_boards(&copy);
            let (units, digits) = ladder9::matched_everywhere(&cand, cells81(fill));
            for u in 0..27 {
                let cells = logic.geometry.cells(u);
                let masks: Vec<u32> = cells.iter().map(|&c| copy.masks[c]).collect();
                // Each digit's places in the unit: hidden subsets, tried on their own.
                let places: Vec<u32> = (0..9)
                    .map(|d| (0..9).fold(0, |p, i| p | (masks[i] >> d & 1) << i))
                    .collect();
                let (naked, hidden) = (brute_subset(&masks), brute_subset(&places));
                let board = copy.to_pencilmarks();
                assert_eq!(units >> u & 1 == 0, naked, "unit {u}: {board}");
                assert_eq!(naked, hidden, "unit {u}: {board}");
                dirty[0] += u32::from(naked);
            }
            for (d, &x) in cand.iter().enumerate() {
                let rows: Vec<u32> = (0..9).map(|r| (x >> (9 * r)) as u32 & 0x1FF).collect();
                let cols: Vec<u32> = (0..9)
                    .map(|c| (0..9).fold(0, |m, r| m | (rows[r] >> c & 1) << r))
                    .collect();
                let (by_rows, by_cols) = (brute_subset(&rows), brute_subset(&cols));
                let board = copy.to_pencilmarks();
                assert_eq!(digits >> d & 1 == 0, by_rows, "digit {}: {board}", d + 1);
                assert_eq!(by_rows, by_cols, "digit {}: {board}", d + 1);
                dirty[1] += u32::from(by_rows);
            }
            boards += 1;
        }
    });
    eprintln!(
        "{boards} boards; units with a subset {}, digits with a fish {}",
        dirty[0], dirty[1]
    );
    assert!(
        boards > 1000 && dirty[0] > 500 && dirty[1] > 100,
        "{boards} {dirty:?}"
    );
}

/// Column 0 of a 9×9 board (bit `9·r` for each row `r`).
fn every9() -> u128 {
    (0..9).fold(0, |m, r| m | 1 << (9 * r))
}
