//! `check`: for each puzzle, valid / unique / minimal (`sudoku::check`), as words, CSV or
//! JSON lines.

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use dlx_sudoku::check::{Verdict, check};
use dlx_sudoku::{DlxSolver, Grid, Shape};

use super::args::{CheckArgs, CheckFormat};
use super::error::{Error, Exit};
use super::output::{csv_field, json_string};
use super::per_record::{Fault, givens_of, note_fault, run as run_batch};

/// The CSV header.
const HEADER: &str = "puzzle,status,valid,unique,minimal,givens,redundant\n";

/// The run; returns the exit code, or the error that stopped it.
pub fn run(args: &CheckArgs) -> Result<Exit, Error> {
    let started = Instant::now();
    let header = if args.format == CheckFormat::Csv {
        HEADER
    } else {
        ""
    };
    let ran = run_batch(
        &args.batch,
        false,
        header,
        HashMap::<Shape, DlxSolver>::new,
        |_, record, solvers| {
            let grid = givens_of(record, "check")?;
            let solver = solvers
                .entry(grid.shape())
                .or_insert_with(|| DlxSolver::new(grid.shape()));
            Ok(check(grid, solver))
        },
        |out, input, record, verdict: &Result<Verdict, Fault>, progress| {
            let grid = record.grid.as_ref().ok();
            let (status, exit) = match verdict {
                Err(_) => ("error".to_string(), Exit::BadInput),
                Ok(v) => status(v),
            };
            out.write_all(render(args.format, grid, verdict.as_ref().ok(), &status).as_bytes())?;
            if let Err(fault) = verdict {
                note_fault(out, progress, input, fault)?;
            }
            Ok(exit)
        },
    )?;
    if args.batch.stats {
        ran.report_totals(started);
    }
    ran.result()
}

/// The status words and the exit code a verdict earns.
fn status(v: &Verdict) -> (String, Exit) {
    let exit = match v {
        Verdict::Clash(_) | Verdict::NoFill => Exit::NoSolution,
        Verdict::Several => Exit::NotUnique,
        Verdict::Unique { .. } if v.minimal() => Exit::Ok,
        Verdict::Unique { .. } => Exit::NotMinimal,
    };
    (v.to_string(), exit)
}

/// One output line.
fn render(format: CheckFormat, grid: Option<&Grid>, v: Option<&Verdict>, status: &str) -> String {
    let redundant: Vec<String> = match (grid, v) {
        (Some(g), Some(v)) => v.redundant_names(g.shape()),
        _ => Vec::new(),
    };
    let flag = |f: fn(&Verdict) -> bool| v.map(f);
    let (valid, unique, minimal) = (
        flag(Verdict::valid),
        flag(Verdict::unique),
        flag(Verdict::minimal),
    );
    let givens = grid.map(Grid::givens);
    match format {
        CheckFormat::Text => {
            if redundant.is_empty() {
                format!("{status}\n")
            } else {
                format!("{status}: {} can go\n", redundant.join(" "))
            }
        }
        CheckFormat::Csv => {
            let b = |x: Option<bool>| x.map_or(String::new(), |x| x.to_string());
            format!(
                "{},{},{},{},{},{},{}\n",
                grid.map_or(String::new(), Grid::to_line),
                csv_field(status),
                b(valid),
                b(unique),
                b(minimal),
                givens.map_or(String::new(), |g| g.to_string()),
                redundant.join(" ")
            )
        }
        CheckFormat::Json => {
            let b = |x: Option<bool>| x.map_or("null".to_string(), |x| x.to_string());
            let list: Vec<String> = redundant.iter().map(|c| format!("\"{c}\"")).collect();
            format!(
                "{{\"puzzle\":{},\"status\":{},\"valid\":{},\"unique\":{},\"minimal\":{},\"givens\":{},\"redundant\":[{}]}}\n",
                json_string(grid.map(Grid::to_line).as_deref()),
                json_string(Some(status)),
                b(valid),
                b(unique),
                b(minimal),
                givens.map_or("null".to_string(), |g| g.to_string()),
                list.join(",")
            )
        }
    }
}
