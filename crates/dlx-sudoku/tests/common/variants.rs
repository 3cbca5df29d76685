//! Rules of the Sudoku variants written from scratch for the tests, sharing nothing with
//! the library's encoder: the houses are computed here from the rules as players state
//! them, a checker tests a fill against every rule, and a plain row-major backtracking
//! search counts fills and finds the smallest one.

#![allow(dead_code)]

use super::Rng;

/// A variant's rules over a canvas of `width × height` cells holding `1..=side`.
#[derive(Debug, Clone)]
pub struct Rules {
    pub side: usize,
    pub width: usize,
    pub height: usize,
    pub present: Vec<bool>,
    /// Sets of cells whose values must all differ.
    pub groups: Vec<Vec<usize>>,
    /// Killer cages: sum, cells (their values also differ).
    pub cages: Vec<(u32, Vec<usize>)>,
}

impl Rules {
    /// Rows and columns of an `n × n` grid.
    pub fn latin(n: usize) -> Rules {
        let mut groups = Vec::new();
        for i in 0..n {
            groups.push((0..n).map(|j| i * n + j).collect());
            groups.push((0..n).map(|j| j * n + i).collect());
        }
        Rules {
            side: n,
            width: n,
            height: n,
            present: vec![true; n * n],
            groups,
            cages: Vec::new(),
        }
    }

    /// Classic boxes of `br × bc`.
    pub fn boxes(mut self, br: usize, bc: usize) -> Rules {
        let n = self.side;
        for b in 0..n {
            let (top, left) = ((b / (n / bc)) * br, (b % (n / bc)) * bc);
            let cells = (0..n).map(|k| (top + k / bc) * n + left + k % bc).collect();
            self.groups.push(cells);
        }
        self
    }

    /// Both long diagonals.
    pub fn diagonals(mut self) -> Rules {
        let n = self.side;
        self.groups.push((0..n).map(|i| i * (n + 1)).collect());
        self.groups.push((1..=n).map(|i| i * (n - 1)).collect());
        self
    }

    /// The four hyper-Sudoku windows of a 9×9 grid: rows and columns 2–4 and 6–8
    /// (1-based).
    pub fn windows9(mut self) -> Rules {
        for top in [1, 5] {
            for left in [1, 5] {
                let cells = (0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect();
                self.groups.push(cells);
            }
        }
        self
    }

    /// Jigsaw regions from a label string.
    pub fn regions(mut self, spec: &str) -> Rules {
        let labels: Vec<char> = spec.chars().collect();
        let mut seen: Vec<char> = Vec::new();
        for &l in &labels {
            if !seen.contains(&l) {
                seen.push(l);
            }
        }
        for l in seen {
            self.groups
                .push((0..labels.len()).filter(|&i| labels[i] == l).collect());
        }
        self
    }

    /// Cages from the text of a cages file (`sum rRcC …` lines).
    pub fn cages_text(mut self, text: &str) -> Rules {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let mut words = line.split_whitespace();
            let sum = words.next().unwrap().parse().unwrap();
            let cells = words
                .map(|w| {
                    let (r, c) = w[1..].split_once('c').unwrap();
                    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
                    (r - 1) * self.width + c - 1
                })
                .collect();
            self.cages.push((sum, cells));
        }
        self
    }

