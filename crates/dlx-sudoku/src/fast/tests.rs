//! Unit tests of the specialised solver: exact division in `record`, the vector scan
//! against the plain one, and the 16-bit layout bound for every shape.

use super::*;
use crate::links16::{COVERED, choose_portable};

/// `record`'s cells and values are the division's, for every option of every side.
#[test]
fn record_divides_exactly() {
    for side in 1..=25 {
        let Some(shape) = Shape::for_side(side) else {
            continue;
        };
        let base = 4 * (4 * side * side + 1).div_ceil(4);
        let options = side * side * side;
        let choice: Vec<u16> = (0..options).map(|o| (base + 4 * o) as u16).collect();
        let mut answer = vec![0u8; side * side];
        for (o, chunk) in choice.chunks(1).enumerate() {
            record(&mut answer, base, shape, chunk);
            let (cell, v) = encoding::cell_and_value(shape, o);
            assert_eq!(answer[cell], v, "side {side}, option {o}");
        }
    }
}

/// The SSE2 scan (on x86-64) against the plain one, on random lengths: active items of
/// length 0..=25, covered ones (bit 7 set), and padding.
#[test]
fn vector_choice_matches_the_plain_scan() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..20_000 {
        let chunks = 1 + round % 40;
        let mut lens = vec![[PAD; LANES]; chunks];
        let active_percent = next() % 100;
        let short = next() % 4; // how rare lengths <= 1 are
        for b in lens.iter_mut().flatten().skip(1) {
            let r = next();
            *b = if r % 100 < active_percent {
                let l = (r >> 8) % 26;
                if l <= 1 && (r >> 16) % 4 < short {
                    2
                } else {
                    l as u8
                }
            } else if r % 7 == 0 {
                PAD
            } else {
                COVERED | ((r >> 8) % 26) as u8
            };
        }
        // Some item is active whenever a search chooses.
        let at = 1 + (next() as usize) % (chunks * LANES - 1);
        if lens.iter().flatten().all(|&b| b >= COVERED) {
            lens[at / LANES][at % LANES] = 2 + (next() % 24) as u8;
        }
        let from = if round % 3 == 0 {
            0
        } else {
            1 + (next() as usize) % (chunks * LANES - 1)
        };
        assert_eq!(
            choose::<false>(&lens, from),
            choose_portable::<false>(&lens, from)
        );
        assert_eq!(
            choose::<true>(&lens, from),
            choose_portable::<true>(&lens, from)
        );
    }
}

#[test]
fn every_shape_fits_sixteen_bit_links() {
    for side in [4, 6, 8, 9, 10, 12, 16, 20, 25] {
        let shape = Shape::for_side(side).unwrap();
        let s = DlxSolver::new(shape);
        assert!(s.base.is_multiple_of(4) && s.base > 4 * side * side);
        assert!(s.base + 4 * side * side * side <= SPAN);
    }
}
