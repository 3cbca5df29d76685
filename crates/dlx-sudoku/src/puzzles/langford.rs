//! Langford pairs: arrange two copies of `1..=n` so that the two `k`s have `k` numbers
//! between them.

use super::common::{PuzzleError, add, check_range};
use dlx_cover::Problem;
use dlx_cover::knuth::Named;

/// Langford pairs as exact cover: items `1..n` (the values) and `s1..s2n` (the positions),
/// all primary; an option puts value `k` at positions `i` and `i + k + 1`.
///
/// Every arrangement's reversal is another arrangement, so the value 1 is only offered
/// first positions `i ≤ n − 1`: the reversal moves the pair `(i, i + 2)` to
/// `(2n − 1 − i, 2n + 1 − i)`, and exactly one of `i` and `2n − 1 − i` is at most `n − 1`.
/// Each solution is thus one arrangement and its reversal: L(7) = 26, L(8) = 150,
/// L(11) = 17,792 (zero unless `n mod 4` is 0 or 3).
#[derive(Debug, Clone)]
pub struct Langford {
    n: usize,
    named: Named,
    /// `(value, first position)` of each option, positions 0-based.
    placements: Vec<(usize, usize)>,
}

impl Langford {
    /// The largest `n` offered.
    pub const MAX_N: usize = 999;

    /// The problem for values `1..=n`.
    pub fn new(n: usize) -> Result<Langford, PuzzleError> {
        check_range("n", n, 1, Self::MAX_N)?;
        let mut problem = Problem::new(3 * n, 0).expect("small enough");
        let mut placements = Vec::new();
        for k in 1..=n {
            // 0-based first position i, second i + k + 1 < 2n.
            for i in 0..(2 * n).saturating_sub(k + 1) {
                if k == 1 && i + 1 > n - 1 {
                    break;
                }
                add(&mut problem, &[k - 1, n + i, n + i + k + 1]);
                placements.push((k, i));
            }
        }
        let mut names: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
        names.extend((1..=2 * n).map(|i| format!("s{i}")));
        Ok(Langford {
            n,
            named: Named::new(problem, names, Vec::new()),
            placements,
        })
    }

    /// The largest value.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The arrangement: `2n` values, position by position.
    ///
    /// # Panics
    /// If an option number is not one of this problem's.
    pub fn decode(&self, solution: &[usize]) -> Vec<usize> {
        let mut sequence = vec![0; 2 * self.n];
        for &o in solution {
            let (k, i) = self.placements[o];
            sequence[i] = k;
            sequence[i + k + 1] = k;
        }
        sequence
    }
}

super::common::named_accessors!(Langford);
