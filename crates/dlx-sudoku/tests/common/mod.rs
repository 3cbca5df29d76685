//! Test support that shares no code with the library: a seeded random source, random
//! puzzles, an answer checker and two lexicographic oracles, all for 9×9 grids written as
//! 81-character lines (`.` or `0` blank). The library's tests use it as `common`; the
//! command line's tests (the root `tests/common/mod.rs`) include it too.

#![allow(dead_code)]

pub mod iso;
pub mod large;
pub mod variants;

use std::path::{Path, PathBuf};

/// SplitMix64: small, seeded, good enough to shuffle grids.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A uniformly relabelled, permuted copy of a fixed valid grid: digits relabelled, rows
/// permuted within bands, bands permuted, the same for columns, and maybe transposed.
pub fn random_solution(rng: &mut Rng) -> [u8; 81] {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let perm = |rng: &mut Rng| {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut order = Vec::with_capacity(9);
        for b in bands {
            let mut inner = [0usize, 1, 2];
            rng.shuffle(&mut inner);
            order.extend(inner.iter().map(|i| b * 3 + i));
        }
        order
    };
    let rows = perm(rng);
    let cols = perm(rng);
    let transpose = rng.below(2) == 1;
    let mut g = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (br, bc) = (rows[r], cols[c]);
            let (br, bc) = if transpose { (bc, br) } else { (br, bc) };
            let base = (br * 3 + br / 3 + bc) % 9;
            g[r * 9 + c] = digits[base];
        }
    }
    g
}

