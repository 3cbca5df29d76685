//! dlx3's choice of the item to branch on, written once for Algorithm M on links, on bit
//! sets and memoized.

/// dlx3's rule for the item to branch on, offered the active primary items in order: the
/// least branching degree `len + s − bound + 1` (`len` the item's live options, `s` the
/// smaller of its slack and bound), ties to the smaller `s`, then to the longer list, then
/// to the first offered. Written once for the links, the bit sets and the memoized search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Dlx3Choice {
    item: u32,
    /// The best degree so far; `i64::MAX` before the first offer.
    degree: i64,
    s: i64,
    len: i64,
}

impl Dlx3Choice {
    pub(crate) const fn new() -> Dlx3Choice {
        Dlx3Choice {
            item: 0,
            degree: i64::MAX,
            s: 0,
            len: 0,
        }
    }

    /// Offers item `k`; true when it is the best so far with a degree of 0 or less, where
    /// dlx3 stops looking.
    #[inline(always)]
    pub(crate) fn offer(&mut self, k: u32, bound: i64, slack: i64, len: i64) -> bool {
        let s = slack.min(bound);
        let t = len + s - bound + 1;
        if t < self.degree || (t == self.degree && (s < self.s || (s == self.s && len > self.len)))
        {
            (self.item, self.degree, self.s, self.len) = (k, t, s, len);
            return t <= 0;
        }
        false
    }

    /// The item chosen and its degree; `None` when nothing was offered.
    #[inline(always)]
    pub(crate) fn best(self) -> Option<(u32, i64)> {
        (self.degree != i64::MAX).then_some((self.item, self.degree))
    }
}
