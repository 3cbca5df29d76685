//! The variant model: a canvas of cells, its houses and cages ([`Variant`] and its
//! builders), the errors of building one, and a clash between givens.

use thiserror::Error;

use super::sums::{digit_sets, sum_range};

/// The largest number of symbols: Knuth's general format writes them `1`–`9`, `a`–`w`.
pub const MAX_SYMBOLS: usize = 32;

/// At most this many digit sets per cage (a cage of 12 cells in a 25×25 grid has millions).
pub const MAX_CAGE_SETS: usize = 100_000;

/// A set of cells that hold distinct symbols, with a name for messages ("row 3",
/// "main diagonal", "region 'b'").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// What players call it, for messages.
    pub name: String,
    /// Canvas cells (`row · width + column`), ascending.
    pub cells: Vec<usize>,
}

/// A killer cage: cells with distinct digits adding up to `sum`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// The sum of its digits.
    pub sum: u32,
    /// Canvas cells, in the order given.
    pub cells: Vec<usize>,
    /// The line of the cage file it came from (0 when built in code), for messages.
    pub line: usize,
}

/// Why a variant cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantError {
    /// A side out of range.
    #[error("a side of {0} is not supported (1 to {MAX_SYMBOLS})")]
    Side(usize),
    /// Boxes that do not tile the grid.
    #[error("boxes of {rows}x{cols} do not tile a {side}x{side} grid")]
    Boxes {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
        /// The grid's side.
        side: usize,
    },
    /// A house with more cells than symbols, or a cell off the canvas or in a hole.
    #[error("{house}: {fault}")]
    House {
        /// The house's name.
        house: String,
        /// What is wrong.
        fault: String,
    },
    /// Jigsaw regions of another size than the grid.
    #[error("the regions are for a {regions}x{regions} grid, the puzzle is {side}x{side}")]
    RegionSide {
        /// Side of the regions.
        regions: usize,
        /// Side of the grid.
        side: usize,
    },
    /// The X diagonals or windoku windows need a square canvas.
    #[error("{0} needs a square grid")]
    NotSquare(&'static str),
    /// A cage that breaks a rule (cells, overlap, sum).
    #[error("cage of line {line}: {fault}")]
    Cage {
        /// The cage's line.
        line: usize,
        /// What is wrong.
        fault: String,
    },
}

/// Two givens that break a rule: a house or a cage that holds a symbol twice.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{place} has two {symbol}s")]
pub struct VariantClash {
    /// The house's name, or "cage of line N".
    pub place: String,
    /// The repeated symbol, as written.
    pub symbol: char,
}

/// A Sudoku variant: the canvas, its houses and its cages (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) side: usize,
    /// One flag per canvas cell, row-major: does the puzzle use this cell?
    pub(super) present: Vec<bool>,
    pub(super) houses: Vec<House>,
    pub(super) cages: Vec<Cage>,
    /// True when the first `width + height` houses are the canvas's rows then columns (a
    /// square grid, possibly with holes), as Knuth's general format assumes.
    pub(super) rows_and_columns: bool,
}

/// The character for symbol `v` (1-based): `1`–`9`, then `A`, `B`, … (as the classic
/// formats write them).
pub fn symbol(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        _ => (b'A' + v - 10) as char,
    }
}

impl Variant {
    /// A `side × side` grid whose rows and columns are houses (a Latin square); add boxes,
    /// regions, diagonals, windows or cages with the `with_` methods.
    pub fn square(side: usize) -> Result<Variant, VariantError> {
        Variant::square_with_holes(side, vec![true; side * side])
    }

    /// A `side × side` grid with holes (`present[cell]` false), rows and columns as houses
    /// over the present cells (Knuth's general format).
    pub fn square_with_holes(side: usize, present: Vec<bool>) -> Result<Variant, VariantError> {
        if side == 0 || side > MAX_SYMBOLS {
            return Err(VariantError::Side(side));
        }
        assert_eq!(present.len(), side * side, "one flag per cell");
        let mut v = Variant {
            width: side,
            height: side,
            side,
            present,
            houses: Vec::new(),
            cages: Vec::new(),
            rows_and_columns: true,
        };
        // Rows and columns always stay in the list, even when empty, so that the first
        // 2·side houses are rows then columns.
        for r in 0..side {
            let cells = (0..side).map(|c| r * side + c).filter(|&x| v.present[x]);
            v.houses.push(House {
                name: format!("row {}", r + 1),
                cells: cells.collect(),
            });
        }
        for c in 0..side {
            let cells = (0..side).map(|r| r * side + c).filter(|&x| v.present[x]);
            v.houses.push(House {
                name: format!("column {}", c + 1),
                cells: cells.collect(),
            });
        }
        Ok(v)
    }

