//! The variants the CLI solves (`--variant x`, `--variant windoku`, `--regions`,
//! `--cages`), as the page asks for them: one JSON object naming the rules, turned into the
//! library's [`Variant`] for the puzzle's size, and the layout the page draws (each cell's
//! region, the diagonals, the windows, the cages).

use dlx_sudoku::Shape;
use dlx_sudoku::variant::{Variant, VariantSolver, parse_cages, parse_regions};
use serde::Deserialize;
use serde_json::{Value, json};

/// The rules beyond rows, columns and boxes: `{"x":true,"windoku":false,"regions":"…",
/// "cages":"…"}`, each key optional; an empty text is classic Sudoku.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Both main diagonals hold every symbol once (`--variant x`).
    pub x: bool,
    /// The windows between the boxes hold every symbol once (`--variant windoku`).
    pub windoku: bool,
    /// Jigsaw regions in place of the boxes: a label per cell (`--regions`).
    pub regions: String,
    /// Killer cages, one a line: the sum, then the cells as `rRcC` (`--cages`).
    pub cages: String,
}

impl Rules {
    /// The rules in `text` (JSON), or the message why not.
    pub fn read(text: &str) -> Result<Rules, String> {
        if text.trim().is_empty() {
            return Ok(Rules::default());
        }
        serde_json::from_str(text).map_err(|e| format!("variant: {e}"))
    }

    /// True when these are the classic rules (rows, columns, boxes).
    pub fn is_classic(&self) -> bool {
        !self.x && !self.windoku && self.regions.trim().is_empty() && self.cages.trim().is_empty()
    }

    /// The variant for grids of `shape`, as `sudoku-dlx solve` builds it from its flags.
    pub fn build(&self, shape: Shape) -> Result<Variant, String> {
        let n = shape.side();
        let text = |e: &dyn std::fmt::Display| e.to_string();
        let mut v = Variant::square(n).map_err(|e| text(&e))?;
        v = if self.regions.trim().is_empty() {
            v.with_boxes(shape.box_rows(), shape.box_cols())
        } else {
            let regions = parse_regions(&self.regions).map_err(|e| format!("regions: {e}"))?;
            v.with_regions(&regions)
        }
        .map_err(|e| text(&e))?;
        if self.x {
            v = v.with_diagonals().map_err(|e| text(&e))?;
        }
        if self.windoku {
            v = v
                .with_windows(shape.box_rows(), shape.box_cols())
                .map_err(|e| text(&e))?;
        }
        if !self.cages.trim().is_empty() {
            let cages = parse_cages(&self.cages, n)
                .map_err(|e| format!("cages line {}: {}", e.line, e.kind))?;
            v = v.with_cages(cages).map_err(|e| format!("cages: {e}"))?;
        }
        Ok(v)
    }

    /// A solver for grids of `shape`: the variant's, or `None` for the classic rules.
    pub fn solver(&self, shape: Shape) -> Result<Option<VariantSolver>, String> {
        if self.is_classic() {
            return Ok(None);
        }
        let variant = self.build(shape)?;
        VariantSolver::new(&variant)
            .map(Some)
            .map_err(|e| e.to_string())
    }
}

/// The message when the givens break one of the variant's rules, as the CLI names it.
pub fn clash(solver: &VariantSolver, values: &[u8]) -> Option<String> {
    solver
        .variant()
        .clash(values)
        .map(|c| format!("no solution: {} has two {}s", c.place, c.symbol))
}

/// What the page draws for a board of `side` under `rules_text`: `region` (each cell's
/// region, row-major), `diagonals`, `windows` (each cell's window or -1) and `cages`
/// (`sum`, `cells`); or the error.
pub fn layout(rules_text: &str, side: usize) -> Value {
    let rules = match Rules::read(rules_text) {
        Ok(r) => r,
        Err(e) => return crate::reply::error(e),
    };
    let Some(shape) = Shape::for_side(side) else {
        return crate::reply::error(format!("no {side}×{side} board: the sides are 4 to 25"));
    };
    let variant = match rules.build(shape) {
        Ok(v) => v,
        Err(e) => return crate::reply::error(e),
    };
    let cells = side * side;
    let mut region = vec![-1i64; cells];
    let mut windows = vec![-1i64; cells];
    let mut next_window = 0;
    // Houses: rows and columns first (skipped), the boxes or regions, then the extras.
    let boxes: Vec<Vec<usize>> = if rules.regions.trim().is_empty() {
        (0..cells).fold(vec![Vec::new(); side], |mut b, c| {
            b[shape.box_of(c / side, c % side)].push(c);
            b
        })
    } else {
        match parse_regions(&rules.regions) {
            Ok(r) => r.regions().into_iter().map(|(_, cells)| cells).collect(),
            Err(e) => return crate::reply::error(format!("regions: {e}")),
        }
    };
    for (k, cells) in boxes.iter().enumerate() {
        for &c in cells {
            region[c] = k as i64;
        }
    }
    if rules.windoku {
        for house in variant.extra_houses() {
            if !house.name.starts_with("window") {
                continue;
            }
            for &c in &house.cells {
                windows[c] = next_window;
            }
            next_window += 1;
        }
    }
    let cages: Vec<Value> = variant
        .cages()
        .iter()
        .map(|c| json!({ "sum": c.sum, "cells": c.cells }))
        .collect();
    json!({
        "status": "layout",
        "side": side,
        "region": region,
        "diagonals": rules.x,
        "windows": windows,
        "cages": cages,
    })
}
