//! The two new input formats of the variants: jigsaw regions and killer cages. Text in,
//! checked values or a typed error out; no I/O.
//!
//! ```
//! use dlx_sudoku::variant::{parse_cages, parse_regions};
//!
//! // A 4×4 jigsaw: four regions of four connected cells, labels row-major.
//! let regions = parse_regions("1122 1122 3344 3344")?;
//! assert_eq!(regions.side(), 4);
//! let cages = parse_cages("# sum, then cells\n3 r1c1 r1c2\n7 r4c3 r4c4\n", 4)?;
//! assert_eq!(cages[1].sum, 7);
//! assert_eq!(cages[1].line, 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use thiserror::Error;

use super::model::{Cage, MAX_SYMBOLS, Variant, VariantError};
use super::sums::sum_range;

/// Jigsaw regions: a label per cell of an `n × n` grid, `n` regions of `n` connected cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    side: usize,
    /// The label of each cell, row-major.
    labels: Vec<char>,
}

/// What is wrong with a regions spec.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RegionError {
    /// Nothing but whitespace.
    #[error("the regions spec is empty")]
    Empty,
    /// A label that is not a printable ASCII character.
    #[error("label {found} at position {position} is not a printable ASCII character")]
    BadLabel {
        /// 1-based position among the labels.
        position: usize,
        /// The character, quoted.
        found: String,
    },
    /// The number of labels is not a square in range.
    #[error("{found} labels: expected n² labels for an n×n grid (n from 1 to {MAX_SYMBOLS})")]
    NotSquare {
        /// Labels found.
        found: usize,
    },
    /// Too many or too few distinct labels.
    #[error("{found} regions in a {side}x{side} grid: expected {side}")]
    RegionCount {
        /// Distinct labels.
        found: usize,
        /// The side.
        side: usize,
    },
    /// A region of the wrong size.
    #[error("region '{label}' has {size} cells: expected {side}")]
    RegionSize {
        /// The label.
        label: char,
        /// Its cells.
        size: usize,
        /// The side.
        side: usize,
    },
    /// A region in more than one piece.
    #[error("region '{label}' is not connected: r{}c{} cannot reach r{}c{}", .from.0, .from.1, .to.0, .to.1)]
    Disconnected {
        /// The label.
        label: char,
        /// Its first cell (1-based row, column).
        from: (usize, usize),
        /// A cell it cannot reach.
        to: (usize, usize),
    },
}