    /// A canvas of `width × height` cells with `side` symbols and no house yet (samurai).
    pub fn canvas(
        width: usize,
        height: usize,
        side: usize,
        present: Vec<bool>,
    ) -> Result<Variant, VariantError> {
        if side == 0 || side > MAX_SYMBOLS {
            return Err(VariantError::Side(side));
        }
        assert_eq!(present.len(), width * height, "one flag per cell");
        Ok(Variant {
            width,
            height,
            side,
            present,
            houses: Vec::new(),
            cages: Vec::new(),
            rows_and_columns: false,
        })
    }

    /// Adds a house of distinct symbols. A house with the same cells as one already there
    /// is not added twice.
    pub fn with_house(
        mut self,
        name: &str,
        mut cells: Vec<usize>,
    ) -> Result<Variant, VariantError> {
        cells.sort_unstable();
        let fault = |fault: String| VariantError::House {
            house: name.to_string(),
            fault,
        };
        if cells.len() > self.side {
            return Err(fault(format!(
                "{} cells, but only {} symbols",
                cells.len(),
                self.side
            )));
        }
        if cells.windows(2).any(|w| w[0] == w[1]) {
            return Err(fault("a cell appears twice".into()));
        }
        if let Some(&x) = cells
            .iter()
            .find(|&&x| x >= self.present.len() || !self.present[x])
        {
            return Err(fault(format!(
                "{} is not a cell of the puzzle",
                self.cell_name(x)
            )));
        }
        if !cells.is_empty() && !self.houses.iter().any(|h| h.cells == cells) {
            self.houses.push(House {
                name: name.to_string(),
                cells,
            });
        }
        Ok(self)
    }

    /// Adds boxes of `rows × cols` tiling the square grid ("box 1" … row-major).
    pub fn with_boxes(self, rows: usize, cols: usize) -> Result<Variant, VariantError> {
        let side = self.side;
        if rows * cols != side || self.width != side || self.height != side {
            return Err(VariantError::Boxes { rows, cols, side });
        }
        self.with_blocks(
            "box",
            rows,
            cols,
            (0..side / rows).map(|i| i * rows),
            |_| (0..side / cols).map(|j| j * cols).collect(),
        )
    }

    /// Adds the blocks of `rows × cols` with top rows `tops` and left columns `lefts(top)`.
    fn with_blocks(
        mut self,
        name: &str,
        rows: usize,
        cols: usize,
        tops: impl Iterator<Item = usize>,
        lefts: impl Fn(usize) -> Vec<usize>,
    ) -> Result<Variant, VariantError> {
        let mut k = 0;
        for top in tops {
            for left in lefts(top) {
                k += 1;
                let cells = (0..rows * cols)
                    .map(|i| (top + i / cols) * self.width + left + i % cols)
                    .collect();
                self = self.with_house(&format!("{name} {k}"), cells)?;
            }
        }
        Ok(self)
    }

    /// Adds the two main diagonals (X-Sudoku).
    pub fn with_diagonals(self) -> Result<Variant, VariantError> {
        let n = self.side;
        if self.width != n || self.height != n {
            return Err(VariantError::NotSquare("the X diagonals"));
        }
        self.with_house("the main diagonal", (0..n).map(|i| i * n + i).collect())?
            .with_house(
                "the anti-diagonal",
                (0..n).map(|i| i * n + n - 1 - i).collect(),
            )
    }

    /// Adds the windows of windoku (hyper-Sudoku): boxes of `rows × cols` whose corners sit
    /// one cell inside each gap between boxes, for 9×9 the four 3×3 windows at rows and
    /// columns 2–4 and 6–8.
    pub fn with_windows(self, rows: usize, cols: usize) -> Result<Variant, VariantError> {
        let n = self.side;
        if self.width != n || self.height != n {
            return Err(VariantError::NotSquare("windoku"));
        }
        if rows * cols != n {
            return Err(VariantError::Boxes {
                rows,
                cols,
                side: n,
            });
        }
        let starts = |size: usize| -> Vec<usize> {
            (0..)
                .map(|k| 1 + k * (size + 1))
                .take_while(|&s| s + size < n)
                .collect()
        };
        let lefts = starts(cols);
        self.with_blocks("window", rows, cols, starts(rows).into_iter(), |_| {
            lefts.clone()
        })
    }

