//! A feasibility search with propagation, for the refutations of the witness construction
//! in [`lex`](super::lex).
//!
//! Dancing links with MRV sees naked singles (a cell item of length 1) and hidden singles
//! (a row, column or box item of length 1), and nothing else. That is plenty to *find* a
//! fill, but some questions of the witness construction have no fill, and proving that
//! can take MRV hundreds of millions of nodes (a random 16×16 puzzle with one row of its
//! answer fixed and one wrong value in the next cell). [`Propagator`] answers the same
//! question, "does this partial grid have a fill?", with more reasoning per node:
//!
//! * **naked and hidden singles**, as dancing links does, repeated to a fixed point;
//! * **bands and stacks**: in a band (the rows of a row of boxes) each value takes one
//!   cell in each row and one in each box, so for each value the rows and the boxes of the
//!   band must be matched one to one, a row to a box where the value is still a candidate
//!   there. Hall's condition on that small graph (at most 5 × 5) removes every row-box pair
//!   no such matching uses, and fails when there is no matching; columns and stacks alike.
//!   This contains locked candidates (pointing and claiming) and their X-wing-like
//!   generalisations within a band;
//! * **binary branching**: the search places the smallest candidate of one cell, and when
//!   that has no fill, *removes* the candidate and propagates again before choosing anew, so
//!   what a failed branch taught is used by its siblings;
//! * **failure weights** (in the manner of dom/wdeg): every unit counts the dead ends
//!   found in it, and the cell chosen is the open one with the fewest candidates per
//!   failure of its row, column and box, ties broken at random from a seed for restarts.
//!   The weights are kept from run to run of one question ([`Propagator::forget`] starts a
//!   new one), so restarts go straight to where the contradiction is. This is what makes the
//!   refutation above take about a hundred branches instead of millions.
//!
//! Every rule is sound (it only removes candidates no fill has), so the answer, fill or
//! none, is exact whatever the limits; a limit only ends the search early. Nodes are the
//! branches tried, as for the dancing-links searches, but each costs a few sweeps over the
//! grid, far more than a dancing-links node: the policy lets dancing links and this search
//! take turns (see `lex.rs`).

use super::geometry::Geometry;
use super::grid::{Grid, Shape};
use super::rng::TieBreaker;
use dlx_cover::{Limits, SearchEnd};

/// Marks a cell whose value has been placed and removed from its peers.
const DONE: u32 = 1 << 31;

/// The propagating feasibility search for one shape (see the module docs).
#[derive(Debug, Clone)]
pub(crate) struct Propagator {
    n: usize,
    box_rows: usize,
    box_cols: usize,
    /// Cells of the `3n` units: rows, columns, boxes, `n` each.
    units: Vec<u16>,
    /// The three units (row, column, box) of each cell.
    unit_of: Vec<[u16; 3]>,
    /// Candidate masks (bit `v − 1` for value `v`, [`DONE`] when placed), one grid per
    /// search level, level `d` at `d·cells ..`.
    levels: Vec<u32>,
    /// Scratch for the band and stack rule: the values of each row within each stack,
    /// then of each column within each band.
    segments: Vec<u32>,
    /// Branches tried by the current search.
    tried: u64,
    /// Random tie-break, `None` for the leftmost cell.
    ties: Option<TieBreaker>,
    /// Failures seen in each unit.
    weight: Vec<u32>,
}

/// How one search ended: a fill, none, or a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Feasible {
    /// A fill was found and written out.
    Yes,
    /// There is no fill.
    No,
    /// A limit ended the search first ([`SearchEnd::NodeLimit`] or
    /// [`SearchEnd::Deadline`]).
    Unknown(SearchEnd),
}

impl Propagator {
    /// A search for grids of `shape`.
    pub(crate) fn new(shape: Shape) -> Propagator {
        let g = Geometry::new(shape);
        let n = g.n;
        let units = g.unit_cells.iter().map(|&c| c as u16).collect();
        let unit_of = g.cell_units.iter().map(|u| u.map(|k| k as u16)).collect();
        Propagator {
            n,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            units,
            unit_of,
            levels: Vec::new(),
            segments: vec![0; 2 * n * n],
            tried: 0,
            ties: None,
            weight: vec![0; 3 * n],
        }
    }