/// Parses a regions spec: `n²` labels in row-major order, any printable ASCII character
/// each (`111222333…` as sudokuwiki writes them); whitespace between labels is ignored, so
/// a file of `n` lines works too. Checks `n` regions of `n` cells, each connected (cells
/// sharing a side).
pub fn parse_regions(spec: &str) -> Result<Regions, RegionError> {
    let mut labels = Vec::new();
    for ch in spec.chars().filter(|c| !c.is_whitespace()) {
        if !ch.is_ascii_graphic() {
            return Err(RegionError::BadLabel {
                position: labels.len() + 1,
                found: format!("{ch:?}"),
            });
        }
        labels.push(ch);
    }
    if labels.is_empty() {
        return Err(RegionError::Empty);
    }
    let side = (1..=MAX_SYMBOLS)
        .find(|n| n * n == labels.len())
        .ok_or(RegionError::NotSquare {
            found: labels.len(),
        })?;
    let regions = Regions { side, labels };
    let names = regions.names();
    if names.len() != side {
        return Err(RegionError::RegionCount {
            found: names.len(),
            side,
        });
    }
    for (label, cells) in regions.regions() {
        if cells.len() != side {
            return Err(RegionError::RegionSize {
                label,
                size: cells.len(),
                side,
            });
        }
        // Flood fill from the first cell over cells with the same label.
        let mut seen = vec![false; side * side];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        while let Some(x) = stack.pop() {
            let (r, c) = (x / side, x % side);
            let mut near = Vec::with_capacity(4);
            if r > 0 {
                near.push(x - side);
            }
            if r + 1 < side {
                near.push(x + side);
            }
            if c > 0 {
                near.push(x - 1);
            }
            if c + 1 < side {
                near.push(x + 1);
            }
            for y in near {
                if !seen[y] && regions.labels[y] == label {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        if let Some(&stray) = cells.iter().find(|&&x| !seen[x]) {
            let rc = |x: usize| (x / side + 1, x % side + 1);
            return Err(RegionError::Disconnected {
                label,
                from: rc(cells[0]),
                to: rc(stray),
            });
        }
    }
    Ok(regions)
}

impl Regions {
    /// The side of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The label of each cell, row-major.
    pub fn labels(&self) -> &[char] {
        &self.labels
    }

    /// The distinct labels in order of first appearance.
    fn names(&self) -> Vec<char> {
        let mut names: Vec<char> = Vec::new();
        for &l in &self.labels {
            if !names.contains(&l) {
                names.push(l);
            }
        }
        names
    }

    /// Each region's label and cells (row-major indices), in order of first appearance.
    pub fn regions(&self) -> Vec<(char, Vec<usize>)> {
        self.names()
            .into_iter()
            .map(|l| {
                let cells = (0..self.labels.len())
                    .filter(|&x| self.labels[x] == l)
                    .collect();
                (l, cells)
            })
            .collect()
    }
}

impl fmt::Display for Regions {
    /// The spec on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.labels.iter().try_for_each(|c| write!(f, "{c}"))
    }
}

/// A fault in a cages file, with its line (1-based).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct CageError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub kind: CageErrorKind,
}

/// What is wrong with a line of a cages file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CageErrorKind {
    /// The first word is not a sum.
    #[error("{found:?} is not a sum (a cage line is a sum, then cells such as r1c2)")]
    BadSum {
        /// The word.
        found: String,
    },
    /// A sum and no cells.
    #[error("the cage has a sum but no cells")]
    NoCells,
    /// A word that is not `rRcC`.
    #[error("{found:?} is not a cell such as r1c2")]
    BadCell {
        /// The word.
        found: String,
    },
    /// A cell off the grid.
    #[error("{cell} is off the {side}x{side} grid")]
    OffGrid {
        /// The cell as written.
        cell: String,
        /// The side.
        side: usize,
    },
    /// A cell named twice in one cage.
    #[error("{cell} appears twice in the cage")]
    Repeated {
        /// The cell.
        cell: String,
    },
    /// A cell in two cages.
    #[error("{cell} is already in the cage of line {other}")]
    TwoCages {
        /// The cell.
        cell: String,
        /// The line of the other cage.
        other: usize,
    },
    /// More cells than digits.
    #[error("{cells} cells, but a cage holds at most {side} (its digits differ)")]
    TooLarge {
        /// Cells in the cage.
        cells: usize,
        /// The side.
        side: usize,
    },
    /// A sum that no set of distinct digits makes.
    #[error("{cells} distinct digits cannot add up to {sum} (only {min} to {max})")]
    ImpossibleSum {
        /// The sum.
        sum: u64,
        /// Cells in the cage.
        cells: usize,
        /// The smallest possible sum.
        min: usize,
        /// The largest.
        max: usize,
    },
    /// Cages covering the whole grid whose sums do not add up to the grid's total.
    #[error("the cages cover the grid but add up to {total}, not {expected}")]
    WrongTotal {
        /// Sum of the cage sums.
        total: u64,
        /// `n · n(n+1)/2`.
        expected: u64,
    },
}

/// Parses a cages file for a `side × side` grid: one cage per line, the sum, then the
/// cells as `rRcC` (1-based), separated by spaces; empty lines and lines starting with `#`
/// are skipped. Checks every cell on the grid and in one cage only, at most `side` cells
/// per cage, a sum that distinct digits can make, and, when the cages cover the whole
/// grid, that the sums add up to the grid's total.
pub fn parse_cages(text: &str, side: usize) -> Result<Vec<Cage>, CageError> {
    let mut owner = vec![0usize; side * side];
    let mut cages = Vec::new();
    let mut last = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last = line;
        let err = |kind| CageError { line, kind };
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let mut words = content.split_whitespace();
        let first = words.next().unwrap_or_default();
        let sum: u64 = first
            .parse()
            .ok()
            .filter(|_| first.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                err(CageErrorKind::BadSum {
                    found: first.into(),
                })
            })?;
        let mut cells = Vec::new();
        for word in words {
            let (r, c) = parse_cell(word)
                .ok_or_else(|| err(CageErrorKind::BadCell { found: word.into() }))?;
            let name = format!("r{r}c{c}");
            if r == 0 || c == 0 || r > side || c > side {
                return Err(err(CageErrorKind::OffGrid { cell: name, side }));
            }
            let x = (r - 1) * side + c - 1;
            if cells.contains(&x) {
                return Err(err(CageErrorKind::Repeated { cell: name }));
            }
            if owner[x] != 0 {
                return Err(err(CageErrorKind::TwoCages {
                    cell: name,
                    other: owner[x],
                }));
            }
            cells.push(x);
        }
        if cells.is_empty() {
            return Err(err(CageErrorKind::NoCells));
        }
        if cells.len() > side {
            return Err(err(CageErrorKind::TooLarge {
                cells: cells.len(),
                side,
            }));
        }
        let (min, max) = sum_range(cells.len(), side);
        if sum < min as u64 || sum > max as u64 {
            return Err(err(CageErrorKind::ImpossibleSum {
                sum,
                cells: cells.len(),
                min,
                max,
            }));
        }
        for &x in &cells {
            owner[x] = line;
        }
        cages.push(Cage {
            sum: sum as u32,
            cells,
            line,
        });
    }
    if !owner.is_empty() && owner.iter().all(|&o| o != 0) {
        let total: u64 = cages.iter().map(|c| c.sum as u64).sum();
        let expected = (side * side * (side + 1) / 2) as u64;
        if total != expected {
            return Err(CageError {
                line: last,
                kind: CageErrorKind::WrongTotal { total, expected },
            });
        }
    }
    Ok(cages)
}

