//! `canon`: the canonical form of each 9×9 puzzle (`sudoku::canon`), or with `--dedupe`
//! the first puzzle of each isomorphism class, in input order.

use std::collections::HashSet;
use std::io::Write;
use std::time::Instant;

use dlx_sudoku::Grid;
use dlx_sudoku::canon::Canonicalizer;

use super::args::CanonArgs;
use super::error::{Error, Exit};
use super::per_record::{Fault, givens_of, note_fault, run as run_batch};

/// The run; returns the exit code, or the error that stopped it.
pub fn run(args: &CanonArgs) -> Result<Exit, Error> {
    let started = Instant::now();
    let mut seen: HashSet<Grid> = HashSet::new();
    let ran = run_batch(
        &args.batch,
        false,
        "",
        Canonicalizer::new,
        |_, record, canon| {
            let grid = givens_of(record, "canon")?;
            canon
                .canonical(grid)
                .map(|(form, _)| form)
                .map_err(|e| (record.line, e.to_string()))
        },
        |out, input, record, form: &Result<Grid, Fault>, progress| match form {
            Ok(form) => {
                if !args.dedupe {
                    writeln!(out, "{form}")?;
                } else if !seen.contains(form) {
                    seen.insert(form.clone());
                    let grid = record.grid.as_ref().expect("canonicalised");
                    writeln!(out, "{grid}")?;
                }
                Ok(Exit::Ok)
            }
            Err(fault) => {
                if !args.dedupe {
                    writeln!(out, "error")?;
                }
                note_fault(out, progress, input, fault)?;
                Ok(Exit::BadInput)
            }
        },
    )?;
    if args.batch.stats {
        ran.report_totals(started);
    }
    ran.result()
}
