//! The one table of solvers: each one's name (as the command line writes it), a line of
//! help, and how to make one; and [`Solvers`], one solver of a kind per shape, made on
//! first use. The CLI's `--solver`, `--help` and `bench` read this table.

use std::collections::HashMap;

use crate::{Bitmask, Candidates, DlxSolver, GenericDlxSolver, Naive, Shape, SudokuSolver};

/// The solvers on offer (see [`SOLVERS`] for their names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SolverKind {
    Dlx,
    DlxGeneric,
    Naive,
    Bitmask,
    Candidates,
}

/// A row of the table.
pub struct Entry {
    pub kind: SolverKind,
    /// As written on the command line and in `bench`'s table.
    pub name: &'static str,
    /// One line for `--help`.
    pub help: &'static str,
    /// A solver for grids of `shape`.
    pub make: fn(Shape) -> Box<dyn SudokuSolver + Send>,
}

/// Every solver, the default first.
pub const SOLVERS: [Entry; 5] = [
    Entry {
        kind: SolverKind::Dlx,
        name: "dlx",
        help: "Dancing links (Algorithm X) specialised to Sudoku, the default",
        make: |s| Box::new(DlxSolver::new(s)),
    },
    Entry {
        kind: SolverKind::DlxGeneric,
        name: "dlx-generic",
        help: "The same search on the generic exact-cover engine (the reference; slower)",
        make: |s| Box::new(GenericDlxSolver::new(s)),
    },
    Entry {
        kind: SolverKind::Naive,
        name: "naive",
        help: "Row-major backtracking, scanning row, column and box for each value tried",
        make: |s| Box::new(Naive::new(s)),
    },
    Entry {
        kind: SolverKind::Bitmask,
        name: "bitmask",
        help: "Row-major backtracking with used-value bitmasks per row, column and box",
        make: |s| Box::new(Bitmask::new(s)),
    },
    Entry {
        kind: SolverKind::Candidates,
        name: "candidates",
        help: "Row-major backtracking over candidates computed once from the givens",
        make: |s| Box::new(Candidates::new(s)),
    },
];

impl SolverKind {
    /// Its row of [`SOLVERS`].
    pub fn entry(self) -> &'static Entry {
        SOLVERS
            .iter()
            .find(|e| e.kind == self)
            .expect("every solver has a row")
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The kind named `name` on the command line.
    pub fn from_name(name: &str) -> Option<SolverKind> {
        SOLVERS.iter().find(|e| e.name == name).map(|e| e.kind)
    }
}

/// Solvers of one kind by shape, made on first use; each worker thread has its own.
pub struct Solvers {
    kind: SolverKind,
    by_shape: HashMap<Shape, Box<dyn SudokuSolver + Send>>,
}

impl Solvers {
    /// No solver made yet.
    pub fn new(kind: SolverKind) -> Solvers {
        Solvers {
            kind,
            by_shape: HashMap::new(),
        }
    }

    /// The solver for `shape`, made on first use.
    pub fn get(&mut self, shape: Shape) -> &mut dyn SudokuSolver {
        let make = self.kind.entry().make;
        self.by_shape
            .entry(shape)
            .or_insert_with(|| make(shape))
            .as_mut()
    }

    /// Search nodes over every solver made so far.
    pub fn nodes(&self) -> u64 {
        self.by_shape.values().map(|s| s.nodes()).sum()
    }

    /// Guesses over every solver made so far; `None` for a kind that does not count them.
    pub fn guesses(&self) -> Option<u64> {
        self.by_shape.values().map(|s| s.guesses()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_row_and_one_name() {
        for e in &SOLVERS {
            assert_eq!(SolverKind::from_name(e.name), Some(e.kind));
            assert_eq!(e.kind.name(), e.name);
            assert_eq!(SOLVERS.iter().filter(|o| o.kind == e.kind).count(), 1);
            assert_eq!(SOLVERS.iter().filter(|o| o.name == e.name).count(), 1);
        }
        assert_eq!(SolverKind::from_name("dancing"), None);
    }

    #[test]
    fn solvers_make_one_per_shape_and_add_their_nodes() {
        let mut solvers = Solvers::new(SolverKind::Dlx);
        let grid = crate::Grid::empty(Shape::CLASSIC);
        assert!(matches!(
            solvers.get(Shape::CLASSIC).solve(&grid),
            crate::Outcome::Solved(_)
        ));
        let nodes = solvers.nodes();
        assert!(nodes > 0);
        assert!(solvers.guesses().is_some());
        let four = Shape::for_side(4).unwrap();
        solvers.get(four).solve(&crate::Grid::empty(four));
        assert!(solvers.nodes() > nodes);
    }
}