/// `rRcC` (either case) as 1-based `(R, C)`.
fn parse_cell(word: &str) -> Option<(usize, usize)> {
    let lower = word.to_ascii_lowercase();
    let rest = lower.strip_prefix('r')?;
    let (r, c) = rest.split_once('c')?;
    let number = |s: &str| -> Option<usize> {
        (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    Some((number(r)?, number(c)?))
}

impl Variant {
    /// Adds jigsaw regions ("region 'L'" by their label).
    pub fn with_regions(mut self, regions: &Regions) -> Result<Variant, VariantError> {
        if regions.side() != self.side || self.width != self.side || self.height != self.side {
            return Err(VariantError::RegionSide {
                regions: regions.side(),
                side: self.side,
            });
        }
        for (label, cells) in regions.regions() {
            self = self.with_house(&format!("region '{label}'"), cells)?;
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_faults_each_have_their_message() {
        let cases = [
            ("", "the regions spec is empty"),
            (
                "11122",
                "5 labels: expected n² labels for an n×n grid (n from 1 to 32)",
            ),
            ("1111111111111111", "1 regions in a 4x4 grid: expected 4"),
            ("1111122233334444", "region '1' has 5 cells: expected 4"),
            (
                "1122112233443434",
                "region '3' is not connected: r3c1 cannot reach r4c3",
            ),
            (
                "112é",
                "label 'é' at position 4 is not a printable ASCII character",
            ),
        ];
        for (spec, message) in cases {
            assert_eq!(
                parse_regions(spec).unwrap_err().to_string(),
                message,
                "{spec}"
            );
        }
        assert!(parse_regions("1122\n1122\n3344\n3344\n").is_ok());
    }

    #[test]
    fn cage_faults_each_have_their_line_and_message() {
        let cases = [
            (
                "x r1c1",
                "line 1: \"x\" is not a sum (a cage line is a sum, then cells such as r1c2)",
            ),
            ("3", "line 1: the cage has a sum but no cells"),
            ("3 r1c1 a1", "line 1: \"a1\" is not a cell such as r1c2"),
            ("3 r1c1 r5c1", "line 1: r5c1 is off the 4x4 grid"),
            ("3 r1c1 r1c1", "line 1: r1c1 appears twice in the cage"),
            (
                "3 r1c1 r1c2\n\n4 r1c2 r2c2",
                "line 3: r1c2 is already in the cage of line 1",
            ),
            (
                "10 r1c1 r1c2 r1c3 r1c4 r2c1",
                "line 1: 5 cells, but a cage holds at most 4 (its digits differ)",
            ),
            (
                "8 r1c1 r1c2",
                "line 1: 2 distinct digits cannot add up to 8 (only 3 to 7)",
            ),
            (
                "3 r1c1 r1c2\n10 r2c1 r2c2 r2c3 r2c4\n10 r3c1 r3c2 r3c3 r3c4\n10 r4c1 r4c2 r4c3 r4c4\n4 r1c3 r1c4",
                "line 5: the cages cover the grid but add up to 37, not 40",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(
                parse_cages(text, 4).unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
    }
}
