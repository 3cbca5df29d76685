//! The Sudoku answers: a puzzle read as the CLI reads it, then solved, counted, checked,
//! hinted, explained, rated; and the generator.

use dlx_sudoku::generate::{Generator, Settings, Symmetry};
use dlx_sudoku::logic::{Candidates, Level, Logic, Step, se};
use dlx_sudoku::variant::VariantSolver;
use dlx_sudoku::{DlxSolver, Grid, Limits, Outcome, Shape, SudokuSolver, Unit, format};
use serde_json::{Value, json};

use crate::reply::{error, gave_up};
use crate::variant::{self, Rules};

/// How a puzzle is written, for messages that refuse one.
const HOW: &str = "a puzzle is one line of N×N characters (81 for 9×9: the digits 1-9, \
                   and . or 0 for an empty cell; letters too from 10×10 up) or a grid of N lines";

/// The first puzzle of `text` (one line, or a grid over several), labels skipped, with the
/// library's message when it does not parse: the line named only when there are several,
/// and how a puzzle is written when the text holds none.
pub fn read(text: &str) -> Result<Grid, String> {
    let records = format::parse_str(text);
    let Some(record) = records.iter().find(|r| !r.is_label()) else {
        return Err(match records.first() {
            None => format!("no puzzle: {HOW}"),
            Some(label) => {
                let line = text.lines().nth(label.line - 1).unwrap_or("").trim();
                let shown: String = line.chars().take(24).collect();
                let more = if shown.len() < line.len() { "…" } else { "" };
                format!("not a puzzle: \"{shown}{more}\" ({HOW})")
            }
        });
    };
    if record.marks.is_some() {
        return Err("pencilmarks are not taken here: type the givens".to_string());
    }
    let several = text.lines().filter(|l| !l.trim().is_empty()).count() > 1;
    record.grid.clone().map_err(|e| {
        if several {
            format!("line {}: {} ({HOW})", e.line, e.kind)
        } else {
            format!("{} ({HOW})", e.kind)
        }
    })
}

/// The puzzle and the rules it is solved under, or the error answer.
fn read_with(text: &str, rules: &str) -> Result<(Grid, Rules), Value> {
    let puzzle = read(text).map_err(error)?;
    let rules = Rules::read(rules).map_err(error)?;
    Ok((puzzle, rules))
}

/// The variant's solver for `puzzle` when the rules are not classic; the error answer when
/// they do not fit it or its givens break one of them.
fn variant_solver(puzzle: &Grid, rules: &Rules) -> Result<Option<VariantSolver>, Value> {
    let solver = rules.solver(puzzle.shape()).map_err(error)?;
    if let Some(s) = &solver
        && let Some(message) = variant::clash(s, puzzle.cells())
    {
        return Err(json!({ "status": "no solution", "message": message }));
    }
    Ok(solver)
}

/// The puzzle in `text` and a solver for it (the variant's when `rules` name one, else
/// [`DlxSolver`]) handed to `run`; or the reply refusing them.
fn with_solver(
    text: &str,
    rules: &str,
    run: impl FnOnce(&Grid, &mut dyn SudokuSolver) -> Value,
) -> Value {
    let (puzzle, rules) = match read_with(text, rules) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let mut variant = match variant_solver(&puzzle, &rules) {
        Ok(v) => v,
        Err(e) => return e,
    };
    let mut classic;
    let solver: &mut dyn SudokuSolver = match &mut variant {
        Some(v) => v,
        None => {
            classic = DlxSolver::new(puzzle.shape());
            &mut classic
        }
    };
    run(&puzzle, solver)
}

/// See [`crate::solve`].
pub fn solve(text: &str, rules: &str, max_nodes: u64) -> Value {
    with_solver(text, rules, |puzzle, solver| {
        let outcome = solver.solve_within(puzzle, Limits::nodes(max_nodes));
        let side = puzzle.shape().side();
        let mut reply =
            json!({ "puzzle": puzzle.to_line(), "side": side, "nodes": solver.nodes() });
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
    })
}

/// See [`crate::count`].
pub fn count(text: &str, rules: &str, limit: u64, max_nodes: u64) -> Value {
    with_solver(text, rules, |puzzle, solver| {
        let counted = solver.count_within(puzzle, limit, Limits::nodes(max_nodes));
        let status = counted.gave_up.map_or("counted", gave_up);
        json!({
            "status": status,
            "puzzle": puzzle.to_line(),
            "side": puzzle.shape().side(),
            "solutions": counted.solutions,
            "complete": counted.complete,
            "nodes": solver.nodes(),
        })
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
        "weight": format!("{:.1}", step.technique.weight()),
        "level": step.technique.level().name(),
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
            // Every cell's candidates (bit v-1), so that the page draws the pencil marks
            // the step removes.
            reply["candidates"] = board.masks().into();
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
    // Sudoku Explainer's own scale, as `sudoku-dlx rate --scale se` gives it (9×9 only).
    let se = se::rate(&puzzle).map_or(Value::Null, |r| {
        json!({
            "er": r.er.to_string(),
            "ep": r.ep.to_string(),
            "ed": r.ed.to_string(),
            "hardest": r.hardest,
        })
    });
    match logic.rate(&board) {
        Err(e) => error(e),
        Ok(r) => json!({
            "se": se,
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

/// An SE range as typed: `""` (any), `"4.0"`, `"4.0-6.5"`; in tenths, both ends included.
fn se_range(text: &str) -> Result<Option<(u8, u8)>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let tenths = |t: &str| -> Result<u8, String> {
        let v: f64 = t
            .trim()
            .parse()
            .map_err(|_| format!("SE range {text:?}: {t:?} is not a number like 4.5"))?;
        if !(1.0..=12.0).contains(&v) {
            return Err(format!("SE range {text:?}: {t} is outside 1.0 to 12.0"));
        }
        Ok((v * 10.0).round() as u8)
    };
    let (low, high) = match text.split_once('-') {
        Some((a, b)) => (tenths(a)?, tenths(b)?),
        None => (tenths(text)?, tenths(text)?),
    };
    if low > high {
        return Err(format!(
            "SE range {text:?}: the low end is above the high end"
        ));
    }
    Ok(Some((low, high)))
}

/// See [`crate::generate`].
pub fn generate(difficulty: &str, symmetry: &str, seed: &str, se: &str) -> Value {
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
    let se_wanted = match se_range(se) {
        Ok(r) => r,
        Err(e) => return error(e),
    };
    let shape = Shape::CLASSIC;
    let logic = Logic::new(shape);
    let mut generator = Generator::new(Settings {
        symmetry,
        ..Settings::new(shape, seed)
    });
    // The generator proved the puzzle unique, so the level comes from the ladder's path
    // alone (`level_of_unique`), as `sudoku-dlx generate` takes it. An SE range is checked
    // after the level (the SE walk costs more), on an exact rating only.
    let made = generator.generate(0, |puzzle| {
        let level = logic.level_of_unique(&logic.board(puzzle).ok()?);
        if target.is_some_and(|t| t != level) {
            return None;
        }
        let Some((low, high)) = se_wanted else {
            return Some((level, None));
        };
        let r = se::rate(puzzle)?;
        (!r.er.lower_bound && (low..=high).contains(&r.er.tenths)).then_some((level, Some(r.er)))
    });
    match made {
        Err(e) => error(e),
        Ok(g) => json!({
            "status": "generated",
            "puzzle": g.puzzle.to_line(),
            "fill": g.fill.to_line(),
            "level": g.verdict.0.name(),
            "se": g.verdict.1.map(|er| er.to_string()),
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
