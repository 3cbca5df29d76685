//! The XY-wing, the XYZ-wing and the W-wing on bitboards.

use super::bits::{Cells, T, digits, each, several};
use super::view::{Census, Found, View, only};
use crate::logic::step::Technique;

/// XY-wing: pivot `xy` with pincers `xz` and `yz` it sees; `z` leaves the cells that see both
/// pincers.
pub(super) fn xy_wing(v: &View, w: &Census) -> Option<Found> {
    for pivot in each(w.two) {
        let p = v.masks[pivot];
        let near = T.peers[pivot] & w.two;
        // The pincers share one digit with the pivot: they hold one of its two.
        let (x, y) = (p.trailing_zeros() as usize, 31 - p.leading_zeros() as usize);
        for a in each(near & (v.cand[x] ^ v.cand[y])) {
            let am = v.masks[a];
            let z = am & !p;
            let want = (p & !am) | z;
            let zd = z.trailing_zeros() as usize;
            // The cells of two candidates holding both of `want`'s.
            for c in each(near & !((2 << a) - 1) & v.holding(want)) {
                let gone = v.cand[zd] & T.peers[a] & T.peers[c];
                if gone != 0 {
                    return Some(only(Technique::XyWing, zd, gone));
                }
            }
        }
    }
    None
}

/// XYZ-wing: pivot `xyz` with pincers `xz` and `yz` it sees; `z` leaves the cells that see
/// all three.
pub(super) fn xyz_wing(v: &View, w: &Census) -> Option<Found> {
    for pivot in each(w.three) {
        let p = v.masks[pivot];
        // The pincers: peers with two candidates, both the pivot's (two of its three:
        // the cells where at least two of its digits' boards meet).
        let [x, y, z] = {
            let lo = p.trailing_zeros() as usize;
            let hi = 31 - p.leading_zeros() as usize;
            let mid = (p & !(1 << lo) & !(1 << hi)).trailing_zeros() as usize;
            [v.cand[lo], v.cand[mid], v.cand[hi]]
        };
        let near = T.peers[pivot] & w.two & ((x & y) | (z & (x | y)));
        for a in each(near) {
            let am = v.masks[a];
            for c in each(near & !((2 << a) - 1) & !v.holding(am)) {
                let cm = v.masks[c];
                let zd = (am & cm).trailing_zeros() as usize;
                let gone = v.cand[zd] & T.peers[pivot] & T.peers[a] & T.peers[c];
                if gone != 0 {
                    return Some(only(Technique::XyzWing, zd, gone));
                }
            }
        }
    }
    None
}

/// W-wing: cells `a` and `c` both `xy`, not peers, and a unit where `x` has two places, one
/// seen by `a` and the other by `c`; `y` leaves the cells that see both. (The general ladder
/// stops at the first such unit for `x`, removing nothing when no cell sees both: whether a
/// step comes out depends on `a`, `c` and `y` alone.)
pub(super) fn w_wing(v: &View, w: &Census) -> Option<Found> {
    if !several(w.two) {
        return None;
    }
    // Each digit's strong units (where it has two places), made when a pair of cells first
    // needs them; `u32::MAX` until then (27 units use 27 bits).
    let mut strong = [u32::MAX; 9];
    for a in each(w.two) {
        let m = v.masks[a];
        let (lo, hi) = (m.trailing_zeros() as usize, 31 - m.leading_zeros() as usize);
        // The cells after `a` with the same two candidates that do not see it.
        let twins = w.two & !((2 << a) - 1) & v.holding(m) & !T.peers[a];
        for c in each(twins) {
            let both = T.peers[a] & T.peers[c];
            let ends: Cells = 1 << a | 1 << c;
            for (d, y) in [(lo, hi), (hi, lo)] {
                let gone = v.cand[y] & both;
                if gone == 0 {
                    continue;
                }
                if strong[d] == u32::MAX {
                    strong[d] = v.strong_units(d);
                }
                // (Every link tested, with `&` and `|` on the tests: the short-circuit
                // forms branch on each, and their outcomes follow no pattern.)
                let (sa, sc) = (T.peers[a], T.peers[c]);
                let linked = digits(strong[d]).fold(false, |any, u| {
                    // The unit's two places.
                    let p = v.cand[d] & T.unit[u];
                    let e = p & p.wrapping_neg();
                    let f = p & !e;
                    let apart = (e | f) & ends == 0;
                    let seen = ((sa & e != 0) & (sc & f != 0)) | ((sa & f != 0) & (sc & e != 0));
                    any | (apart & seen)
                });
                if linked {
                    return Some(only(Technique::WWing, y, gone));
                }
            }
        }
    }
    None
}
