//! Grids written back in each [`Format`], as the answers mirror their puzzles.

use super::kind::Format;
use crate::grid::Grid;
use crate::pencil;

/// Writes `grid` in `format`, each row ending in a newline.
pub fn render(grid: &Grid, format: Format) -> String {
    let shape = grid.shape();
    let n = shape.side();
    let mut out = String::with_capacity(2 * grid.cells().len() + n + 8);
    let rows = grid.cells().chunks(n);
    match format {
        Format::Line => {
            out.push_str(&grid.to_line());
            out.push('\n');
        }
        Format::Pencilmarks => {
            out.push_str(&pencil::line_of(grid));
            out.push('\n');
        }
        Format::Compact => {
            for row in rows {
                out.extend(
                    row.iter()
                        .map(|&v| if v == 0 { '0' } else { shape.symbol(v) }),
                );
                out.push('\n');
            }
        }
        Format::Spaced => {
            for row in rows {
                let parts: Vec<String> = row.iter().map(u8::to_string).collect();
                out.push_str(&parts.join(" "));
                out.push('\n');
            }
        }
        Format::Pretty => {
            let width = |v: u8| {
                if n > 9 {
                    format!("{v:>2}")
                } else {
                    shape.symbol(v).to_string()
                }
            };
            let cell_w = if n > 9 { 2 } else { 1 };
            let seg = shape.box_cols() * (cell_w + 1) - 1;
            let boxes = n / shape.box_cols();
            let rule: Vec<String> = (0..boxes)
                .map(|b| {
                    let w = seg + if b == 0 || b == boxes - 1 { 1 } else { 2 };
                    "-".repeat(w)
                })
                .collect();
            let rule = rule.join("+");
            for (r, row) in rows.enumerate() {
                if r > 0 && r % shape.box_rows() == 0 {
                    out.push_str(&rule);
                    out.push('\n');
                }
                let segs: Vec<String> = row
                    .chunks(shape.box_cols())
                    .map(|b| b.iter().map(|&v| width(v)).collect::<Vec<_>>().join(" "))
                    .collect();
                out.push_str(&segs.join(" | "));
                out.push('\n');
            }
        }
    }
    out
}