    /// Samurai: five 9×9 grids at their corners of a 21×21 canvas, each with rows,
    /// columns and boxes.
    pub fn samurai() -> Rules {
        let origins = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];
        let mut present = vec![false; 441];
        let mut groups = Vec::new();
        for (r0, c0) in origins {
            let at = |r: usize, c: usize| (r0 + r) * 21 + c0 + c;
            for i in 0..9 {
                groups.push((0..9).map(|j| at(i, j)).collect());
                groups.push((0..9).map(|j| at(j, i)).collect());
                groups.push(
                    (0..9)
                        .map(|j| at(3 * (i / 3) + j / 3, 3 * (i % 3) + j % 3))
                        .collect(),
                );
                for j in 0..9 {
                    present[at(i, j)] = true;
                }
            }
        }
        Rules {
            side: 9,
            width: 21,
            height: 21,
            present,
            groups,
            cages: Vec::new(),
        }
    }

    /// Is `fill` complete, within the rules and faithful to `puzzle`? (One value per
    /// canvas cell, 0 blank; cells outside the puzzle must be 0.)
    pub fn check(&self, puzzle: &[u8], fill: &[u8]) -> Result<(), String> {
        if fill.len() != self.present.len() {
            return Err(format!(
                "{} cells, expected {}",
                fill.len(),
                self.present.len()
            ));
        }
        for x in 0..fill.len() {
            let ok = if self.present[x] {
                (1..=self.side as u8).contains(&fill[x]) && (puzzle[x] == 0 || puzzle[x] == fill[x])
            } else {
                fill[x] == 0
            };
            if !ok {
                return Err(format!("cell {x}: {} for given {}", fill[x], puzzle[x]));
            }
        }
        for g in self.groups.iter().chain(self.cages.iter().map(|c| &c.1)) {
            let mut vals: Vec<u8> = g.iter().map(|&x| fill[x]).collect();
            vals.sort();
            if vals.windows(2).any(|w| w[0] == w[1]) {
                return Err(format!("repeat in {g:?}"));
            }
        }
        for (sum, cells) in &self.cages {
            let s: u32 = cells.iter().map(|&x| fill[x] as u32).sum();
            if s != *sum {
                return Err(format!("cage {cells:?} sums to {s}, not {sum}"));
            }
        }
        Ok(())
    }

    /// Could `v` go at `x` given the cells filled so far (`grid`)?
    fn fits(&self, grid: &[u8], x: usize, v: u8, member: &[Vec<usize>]) -> bool {
        for &gi in &member[x] {
            let (cells, cage) = if gi < self.groups.len() {
                (&self.groups[gi], None)
            } else {
                let c = &self.cages[gi - self.groups.len()];
                (&c.1, Some(c.0))
            };
            if cells.iter().any(|&y| y != x && grid[y] == v) {
                return false;
            }
            if let Some(sum) = cage {
                let filled: u32 = cells
                    .iter()
                    .filter(|&&y| y != x)
                    .map(|&y| grid[y] as u32)
                    .sum::<u32>()
                    + v as u32;
                let empty = cells.iter().filter(|&&y| y != x && grid[y] == 0).count();
                if filled > sum || (empty == 0 && filled != sum) {
                    return false;
                }
            }
        }
        true
    }

    /// Plain row-major backtracking: the fills of `puzzle` in lexicographic order, at
    /// most `limit` of them.
    pub fn fills(&self, puzzle: &[u8], limit: usize) -> Vec<Vec<u8>> {
        let mut member = vec![Vec::new(); self.present.len()];
        for (gi, g) in self
            .groups
            .iter()
            .chain(self.cages.iter().map(|c| &c.1))
            .enumerate()
        {
            for &x in g {
                member[x].push(gi);
            }
        }
        let mut grid = puzzle.to_vec();
        // Givens must fit too.
        for x in 0..grid.len() {
            if grid[x] != 0 {
                let v = grid[x];
                grid[x] = 0;
                if !self.fits(&grid, x, v, &member) {
                    return Vec::new();
                }
                grid[x] = v;
            }
        }
        let empty: Vec<usize> = (0..grid.len())
            .filter(|&x| self.present[x] && grid[x] == 0)
            .collect();
        let mut out = Vec::new();
        self.walk(&mut grid, &empty, 0, &member, limit, &mut out);
        out
    }

    fn walk(
        &self,
        grid: &mut Vec<u8>,
        empty: &[usize],
        k: usize,
        member: &[Vec<usize>],
        limit: usize,
        out: &mut Vec<Vec<u8>>,
    ) {
        if out.len() >= limit {
            return;
        }
        if k == empty.len() {
            out.push(grid.clone());
            return;
        }
        let x = empty[k];
        for v in 1..=self.side as u8 {
            if self.fits(grid, x, v, member) {
                grid[x] = v;
                self.walk(grid, empty, k + 1, member, limit, out);
                grid[x] = 0;
                if out.len() >= limit {
                    return;
                }
            }
        }
    }

    /// A random fill: random value order at each cell of a row-major backtracking search.
    pub fn random_fill(&self, rng: &mut Rng) -> Vec<u8> {
        let mut member = vec![Vec::new(); self.present.len()];
        for (gi, g) in self.groups.iter().enumerate() {
            for &x in g {
                member[x].push(gi);
            }
        }
        let no_cages = Rules {
            cages: Vec::new(),
            ..self.clone()
        };
        let mut grid = vec![0u8; self.present.len()];
        let cells: Vec<usize> = (0..grid.len()).filter(|&x| self.present[x]).collect();
        fn go(
            r: &Rules,
            grid: &mut [u8],
            cells: &[usize],
            k: usize,
            member: &[Vec<usize>],
            rng: &mut Rng,
        ) -> bool {
            if k == cells.len() {
                return true;
            }
            let mut vals: Vec<u8> = (1..=r.side as u8).collect();
            rng.shuffle(&mut vals);
            for v in vals {
                if r.fits(grid, cells[k], v, member) {
                    grid[cells[k]] = v;
                    if go(r, grid, cells, k + 1, member, rng) {
                        return true;
                    }
                    grid[cells[k]] = 0;
                }
            }
            false
        }
        assert!(
            go(&no_cages, &mut grid, &cells, 0, &member, rng),
            "the rules have a fill"
        );
        grid
    }
}

