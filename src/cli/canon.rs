//! `canon`: the canonical form of each 9×9 puzzle (`sudoku::canon`), or with `--dedupe`
//! the first puzzle of each isomorphism class, in input order.

use std::collections::HashSet;

use dlx_sudoku::Grid;
use dlx_sudoku::canon::Canonicalizer;

use super::per_record::{Batch, Fault, grid_of, note_fault, run as run_batch};
use super::{CanonArgs, Error, Exit};

/// The run; returns the exit code, or the error that stopped it.
pub fn run(args: &CanonArgs) -> Result<Exit, Error> {
    let batch = Batch {
        files: &args.files,
        threads: args.threads.unwrap_or(0) as usize,
        quiet: args.quiet,
    };
    let mut seen: HashSet<Grid> = HashSet::new();
    run_batch(
        &batch,
        "",
        Canonicalizer::new,
        |record, canon| {
            let grid = grid_of(record)?;
            canon
                .canonical(grid)
                .map(|(form, _)| form)
                .map_err(|e| (record.line, e.to_string()))
        },
        |out, input, record, form: Result<Grid, Fault>, progress| match form {
            Ok(form) => {
                if !args.dedupe {
                    writeln!(out, "{form}")?;
                } else if seen.insert(form) {
                    let grid = record.grid.as_ref().expect("canonicalised");
                    writeln!(out, "{grid}")?;
                }
                Ok(Exit::Ok)
            }
            Err(fault) => {
                if !args.dedupe {
                    writeln!(out, "error")?;
                }
                note_fault(out, progress, input, &fault)?;
                Ok(Exit::BadInput)
            }
        },
    )
}
