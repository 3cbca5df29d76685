//! `canon`: the canonical form of each 9×9 puzzle (`sudoku::canon`), or with `--dedupe`
//! the first puzzle of each isomorphism class, in input order.

use std::collections::HashSet;

use sudoku_dlx::sudoku::Grid;
use sudoku_dlx::sudoku::canon::Canonicalizer;

use super::per_record::{Batch, run as run_batch};
use super::{CanonArgs, Exit};

/// The run; returns the exit code.
pub fn run(args: &CanonArgs) -> Exit {
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
            let grid = record.grid.as_ref().map_err(|e| e.to_string())?;
            canon
                .canonical(grid)
                .map(|(form, _)| form)
                .map_err(|e| format!("{}: {e}", record.line))
        },
        |out, input, record, form: Result<Grid, String>, progress| match form {
            Ok(form) => {
                if !args.dedupe {
                    writeln!(out, "{form}")?;
                } else if seen.insert(form) {
                    let grid = record.grid.as_ref().expect("canonicalised");
                    writeln!(out, "{grid}")?;
                }
                Ok(Exit::Ok)
            }
            Err(message) => {
                if !args.dedupe {
                    writeln!(out, "error")?;
                }
                out.flush()?;
                progress.note(&format!("{input}:{message}"));
                Ok(Exit::BadInput)
            }
        },
    )
}
