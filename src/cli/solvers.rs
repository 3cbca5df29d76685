//! `--solver`'s parser over the library's one table of solvers
//! ([`dlx_sudoku::solver_table::SOLVERS`]): the names it accepts and the help line of each.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
pub use dlx_sudoku::solver_table::{SOLVERS, SolverKind, Solvers};

/// The parser for `--solver NAME`: the table's names, each with its help line.
pub fn parser() -> impl TypedValueParser<Value = SolverKind> {
    PossibleValuesParser::new(
        SOLVERS
            .iter()
            .map(|e| PossibleValue::new(e.name).help(e.help)),
    )
    .map(|name| SolverKind::from_name(&name).expect("clap checked the name"))
}