    /// Whether `partial` has a fill, writing one into `fill` (every cell) if so. Ties
    /// among the cells with fewest candidates go to the first in reading order when `seed`
    /// is 0, else from a random place drawn from `seed`. Returns the answer and the
    /// branches tried, at most `limits.max_nodes`.
    pub(crate) fn first_fill(
        &mut self,
        partial: &Grid,
        seed: u64,
        limits: Limits,
        fill: &mut [u8],
    ) -> (Feasible, u64) {
        let cells = self.n * self.n;
        if self.levels.len() < cells {
            self.levels.resize(cells, 0);
        }
        let all = (1u32 << self.n) - 1;
        for (m, &v) in self.levels[..cells].iter_mut().zip(partial.cells()) {
            *m = if v == 0 { all } else { 1 << (v - 1) };
        }
        self.tried = 0;
        self.ties = (seed != 0).then(|| TieBreaker::from_state(seed, cells));
        let answer = match self.search(0, limits) {
            Ok(true) => {
                for (out, &m) in fill.iter_mut().zip(&self.levels[..cells]) {
                    *out = ((m & !DONE).trailing_zeros() + 1) as u8;
                }
                Feasible::Yes
            }
            Ok(false) => Feasible::No,
            Err(end) => Feasible::Unknown(end),
        };
        (answer, self.tried)
    }

    /// Forgets the failure weights: for a new question.
    pub(crate) fn forget(&mut self) {
        self.weight.fill(0);
    }

    /// The search below level `depth` (its grid set up, not yet propagated). `Ok(true)`
    /// leaves the fill at level 0.
    fn search(&mut self, depth: usize, limits: Limits) -> Result<bool, SearchEnd> {
        let cells = self.n * self.n;
        let at = depth * cells;
        loop {
            if !self.propagate(at) {
                return Ok(false);
            }
            let Some((cell, value)) = self.choose(at) else {
                if depth > 0 {
                    self.levels.copy_within(at..at + cells, 0);
                }
                return Ok(true);
            };
            let m = self.levels[at + cell];
            if let Some(end) = limits.reached(self.tried) {
                return Err(end);
            }
            self.tried += 1;
            let next = at + cells;
            if self.levels.len() < next + cells {
                self.levels.resize(next + cells, 0);
            }
            self.levels.copy_within(at..next, next);
            self.levels[next + cell] = value;
            if self.search(depth + 1, limits)? {
                return Ok(true);
            }
            // No fill with `value` here: take it out and think again.
            self.levels[at + cell] = m & !value;
        }
    }

    /// The branch: the open cell with the fewest candidates per failure of its units
    /// (`candidates / (1 + weight of its row, column and box)`; ties as
    /// [`first_fill`](Self::first_fill) says) and its smallest candidate. `None` when every
    /// cell is placed.
    fn choose(&mut self, at: usize) -> Option<(usize, u32)> {
        let cells = self.n * self.n;
        let grid = &self.levels[at..at + cells];
        let from = self.ties.as_mut().map_or(0, TieBreaker::next);
        // (candidates, weight, cell): compared as candidates / weight.
        let mut best: Option<(u64, u64, usize)> = None;
        for cell in (from..cells).chain(0..from) {
            let m = grid[cell];
            if m & DONE != 0 {
                continue;
            }
            let count = u64::from(m.count_ones());
            let weight = 1 + self.unit_of[cell]
                .iter()
                .map(|&u| u64::from(self.weight[u as usize]))
                .sum::<u64>();
            if best.is_none_or(|(c, w, _)| count * w < c * weight) {
                best = Some((count, weight, cell));
            }
        }
        let (_, _, cell) = best?;
        let m = grid[cell];
        Some((cell, m & m.wrapping_neg()))
    }

