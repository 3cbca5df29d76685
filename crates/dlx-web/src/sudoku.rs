//! The Sudoku answers: a puzzle read as the CLI reads it, then solved, counted, checked,
//! hinted, explained, rated; and the generator.

use dlx_sudoku::generate::{Generator, Settings, Symmetry};
use dlx_sudoku::logic::{Candidates, Level, Logic, Step};
use dlx_sudoku::{DlxSolver, Grid, Limits, Outcome, Shape, SudokuSolver, Unit, format};
use serde_json::{Value, json};

use crate::reply::{error, gave_up};

/// The first puzzle of `text` (one line, or a grid over several), labels skipped, with the
/// library's message when it does not parse.
pub fn read(text: &str) -> Result<Grid, String> {
    let record = format::parse_str(text)
        .into_iter()
        .find(|r| !r.is_label())
        .ok_or_else(|| "no puzzle found: type 81 characters, or a grid".to_string())?;
    if record.marks.is_some() {
        return Err("pencilmarks are not taken here: type the givens".to_string());
    }
    record.grid.map_err(|e| e.to_string())
}

/// See [`crate::solve`].
pub fn solve(text: &str, max_nodes: u64) -> Value {
    let puzzle = match read(text) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let mut solver = DlxSolver::new(puzzle.shape());
    let outcome = solver.solve_within(&puzzle, Limits::nodes(max_nodes));
    let mut reply = json!({ "puzzle": puzzle.to_line(), "nodes": solver.nodes() });
    match outcome {
        Outcome::Solved(answer) => {
            reply["status"] = "solved".into();
            reply["answer"] = answer.to_line().into();
        }
        Outcome::NoSolution(why) => {
            reply["status"] = "no solution".into();
            reply["message"] = format!("no solution: {why}").into();
        }
        Outcome::GaveUp(why) => reply["status"] = gave_up(why).into(),
    }
    reply
}

/// See [`crate::count`].
pub fn count(text: &str, limit: u64, max_nodes: u64) -> Value {
    let puzzle = match read(text) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let mut solver = DlxSolver::new(puzzle.shape());
    let counted = solver.count_within(&puzzle, limit, Limits::nodes(max_nodes));
    let status = counted.gave_up.map_or("counted", gave_up);
    json!({
        "status": status,
        "puzzle": puzzle.to_line(),
        "solutions": counted.solutions,
        "complete": counted.complete,
        "nodes": solver.nodes(),
    })
}

/// See [`crate::check`].
pub fn check(text: &str) -> Value {
    let puzzle = match read(text) {
        Ok(p) => p,
        Err(e) => return error(e),
    };
    let verdict = dlx_sudoku::check::check(&puzzle, &mut DlxSolver::new(puzzle.shape()));
    let status = verdict.to_string();
    let redundant = verdict.redundant_names(puzzle.shape());
    json!({
        "status": status,
        "puzzle": puzzle.to_line(),
        "valid": verdict.valid(),
        "unique": verdict.unique(),
        "minimal": verdict.minimal(),
        "redundant": redundant,
        "givens": puzzle.givens(),
    })
}

/// The puzzle, its ladder and its candidates, or the error answer.
fn ladder(text: &str) -> Result<(Grid, Logic, Candidates), Value> {
    let puzzle = read(text).map_err(error)?;
    let logic = Logic::new(puzzle.shape());
    let board = logic.board(&puzzle).map_err(error)?;
    Ok((puzzle, logic, board))
}

/// The cells of `unit`, row-major.
fn unit_cells(shape: Shape, unit: Unit) -> Vec<usize> {
    let n = shape.side();
    (0..n * n)
        .filter(|&c| match unit {
            Unit::Row(r) => c / n == r,
            Unit::Column(k) => c % n == k,
            Unit::Box(b) => shape.box_of(c / n, c % n) == b,
        })
        .collect()
}

/// A step as the page shows it: the technique, the reason, and the cells to highlight
/// (the pattern's, and its units' in `units`).
fn step_json(step: &Step, shape: Shape) -> Value {
    let pairs = |ps: &[(usize, u8)]| -> Vec<[usize; 2]> {
        ps.iter().map(|&(c, v)| [c, usize::from(v)]).collect()
    };
    let mut units: Vec<usize> = step
        .units
        .iter()
        .flat_map(|&u| unit_cells(shape, u))
        .collect();
    units.sort_unstable();
    units.dedup();
    json!({
        "technique": step.technique.name(),
        "reason": step.reason(shape),
        "cells": step.cells,
        "units": units,
        "digits": step.digits,
        "place": pairs(&step.place),
        "eliminate": pairs(&step.eliminate),
    })
}

