//! Grids of any size (boxes of `rows × cols`, side up to 25) for tests that share no code
//! with the library: random full grids, random puzzles cut from them, and a lexicographic
//! oracle. Cells are values `0..=n` in row-major order, 0 blank.

#![allow(clippy::needless_range_loop)]

use super::Rng;

/// Where [`Board::fill`] branches.
enum Branch {
    /// Every cell is filled.
    Full,
    /// Some blank or some unit's value has no place: no fill below.
    Dead,
    /// Cell `.0` can only hold `.1`.
    Single(usize, u8),
    /// The blank with the fewest candidates, and its candidates.
    Cell(usize, u32),
    /// Unit `.1` of kind `.0` (row, column, box) has fewer places left for value `.2` than
    /// any blank has candidates.
    Places(usize, usize, u8),
}

/// Candidate masks of a partly filled grid (bit `v` set when value `v` is used).
#[derive(Clone)]
pub struct Board {
    n: usize,
    box_rows: usize,
    box_cols: usize,
    pub cells: Vec<u8>,
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    /// Placements made, for counting search effort.
    pub placements: u64,
}

impl Board {
    /// The board of `cells`, or `None` when two givens clash.
    pub fn new(box_rows: usize, box_cols: usize, cells: &[u8]) -> Option<Board> {
        let n = box_rows * box_cols;
        assert_eq!(cells.len(), n * n);
        let mut b = Board {
            n,
            box_rows,
            box_cols,
            cells: vec![0; n * n],
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
            placements: 0,
        };
        for (i, &v) in cells.iter().enumerate() {
            if v != 0 {
                if b.candidates(i) & (1 << v) == 0 {
                    return None;
                }
                b.place(i, v);
            }
        }
        b.placements = 0;
        Some(b)
    }

    fn box_of(&self, i: usize) -> usize {
        let (r, c) = (i / self.n, i % self.n);
        (r / self.box_rows) * (self.n / self.box_cols) + c / self.box_cols
    }

    fn all(&self) -> u32 {
        ((1u64 << (self.n + 1)) - 2) as u32
    }

    pub fn candidates(&self, i: usize) -> u32 {
        !(self.rows[i / self.n] | self.cols[i % self.n] | self.boxes[self.box_of(i)]) & self.all()
    }

    pub fn place(&mut self, i: usize, v: u8) {
        let b = self.box_of(i);
        self.cells[i] = v;
        self.rows[i / self.n] |= 1 << v;
        self.cols[i % self.n] |= 1 << v;
        self.boxes[b] |= 1 << v;
        self.placements += 1;
    }

    pub fn clear(&mut self, i: usize) {
        let b = self.box_of(i);
        let v = self.cells[i];
        self.cells[i] = 0;
        self.rows[i / self.n] &= !(1 << v);
        self.cols[i % self.n] &= !(1 << v);
        self.boxes[b] &= !(1 << v);
    }

    /// The cell of unit `u` (rows, then columns, then boxes, by `kind` 0, 1, 2) at
    /// position `k`.
    fn unit_cell(&self, kind: usize, u: usize, k: usize) -> usize {
        let n = self.n;
        match kind {
            0 => u * n + k,
            1 => k * n + u,
            _ => {
                let per_band = n / self.box_cols;
                let (band, stack) = (u / per_band, u % per_band);
                let row = band * self.box_rows + k / self.box_cols;
                (row * n) + stack * self.box_cols + k % self.box_cols
            }
        }
    }

    /// The units (row, column, box as 0..n, n..2n, 2n..3n) of cell `i`.
    fn units_of(&self, i: usize) -> [usize; 3] {
        [i / self.n, self.n + i % self.n, 2 * self.n + self.box_of(i)]
    }

