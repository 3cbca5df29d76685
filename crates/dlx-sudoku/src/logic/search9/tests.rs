//! Unit tests of `search9.rs`: its bitboard words and masks against plain counts.

use super::*;

use crate::Shape;
use crate::rng::SplitMix;

/// A band's masks and words, against testing each cell and digit, on random bands.
#[test]
fn band_masks_and_words_turn_digits_and_cells() {
    let mut rng = SplitMix::new(3);
    for _ in 0..2000 {
        let words: [u32; 9] = std::array::from_fn(|_| rng.next_u64() as u32 & ((1 << 27) - 1));
        let masks = band_masks(&words);
        for (i, &m) in masks.iter().enumerate() {
            let want = (0..9).fold(0, |m, d| m | (words[d] >> i & 1) << d);
            assert_eq!(m, want, "cell {i}");
        }
        assert_eq!(band_words(&masks), words);
    }
}

/// The branch weights, against counting each candidate's two-candidate and empty peers
/// one by one from the geometry's peer lists, on random sets of empty and
/// two-candidate cells.
#[test]
fn heaviest_pair_weighs_the_peers() {
    let g = Geometry::new(Shape::CLASSIC);
    let mut rng = SplitMix::new(5);
    for round in 0..2000 {
        let density = [1, 2, 3][round % 3];
        let mut open = Bands::ZERO;
        let mut pairs = Bands::ZERO;
        for c in 0..CELLS {
            // Empty with probability density/4; two candidates half of those.
            if rng.next_u64() % 4 < density {
                open.0[c / 27] |= 1 << (c % 27);
                if rng.next_u64() & 1 == 0 {
                    pairs.0[c / 27] |= 1 << (c % 27);
                }
            }
        }
        if pairs.is_empty() {
            continue;
        }
        let has = |set: Bands, c: usize| set.0[c / 27] & 1 << (c % 27) != 0;
        let weight = |c: usize| {
            let peers = || g.peers[c].iter();
            PAIR_WEIGHT * peers().filter(|&&p| has(pairs, p)).count() as u32
                + EMPTY_WEIGHT * peers().filter(|&&p| has(open, p)).count() as u32
        };
        let want = (0..CELLS)
            .filter(|&c| has(pairs, c))
            .fold(None, |best: Option<usize>, c| match best {
                Some(b) if weight(b) >= weight(c) => Some(b),
                _ => Some(c),
            })
            .unwrap();
        assert_eq!(heaviest_pair(open, pairs), want, "round {round}");
    }
}