/// Random connected cages of 1 to 4 cells covering an `n × n` fill, as a cages file.
pub fn random_cages(fill: &[u8], n: usize, rng: &mut Rng) -> String {
    let mut owner = vec![usize::MAX; n * n];
    let mut text = String::new();
    let mut k = 0;
    for start in 0..n * n {
        if owner[start] != usize::MAX {
            continue;
        }
        let size = 1 + rng.below(4);
        let mut cells = vec![start];
        owner[start] = k;
        while cells.len() < size {
            let &x = &cells[rng.below(cells.len())];
            let (r, c) = (x / n, x % n);
            let mut near = Vec::new();
            if r + 1 < n {
                near.push(x + n);
            }
            if c + 1 < n {
                near.push(x + 1);
            }
            if c > 0 {
                near.push(x - 1);
            }
            near.retain(|&y| owner[y] == usize::MAX && !cells.iter().any(|&z| fill[z] == fill[y]));
            if near.is_empty() {
                break;
            }
            let y = near[rng.below(near.len())];
            owner[y] = k;
            cells.push(y);
        }
        let sum: u32 = cells.iter().map(|&x| fill[x] as u32).sum();
        text.push_str(&sum.to_string());
        for x in cells {
            text.push_str(&format!(" r{}c{}", x / n + 1, x % n + 1));
        }
        text.push('\n');
        k += 1;
    }
    text
}

/// `puzzle` with all but `keep` of its present cells blanked, at random.
pub fn blank_all_but(fill: &[u8], present: &[bool], keep: usize, rng: &mut Rng) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..fill.len()).filter(|&x| present[x]).collect();
    rng.shuffle(&mut cells);
    let mut out = vec![0u8; fill.len()];
    for &x in cells.iter().take(keep) {
        out[x] = fill[x];
    }
    out
}

/// One-line form of a square grid (`.` blank, `1`–`9`, `A`…).
pub fn line(values: &[u8]) -> String {
    super::large::to_line(values)
}

/// Values of a one-line grid.
pub fn values(line: &str) -> Vec<u8> {
    line.bytes()
        .map(|b| match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            _ => b.to_ascii_uppercase() - b'A' + 10,
        })
        .collect()
}
