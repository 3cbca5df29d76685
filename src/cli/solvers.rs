//! The one table of solvers: the name written after `--solver`, its help line, and how to
//! make one. `--solver`'s parser, `--help`, `bench`'s table and the worker pools all read it.

use std::collections::HashMap;

use clap::ValueEnum;
use clap::builder::PossibleValue;
use dlx_sudoku::{Bitmask, Candidates, DlxSolver, GenericDlxSolver, Naive, Shape, SudokuSolver};

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
}

impl ValueEnum for SolverKind {
    fn value_variants<'a>() -> &'a [Self] {
        const KINDS: [SolverKind; SOLVERS.len()] = {
            let mut kinds = [SolverKind::Dlx; SOLVERS.len()];
            let mut i = 0;
            while i < SOLVERS.len() {
                kinds[i] = SOLVERS[i].kind;
                i += 1;
            }
            kinds
        };
        &KINDS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let e = self.entry();
        Some(PossibleValue::new(e.name).help(e.help))
    }
}

/// Solvers of one kind by shape, made on first use; each worker thread has its own.
pub struct Solvers {
    kind: SolverKind,
    by_shape: HashMap<Shape, Box<dyn SudokuSolver + Send>>,
}

impl Solvers {
    pub fn new(kind: SolverKind) -> Solvers {
        Solvers {
            kind,
            by_shape: HashMap::new(),
        }
    }

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
    fn every_kind_has_one_row_and_parses_by_its_name() {
        for (i, e) in SOLVERS.iter().enumerate() {
            assert_eq!(SolverKind::value_variants()[i], e.kind);
            assert_eq!(SolverKind::from_str(e.name, false), Ok(e.kind));
            assert_eq!(SOLVERS.iter().filter(|o| o.kind == e.kind).count(), 1);
            assert_eq!(SOLVERS.iter().filter(|o| o.name == e.name).count(), 1);
        }
    }
}
