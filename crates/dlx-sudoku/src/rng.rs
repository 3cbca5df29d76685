//! The crate's seeded randomness, in one place: [`SplitMix`] (SplitMix64) for the
//! generator's fills and the logic searches' isomorphs, and [`TieBreaker`] (xorshift64*)
//! for the random minimum-length ties of the restarting fill searches. Every stream is
//! fixed by its seed, so outputs repeat exactly from run to run and machine to machine;
//! nothing here reads a clock or the operating system.

/// A source of randomness for the fill: `below(n)` is uniform in `0..n`.
pub trait Random {
    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize;
}

/// The SplitMix64 increment (the golden ratio in 64 bits).
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64: small, fast, and seeded; good enough to shuffle grids and pick branches.
#[derive(Debug, Clone)]
pub struct SplitMix(u64);

impl SplitMix {
    /// The stream that starts from `state`.
    pub fn new(state: u64) -> SplitMix {
        SplitMix(state)
    }

    /// The generator for puzzle `index` of stream `seed`: each puzzle of a batch draws
    /// from its own stream, so a batch's puzzles do not depend on how it is split.
    pub fn for_index(seed: u64, index: u64) -> SplitMix {
        let mut s = SplitMix(seed ^ 0x6A09_E667_F3BC_C909);
        let a = s.next_u64();
        SplitMix(a ^ index.wrapping_mul(GOLDEN).rotate_left(17))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// An index below `bound` by reduction modulo `bound`. The logic searches draw their
    /// isomorphs this way; their recorded efforts depend on it, so it stays beside
    /// [`Random::below`]'s multiply-shift rather than replacing it.
    pub(crate) fn below_by_modulo(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates, drawing with
    /// [`below_by_modulo`](Self::below_by_modulo)).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below_by_modulo(i + 1));
        }
    }
}

impl Random for SplitMix {
    fn below(&mut self, n: usize) -> usize {
        // Lemire's multiply-shift; the bias is below 2^-40 for n ≤ 625.
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// The random tie-break of the restarting searches ([`Branching::MrvRandomTies`] on both
/// DLX solvers, and the propagator's restarts), so that solvers given one seed walk one
/// tree: at every branch point draw `from`, an item (or cell) number; when nothing is
/// forced, take the first candidate of minimum length at or after `from`, else the first
/// of all.
///
/// [`Branching::MrvRandomTies`]: crate::lex::Branching::MrvRandomTies
#[derive(Debug, Clone)]
pub(crate) struct TieBreaker {
    state: u64,
    items: usize,
}

impl TieBreaker {
    /// Draws item numbers in `0..items`; any seed works (it is made odd, never zero).
    pub(crate) fn new(seed: u64, items: usize) -> TieBreaker {
        TieBreaker::from_state(seed | 1, items)
    }

    /// Draws from exactly `state`: the propagator's seeds are used as they are (a zero
    /// state would draw 0 forever, so the propagator treats seed 0 as "no random ties").
    pub(crate) fn from_state(state: u64, items: usize) -> TieBreaker {
        TieBreaker { state, items }
    }

    /// The next `from` (xorshift64*).
    #[inline]
    pub(crate) fn next(&mut self) -> usize {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        (self.state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32) as usize % self.items
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first outputs of SplitMix64 from state 0, as the algorithm's published
    /// reference gives them: the streams (and so every recorded output) stay the same.
    #[test]
    fn splitmix_matches_the_reference_stream() {
        let mut rng = SplitMix::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn draws_stay_in_range() {
        let mut rng = SplitMix::for_index(7, 3);
        let mut ties = TieBreaker::new(5, 11);
        for n in 1..200 {
            assert!(rng.below(n) < n);
            assert!(rng.below_by_modulo(n) < n);
            assert!(ties.next() < 11);
        }
    }

    #[test]
    fn new_tiebreaker_is_from_state_with_the_low_bit_set() {
        let (mut a, mut b) = (TieBreaker::new(8, 97), TieBreaker::from_state(9, 97));
        for _ in 0..50 {
            assert_eq!(a.next(), b.next());
        }
    }
}
