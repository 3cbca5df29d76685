//! SE's wings: XY-wing (4.2) and XYZ-wing (4.4). A pivot cell with candidates xy (or
//! xyz) sees two bivalue cells xz and yz: whichever the pivot holds, one wing holds z, so z
//! leaves the cells that see both wings (and the pivot, for XYZ). SE applies the first
//! found, pivots in cell order.

use super::board::Board;
use super::cells::{Cells, PEERS, members, removals, with_digit};
use super::step::{Effect, SeStep};

/// The cells holding exactly `n` candidates.
fn with_count(board: &Board, n: u32) -> Cells {
    (0..81)
        .filter(|&c| board.cands[c].count_ones() == n)
        .fold(0, |acc, c| acc | 1 << c)
}

/// XY-wing (`xyz` false, 4.2) or XYZ-wing (`xyz` true, 4.4).
pub(crate) fn xy_wing(board: &Board, xyz: bool) -> Option<SeStep> {
    let pivots = with_count(board, if xyz { 3 } else { 2 });
    let pairs = with_count(board, 2);
    for pivot in members(pivots) {
        let p = board.cands[pivot];
        let wings: Vec<usize> = members(PEERS[pivot] & pairs).collect();
        for &xz in &wings {
            let m = board.cands[xz];
            if (p & !m).count_ones() != 1 {
                continue;
            }
            for &yz in &wings {
                let n = board.cands[yz];
                let union = p | m | n;
                let common = (p & m & n).count_ones();
                if union.count_ones() != 3 || common != u32::from(xyz) || yz == xz {
                    continue;
                }
                let z = (m & n).trailing_zeros() as u8;
                let mut seen = PEERS[xz] & PEERS[yz] & !(1 << pivot);
                if xyz {
                    seen &= PEERS[pivot];
                }
                let removed = seen & with_digit(board, z);
                if removed != 0 {
                    let (name, tenths) = if xyz {
                        ("XYZ-Wing", 44)
                    } else {
                        ("XY-Wing", 42)
                    };
                    return Some(SeStep {
                        name: name.into(),
                        tenths,
                        effect: Effect::Eliminate(removals(removed, z)),
                    });
                }
            }
        }
    }
    None
}
