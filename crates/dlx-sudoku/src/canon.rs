//! The canonical form of a 9×9 puzzle: the smallest one-line form (blank `0` below every
//! digit) over the Sudoku symmetry group, so that two puzzles are isomorphs exactly when
//! their canonical forms are equal.
//!
//! ```
//! use dlx_sudoku::{Grid, canon::Canonicalizer};
//!
//! let puzzle: Grid = "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
//!     .parse()?;
//! let mut canon = Canonicalizer::new();
//! let (form, transform) = canon.canonical(&puzzle).expect("a 9x9 grid");
//! // The transformation it reports maps the puzzle onto its canonical form.
//! assert_eq!(transform.apply(&puzzle), form);
//! // A transposed copy has the same canonical form.
//! let mut transposed = Grid::empty(puzzle.shape());
//! for r in 0..9 {
//!     for c in 0..9 {
//!         transposed.set(c, r, puzzle.get(r, c));
//!     }
//! }
//! assert_eq!(canon.canonical(&transposed).unwrap().0, form);
//! # Ok::<(), dlx_sudoku::GridError>(())
//! ```
//!
//! # The group
//! A transformation is: an optional transposition, then a permutation of the rows that
//! keeps bands together (bands in any order, rows in any order inside each band), a
//! permutation of the columns that keeps stacks together, and a relabelling of the digits.
//! That is 2 · 6⁴ · 6⁴ · 9! transformations; without the relabelling, 3,359,232.
//!
//! # The search
//! For a fixed placement of the cells, the smallest relabelling numbers the digits in order
//! of first appearance, row by row; so only the 3,359,232 placements are searched, and the
//! search goes row by row, breadth first, keeping after each row only the partial
//! transformations whose rows so far equal the smallest possible. The first row's digits
//! are `1, 2, …` whatever the columns, so it is decided by its pattern of blanks alone: the
//! stacks with fewest givens go first and blanks go first inside each stack. Only the column
//! orders that reach the smallest first row are ever made, and every later row only chooses
//! a row. Entirely blank rows (columns, bands, stacks) are interchangeable, so only one
//! order of them is tried; this keeps nearly empty grids fast. The survivors after the last
//! row all give the canonical form, and the first is reported as the [`Transform`].

use thiserror::Error;

use super::grid::{Clash, Grid, Shape};

/// A transformation of the 9×9 symmetry group, as `canonical` found it.
///
/// Cell `(i, j)` of the image holds `digits[v]`, where `v` is cell `(rows[i], cols[j])` of
/// the source, and the source is the puzzle, transposed first when `transpose` is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transform {
    /// Transpose first.
    pub transpose: bool,
    /// Row `i` of the image is row `rows[i]` of the source.
    pub rows: [u8; 9],
    /// Column `j` of the image is column `cols[j]` of the source.
    pub cols: [u8; 9],
    /// Digit `v` becomes `digits[v]`; `digits[0] == 0` (blanks stay blank).
    pub digits: [u8; 10],
}

impl Transform {
    /// The image of a 9×9 grid.
    ///
    /// # Panics
    /// If the grid is not 9×9.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(grid.shape(), Shape::CLASSIC, "a 9x9 grid");
        let mut out = Grid::empty(Shape::CLASSIC);
        for i in 0..9 {
            for j in 0..9 {
                let (r, c) = (self.rows[i] as usize, self.cols[j] as usize);
                let v = if self.transpose {
                    grid.get(c, r)
                } else {
                    grid.get(r, c)
                };
                out.set(i, j, self.digits[v as usize]);
            }
        }
        out
    }
}

/// Why a grid has no canonical form here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CanonError {
    /// Only 9×9 grids with 3×3 boxes are canonicalised.
    #[error("canonical forms are for 9x9 grids; this one is {0}x{0}")]
    NotClassic(usize),
    /// Two givens clash (the form is defined for valid puzzles only).
    #[error("no canonical form: {0}")]
    Clash(Clash),
}