    /// Where the search goes next: a naked single (a blank with one candidate), else the
    /// unit-value with the fewest places if fewer than the candidates of the chosen blank.
    /// The blank chosen has the fewest candidates per unit of `dead` weight (`dead[u]`
    /// counts the dead ends met in unit `u`, see below; plus one), ties broken by `tie`, a
    /// rank per cell. `Dead` when a blank has no candidate (its three units each count
    /// one more dead end) or a unit has no place for a value it lacks (that unit counts
    /// one more). With `dead` empty, no weights: the fewest candidates, ties by `tie`.
    fn branch(&self, tie: &[u32], dead: &mut [u64]) -> Branch {
        let weigh = !dead.is_empty();
        let mut best: Option<(usize, u32)> = None;
        // (candidates, weight, tie) of the best blank so far.
        let mut key = (u64::MAX, 1u64, u32::MAX);
        for i in 0..self.cells.len() {
            if self.cells[i] != 0 {
                continue;
            }
            let cand = self.candidates(i);
            let k = cand.count_ones() as u64;
            if k == 0 {
                if weigh {
                    for u in self.units_of(i) {
                        dead[u] += 1;
                    }
                }
                return Branch::Dead;
            }
            if k == 1 {
                return Branch::Single(i, cand.trailing_zeros() as u8);
            }
            let weight = if weigh {
                1 + self.units_of(i).iter().map(|&u| dead[u]).sum::<u64>()
            } else {
                1
            };
            // k / weight < key.0 / key.1, ties by rank.
            let (lhs, rhs) = (k as u128 * key.1 as u128, key.0 as u128 * weight as u128);
            if lhs < rhs || (lhs == rhs && tie[i] < key.2) {
                key = (k, weight, tie[i]);
                best = Some((i, cand));
            }
        }
        let Some((i, cand)) = best else {
            return Branch::Full;
        };
        let key = (key.0 as u32, key.2);
        // Values by the number of places left in each unit: a unit-value with fewer
        // places than the best cell has candidates is the better branch.
        let mut unit = None;
        let mut fewest = key.0;
        let mut places = [0u32; 26];
        for kind in 0..3 {
            for u in 0..self.n {
                places.fill(0);
                for k in 0..self.n {
                    let c = self.unit_cell(kind, u, k);
                    if self.cells[c] == 0 {
                        let mut m = self.candidates(c);
                        while m != 0 {
                            places[m.trailing_zeros() as usize] += 1;
                            m &= m - 1;
                        }
                    }
                }
                let used = [&self.rows, &self.cols, &self.boxes][kind][u];
                for v in 1..=self.n {
                    if used & (1 << v) != 0 {
                        continue;
                    }
                    match places[v] {
                        0 => {
                            if weigh {
                                dead[kind * self.n + u] += 1;
                            }
                            return Branch::Dead;
                        }
                        p if p < fewest => {
                            fewest = p;
                            unit = Some((kind, u, v as u8));
                        }
                        _ => {}
                    }
                }
            }
        }
        match unit {
            Some((kind, u, v)) => Branch::Places(kind, u, v),
            None => Branch::Cell(i, cand),
        }
    }

    /// Some fill below the current state within `budget` placements: `Ok(true)` found (the
    /// board is left filled), `Ok(false)` none exists, `Err(())` the budget ran out. Singles
    /// first, else the cell with fewest candidates; values in the order of `rank` (a
    /// permutation of `1..=n`).
    fn fill(
        &mut self,
        tie: &[u32],
        rank: &[u8],
        budget: u64,
        dead: &mut [u64],
    ) -> Result<bool, ()> {
        let (i, cand) = match self.branch(tie, dead) {
            Branch::Full => return Ok(true),
            Branch::Dead => return Ok(false),
            Branch::Single(i, v) => (i, 1u32 << v),
            Branch::Cell(i, cand) => (i, cand),
            Branch::Places(kind, u, v) => {
                for k in 0..self.n {
                    let c = self.unit_cell(kind, u, k);
                    if self.cells[c] != 0 || self.candidates(c) & (1 << v) == 0 {
                        continue;
                    }
                    if self.placements >= budget {
                        return Err(());
                    }
                    self.place(c, v);
                    if self.fill(tie, rank, budget, dead)? {
                        return Ok(true);
                    }
                    self.clear(c);
                }
                return Ok(false);
            }
        };
        for &v in rank {
            if cand & (1 << v) == 0 {
                continue;
            }
            if self.placements >= budget {
                return Err(());
            }
            self.place(i, v);
            if self.fill(tie, rank, budget, dead)? {
                return Ok(true);
            }
            self.clear(i);
        }
        Ok(false)
    }

    /// Whether some fill exists below the current state (the board is left as it was).
    /// Cell-MRV backtracking with restarts: each round tries random tie-breaks and value
    /// orders within a budget that doubles, so a bad first guess costs little; the last
    /// resort is a round with no budget. The dead ends met in each unit are counted over
    /// the rounds and steer the choice of blank towards them, so that a board with no fill
    /// is refuted where its contradiction lies (this only orders the search).
    pub fn feasible(&mut self, rng: &mut Rng) -> bool {
        let saved = self.clone();
        let mut dead = vec![0u64; 3 * self.n];
        let mut budget = 200u64;
        loop {
            let tie: Vec<u32> = (0..self.cells.len())
                .map(|_| rng.next_u64() as u32)
                .collect();
            let mut rank: Vec<u8> = (1..=self.n as u8).collect();
            rng.shuffle(&mut rank);
            let start = self.placements;
            let limit = if budget > 50_000_000 {
                u64::MAX
            } else {
                start + budget
            };
            let result = self.fill(&tie, &rank, limit, &mut dead);
            let placements = self.placements;
            *self = saved.clone();
            self.placements = placements;
            match result {
                Ok(found) => return found,
                Err(()) => budget *= 2,
            }
        }
    }
}

