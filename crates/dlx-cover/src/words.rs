//! Fixed-width option sets (`[u64; W]`, bit `o` for option `o`) and the few operations the
//! bit-set searches of costs (`cost/bits.rs`) and multiplicities (`multiplicity/bits.rs`)
//! share on them.

/// `a ∩ b`.
#[inline]
pub(crate) fn and<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    std::array::from_fn(|w| a[w] & b[w])
}

/// `a ← a ∖ b`.
#[inline]
pub(crate) fn and_not<const W: usize>(a: &mut [u64; W], b: &[u64; W]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x &= !y;
    }
}

/// The options numbered below `n`.
#[inline]
pub(crate) fn prefix<const W: usize>(n: usize) -> [u64; W] {
    std::array::from_fn(|w| {
        let lo = w * 64;
        if n >= lo + 64 {
            u64::MAX
        } else if n <= lo {
            0
        } else {
            (1u64 << (n - lo)) - 1
        }
    })
}

/// The smallest member of `set`.
#[inline]
pub(crate) fn first_bit<const W: usize>(set: &[u64; W]) -> Option<usize> {
    set.iter()
        .position(|&w| w != 0)
        .map(|w| w * 64 + set[w].trailing_zeros() as usize)
}

/// The first member of `set` at `from` or above.
#[inline]
pub(crate) fn next_bit<const W: usize>(set: &[u64; W], from: usize) -> Option<usize> {
    let w0 = from / 64;
    if w0 >= W {
        return None;
    }
    let head = set[w0] & (u64::MAX << (from % 64));
    if head != 0 {
        return Some(w0 * 64 + head.trailing_zeros() as usize);
    }
    (w0 + 1..W)
        .find(|&w| set[w] != 0)
        .map(|w| w * 64 + set[w].trailing_zeros() as usize)
}

/// How many options `set` holds.
#[inline]
pub(crate) fn count<const W: usize>(set: &[u64; W]) -> u32 {
    set.iter().map(|w| w.count_ones()).sum()
}
