//! Sets of cells as 81-bit masks (bit `c` for cell `c`), with the units and peers the
//! pattern finders of the SE rater intersect them with.

/// A set of cells, bit `c` for cell `c` (0..81, reading order).
pub(crate) type Cells = u128;

/// The cells of each unit, in reading order.
pub(crate) static UNITS: [[u8; 9]; 27] = units();

const fn units() -> [[u8; 9]; 27] {
    let mut table = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            let (br, bc) = ((i / 3) * 3 + j / 3, (i % 3) * 3 + j % 3);
            table[i][j] = (br * 9 + bc) as u8;
            table[9 + i][j] = (i * 9 + j) as u8;
            table[18 + i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    table
}

/// The box, row and column of a cell, as unit indexes.
pub(crate) const fn units_of(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [(r / 3) * 3 + c / 3, 9 + r, 18 + c]
}

/// The cells of each unit (boxes 0–8, rows 9–17, columns 18–26).
pub(crate) static UNIT_CELLS: [Cells; 27] = unit_cells();

/// The peers of each cell (the cells sharing a unit with it, itself excluded).
pub(crate) static PEERS: [Cells; 81] = peers();

const fn unit_cells() -> [Cells; 27] {
    let mut table = [0; 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            table[u] |= 1 << UNITS[u][i];
            i += 1;
        }
        u += 1;
    }
    table
}

const fn peers() -> [Cells; 81] {
    let units = unit_cells();
    let mut table = [0; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        table[c] = (units[b] | units[9 + r] | units[18 + col]) & !(1 << c);
        c += 1;
    }
    table
}

/// Per digit, the cells that hold it as a candidate (a bit per cell).
#[derive(Clone, Copy)]
pub(crate) struct Places(pub(crate) [Cells; 10]);

impl Places {
    pub(crate) fn of(cands: &[u16; 81]) -> Places {
        let mut out = [0 as Cells; 10];
        for (cell, &c) in cands.iter().enumerate() {
            let mut bits = c;
            while bits != 0 {
                out[bits.trailing_zeros() as usize] |= 1 << cell;
                bits &= bits - 1;
            }
        }
        Places(out)
    }

    /// Takes `digit` out of `cell`.
    pub(crate) fn remove(&mut self, cell: usize, digit: u8) {
        self.0[digit as usize] &= !((1 as Cells) << cell);
    }
}

/// The cells in `set`, in increasing order.
pub(crate) fn members(set: Cells) -> impl Iterator<Item = usize> {
    let mut rest = set & ((1 << 81) - 1);
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            c
        })
    })
}

/// The cells that see every cell of `set` (and are not in it).
pub(crate) fn seeing_all(set: Cells) -> Cells {
    members(set).fold((1 << 81) - 1, |acc, c| acc & PEERS[c]) & !set
}

/// The first unit holding every cell of `set`, trying columns, then rows, then boxes (the
/// order SE names a shared unit in).
pub(crate) fn common_unit(set: Cells) -> Option<usize> {
    if set == 0 {
        return Some(18);
    }
    // Such a unit holds the first cell: one of its column, row and box; so the set lies
    // among that cell and its peers (most sets asked about do not).
    let first = set.trailing_zeros() as usize;
    if set & !NEAR[first] != 0 {
        return None;
    }
    AROUND[first]
        .iter()
        .find(|&&(_, cells)| set & !cells == 0)
        .map(|&(unit, _)| usize::from(unit))
}

/// Per cell, its column, row and box (the order [`common_unit`] tries them) and their cells.
static AROUND: [[(u8, Cells); 3]; 81] = around();

/// Per cell, the cell and its peers.
static NEAR: [Cells; 81] = near();

const fn around() -> [[(u8, Cells); 3]; 81] {
    let units = unit_cells();
    let mut table = [[(0, 0); 3]; 81];
    let mut c = 0;
    while c < 81 {
        let [b, r, col] = units_of(c);
        table[c] = [
            (col as u8, units[col]),
            (r as u8, units[r]),
            (b as u8, units[b]),
        ];
        c += 1;
    }
    table
}

const fn near() -> [Cells; 81] {
    let mut table = peers();
    let mut c = 0;
    while c < 81 {
        table[c] |= 1 << c;
        c += 1;
    }
    table
}

/// (cell, digit) for each cell of `set`, the removals of a step.
pub(crate) fn removals(set: Cells, digit: u8) -> Vec<(usize, u8)> {
    members(set).map(|c| (c, digit)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_unit_is_the_first_column_row_or_box_holding_the_set() {
        let brute = |set: Cells| {
            (18..27)
                .chain(9..18)
                .chain(0..9)
                .find(|&u| set & !UNIT_CELLS[u] == 0)
        };
        assert_eq!(common_unit(0), Some(18));
        // Every set of one to three cells of a unit, and sets spread over the grid.
        for unit in UNIT_CELLS {
            let cells: Vec<usize> = members(unit).collect();
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i..] {
                    for &c in &cells[i..] {
                        let set = (1 as Cells) << a | 1 << b | 1 << c;
                        assert_eq!(common_unit(set), brute(set), "{a} {b} {c}");
                    }
                }
            }
        }
        let mut x: u64 = 7;
        for _ in 0..10_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let set = (0..3).fold(0 as Cells, |acc, k| acc | 1 << ((x >> (20 * k)) % 81));
            assert_eq!(common_unit(set), brute(set));
        }
    }
}
