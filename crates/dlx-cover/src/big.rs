//! [`BigCount`]: a count of solutions of any size (an unsigned integer with as many 64-bit
//! limbs as it needs), so that a memoized count past 2⁶⁴ or 2¹²⁸ stays exact. It does what
//! counting and uniform sampling need: add, subtract a smaller count, compare, draw a
//! number below it, print and read in decimal.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// An unsigned integer of any size; the number of solutions of a memoized search.
///
/// ```
/// use dlx_cover::BigCount;
///
/// let mut n = BigCount::from(u64::MAX);
/// n += &BigCount::from(u64::MAX);
/// assert_eq!(n.to_string(), "36893488147419103230");
/// assert_eq!(n.to_u64(), None);
/// assert_eq!("36893488147419103230".parse::<BigCount>(), Ok(n));
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct BigCount {
    /// Least significant first, no zero limb at the top (zero is no limb at all).
    limbs: Vec<u64>,
}

/// A decimal count that could not be read: empty, or a character that is not a digit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a whole number in decimal")]
pub struct ParseCountError;

impl BigCount {
    /// Zero.
    pub const ZERO: BigCount = BigCount { limbs: Vec::new() };

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The value, when it fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [x] => Some(*x),
            _ => None,
        }
    }

    /// The value, when it fits in 128 bits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [x] => Some(u128::from(*x)),
            [lo, hi] => Some(u128::from(*lo) | (u128::from(*hi) << 64)),
            _ => None,
        }
    }

    /// The number of bits needed to write the value (0 for zero).
    pub fn bits(&self) -> u32 {
        match self.limbs.last() {
            None => 0,
            Some(top) => 64 * (self.limbs.len() as u32 - 1) + (64 - top.leading_zeros()),
        }
    }

    /// The limbs, least significant first.
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// The number with these limbs, least significant first.
    pub fn from_limbs(limbs: Vec<u64>) -> BigCount {
        let mut n = BigCount { limbs };
        n.trim();
        n
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// Subtracts `other`, which must not exceed `self`.
    ///
    /// # Panics
    /// If `other > self`.
    pub fn sub_assign(&mut self, other: &BigCount) {
        assert!(*other <= *self, "subtracting a larger count");
        let mut borrow = false;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(i).copied().unwrap_or(0);
            if o == 0 && !borrow && i >= other.limbs.len() {
                break;
            }
            let (d, b1) = limb.overflowing_sub(o);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *limb = d;
            borrow = b1 || b2;
        }
        self.trim();
    }

    /// Multiplies by a small number and adds another: the step of reading decimal.
    fn mul_add_small(&mut self, m: u64, a: u64) {
        let mut carry = u128::from(a);
        for limb in &mut self.limbs {
            let v = u128::from(*limb) * u128::from(m) + carry;
            *limb = v as u64;
            carry = v >> 64;
        }
        if carry > 0 {
            self.limbs.push(carry as u64);
        }
    }

    /// Divides by a small number in place; returns the remainder.
    fn div_small(&mut self, d: u64) -> u64 {
        let mut rem = 0u128;
        for limb in self.limbs.iter_mut().rev() {
            let v = (rem << 64) | u128::from(*limb);
            *limb = (v / u128::from(d)) as u64;
            rem = v % u128::from(d);
        }
        self.trim();
        rem as u64
    }

    /// A number drawn uniformly from `0..self`, using `next` for random 64-bit words
    /// (rejection: a draw of `self.bits()` random bits is kept when below `self`).
    ///
    /// # Panics
    /// If `self` is zero.
    pub fn random_below(&self, mut next: impl FnMut() -> u64) -> BigCount {
        assert!(!self.is_zero(), "no number below zero");
        let bits = self.bits();
        let top_bits = bits - 64 * (self.limbs.len() as u32 - 1);
        let top_mask = if top_bits == 64 {
            u64::MAX
        } else {
            (1u64 << top_bits) - 1
        };
        loop {
            let mut limbs: Vec<u64> = (0..self.limbs.len()).map(|_| next()).collect();
            if let Some(top) = limbs.last_mut() {
                *top &= top_mask;
            }
            let drawn = BigCount::from_limbs(limbs);
            if drawn < *self {
                return drawn;
            }
        }
    }
}

