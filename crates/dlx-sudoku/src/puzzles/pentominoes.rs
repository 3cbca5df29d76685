//! The twelve pentominoes on a rectangle of 60 cells (6×10, 5×12, 4×15, 3×20).

use super::common::{PuzzleError, add, base36, check_range};
use dlx_cover::Problem;
use dlx_cover::knuth::Named;

/// The twelve pieces by Conway's letters, each as `(row, column)` cells.
pub const PIECES: [(char, [(usize, usize); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

type Shape = [(usize, usize); 5];

/// Transform `t` (0..8) of the square's symmetry group: `t % 4` quarter turns, then a
/// mirror image when `t ≥ 4`; the result is moved back to row 0 and column 0 and sorted.
fn transform(cells: &Shape, t: usize) -> Shape {
    let mut out = cells.map(|(r, c)| {
        let (mut r, mut c) = (r as isize, c as isize);
        for _ in 0..t % 4 {
            (r, c) = (c, -r);
        }
        if t >= 4 {
            c = -c;
        }
        (r, c)
    });
    let min_r = out.iter().map(|p| p.0).min().expect("five cells");
    let min_c = out.iter().map(|p| p.1).min().expect("five cells");
    for p in &mut out {
        *p = (p.0 - min_r, p.1 - min_c);
    }
    out.sort_unstable();
    out.map(|(r, c)| (r as usize, c as usize))
}

/// The distinct orientations among the given transforms, in transform order.
fn orientations(cells: &Shape, transforms: impl Iterator<Item = usize>) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    for t in transforms {
        let s = transform(cells, t);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// The board symmetries that keep an X centred at `(r, c)` where it is, as transform
/// numbers of [`transform`] (0 identity, 4 mirror left-right, 6 mirror top-bottom,
/// 2 half turn), named by the secondary item that stands for them.
fn x_stabilizers(
    width: usize,
    height: usize,
    r: usize,
    c: usize,
) -> Option<(&'static str, &'static [usize])> {
    match (2 * r + 1 == height, 2 * c + 1 == width) {
        (false, false) => None,
        (true, false) => Some(("xrow", &[0, 6])),
        (false, true) => Some(("xcol", &[0, 4])),
        (true, true) => Some(("xmid", &[0, 2, 4, 6])),
    }
}

/// Pentomino tiling as exact cover: the twelve pieces (`F`, `I`, …, `Z`) and the cells
/// (`rc`, row and column in base 36) are primary items; an option places a piece in one
/// orientation at one spot: `F 01 02 10 11 21`.
///
/// With `up_to_symmetry`, each tiling is counted once with its images under the board's
/// four symmetries (identity, half turn, two mirrors), in the usual way: the X pentomino's
/// centre is kept in the top-left quarter (`2r + 1 ≤ height`, `2c + 1 ≤ width`). When that
/// centre lies on a middle row or column, a mirror still maps X to itself; then the F
/// pentomino, which has no symmetry of its own, keeps one orientation of each pair the
/// mirror swaps. The condition is carried by a secondary item (`xrow`, `xcol`, `xmid`) that
/// those X options and the other F orientations share. No tiling is symmetric (F would be),
/// so every class has four tilings and exactly one of them passes. Counts: 6×10 → 2,339
/// (9,356 in all), 5×12 → 1,010, 4×15 → 368, 3×20 → 2.
#[derive(Debug, Clone)]
pub struct Pentominoes {
    width: usize,
    height: usize,
    named: Named,
    /// `(piece index, cells as row·width + column)` of each option.
    placements: Vec<(usize, [usize; 5])>,
}

impl Pentominoes {
    /// The longest side: cell names are two base-36 digits.
    pub const MAX_SIDE: usize = 36;

    /// The problem for a `width × height` board (`width · height = 60`).
    pub fn new(
        width: usize,
        height: usize,
        up_to_symmetry: bool,
    ) -> Result<Pentominoes, PuzzleError> {
        check_range("width", width, 1, Self::MAX_SIDE)?;
        check_range("height", height, 1, Self::MAX_SIDE)?;
        if width * height != 60 {
            return Err(PuzzleError::BoardArea { width, height });
        }
        // Secondary items for the X centres on a middle line, in the order first needed.
        let mut secondary: Vec<(&'static str, &'static [usize])> = Vec::new();
        if up_to_symmetry {
            for r in 1..height.saturating_sub(1) {
                for c in 1..width.saturating_sub(1) {
                    if 2 * r < height
                        && 2 * c < width
                        && let Some(s) = x_stabilizers(width, height, r, c)
                        && !secondary.contains(&s)
                    {
                        secondary.push(s);
                    }
                }
            }
        }
        let f = &PIECES[0].1;
        // For each secondary item, the F orientations kept: one of each orbit of its group.
        let kept: Vec<Vec<Shape>> = secondary
            .iter()
            .map(|&(_, group)| {
                let mut reps: Vec<Shape> = Vec::new();
                for o in orientations(f, 0..8) {
                    if !group.iter().any(|&g| reps.contains(&transform(&o, g))) {
                        reps.push(o);
                    }
                }
                reps
            })
            .collect();
        let secondary_item =
            |name: &str| 72 + secondary.iter().position(|s| s.0 == name).expect("known");
        let mut problem = Problem::new(12 + 60, secondary.len()).expect("small enough");
        let mut placements = Vec::new();
        let mut items = Vec::with_capacity(6 + secondary.len());
        for (k, (letter, cells)) in PIECES.iter().enumerate() {
            for shape in orientations(cells, 0..8) {
                let rows = shape.iter().map(|p| p.0).max().expect("five cells") + 1;
                let cols = shape.iter().map(|p| p.1).max().expect("five cells") + 1;
                for r in 0..(height + 1).saturating_sub(rows) {
                    for c in 0..(width + 1).saturating_sub(cols) {
                        items.clear();
                        items.push(k);
                        let at = shape.map(|(dr, dc)| (r + dr) * width + c + dc);
                        items.extend(at.iter().map(|cell| 12 + cell));
                        if up_to_symmetry && *letter == 'X' {
                            // The centre is one row down and one column right of (r, c).
                            let (cr, cc) = (r + 1, c + 1);
                            if 2 * cr >= height || 2 * cc >= width {
                                continue;
                            }
                            if let Some((name, _)) = x_stabilizers(width, height, cr, cc) {
                                items.push(secondary_item(name));
                            }
                        }
                        if *letter == 'F' {
                            for (s, reps) in secondary.iter().zip(&kept) {
                                if !reps.contains(&shape) {
                                    items.push(secondary_item(s.0));
                                }
                            }
                        }
                        add(&mut problem, &items);
                        placements.push((k, at));
                    }
                }
            }
        }
        let mut names: Vec<String> = PIECES.iter().map(|(l, _)| l.to_string()).collect();
        for r in 0..height {
            for c in 0..width {
                names.push(format!("{}{}", base36(r), base36(c)));
            }
        }
        names.extend(secondary.iter().map(|s| s.0.to_string()));
        Ok(Pentominoes {
            width,
            height,
            named: Named::new(problem, names, Vec::new()),
            placements,
        })
    }

    /// Columns of the board.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of the board.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The board: `height` rows of `width` piece letters (`.` where no piece lies).
    ///
    /// # Panics
    /// If an option number is not one of this problem's.
    pub fn decode(&self, solution: &[usize]) -> Vec<Vec<char>> {
        let mut board = vec![vec!['.'; self.width]; self.height];
        for &o in solution {
            let (k, cells) = self.placements[o];
            for cell in cells {
                board[cell / self.width][cell % self.width] = PIECES[k].0;
            }
        }
        board
    }
}

super::common::named_accessors!(Pentominoes);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_three_orientations() {
        let counts: Vec<usize> = PIECES
            .iter()
            .map(|(_, cells)| orientations(cells, 0..8).len())
            .collect();
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        assert_eq!(counts.iter().sum::<usize>(), 63);
    }
}