/// A partial transformation that ties for the smallest rows so far.
#[derive(Debug, Clone, Copy)]
struct Partial {
    /// 0: the puzzle, 1: its transpose.
    source: u8,
    /// Source column of each image column. Columns of one block (see `starts`) are in no
    /// particular order yet: they were blank in every row placed so far.
    cols: [u8; 9],
    /// Bit `j` set when image column `j` starts a block of columns whose order is still
    /// open (always set at 0, 3 and 6: blocks stay inside a stack).
    starts: u16,
    /// Source row of each image row placed so far.
    rows: [u8; 9],
    /// The label of each source digit so far (0: none yet).
    label: [u8; 10],
    /// The next label to give.
    next: u8,
    /// Source rows used (bit per row).
    used_rows: u16,
    /// Source bands used (bit per band).
    used_bands: u8,
}

/// Canonical forms, reusing its buffers from one puzzle to the next.
#[derive(Debug, Default)]
pub struct Canonicalizer {
    current: Vec<Partial>,
    next: Vec<Partial>,
    spare: Vec<Partial>,
}

/// One orientation of the puzzle with the facts the search asks often.
struct Source {
    cells: [u8; 81],
    /// Bit `r` set when row `r` is entirely blank.
    blank_rows: u16,
    /// Bit `c` set when column `c` is entirely blank.
    blank_cols: u16,
}

impl Source {
    fn new(cells: [u8; 81]) -> Source {
        // (Each line's cells or-ed together, without a branch per cell.)
        let mut rows = [0u8; 9];
        let mut cols = [0u8; 9];
        for (i, row) in rows.iter_mut().enumerate() {
            for (j, col) in cols.iter_mut().enumerate() {
                *row |= cells[i * 9 + j];
                *col |= cells[i * 9 + j];
            }
        }
        let blank = |lines: [u8; 9]| (0..9).fold(0u16, |m, k| m | u16::from(lines[k] == 0) << k);
        let (blank_rows, blank_cols) = (blank(rows), blank(cols));
        Source {
            cells,
            blank_rows,
            blank_cols,
        }
    }

    /// True when the three lines of band (or stack) `b` are all blank in `blank`.
    fn blank_triple(blank: u16, b: usize) -> bool {
        (blank >> (3 * b)) & 7 == 7
    }

    /// Row `r` may come next among `free` rows (bits): a blank row only when no smaller
    /// free row of `within` is blank too (blank rows are interchangeable).
    fn row_eligible(&self, r: usize, free: u16) -> bool {
        // The rows of `r`'s band before it.
        let before = ((1u16 << r) - 1) & (7 << (r / 3 * 3));
        self.blank_rows & (1 << r) == 0 || free & self.blank_rows & before == 0
    }

    /// Band `b` may come next among `free` bands: a blank band only when no smaller free
    /// band is blank too.
    fn band_eligible(&self, b: usize, free: u8) -> bool {
        let blank_bands = (0..3).fold(0u8, |m, q| {
            m | u8::from(Source::blank_triple(self.blank_rows, q)) << q
        });
        blank_bands & (1 << b) == 0 || free & blank_bands & ((1 << b) - 1) == 0
    }

    /// The smallest first-row pattern row `r` can take (bit 8 − j set when image column
    /// `j` holds a given; smaller is better), with the given count of each source stack.
    fn first_row_pattern(&self, r: usize) -> (u16, [u8; 3]) {
        let mut counts = [0u8; 3];
        for c in 0..9 {
            counts[c / 3] += u8::from(self.cells[r * 9 + c] != 0);
        }
        // Sorted ascending by a network of three compare-and-swaps.
        let [mut x, mut y, mut z] = counts;
        (x, y) = (x.min(y), x.max(y));
        (y, z) = (y.min(z), y.max(z));
        (x, y) = (x.min(y), x.max(y));
        let mut pattern = 0u16;
        for k in [x, y, z] {
            pattern = (pattern << 3) | ((1u16 << k) - 1);
        }
        (pattern, counts)
    }

