//! The 9×9 symmetry group written out plainly, for checking canonical forms: random
//! isomorphs, applying a recorded transformation, and the smallest isomorph by trying all
//! 3,359,232 placements. Shares nothing with the library's canonicaliser.

use super::Rng;

/// Every order of nine lines that keeps the three groups of three together (1,296).
pub fn line_orders() -> Vec<[usize; 9]> {
    // The orders of three: the base-3 numbers of three distinct digits.
    let perms: Vec<[usize; 3]> = (0..27)
        .map(|k| [k / 9, k / 3 % 3, k % 3])
        .filter(|[a, b, c]| a != b && b != c && a != c)
        .collect();
    let mut out = Vec::with_capacity(1296);
    for &g in &perms {
        for &a in &perms {
            for &b in &perms {
                for &c in &perms {
                    let inner = [a, b, c];
                    let mut order = [0usize; 9];
                    for (slot, &group) in g.iter().enumerate() {
                        for k in 0..3 {
                            order[slot * 3 + k] = group * 3 + inner[slot][k];
                        }
                    }
                    out.push(order);
                }
            }
        }
    }
    out
}

/// Digit values of a line (`.` and `0` are 0).
pub fn values(line: &str) -> [u8; 81] {
    let mut v = [0u8; 81];
    for (i, b) in line.bytes().enumerate() {
        v[i] = if b == b'.' { 0 } else { b - b'0' };
    }
    v
}

/// The line of digit values, `.` for 0.
pub fn line(v: &[u8; 81]) -> String {
    v.iter()
        .map(|&x| if x == 0 { '.' } else { (b'0' + x) as char })
        .collect()
}

/// Cell `(i, j)` of the image is `digits[v]`, `v` the cell `(rows[i], cols[j])` of the
/// puzzle, transposed first when asked.
pub fn apply(
    p: &[u8; 81],
    transpose: bool,
    rows: &[usize; 9],
    cols: &[usize; 9],
    digits: &[u8; 10],
) -> [u8; 81] {
    let mut out = [0u8; 81];
    for i in 0..9 {
        for j in 0..9 {
            let (r, c) = (rows[i], cols[j]);
            let v = if transpose {
                p[c * 9 + r]
            } else {
                p[r * 9 + c]
            };
            out[i * 9 + j] = digits[v as usize];
        }
    }
    out
}

/// A random member of the group applied to `p`.
pub fn random_isomorph(rng: &mut Rng, p: &[u8; 81]) -> [u8; 81] {
    let orders = line_orders();
    let rows = orders[rng.below(orders.len())];
    let cols = orders[rng.below(orders.len())];
    let mut digits = [0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits[1..]);
    apply(p, rng.below(2) == 1, &rows, &cols, &digits)
}

/// The smallest image over the whole group, by trying every placement and numbering the
/// digits in order of first appearance (the smallest relabelling of a placement).
pub fn brute_force_minlex(p: &[u8; 81]) -> [u8; 81] {
    let orders = line_orders();
    let mut best = [u8::MAX; 81];
    for transpose in [false, true] {
        let src: [u8; 81] = std::array::from_fn(|k| {
            let (r, c) = (k / 9, k % 9);
            if transpose { p[c * 9 + r] } else { p[k] }
        });
        for rows in &orders {
            'cols: for cols in &orders {
                let mut label = [0u8; 10];
                let mut next = 1u8;
                let mut less = false;
                let mut image = [0u8; 81];
                for k in 0..81 {
                    let v = src[rows[k / 9] * 9 + cols[k % 9]] as usize;
                    let x = if v == 0 {
                        0
                    } else {
                        if label[v] == 0 {
                            label[v] = next;
                            next += 1;
                        }
                        label[v]
                    };
                    if !less {
                        if x > best[k] {
                            continue 'cols;
                        }
                        less = x < best[k];
                    }
                    image[k] = x;
                }
                if less {
                    best = image;
                }
            }
        }
    }
    best
}
