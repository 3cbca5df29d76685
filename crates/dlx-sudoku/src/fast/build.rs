//! Placing a puzzle's givens in the matrix of [`DlxSolver`], before every search.
//!
//! The matrix built is the state that covering the givens' items in the full matrix
//! reaches: every active item's list holds exactly the options no given excludes, in
//! ascending order, with its length, and the givens' items are covered. It is built
//! directly: the headers and lengths come from a small template, then only the surviving
//! options are linked in. Nodes of excluded options keep stale links from an earlier
//! puzzle but are never reached from a list, and the givens' items are never uncovered.
//!
//! Each free option is appended to its four lists, node by node (an append reads and
//! writes the list's tail at its header). Two other builds were measured and dropped:
//!
//! * chaining a cell's list in registers (its options are consecutive in the layout):
//!   more instructions (17-clue: 19.9 k a puzzle against 17.8 k);
//! * copying the full matrix (13 KB for 9×9) from a template and covering the givens'
//!   items, which hides each excluded option from three lists: more instructions on every
//!   set (`place_givens` per puzzle: 17-clue 27.6 k against 17.7 k, unbiased 31.4 k
//!   against 13.5 k; callgrind) and no clear gain in time on the 49,158 17-clue puzzles
//!   (medians of 5 alternated whole-process runs 0.75 s against 0.78 s, a busy host).

use super::DlxSolver;
use crate::NoSolution;
use crate::grid::Grid;
use crate::links16::{COVERED, LANES, append_node};

impl DlxSolver {
    /// Builds the matrix left after the givens (see the module docs), or says which givens
    /// clash.
    pub(super) fn place_givens(&mut self, puzzle: &Grid) -> Result<(), NoSolution> {
        assert_eq!(
            puzzle.shape(),
            self.shape,
            "puzzle shape differs from the solver's"
        );
        let n = self.shape.side();
        let cells = puzzle.cells();
        // Values used by the givens in each row, column and box (bit v − 1).
        let (mut rows, mut cols, mut boxes) = ([0u32; 25], [0u32; 25], [0u32; 25]);
        let mut clash = false;
        let mut empties = 0;
        for (cell, &v) in cells.iter().enumerate() {
            if v == 0 {
                empties += 1;
                continue;
            }
            let (r, c, b) = (cell / n, cell % n, self.box_of[cell] as usize);
            let bit = 1 << (v - 1);
            clash |= (rows[r] | cols[c] | boxes[b]) & bit != 0;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        if clash {
            let clash = puzzle.clash().expect("a value repeats in a unit");
            return Err(NoSolution::Clash(clash));
        }
        self.link_free_options(cells, &rows[..n], &cols[..n], &boxes[..n]);
        self.empties = empties;
        Ok(())
    }

    /// The empty lists from their template, then every option no given excludes appended
    /// to its four lists; the givens' items marked covered.
    fn link_free_options(&mut self, cells: &[u8], rows: &[u32], cols: &[u32], boxes: &[u32]) {
        let n = self.shape.side();
        let headers = self.template_links.len();
        let (links, len, item) = (&mut *self.links, &mut *self.len, &*self.item);
        links[..headers].copy_from_slice(&self.template_links);
        len[..self.chunks * LANES].copy_from_slice(&self.template_len);
        let all = (1u32 << n) - 1;
        for (r, &in_row) in rows.iter().enumerate() {
            for (c, &in_col) in cols.iter().enumerate() {
                let cell = r * n + c;
                let first = self.base + 4 * cell * n;
                let v = cells[cell];
                if v != 0 {
                    // The given's four items are covered.
                    let x = first + 4 * (v as usize - 1);
                    for q in x..x + 4 {
                        len[item[q] as usize] = COVERED;
                    }
                    continue;
                }
                let b = self.box_of[cell] as usize;
                let mut free = all & !(in_row | in_col | boxes[b]);
                while free != 0 {
                    // Node numbers are `u16` (the layout's bound), so that indexing the
                    // 64 Ki-entry arrays needs no bounds check.
                    let x = (first + 4 * free.trailing_zeros() as usize) as u16;
                    free &= free - 1;
                    // Append the option's nodes at the bottom of their items' lists.
                    append_node(links, len, item, x);
                    append_node(links, len, item, x | 1);
                    append_node(links, len, item, x | 2);
                    append_node(links, len, item, x | 3);
                }
            }
        }
    }
}