    /// The stack orders that give row `r` its smallest pattern (stacks by given count,
    /// ties in every order, blank stacks in one order), each pushed as a partial with no
    /// row placed and each stack's columns one open block.
    fn first_row_partials(&self, source: u8, r: usize, out: &mut Vec<Partial>) {
        let (_, counts) = self.first_row_pattern(r);
        for p in PERMS_3 {
            let by_count = (0..2).all(|k| counts[p[k]] <= counts[p[k + 1]]);
            let blank_in_order = (0..3).all(|k| {
                (k + 1..3).all(|m| {
                    !(Source::blank_triple(self.blank_cols, p[k])
                        && Source::blank_triple(self.blank_cols, p[m])
                        && p[k] > p[m])
                })
            });
            if by_count && blank_in_order {
                let cols = std::array::from_fn(|j| (3 * p[j / 3] + j % 3) as u8);
                out.push(Partial {
                    source,
                    cols,
                    starts: 0b001_001_001,
                    rows: [0; 9],
                    label: [0; 10],
                    next: 1,
                    used_rows: 0,
                    used_bands: 0,
                });
            }
        }
    }
}

/// The token for a digit met in a row, for ordering the columns of a block: blanks first,
/// then digits already labelled by their label, then new digits (all alike).
const NEW: u8 = 10;

/// An image row packed for comparison: column `j`'s label in nibble `8 − j` (labels are
/// at most 9), so that rows compare as numbers in the order of their columns.
type Packed = u64;

/// No row yet: larger than every packed row.
const NO_ROW: Packed = Packed::MAX;

/// The label of column `j` of a packed row.
#[inline]
fn label_at(row: Packed, j: usize) -> u8 {
    (row >> (4 * (8 - j))) as u8 & 0xF
}

/// Places source row `r` as image row `depth` of partial `p`: inside each open block of
/// columns, blanks go first (staying a block), then labelled digits in label order, then
/// new digits in every order. Each result that is not larger than `best` is pushed to
/// `next` (which is cleared first when the row beats `best`, and `best` updated).
///
/// The work inside a block has no branch on the cells (their tokens are sorted by a
/// compare-and-swap network, labels given by arithmetic): blanks and digits follow no
/// pattern a branch predictor could learn. The row is compared with `best` a block at a
/// time.
fn place_row(
    p: &Partial,
    source: &Source,
    r: usize,
    depth: usize,
    best: &mut Packed,
    next: &mut Vec<Partial>,
) {
    let row = &source.cells[r * 9..r * 9 + 9];
    let mut q = *p;
    let mut out: Packed = 0;
    let mut less = false;
    // Runs of two or more new digits in one block: (first column, length).
    let mut runs = [(0u8, 0u8); 3];
    let mut n_runs = 0;
    let mut starts = 0u16;
    // Bit 9 ends the last block.
    let open = p.starts | 1 << 9;
    let mut a = 0;
    while a < 9 {
        let b = a + 1 + (open >> (a + 1)).trailing_zeros() as usize;
        // The block's columns sorted by token: a stable network of adjacent swaps (the
        // insertion sort of at most three).
        if b - a == 2 {
            order(row, &mut q.cols, a, &q.label);
        } else if b - a == 3 {
            sort3(row, &mut q.cols, a, &q.label);
        }
        let mut news = 0;
        for j in a..b {
            let v = row[q.cols[j] as usize] as usize;
            let l = q.label[v];
            let new = (l == 0) & (v != 0);
            // A new digit takes the next label; a blank keeps label 0.
            let x = l | (u8::from(new) * q.next);
            q.label[v] = x;
            q.next += u8::from(new);
            news += usize::from(new);
            // A column starts a block when it holds a digit, or is the block's first.
            starts |= u16::from((v != 0) | (j == a)) << j;
            out = out << 4 | x as Packed;
        }
        if !less {
            let mine = out;
            let theirs = *best >> (4 * (9 - b));
            if mine > theirs {
                return;
            }
            less = mine < theirs;
        }
        // New digits sort last in their block.
        if news >= 2 {
            runs[n_runs] = ((b - news) as u8, news as u8);
            n_runs += 1;
        }
        a = b;
    }
    if less {
        *best = out;
        next.clear();
    }
    q.starts = starts;
    q.rows[depth] = r as u8;
    q.used_rows |= 1 << r;
    q.used_bands |= 1 << (r / 3);
    // Every order of each run of new digits gives the same row, with other labels.
    let orders = |len: u8| if len == 2 { 2 } else { 6 };
    let total: usize = runs[..n_runs].iter().map(|&(_, len)| orders(len)).product();
    for mut k in 0..total {
        let mut v = q;
        for &(f, len) in &runs[..n_runs] {
            let (f, len) = (f as usize, len as usize);
            let pick = k % orders(len as u8);
            k /= orders(len as u8);
            let perm = if len == 2 {
                [[0, 1, 2], [1, 0, 2]][pick]
            } else {
                PERMS_3[pick]
            };
            for (i, &from) in perm[..len].iter().enumerate() {
                v.cols[f + i] = q.cols[f + from];
            }
            for i in 0..len {
                let d = row[v.cols[f + i] as usize] as usize;
                v.label[d] = label_at(out, f + i);
            }
        }
        next.push(v);
    }
}