impl From<u64> for BigCount {
    fn from(x: u64) -> BigCount {
        BigCount::from_limbs(vec![x])
    }
}

impl From<u128> for BigCount {
    fn from(x: u128) -> BigCount {
        BigCount::from_limbs(vec![x as u64, (x >> 64) as u64])
    }
}

impl std::ops::AddAssign<&BigCount> for BigCount {
    fn add_assign(&mut self, other: &BigCount) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(i).copied().unwrap_or(0);
            if o == 0 && !carry && i >= other.limbs.len() {
                return;
            }
            let (s, c1) = limb.overflowing_add(o);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *limb = s;
            carry = c1 || c2;
        }
        if carry {
            self.limbs.push(1);
        }
    }
}

impl std::ops::Add<&BigCount> for &BigCount {
    type Output = BigCount;
    fn add(self, other: &BigCount) -> BigCount {
        let mut sum = self.clone();
        sum += other;
        sum
    }
}

impl Ord for BigCount {
    fn cmp(&self, other: &BigCount) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigCount {
    fn partial_cmp(&self, other: &BigCount) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Nineteen decimal digits, the most a limb holds.
const CHUNK: u64 = 10_000_000_000_000_000_000;

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        while !rest.is_zero() {
            chunks.push(rest.div_small(CHUNK));
        }
        let mut text = match chunks.pop() {
            None => "0".to_string(),
            Some(top) => top.to_string(),
        };
        for chunk in chunks.iter().rev() {
            text.push_str(&format!("{chunk:019}"));
        }
        f.pad(&text)
    }
}

impl fmt::Debug for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for BigCount {
    type Err = ParseCountError;
    fn from_str(text: &str) -> Result<BigCount, ParseCountError> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseCountError);
        }
        let mut n = BigCount::ZERO;
        for b in text.bytes() {
            n.mul_add_small(10, u64::from(b - b'0'));
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_agree_with_u128() {
        let values = [
            0u128,
            1,
            9,
            u64::MAX as u128,
            (u64::MAX as u128) + 1,
            u128::MAX / 3,
        ];
        for &a in &values {
            for &b in &values {
                let mut s = BigCount::from(a);
                s += &BigCount::from(b);
                match a.checked_add(b) {
                    Some(sum) => {
                        assert_eq!(s.to_u128(), Some(sum));
                        assert_eq!(s.to_string(), sum.to_string());
                    }
                    None => assert_eq!(s.to_u128(), None),
                }
                assert_eq!(BigCount::from(a).cmp(&BigCount::from(b)), a.cmp(&b));
                if a >= b {
                    let mut d = BigCount::from(a);
                    d.sub_assign(&BigCount::from(b));
                    assert_eq!(d.to_u128(), Some(a - b));
                }
            }
        }
    }

    #[test]
    fn past_128_bits_decimal_round_trips() {
        // 2^200 written by doubling, then read back.
        let mut n = BigCount::from(1u64);
        for _ in 0..200 {
            let copy = n.clone();
            n += &copy;
        }
        assert_eq!(n.bits(), 201);
        let text = n.to_string();
        assert_eq!(
            text,
            "1606938044258990275541962092341162602522202993782792835301376"
        );
        assert_eq!(text.parse::<BigCount>(), Ok(n.clone()));
        let mut m = n.clone();
        m.sub_assign(&BigCount::from(1u64));
        assert!(m < n);
        assert_eq!(m.bits(), 200);
        assert_eq!("".parse::<BigCount>(), Err(ParseCountError));
        assert_eq!("12x".parse::<BigCount>(), Err(ParseCountError));
        assert_eq!(format!("{:>4}", BigCount::from(7u64)), "   7");
    }

    #[test]
    fn random_below_stays_below() {
        let mut state = 1u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state
        };
        let bound = "123456789012345678901234567890"
            .parse::<BigCount>()
            .unwrap();
        for _ in 0..200 {
            assert!(bound.random_below(&mut next) < bound);
        }
        let three = BigCount::from(3u64);
        let mut seen = [0; 3];
        for _ in 0..300 {
            seen[three.random_below(&mut next).to_u64().unwrap() as usize] += 1;
        }
        assert!(seen.iter().all(|&s| s > 50), "{seen:?}");
    }
}