/// A random full grid with boxes of `box_rows × box_cols`: cell-MRV backtracking with
/// random tie-breaks and value orders, restarted when it wanders.
pub fn random_full_grid(rng: &mut Rng, box_rows: usize, box_cols: usize) -> Vec<u8> {
    let n = box_rows * box_cols;
    loop {
        let mut b = Board::new(box_rows, box_cols, &vec![0; n * n]).unwrap();
        let tie: Vec<u32> = (0..n * n).map(|_| rng.next_u64() as u32).collect();
        let mut rank: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut rank);
        // A different value order per cell is closer to uniform; one order per attempt
        // with random tie-breaks is enough to make every grid different.
        if let Ok(true) = b.fill(&tie, &rank, 100_000, &mut []) {
            return b.cells;
        }
    }
}

/// A puzzle cut from a random full grid by blanking `blanks` random cells.
pub fn random_puzzle(rng: &mut Rng, box_rows: usize, box_cols: usize, blanks: usize) -> Vec<u8> {
    let mut grid = random_full_grid(rng, box_rows, box_cols);
    let mut cells: Vec<usize> = (0..grid.len()).collect();
    rng.shuffle(&mut cells);
    for &i in &cells[..blanks] {
        grid[i] = 0;
    }
    grid
}

/// The lexicographically smallest fill of `puzzle`, built cell by cell: each blank in
/// row-major order gets the smallest candidate for which [`Board::feasible`] still finds a
/// fill. `None` when there is no fill.
pub fn lex_smallest(box_rows: usize, box_cols: usize, puzzle: &[u8], seed: u64) -> Option<Vec<u8>> {
    let mut rng = Rng::new(seed);
    let mut b = Board::new(box_rows, box_cols, puzzle)?;
    if !b.feasible(&mut rng) {
        return None;
    }
    for i in 0..b.cells.len() {
        if b.cells[i] != 0 {
            continue;
        }
        let mut cand = b.candidates(i);
        loop {
            assert!(
                cand != 0,
                "a feasible board has a feasible value in its next cell"
            );
            let v = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            b.place(i, v);
            if b.feasible(&mut rng) {
                break;
            }
            b.clear(i);
        }
    }
    Some(b.cells)
}

/// Checks that `answer` is the lexicographically smallest fill of `puzzle`, by a proof
/// that shares nothing with the library: `answer` is a fill of `puzzle`, and for every
/// blank in row-major order, each candidate below `answer`'s value (given the cells of
/// `answer` before it) leaves no fill ([`Board::feasible`] says so). A smaller fill would
/// differ first at some cell with a smaller value, which one of those refutations rules
/// out. Returns the placements the refutations used.
pub fn check_smallest_fill(
    box_rows: usize,
    box_cols: usize,
    puzzle: &[u8],
    answer: &[u8],
    seed: u64,
) -> Result<u64, String> {
    let n = box_rows * box_cols;
    if answer.len() != n * n {
        return Err(format!("answer has {} cells", answer.len()));
    }
    for (i, (&p, &a)) in puzzle.iter().zip(answer).enumerate() {
        if a == 0 || (p != 0 && p != a) {
            return Err(format!("cell {i}: puzzle {p}, answer {a}"));
        }
    }
    if Board::new(box_rows, box_cols, answer).is_none() {
        return Err("the answer repeats a value in a unit".into());
    }
    let mut rng = Rng::new(seed);
    let mut b = Board::new(box_rows, box_cols, puzzle).ok_or("the givens clash")?;
    for i in 0..n * n {
        if puzzle[i] != 0 {
            continue;
        }
        let mut smaller = b.candidates(i) & ((1u32 << answer[i]) - 1);
        while smaller != 0 {
            let v = smaller.trailing_zeros() as u8;
            smaller &= smaller - 1;
            b.place(i, v);
            if b.feasible(&mut rng) {
                return Err(format!("cell {i} could hold {v} < {}", answer[i]));
            }
            b.clear(i);
        }
        b.place(i, answer[i]);
    }
    Ok(b.placements)
}

/// `cells` as the one-line form (values 1–9 as digits, 10 and up as `A`, `B`, …; `.` for
/// blank).
pub fn to_line(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&v| match v {
            0 => '.',
            1..=9 => (b'0' + v) as char,
            _ => (b'A' + v - 10) as char,
        })
        .collect()
}
