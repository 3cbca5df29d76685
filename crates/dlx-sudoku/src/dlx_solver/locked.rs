//! Pointing and claiming for [`DlxSolver`](super::DlxSolver)'s search before its first
//! guess: passes over the row, column and box items whose options all lie in one other
//! unit, removing that unit's other options for the digit (see the `dlx_solver` module docs).

use crate::links16::{
    Chunk, Items, LANES, Lens, Links, changed_lengths_between, choose, hide_node,
};

/// A length no item has (active ones are at most 25, covered ones below `0x9A`, padding
/// [`PAD`](crate::links16::PAD)): every item looks changed to the first [`locked_pass`] of
/// a search.
pub(super) const UNSEEN: u8 = 0xFE;

/// Takes option `base` (its first node) out of all four lists.
#[inline(always)]
fn remove_option(links: &mut Links, len: &mut Lens, item: &Items, base: usize) {
    for k in 0..4 {
        hide_node(links, len, item, base + k);
    }
}

/// What [`locked_pass`] needs besides the matrix: the lengths it last saw, the number of
/// cells (the first unit item's header), and the longer side of a box.
pub(super) struct Units<'a> {
    pub(super) seen: &'a mut [Chunk],
    pub(super) cells: u16,
    pub(super) most: u8,
}

impl Units<'_> {
    /// Passes of pointing and claiming while `choice`, the item to branch on and its
    /// length, has two or more options and the last pass removed some; the item to branch
    /// on then ([`choose`] over `chunks` chunks, ties from `from`). Out of the search loop,
    /// which it would otherwise crowd: it runs only before the first guess.
    #[inline(never)]
    pub(super) fn lock<const LEFTMOST: bool>(
        self,
        links: &mut Links,
        len: &mut Lens,
        item: &Items,
        chunks: usize,
        from: usize,
        mut choice: (u16, u8),
    ) -> (u16, u8) {
        while choice.1 >= 2 && locked_pass(links, len, item, self.seen, self.cells, self.most) {
            choice = choose::<LEFTMOST>(len[..chunks * LANES].as_chunks().0, from);
        }
        choice
    }
}

/// One pass of pointing and claiming: for each active row, column and box item (a digit
/// in a unit) whose options all lie in one other unit (a box, or a row or column of its
/// box), that unit's other options for the digit are in no fill and are removed from all
/// four of their lists. True when some option was removed.
///
/// Removed options are never put back: the search removes them only before its first
/// guess, on the levels of forced moves above it, which it leaves only when it ends; the
/// next search starts from a matrix built anew (`DlxSolver::place_givens`).
///
/// So options only go between passes, and an item whose length is the same as at the
/// start of the last pass (`seen`, then updated) has the same options as when that pass,
/// or an earlier one, looked at it, and no pattern to find: a pass looks only at the items
/// whose length changed. The passes find and remove the same options as passes over every
/// item, in the same order.
fn locked_pass(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    seen: &mut [Chunk],
    cells: u16,
    most: u8,
) -> bool {
    let chunks = seen.len();
    let mut removed = false;
    // Only an item with two to `most` options (the longer side of a box) can lie in one
    // other unit without being a single.
    // Chunks of lengths: at most 4·25² items, and the unused header 0.
    let mut short = [0u32; (4 * 625 + 1usize).div_ceil(LANES)];
    // Header `h` is item `h − 1`: cells `1..=cells`, then rows, columns, boxes. The chunks
    // of cells alone are skipped, and the cells of the chunk where the units start.
    let first = (cells as usize + 1) / LANES;
    changed_lengths_between(
        len[first * LANES..chunks * LANES].as_chunks().0,
        &mut seen[first..],
        most,
        &mut short[first..chunks],
    );
    short[first] &= u32::MAX << ((cells as usize + 1) % LANES);
    for (c, &mask) in short[..chunks].iter().enumerate().skip(first) {
        let mut mask = mask;
        while mask != 0 {
            let h = (c * LANES + mask.trailing_zeros() as usize) as u16;
            mask &= mask - 1;
            // Lengths change as the pass removes options: an item left with none is a
            // dead end the search meets next.
            if len[h as usize] == 0 {
                continue;
            }
            // The slot of the item's nodes (1 row, 2 column, 3 box) is its first node's.
            let top = links[h as usize].down;
            let kind = (top & 3) as usize;
            let [row, col, bx] = [1, 2, 3].map(|k| item[(top & !3) as usize | k]);
            // Whether every option of `h` is in the first one's row, column, box: one walk
            // down the list for a box item (row and column at once), one for the others.
            let (mut in_row, mut in_col, mut in_box) = (kind == 3, kind == 3, kind != 3);
            let mut p = links[top as usize].down;
            while p != h {
                let b = (p & !3) as usize;
                in_row &= item[b | 1] == row;
                in_col &= item[b | 2] == col;
                in_box &= item[b | 3] == bx;
                p = links[p as usize].down;
            }
            // Every option of `h` is in `unit`: the rest of `unit`'s go.
            for (shared, unit) in [(in_row, row), (in_col, col), (in_box, bx)] {
                if shared {
                    removed |= remove_outside(links, len, item, unit, h, kind);
                }
            }
        }
    }
    removed
}

/// Removes every option of item header `unit` whose node in slot `kind` is not in item
/// `h`'s list; true when one was.
#[inline(always)]
fn remove_outside(
    links: &mut Links,
    len: &mut Lens,
    item: &Items,
    unit: u16,
    h: u16,
    kind: usize,
) -> bool {
    let mut removed = false;
    let mut q = links[unit as usize].down;
    while q != unit {
        let next = links[q as usize].down;
        let base = (q & !3) as usize;
        if item[base | kind] != h {
            remove_option(links, len, item, base);
            removed = true;
        }
        q = next;
    }
    removed
}