/// A puzzle made from a random valid grid by keeping `clues` random cells.
pub fn random_puzzle(rng: &mut Rng, clues: usize) -> String {
    let sol = random_solution(rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut p = [b'.'; 81];
    for &i in &cells[..clues] {
        p[i] = b'0' + sol[i];
    }
    String::from_utf8(p.to_vec()).unwrap()
}

fn values(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect()
}

/// Checks `answer` is a complete, valid grid that keeps every given of `puzzle`.
pub fn check_solution(puzzle: &str, answer: &str) -> Result<(), String> {
    let (p, a) = (values(puzzle), values(answer));
    if a.len() != 81 || a.iter().any(|&v| !(1..=9).contains(&v)) {
        return Err(format!("not a full grid: {answer:?}"));
    }
    for i in 0..81 {
        if p[i] != 0 && p[i] != a[i] {
            return Err(format!("given at cell {i} changed"));
        }
    }
    for k in 0..9 {
        let mut row = 0u16;
        let mut col = 0u16;
        let mut bx = 0u16;
        for j in 0..9 {
            row |= 1 << a[k * 9 + j];
            col |= 1 << a[j * 9 + k];
            let (r, c) = ((k / 3) * 3 + j / 3, (k % 3) * 3 + j % 3);
            bx |= 1 << a[r * 9 + c];
        }
        if row != 0x3FE || col != 0x3FE || bx != 0x3FE {
            return Err(format!("unit {k} is not a permutation"));
        }
    }
    Ok(())
}

/// Bitmask state for the oracles.
#[derive(Clone)]
struct State {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

fn box_of(i: usize) -> usize {
    (i / 27) * 3 + (i % 9) / 3
}

impl State {
    fn new(puzzle: &str) -> Option<State> {
        let mut s = State {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, v) in values(puzzle).into_iter().enumerate() {
            if v != 0 {
                if s.candidates(i) & (1 << v) == 0 {
                    return None;
                }
                s.place(i, v);
            }
        }
        Some(s)
    }
    fn candidates(&self, i: usize) -> u16 {
        !(self.rows[i / 9] | self.cols[i % 9] | self.boxes[box_of(i)]) & 0x3FE
    }
    fn place(&mut self, i: usize, v: u8) {
        self.cells[i] = v;
        self.rows[i / 9] |= 1 << v;
        self.cols[i % 9] |= 1 << v;
        self.boxes[box_of(i)] |= 1 << v;
    }
    fn clear(&mut self, i: usize) {
        let v = self.cells[i];
        self.cells[i] = 0;
        self.rows[i / 9] &= !(1 << v);
        self.cols[i % 9] &= !(1 << v);
        self.boxes[box_of(i)] &= !(1 << v);
    }
    /// The blank cell with the fewest candidates (the first on ties), `None` when full.
    fn fewest_candidates(&self) -> Option<usize> {
        let mut best = None;
        let mut best_count = 10;
        for i in (0..81).filter(|&i| self.cells[i] == 0) {
            let n = self.candidates(i).count_ones();
            if n < best_count {
                best = Some(i);
                best_count = n;
                if n <= 1 {
                    break;
                }
            }
        }
        best
    }
    fn line(&self) -> String {
        self.cells.iter().map(|&v| (b'0' + v) as char).collect()
    }
}

/// Row-major backtracking, values ascending: its first fill is the lexicographically
/// smallest. `Err(())` when it needs more than `max_nodes` placements; `Ok(None)` when the
/// puzzle has no fill.
pub fn row_major_first(puzzle: &str, max_nodes: u64) -> Result<Option<String>, ()> {
    let Some(mut s) = State::new(puzzle) else {
        return Ok(None);
    };
    let blanks: Vec<usize> = (0..81).filter(|&i| s.cells[i] == 0).collect();
    let mut nodes = 0u64;
    fn go(
        s: &mut State,
        blanks: &[usize],
        k: usize,
        nodes: &mut u64,
        max: u64,
    ) -> Result<bool, ()> {
        if k == blanks.len() {
            return Ok(true);
        }
        let i = blanks[k];
        let mut cand = s.candidates(i);
        while cand != 0 {
            let v = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            *nodes += 1;
            if *nodes > max {
                return Err(());
            }
            s.place(i, v);
            if go(s, blanks, k + 1, nodes, max)? {
                return Ok(true);
            }
            s.clear(i);
        }
        Ok(false)
    }
    match go(&mut s, &blanks, 0, &mut nodes, max_nodes)? {
        true => Ok(Some(s.line())),
        false => Ok(None),
    }
}

/// Whether some fill exists: backtracking on the cell with the fewest candidates.
fn feasible(s: &mut State) -> bool {
    let Some(i) = s.fewest_candidates() else {
        return true;
    };
    let mut cand = s.candidates(i);
    while cand != 0 {
        let v = cand.trailing_zeros() as u8;
        cand &= cand - 1;
        s.place(i, v);
        if feasible(s) {
            s.clear(i);
            return true;
        }
        s.clear(i);
    }
    false
}

/// The lexicographically smallest fill built cell by cell: each blank, in row-major order,
/// gets the smallest value for which a feasibility search still finds a fill. Fast where
/// row-major backtracking is not; `None` when there is no fill.
pub fn lex_by_feasibility(puzzle: &str) -> Option<String> {
    let mut s = State::new(puzzle)?;
    if !feasible(&mut s) {
        return None;
    }
    for i in 0..81 {
        if s.cells[i] != 0 {
            continue;
        }
        let mut cand = s.candidates(i);
        let mut placed = false;
        while cand != 0 {
            let v = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            s.place(i, v);
            if feasible(&mut s) {
                placed = true;
                break;
            }
            s.clear(i);
        }
        assert!(
            placed,
            "a feasible state always has a feasible value for its next cell"
        );
    }
    Some(s.line())
}

/// Number of fills up to `limit` (MRV backtracking).
pub fn count_fills(puzzle: &str, limit: u64) -> u64 {
    fn go(s: &mut State, found: &mut u64, limit: u64) {
        let Some(i) = s.fewest_candidates() else {
            *found += 1;
            return;
        };
        let mut cand = s.candidates(i);
        while cand != 0 && *found < limit {
            let v = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            s.place(i, v);
            go(s, found, limit);
            s.clear(i);
        }
    }
    let Some(mut s) = State::new(puzzle) else {
        return 0;
    };
    let mut found = 0;
    go(&mut s, &mut found, limit);
    found
}

/// The public data sets of `../shared/data` that the tests sample, in their order (their
/// 120-puzzle samples are committed under `tests/data/samples`).
pub const DATA_SETS: [&str; 6] = [
    "puzzles1_unbiased_first1000",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
];

/// `../shared/data/NAME` beside the checkout, or `None` when absent, after printing
/// `skipped: PATH not found` (the one place that says so, for every test that needs the data).
pub fn shared_data(name: &str) -> Option<PathBuf> {
    // The workspace's root (where Cargo.lock is), whichever crate's tests ask.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(manifest);
    let path = root.join("../shared/data").join(name);
    // SUDOKU_DLX_NO_SHARED=1 runs the tests as a fresh clone without ../shared would.
    if path.is_file() && std::env::var_os("SUDOKU_DLX_NO_SHARED").is_none() {
        Some(path)
    } else {
        eprintln!("skipped: {} not found", path.display());
        None
    }
}

/// The puzzle lines of a data file (comments and empty lines dropped).
pub fn puzzle_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}
