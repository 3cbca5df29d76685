//! The XY-wing, the XYZ-wing and the W-wing on sets of cells.

use super::cells::{CellSet, bits_of, each, several};
use super::found::{Board, Found, Pattern};
use crate::logic::step::Technique;

/// XY-wing: pivot `xy` with pincers `xz` and `yz` it sees; `z` leaves the cells that see both
/// pincers. Pivots in reading order, then the first pincer, then the second. `two` holds the
/// cells with two candidates.
#[inline]
pub(crate) fn xy_wing<B: CellSet>(v: &Board<B>, two: B) -> Option<Found<B>> {
    let t = v.t;
    for pivot in each(two) {
        let p = v.masks[pivot];
        let near = t.peers[pivot] & two;
        // The pincers share one digit with the pivot: they hold one of its two.
        let (x, y) = (p.trailing_zeros() as usize, 31 - p.leading_zeros() as usize);
        // (A wing needs a pincer on each side: one holding `x`, not `y`, and one the other
        // way.)
        let (with_x, with_y) = (near & v.cand[x] & !v.cand[y], near & v.cand[y] & !v.cand[x]);
        if with_x.is_empty() || with_y.is_empty() {
            continue;
        }
        for a in each(with_x | with_y) {
            let am = v.masks[a];
            let z = am & !p;
            let want = (p & !am) | z;
            let zd = z.trailing_zeros() as usize;
            // The cells of two candidates holding both of `want`'s.
            for c in each(near & B::after(a) & v.holding(want)) {
                let gone = v.cand[zd] & t.peers[a] & t.peers[c];
                if !gone.is_empty() {
                    let pattern = Pattern::Wing {
                        cells: [pivot as u16, a as u16, c as u16],
                        digits: p | z,
                        z: zd as u8,
                    };
                    return Some(Found::only(Technique::XyWing, zd, gone, pattern));
                }
            }
        }
    }
    None
}

/// XYZ-wing: pivot `xyz` with pincers `xz` and `yz` it sees; `z` leaves the cells that see
/// all three. `two` and `three` hold the cells with two and three candidates.
#[inline]
pub(crate) fn xyz_wing<B: CellSet>(v: &Board<B>, two: B, three: B) -> Option<Found<B>> {
    let t = v.t;
    for pivot in each(three) {
        let p = v.masks[pivot];
        // The pincers: peers with two candidates, both the pivot's (two of its three:
        // the cells where at least two of its digits' boards meet).
        let [x, y, z] = {
            let lo = p.trailing_zeros() as usize;
            let hi = 31 - p.leading_zeros() as usize;
            let mid = (p & !(1 << lo) & !(1 << hi)).trailing_zeros() as usize;
            [v.cand[lo], v.cand[mid], v.cand[hi]]
        };
        let near = t.peers[pivot] & two;
        // The pincers hold two of the pivot's three digits; a wing needs two pincers that
        // differ.
        let (xy, xz, yz) = (near & x & y, near & x & z, near & y & z);
        let kinds = [xy, xz, yz].iter().filter(|p| !p.is_empty()).count();
        if kinds < 2 {
            continue;
        }
        let near = xy | xz | yz;
        for a in each(near) {
            let am = v.masks[a];
            for c in each(near & B::after(a) & !v.holding(am)) {
                let cm = v.masks[c];
                let zd = (am & cm).trailing_zeros() as usize;
                let gone = v.cand[zd] & t.peers[pivot] & t.peers[a] & t.peers[c];
                if !gone.is_empty() {
                    let pattern = Pattern::Wing {
                        cells: [pivot as u16, a as u16, c as u16],
                        digits: p,
                        z: zd as u8,
                    };
                    return Some(Found::only(Technique::XyzWing, zd, gone, pattern));
                }
            }
        }
    }
    None
}

/// W-wing: cells `a` and `c` both `xy`, not peers, and a unit where `x` has two places, one
/// seen by `a` and the other by `c`; `y` leaves the cells that see both. The pairs of cells
/// in reading order, `x` the smaller digit first, the first such unit. `two` holds the cells
/// with two candidates.
#[inline]
pub(crate) fn w_wing<B: CellSet>(v: &Board<B>, two: B) -> Option<Found<B>> {
    if !several(two) {
        return None;
    }
    let t = v.t;
    // Each digit's strong units (where it has two places), made when a pair of cells first
    // needs them; `u128::MAX` until then (75 units at most use 75 bits).
    let mut strong = [u128::MAX; 25];
    for a in each(two) {
        let m = v.masks[a];
        let (lo, hi) = (m.trailing_zeros() as usize, 31 - m.leading_zeros() as usize);
        // The cells after `a` with the same two candidates that do not see it.
        let twins = two & B::after(a) & v.holding(m) & !t.peers[a];
        for c in each(twins) {
            let both = t.peers[a] & t.peers[c];
            let ends = B::cell(a) | B::cell(c);
            for (d, y) in [(lo, hi), (hi, lo)] {
                let gone = v.cand[y] & both;
                if gone.is_empty() {
                    continue;
                }
                if strong[d] == u128::MAX {
                    strong[d] = t.units_with_two(v.cand[d]);
                }
                let links = strong[d];
                let (sa, sc) = (t.peers[a], t.peers[c]);
                let seen = |q: B, s: B| !(q & s).is_empty();
                // A unit's two places `p` link `a` and `c` when neither is `a` or `c`, and
                // one is seen by `a`, the other by `c`: when `a` sees some of them, `c` sees
                // some, and between them they see both. (Every link tested, with `&` on the
                // tests: the short-circuit forms branch on each, and their outcomes follow no
                // pattern.)
                let x = v.cand[d];
                let any = bits_of(links).fold(false, |any, u| {
                    let p = x & t.unit[u];
                    let (pa, pc) = (p & sa, p & sc);
                    let link =
                        (p & ends).is_empty() & !pa.is_empty() & !pc.is_empty() & ((pa | pc) == p);
                    any | link
                });
                // The first such unit, and its place `a` sees, then the one `c` sees.
                let link = any.then(|| {
                    bits_of(links).find_map(|u| {
                        let p = v.cand[d] & t.unit[u];
                        let (e, f) = (p.lowest(), p.less_first());
                        let apart = ((e | f) & ends).is_empty();
                        match (seen(e, sa) && seen(f, sc), seen(f, sa) && seen(e, sc)) {
                            _ if !apart => None,
                            (true, _) => Some((u, e.first(), f.first())),
                            (_, true) => Some((u, f.first(), e.first())),
                            _ => None,
                        }
                    })
                });
                if let Some((u, e, f)) = link.flatten() {
                    let pattern = Pattern::WWing {
                        cells: [a, c, e, f].map(|c| c as u16),
                        x: d as u8,
                        y: y as u8,
                        unit: u as u8,
                    };
                    return Some(Found::only(Technique::WWing, y, gone, pattern));
                }
            }
        }
    }
    None
}
