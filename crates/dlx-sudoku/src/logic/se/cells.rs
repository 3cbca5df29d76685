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

/// (cell, digit) for each cell of `set`, the removals of a step.
pub(crate) fn removals(set: Cells, digit: u8) -> Vec<(usize, u8)> {
    members(set).map(|c| (c, digit)).collect()
}