    /// Propagates the grid at `at` to a fixed point of the rules of the module docs;
    /// `false` when some cell or some unit's value is left with no place.
    fn propagate(&mut self, at: usize) -> bool {
        let n = self.n;
        let cells = n * n;
        let all = (1u32 << n) - 1;
        loop {
            let mut changed = false;
            let grid = &mut self.levels[at..at + cells];
            // Naked singles: place them, and remove their value from their units.
            for cell in 0..cells {
                let m = grid[cell];
                if m & DONE != 0 {
                    continue;
                }
                if m == 0 {
                    for &u in &self.unit_of[cell] {
                        self.weight[u as usize] += 1;
                    }
                    return false;
                }
                if m & (m - 1) != 0 {
                    continue;
                }
                grid[cell] = m | DONE;
                changed = true;
                for &u in &self.unit_of[cell] {
                    let u = u as usize;
                    for &peer in &self.units[u * n..(u + 1) * n] {
                        let p = peer as usize;
                        if p != cell && grid[p] & m != 0 {
                            grid[p] &= !m;
                            if grid[p] & !DONE == 0 {
                                self.weight[u] += 1;
                                return false;
                            }
                        }
                    }
                }
            }
            // Every value has a place in every unit; a value with one place goes there.
            for (ui, unit) in self.units.chunks_exact(n).enumerate() {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in unit {
                    let m = grid[c as usize] & !DONE;
                    twice |= once & m;
                    once |= m;
                }
                if once != all {
                    self.weight[ui] += 1;
                    return false;
                }
                let mut single = once & !twice;
                while single != 0 {
                    let v = single & single.wrapping_neg();
                    single &= single - 1;
                    for &c in unit {
                        let m = grid[c as usize];
                        if m & v != 0 {
                            if m & DONE == 0 && m != v {
                                grid[c as usize] = v;
                                changed = true;
                            }
                            break;
                        }
                    }
                }
            }
            if changed {
                continue;
            }
            match self.bands_and_stacks(at) {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// One pass of the band and stack rule (see the module docs). `None` on a
    /// contradiction, else whether a candidate was removed.
    fn bands_and_stacks(&mut self, at: usize) -> Option<bool> {
        let (n, br, bc) = (self.n, self.box_rows, self.box_cols);
        let grid = &mut self.levels[at..at + n * n];
        let (stacks, bands) = (n / bc, n / br);
        let (rows, cols) = self.segments.split_at_mut(n * n);
        // The values of each row within each stack, and of each column within each band
        // (placed cells included: a placed value is its row's only place in the band).
        for r in 0..n {
            for s in 0..stacks {
                rows[r * stacks + s] = grid[r * n + s * bc..r * n + (s + 1) * bc]
                    .iter()
                    .fold(0, |u, &m| u | (m & !DONE));
            }
        }
        for c in 0..n {
            for b in 0..bands {
                cols[c * bands + b] =
                    (b * br..(b + 1) * br).fold(0, |u, r| u | (grid[r * n + c] & !DONE));
            }
        }
        let mut changed = false;
        // Removes `bit` from the open cells of `cells`; false if one is left empty.
        let mut remove = |grid: &mut [u32], cells: &mut dyn Iterator<Item = usize>, bit: u32| {
            for cell in cells {
                let m = grid[cell];
                if m & DONE == 0 && m & bit != 0 {
                    grid[cell] = m & !bit;
                    changed = true;
                    if grid[cell] == 0 {
                        return false;
                    }
                }
            }
            true
        };
        // Bands: rows (br of them) against boxes (stacks = br of them), per value.
        for band in 0..bands {
            for v in 0..n {
                let bit = 1u32 << v;
                let mut adj = [0u32; 25];
                for (k, a) in adj[..br].iter_mut().enumerate() {
                    let r = band * br + k;
                    for s in 0..stacks {
                        if rows[r * stacks + s] & bit != 0 {
                            *a |= 1 << s;
                        }
                    }
                }
                let before = adj;
                if !hall(&mut adj[..br]) {
                    return None;
                }
                for k in 0..br {
                    let mut gone = before[k] & !adj[k];
                    let r = band * br + k;
                    while gone != 0 {
                        let s = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        if !remove(grid, &mut (s * bc..(s + 1) * bc).map(|c| r * n + c), bit) {
                            return None;
                        }
                    }
                }
            }
        }
        // Stacks: columns (bc) against boxes (bands = bc), per value.
        for stack in 0..stacks {
            for v in 0..n {
                let bit = 1u32 << v;
                let mut adj = [0u32; 25];
                for (k, a) in adj[..bc].iter_mut().enumerate() {
                    let c = stack * bc + k;
                    for b in 0..bands {
                        if cols[c * bands + b] & bit != 0 {
                            *a |= 1 << b;
                        }
                    }
                }
                let before = adj;
                if !hall(&mut adj[..bc]) {
                    return None;
                }
                for k in 0..bc {
                    let mut gone = before[k] & !adj[k];
                    let c = stack * bc + k;
                    while gone != 0 {
                        let b = gone.trailing_zeros() as usize;
                        gone &= gone - 1;
                        if !remove(grid, &mut (b * br..(b + 1) * br).map(|r| r * n + c), bit) {
                            return None;
                        }
                    }
                }
            }
        }
        Some(changed)
    }
}

/// The largest side of the graphs [`hall`] works on: boxes of up to 5 rows or columns,
/// which every usual shape has.
const HALL_MAX: usize = 5;

/// Hall's condition on a small bipartite graph that needs a perfect matching: `adj[k]` is
/// the set of partners of left vertex `k`, among as many right vertices as there are left
/// ones. Removes every edge from outside a tight set `S` (one with as many partners as
/// members) into the partners of `S`, to a fixed point; `false` when some set has fewer
/// partners than members (no perfect matching).
fn hall(adj: &mut [u32]) -> bool {
    let k = adj.len();
    if k > HALL_MAX {
        // Boxes of more than 5 rows or columns (a shape such as 12 × 2): too many sets to
        // try; the rule is skipped there, which only weakens the propagation.
        return true;
    }
    let all = adj.iter().fold(0, |u, &a| u | a);
    if all.count_ones() < k as u32 {
        return false;
    }
    if adj.iter().all(|&a| a & (a - 1) == 0) {
        // A matching already (the partners are distinct, as they cover all k).
        return true;
    }
    // Partners of every set, built from the set without its lowest member.
    let mut partners = [0u32; 32];
    loop {
        let mut changed = false;
        for set in 1usize..(1 << k) - 1 {
            let low = set.trailing_zeros() as usize;
            partners[set] = partners[set & (set - 1)] | adj[low];
            let (size, reach) = (set.count_ones(), partners[set].count_ones());
            if reach < size {
                return false;
            }
            if reach == size {
                for (i, a) in adj.iter_mut().enumerate() {
                    if set & (1 << i) == 0 && *a & partners[set] != 0 {
                        *a &= !partners[set];
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return adj.iter().fold(0, |u, &a| u | a).count_ones() == k as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DlxSolver;
    use crate::SudokuSolver;

    #[test]
    fn hall_removes_what_no_matching_uses() {
        // Left 0 and 1 both need right 0 or 1: left 2 loses them.
        let mut adj = [0b011, 0b011, 0b111];
        assert!(hall(&mut adj));
        assert_eq!(adj, [0b011, 0b011, 0b100]);
        // Three left vertices share two partners: no matching.
        let mut adj = [0b011, 0b011, 0b011];
        assert!(!hall(&mut adj));
        let mut adj = [0b001, 0b010, 0b100];
        assert!(hall(&mut adj));
    }

    /// On random partial grids of small shapes, the propagator finds a fill exactly when
    /// the dancing-links count finds one, the fill is one, and every seed agrees.
    #[test]
    fn agrees_with_dancing_links_on_random_partial_grids() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut seen = [0usize; 2];
        let shapes = [(2, 2), (2, 3), (2, 4), (3, 3), (6, 1), (1, 7), (8, 1)];
        for (box_rows, box_cols) in shapes {
            let shape = Shape::new(box_rows, box_cols).unwrap();
            let side = shape.side();
            let mut prop = Propagator::new(shape);
            let mut dlx = DlxSolver::new(shape);
            let mut fill = vec![0u8; shape.cells()];
            for round in 0..150 {
                let mut grid = Grid::empty(shape);
                for _ in 0..side + round % (2 * side) {
                    let (r, c, v) = (next(side), next(side), 1 + next(side) as u8);
                    grid.set(r, c, v);
                    if !grid.consistent_at(r, c) {
                        grid.set(r, c, 0);
                    }
                }
                let fills = dlx.count(&grid, 1).solutions;
                seen[usize::from(fills > 0)] += 1;
                for seed in [0, 7, 1234] {
                    prop.forget();
                    let (answer, _) = prop.first_fill(&grid, seed, Limits::NONE, &mut fill);
                    let expected = if fills > 0 {
                        Feasible::Yes
                    } else {
                        Feasible::No
                    };
                    assert_eq!(answer, expected, "{side}: {}", grid.to_line());
                    if answer == Feasible::Yes {
                        let fill = Grid::from_values(shape, &fill).unwrap();
                        assert!(fill.is_complete_solution_of(&grid), "{}", grid.to_line());
                    }
                }
            }
        }
        assert!(
            seen[0] > 50 && seen[1] > 50,
            "both answers tested: {seen:?}"
        );
    }
}
