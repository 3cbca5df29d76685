//! Checks a puzzle maker needs: is a puzzle valid (its givens clash nowhere and some fill
//! completes them), unique (exactly one fill), and minimal (removing any one given leaves
//! several fills)?
//!
//! ```
//! use dlx_sudoku::{DlxSolver, Grid, Shape, check::{check, Verdict}};
//!
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()?;
//! let mut solver = DlxSolver::new(Shape::CLASSIC);
//! let verdict = check(&puzzle, &mut solver);
//! assert_eq!(verdict, Verdict::Unique { redundant: vec![] }); // a 17-clue puzzle is minimal
//! # Ok::<(), dlx_sudoku::GridError>(())
//! ```
//!
//! Uniqueness is a count of fills up to 2 with [`DlxSolver`]; minimality is one such count
//! per given, with that given removed. (The generator proves the same things another way,
//! by refutation; this module is deliberately the plain, independent version.)

use super::logic::cell_name;
use super::{Clash, DlxSolver, Grid, Shape, SudokuSolver};

/// What [`check`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Two givens clash.
    Clash(Clash),
    /// No fill completes the givens.
    NoFill,
    /// Several fills.
    Several,
    /// Exactly one fill; `redundant` lists the givens (cell indices, row-major) whose
    /// removal keeps it unique. The puzzle is minimal when the list is empty.
    Unique {
        /// Cells whose given can go.
        redundant: Vec<usize>,
    },
}

impl Verdict {
    /// Valid: the givens clash nowhere and at least one fill exists.
    pub fn valid(&self) -> bool {
        matches!(self, Verdict::Several | Verdict::Unique { .. })
    }

    /// Exactly one fill.
    pub fn unique(&self) -> bool {
        matches!(self, Verdict::Unique { .. })
    }

    /// Unique, and no given can be removed with the fill staying unique.
    pub fn minimal(&self) -> bool {
        matches!(self, Verdict::Unique { redundant } if redundant.is_empty())
    }

    /// The givens that can go, named as players write cells (`r4c7`), for a puzzle of
    /// `shape`; empty unless the verdict is unique.
    pub fn redundant_names(&self, shape: Shape) -> Vec<String> {
        match self {
            Verdict::Unique { redundant } => {
                redundant.iter().map(|&c| cell_name(shape, c)).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// The verdict in words, the one wording every front end prints: `minimal`,
/// `not minimal`, `not unique`, `invalid (no fill)` or `invalid (CLASH)`.
impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Clash(c) => write!(f, "invalid ({c})"),
            Verdict::NoFill => f.write_str("invalid (no fill)"),
            Verdict::Several => f.write_str("not unique"),
            Verdict::Unique { redundant } if redundant.is_empty() => f.write_str("minimal"),
            Verdict::Unique { .. } => f.write_str("not minimal"),
        }
    }
}

/// Checks validity, uniqueness and minimality of `puzzle` with a solver of its shape.
///
/// # Panics
/// If the solver is for another shape.
pub fn check(puzzle: &Grid, solver: &mut DlxSolver) -> Verdict {
    if let Some(c) = puzzle.clash() {
        return Verdict::Clash(c);
    }
    match solver.count(puzzle, 2).solutions {
        0 => return Verdict::NoFill,
        1 => {}
        _ => return Verdict::Several,
    }
    let mut less = puzzle.clone();
    let n = puzzle.shape().side();
    let mut redundant = Vec::new();
    for cell in 0..puzzle.shape().cells() {
        let (r, c) = (cell / n, cell % n);
        let v = puzzle.get(r, c);
        if v == 0 {
            continue;
        }
        less.set(r, c, 0);
        if solver.count(&less, 2).solutions == 1 {
            redundant.push(cell);
        }
        less.set(r, c, v);
    }
    Verdict::Unique { redundant }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn the_four_verdicts() {
        let mut s = DlxSolver::new(Shape::CLASSIC);
        let minimal: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        assert!(check(&minimal, &mut s).minimal());
        let mut extra = minimal.clone();
        extra.set(0, 1, 1); // the fill's value there
        let v = check(&extra, &mut s);
        assert!(v.unique() && !v.minimal(), "{v:?}");
        assert!(matches!(&v, Verdict::Unique { redundant } if redundant.contains(&1)));
        let mut fewer = minimal.clone();
        fewer.set(0, 0, 0);
        assert_eq!(check(&fewer, &mut s), Verdict::Several);
        let mut clash = minimal.clone();
        clash.set(0, 1, 4);
        assert!(matches!(check(&clash, &mut s), Verdict::Clash(_)));
        let mut dead = minimal.clone();
        dead.set(0, 1, 9); // consistent with the givens, but not the fill's value
        assert!(!check(&dead, &mut s).valid());
    }
}