/// The token of column `col` of `row` (see [`NEW`]).
#[inline(always)]
fn token(row: &[u8], col: u8, label: &[u8; 10]) -> u8 {
    let v = row[col as usize] as usize;
    let l = label[v];
    l | (u8::from((l == 0) & (v != 0)) * NEW)
}

/// Swaps columns `i` and `i + 1` of `cols` when the first has the larger token in `row`.
/// (By masks: a compiler turns a select into a branch here, and the tokens' order follows
/// no pattern.)
#[inline(always)]
fn order(row: &[u8], cols: &mut [u8; 9], i: usize, label: &[u8; 10]) {
    let (x, y) = (cols[i], cols[i + 1]);
    let later = token(row, x, label) > token(row, y, label);
    let flip = (x ^ y) & 0u8.wrapping_sub(u8::from(later));
    cols[i] = x ^ flip;
    cols[i + 1] = y ^ flip;
}

/// [`order`] three times over the columns `i..i + 3` (the insertion sort of three, stable),
/// each column's token made once and carried with it.
#[inline(always)]
fn sort3(row: &[u8], cols: &mut [u8; 9], i: usize, label: &[u8; 10]) {
    let mut c = [cols[i], cols[i + 1], cols[i + 2]];
    let mut t = c.map(|x| token(row, x, label));
    for k in [0, 1, 0] {
        // (By masks, as in `order`.)
        let later = t[k] > t[k + 1];
        let m = 0u8.wrapping_sub(u8::from(later));
        let (fc, ft) = ((c[k] ^ c[k + 1]) & m, (t[k] ^ t[k + 1]) & m);
        (c[k], c[k + 1]) = (c[k] ^ fc, c[k + 1] ^ fc);
        (t[k], t[k + 1]) = (t[k] ^ ft, t[k + 1] ^ ft);
    }
    cols[i..i + 3].copy_from_slice(&c);
}

/// The six orders of three things.
const PERMS_3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

impl Canonicalizer {
    /// A canonicaliser with empty buffers.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// The canonical form of a 9×9 grid and a transformation that maps the grid onto it.
    pub fn canonical(&mut self, grid: &Grid) -> Result<(Grid, Transform), CanonError> {
        if grid.shape() != Shape::CLASSIC {
            return Err(CanonError::NotClassic(grid.shape().side()));
        }
        if let Some(c) = grid.clash() {
            return Err(CanonError::Clash(c));
        }
        let mut cells = [0u8; 81];
        cells.copy_from_slice(grid.cells());
        let (form, transform) = self.canonical_cells(&cells);
        let grid = Grid::from_values(Shape::CLASSIC, &form).expect("labels are 0..=9");
        Ok((grid, transform))
    }

