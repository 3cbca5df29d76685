//! The arithmetic of killer cages: the sums `k` distinct digits can make, and the digit
//! sets that make a given sum.

/// Every set of `k` distinct digits from `1..=side` adding up to `sum`, as bit masks
/// (bit `v` for digit `v`), in lexicographic order of their sorted digits; at most
/// `limit` of them.
pub fn digit_sets(side: usize, k: usize, sum: u32, limit: usize) -> Vec<u64> {
    fn walk(
        from: usize,
        side: usize,
        k: usize,
        sum: i64,
        mask: u64,
        out: &mut Vec<u64>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        if k == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return;
        }
        for d in from..=side {
            // The k smallest digits from d on already exceed what is left.
            let least = (k * d + k * (k - 1) / 2) as i64;
            if least > sum {
                break;
            }
            // The k largest digits up to side fall short.
            let most = (k * side - k * (k - 1) / 2) as i64;
            if most < sum {
                return;
            }
            walk(
                d + 1,
                side,
                k - 1,
                sum - d as i64,
                mask | 1 << d,
                out,
                limit,
            );
        }
    }
    let mut out = Vec::new();
    walk(1, side, k, sum as i64, 0, &mut out, limit);
    out
}

/// The smallest and largest sums of `k` distinct digits from `1..=side`.
pub fn sum_range(k: usize, side: usize) -> (usize, usize) {
    (k * (k + 1) / 2, k * (2 * side + 1 - k) / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_sets_of_killer_lore() {
        // The famous ones: 3 in two cells is {1,2}; 17 in two is {8,9}; 45 in nine is all.
        assert_eq!(digit_sets(9, 2, 3, 99), vec![0b110]);
        assert_eq!(digit_sets(9, 2, 17, 99), vec![1 << 8 | 1 << 9]);
        assert_eq!(digit_sets(9, 9, 45, 99), vec![0b11_1111_1110]);
        // 10 in three cells: {1,2,7} {1,3,6} {1,4,5} {2,3,5}.
        assert_eq!(digit_sets(9, 3, 10, 99).len(), 4);
        assert!(digit_sets(9, 2, 18, 99).is_empty());
        assert_eq!(digit_sets(9, 3, 15, 2).len(), 2);
    }
}