    /// Adds killer cages: cells present, in no other cage, at most `side` of them, and a
    /// sum that distinct digits can make.
    pub fn with_cages(mut self, cages: Vec<Cage>) -> Result<Variant, VariantError> {
        let mut owner = vec![usize::MAX; self.present.len()];
        for (k, cage) in self.cages.iter().enumerate() {
            for &x in &cage.cells {
                owner[x] = k;
            }
        }
        for cage in cages {
            let fault = |fault: String| VariantError::Cage {
                line: cage.line,
                fault,
            };
            if cage.cells.is_empty() || cage.cells.len() > self.side {
                return Err(fault(format!(
                    "{} cells (1 to {} allowed)",
                    cage.cells.len(),
                    self.side
                )));
            }
            for &x in &cage.cells {
                if x >= self.present.len() || !self.present[x] {
                    return Err(fault(format!("{} is not on the grid", self.cell_name(x))));
                }
                if owner[x] != usize::MAX {
                    return Err(fault(format!("{} is in another cage", self.cell_name(x))));
                }
                owner[x] = self.cages.len();
            }
            let (min, max) = sum_range(cage.cells.len(), self.side);
            if !(min..=max).contains(&(cage.sum as usize)) {
                return Err(fault(format!(
                    "{} distinct digits cannot add up to {} ({min} to {max})",
                    cage.cells.len(),
                    cage.sum
                )));
            }
            let sets = digit_sets(self.side, cage.cells.len(), cage.sum, MAX_CAGE_SETS + 1);
            if sets.len() > MAX_CAGE_SETS {
                return Err(fault(format!(
                    "more than {MAX_CAGE_SETS} digit sets; cages this large are not supported"
                )));
            }
            self.cages.push(cage);
        }
        Ok(self)
    }

    /// Canvas width (columns).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Canvas height (rows).
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of symbols.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Does the puzzle use canvas cell `cell`?
    pub fn is_present(&self, cell: usize) -> bool {
        self.present[cell]
    }

    /// The houses, non-empty ones only for rows and columns with every cell a hole.
    pub fn houses(&self) -> impl Iterator<Item = &House> {
        self.houses.iter().filter(|h| !h.cells.is_empty())
    }

    /// The cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// True for a square grid whose first houses are its rows and columns.
    pub fn has_rows_and_columns(&self) -> bool {
        self.rows_and_columns
    }

    /// The houses after the rows and columns (boxes, regions, diagonals, windows), or
    /// every house when the variant has no row-and-column structure.
    pub fn extra_houses(&self) -> &[House] {
        if self.rows_and_columns {
            &self.houses[self.width + self.height..]
        } else {
            &self.houses
        }
    }

    /// `r3c4` (1-based) for canvas cell `cell`.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.width + 1, cell % self.width + 1)
    }

    /// The first house or cage in which the givens (`values`, one per canvas cell, 0 for
    /// blank) repeat a symbol.
    pub fn clash(&self, values: &[u8]) -> Option<VariantClash> {
        // Names are made only for the clash found, so a puzzle without one allocates nothing.
        let repeated = |cells: &[usize]| -> Option<u8> {
            let mut seen = 0u64;
            for &x in cells {
                let v = values[x];
                if v != 0 {
                    if seen & (1 << v) != 0 {
                        return Some(v);
                    }
                    seen |= 1 << v;
                }
            }
            None
        };
        for h in &self.houses {
            if let Some(v) = repeated(&h.cells) {
                return Some(VariantClash {
                    place: h.name.clone(),
                    symbol: symbol(v),
                });
            }
        }
        for c in &self.cages {
            if let Some(v) = repeated(&c.cells) {
                return Some(VariantClash {
                    place: format!("the cage of line {}", c.line),
                    symbol: symbol(v),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windoku_windows_sit_inside_the_gaps() {
        let v = Variant::square(9).unwrap().with_windows(3, 3).unwrap();
        let windows: Vec<&House> = v.extra_houses().iter().collect();
        assert_eq!(windows.len(), 4);
        assert_eq!(windows[0].cells, vec![10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(windows[3].cells[0], 5 * 9 + 5);
    }

    #[test]
    fn builders_reject_what_breaks_the_rules() {
        assert_eq!(Variant::square(0), Err(VariantError::Side(0)));
        assert!(matches!(
            Variant::square(9).unwrap().with_boxes(2, 4),
            Err(VariantError::Boxes { .. })
        ));
        let cage = |sum, cells: Vec<usize>| Cage {
            sum,
            cells,
            line: 7,
        };
        let v = Variant::square(4).unwrap();
        let e = v.clone().with_cages(vec![cage(8, vec![0, 1])]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cage of line 7: 2 distinct digits cannot add up to 8 (3 to 7)"
        );
        let e = v
            .clone()
            .with_cages(vec![cage(3, vec![0, 1]), cage(3, vec![1, 2])])
            .unwrap_err();
        assert_eq!(e.to_string(), "cage of line 7: r1c2 is in another cage");
    }

    #[test]
    fn clash_names_the_house() {
        let v = Variant::square(4).unwrap().with_diagonals().unwrap();
        let mut g = vec![0u8; 16];
        g[0] = 3;
        g[15] = 3;
        assert_eq!(
            v.clash(&g).unwrap().to_string(),
            "the main diagonal has two 3s"
        );
    }
}