/// See [`crate::hint`].
pub fn hint(text: &str) -> Value {
    let (puzzle, logic, board) = match ladder(text) {
        Ok(l) => l,
        Err(e) => return e,
    };
    match logic.hint(&board) {
        Err(e) => error(e),
        Ok(None) => json!({ "status": "solved", "puzzle": puzzle.to_line() }),
        Ok(Some(step)) => {
            let mut reply = step_json(&step, puzzle.shape());
            reply["status"] = "hint".into();
            reply["puzzle"] = puzzle.to_line().into();
            reply
        }
    }
}

/// See [`crate::explain`].
pub fn explain(text: &str) -> Value {
    let (puzzle, logic, mut board) = match ladder(text) {
        Ok(l) => l,
        Err(e) => return e,
    };
    let steps = match logic.explain(&board) {
        Ok(s) => s,
        Err(e) => return error(e),
    };
    let shown: Vec<Value> = steps
        .iter()
        .map(|step| {
            let mut s = step_json(step, puzzle.shape());
            logic.apply(&mut board, step);
            s["after"] = board.to_grid().to_line().into();
            s
        })
        .collect();
    json!({
        "status": "explained",
        "puzzle": puzzle.to_line(),
        "steps": shown,
        "solution": board.to_grid().to_line(),
    })
}

/// See [`crate::rate`].
pub fn rate(text: &str) -> Value {
    let (puzzle, logic, board) = match ladder(text) {
        Ok(l) => l,
        Err(e) => return e,
    };
    match logic.rate(&board) {
        Err(e) => error(e),
        Ok(r) => json!({
            "status": "rated",
            "puzzle": puzzle.to_line(),
            "level": r.level.name(),
            // One decimal, as the CLI writes it.
            "score": format!("{:.1}", r.score),
            "hardest": r.hardest.map_or("none", |t| t.name()),
            "effort": format!("{:.2}", r.effort),
            "steps": r.steps,
        }),
    }
}

/// See [`crate::generate`].
pub fn generate(difficulty: &str, symmetry: &str, seed: &str) -> Value {
    let target: Option<Level> = match difficulty {
        "any" => None,
        name => match name.parse() {
            Ok(level) => Some(level),
            Err(e) => return error(e),
        },
    };
    let symmetry: Symmetry = match symmetry.parse() {
        Ok(s) => s,
        Err(e) => return error(e),
    };
    let seed: u64 = match seed.trim().parse() {
        Ok(s) => s,
        Err(_) => return error(format!("seed {seed:?} is not a whole number")),
    };
    let shape = Shape::CLASSIC;
    let logic = Logic::new(shape);
    let mut generator = Generator::new(Settings {
        symmetry,
        ..Settings::new(shape, seed)
    });
    // The generator proved the puzzle unique, so the level comes from the ladder's path
    // alone (`level_of_unique`), as `sudoku-dlx generate` takes it.
    let made = generator.generate(0, |puzzle| {
        let level = logic.level_of_unique(&logic.board(puzzle).ok()?);
        target.is_none_or(|t| t == level).then_some(level)
    });
    match made {
        Err(e) => error(e),
        Ok(g) => json!({
            "status": "generated",
            "puzzle": g.puzzle.to_line(),
            "fill": g.fill.to_line(),
            "level": g.verdict.name(),
            "symmetry": symmetry.name(),
            "seed": seed.to_string(),
            "attempts": g.attempts,
        }),
    }
}

/// See [`crate::solve_all`].
pub fn solve_all(text: &str) -> Value {
    let mut solver: Option<DlxSolver> = None;
    let (mut puzzles, mut solved) = (0u64, 0u64);
    let mut answers = String::new();
    for record in format::parse_str(text).iter().filter(|r| !r.is_label()) {
        puzzles += 1;
        let Ok(puzzle) = &record.grid else {
            answers.push_str("error\n");
            continue;
        };
        let solver = match &mut solver {
            Some(s) if s.shape() == puzzle.shape() => s,
            other => other.insert(DlxSolver::new(puzzle.shape())),
        };
        match solver.solve(puzzle) {
            Outcome::Solved(answer) => {
                solved += 1;
                answers.push_str(&answer.to_line());
            }
            _ => answers.push_str("no solution"),
        }
        answers.push('\n');
    }
    json!({ "status": "solved", "puzzles": puzzles, "solved": solved, "answers": answers })
}