    /// The canonical form of 81 cells (values `0..=9`, no two alike in a row, column or
    /// box; with a clash the result is an isomorph but maybe not the smallest).
    pub fn canonical_cells(&mut self, cells: &[u8; 81]) -> ([u8; 81], Transform) {
        let mut transposed = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                transposed[c * 9 + r] = cells[r * 9 + c];
            }
        }
        let sources = [Source::new(*cells), Source::new(transposed)];

        // Row 0: the smallest pattern over every row of both orientations (each row's
        // pattern made once; `u16::MAX` for a row that may not come first).
        let patterns: [[u16; 9]; 2] = std::array::from_fn(|s| {
            let source = &sources[s];
            std::array::from_fn(|r| {
                if source.row_eligible(r, 0x1ff) && source.band_eligible(r / 3, 7) {
                    source.first_row_pattern(r).0
                } else {
                    u16::MAX
                }
            })
        });
        let best_pattern = patterns.iter().flatten().copied().min().unwrap_or(u16::MAX);
        self.current.clear();
        for (s, (source, patterns)) in sources.iter().zip(&patterns).enumerate() {
            for (r, &pattern) in patterns.iter().enumerate() {
                if pattern == best_pattern {
                    self.next.clear();
                    source.first_row_partials(s as u8, r, &mut self.next);
                    let mut best = NO_ROW;
                    let mut placed = std::mem::take(&mut self.spare);
                    placed.clear();
                    for p in &self.next {
                        place_row(p, source, r, 0, &mut best, &mut placed);
                    }
                    self.current.append(&mut placed);
                    self.spare = placed;
                }
            }
        }
        let mut form = [0u8; 81];
        let mut k = 1;
        for (j, f) in form[..9].iter_mut().enumerate() {
            if best_pattern & (1 << (8 - j)) != 0 {
                *f = k;
                k += 1;
            }
        }

        // Rows 1 to 8: each partial tries each row it may place next; only the smallest
        // rows survive.
        for depth in 1..9 {
            let mut best = NO_ROW;
            self.next.clear();
            for p in &self.current {
                let source = &sources[p.source as usize];
                let free_rows = !p.used_rows & 0x1ff;
                if depth % 3 == 0 {
                    let free_bands = !p.used_bands & 7;
                    for b in 0..3 {
                        if free_bands & (1 << b) != 0 && source.band_eligible(b, free_bands) {
                            for r in 3 * b..3 * b + 3 {
                                if source.row_eligible(r, free_rows) {
                                    place_row(p, source, r, depth, &mut best, &mut self.next);
                                }
                            }
                        }
                    }
                } else {
                    let band = p.rows[depth - 1] as usize / 3;
                    for r in 3 * band..3 * band + 3 {
                        if free_rows & (1 << r) != 0 && source.row_eligible(r, free_rows) {
                            place_row(p, source, r, depth, &mut best, &mut self.next);
                        }
                    }
                }
            }
            for (j, f) in form[depth * 9..depth * 9 + 9].iter_mut().enumerate() {
                *f = label_at(best, j);
            }
            std::mem::swap(&mut self.current, &mut self.next);
        }

        let winner = self.current[0];
        // Digits that never appear take the labels left over, in order.
        let mut digits = winner.label;
        let mut nx = winner.next;
        for d in digits.iter_mut().skip(1) {
            if *d == 0 {
                *d = nx;
                nx += 1;
            }
        }
        let transform = Transform {
            transpose: winner.source == 1,
            rows: winner.rows,
            cols: winner.cols,
            digits,
        };
        (form, transform)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    #[test]
    fn empty_and_full_rows() {
        let mut c = Canonicalizer::new();
        let empty = Grid::empty(Shape::CLASSIC);
        let (form, t) = c.canonical(&empty).unwrap();
        assert_eq!(form, empty);
        assert_eq!(t.apply(&empty), form);
        let one = grid(&format!("{}5{}", ".".repeat(40), ".".repeat(40)));
        let (form, t) = c.canonical(&one).unwrap();
        assert_eq!(form.to_line(), format!("{}1", ".".repeat(80)));
        assert_eq!(t.apply(&one), form);
    }

    #[test]
    fn other_sizes_are_refused() {
        let g = Grid::empty(Shape::for_side(4).unwrap());
        assert_eq!(
            Canonicalizer::new().canonical(&g),
            Err(CanonError::NotClassic(4))
        );
    }
}
