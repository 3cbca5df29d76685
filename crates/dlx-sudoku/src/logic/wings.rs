//! The general ladder's wings (XY, XYZ, W) and simple colouring, on any shape: each a
//! function that returns the first step it finds, in the order `techniques.rs` documents.

use super::board::{Candidates, digits};
use super::places::{Ctx, Ones, bit, if_any, step};
use super::step::{Step, Technique};
use crate::geometry::Geometry;

/// Cells other than `not` that see every cell of `wings` and hold `v`, as eliminations.
fn seen_by_all(g: &Geometry, b: &Candidates, wings: &[usize], v: u8) -> Vec<(usize, u8)> {
    g.peers[wings[0]]
        .iter()
        .copied()
        .filter(|&c| {
            b.masks[c] & bit(v) != 0
                && !wings.contains(&c)
                && wings[1..].iter().all(|&w| g.sees(c, w))
        })
        .map(|c| (c, v))
        .collect()
}

/// XY-wing: pivot `xy`, pincers `xz` and `yz` that the pivot sees; `z` leaves every cell
/// that sees both pincers.
pub(super) fn xy_wing(x: &Ctx) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let cells = b.masks.len();
    for pivot in 0..cells {
        let p = b.masks[pivot];
        if p.ones() != 2 {
            continue;
        }
        for &a in &g.peers[pivot] {
            let am = b.masks[a];
            if am.ones() != 2 || (am & p).ones() != 1 {
                continue;
            }
            let z = am & !p;
            let want = (p & !am) | z;
            for &c in &g.peers[pivot] {
                if c <= a || b.masks[c] != want {
                    continue;
                }
                let zv = z.trailing_zeros() as u8 + 1;
                let mut s = step(Technique::XyWing);
                s.cells = vec![pivot, a, c];
                s.digits = digits(p | z);
                s.digits.retain(|&d| d != zv);
                s.digits.push(zv);
                s.eliminate = seen_by_all(g, b, &[a, c], zv);
                if let Some(s) = if_any(s) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// XYZ-wing: pivot `xyz`, pincers `xz` and `yz` that it sees; `z` leaves every cell that
/// sees all three.
pub(super) fn xyz_wing(x: &Ctx) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    for pivot in 0..b.masks.len() {
        let p = b.masks[pivot];
        if p.ones() != 3 {
            continue;
        }
        for &a in &g.peers[pivot] {
            let am = b.masks[a];
            if am.ones() != 2 || am & !p != 0 {
                continue;
            }
            for &c in &g.peers[pivot] {
                let cm = b.masks[c];
                if c <= a || cm.ones() != 2 || cm & !p != 0 || cm == am {
                    continue;
                }
                let z = am & cm;
                let zv = z.trailing_zeros() as u8 + 1;
                let mut s = step(Technique::XyzWing);
                s.cells = vec![pivot, a, c];
                s.digits = digits(p);
                s.digits.retain(|&d| d != zv);
                s.digits.push(zv);
                s.eliminate = seen_by_all(g, b, &[pivot, a, c], zv);
                if let Some(s) = if_any(s) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// W-wing: cells `a` and `c` both `xy`, not peers; in some unit `x` has exactly two places,
/// one seen by `a` and one by `c`. Then `a` or `c` is `y`: `y` leaves every cell that sees
/// both.
pub(super) fn w_wing(x: &Ctx) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let n = g.n;
    let bivalue: Vec<usize> = (0..b.masks.len())
        .filter(|&c| b.masks[c].ones() == 2)
        .collect();
    if bivalue.len() < 2 {
        return None;
    }
    // Strong links: (digit, unit, the two cells).
    let mut links: Vec<(u8, usize, usize, usize)> = Vec::new();
    for u in 0..3 * n {
        for v in 1..=n as u8 {
            let p = x.pos(u, v);
            if p.ones() == 2 {
                let i = p.trailing_zeros() as usize;
                let j = (p & (p - 1)).trailing_zeros() as usize;
                links.push((v, u, g.cells(u)[i], g.cells(u)[j]));
            }
        }
    }
    for (k, &a) in bivalue.iter().enumerate() {
        let m = b.masks[a];
        for &c in &bivalue[k + 1..] {
            if b.masks[c] != m || g.sees(a, c) {
                continue;
            }
            for d in digits(m) {
                let y = digits(m & !bit(d))[0];
                for &(v, u, e, f) in &links {
                    if v != d || [e, f].iter().any(|q| *q == a || *q == c) {
                        continue;
                    }
                    let (e, f) = if g.sees(a, e) && g.sees(c, f) {
                        (e, f)
                    } else if g.sees(a, f) && g.sees(c, e) {
                        (f, e)
                    } else {
                        continue;
                    };
                    let gone = seen_by_all(g, b, &[a, c], y);
                    if gone.is_empty() {
                        break;
                    }
                    let mut s = step(Technique::WWing);
                    s.cells = vec![a, c, e, f];
                    s.digits = vec![d, y];
                    s.units.push(g.unit(u));
                    s.eliminate = gone;
                    return if_any(s);
                }
            }
        }
    }
    None
}

/// Simple colouring on one digit: the cells joined by conjugate pairs (a unit where the
/// digit has exactly two places) take two colours, one of which is all true. A colour with
/// two cells in one unit is false (colour wrap); a cell that sees both colours is false
/// (colour trap).
pub(super) fn simple_colouring(x: &Ctx) -> Option<Step> {
    let (g, b) = (x.g, x.b);
    let n = g.n;
    let cells = b.masks.len();
    for v in 1..=n as u8 {
        // Conjugate pairs of v.
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for u in 0..3 * n {
            let p = x.pos(u, v);
            if p.ones() == 2 {
                let i = p.trailing_zeros() as usize;
                let j = (p & (p - 1)).trailing_zeros() as usize;
                let (e, f) = (g.cells(u)[i], g.cells(u)[j]);
                links[e].push(f);
                links[f].push(e);
            }
        }
        let mut colour = vec![u8::MAX; cells];
        for start in 0..cells {
            if links[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            // One component, coloured 0/1 by breadth-first search.
            let mut comp = vec![start];
            colour[start] = 0;
            let mut i = 0;
            while i < comp.len() {
                let e = comp[i];
                for &f in &links[e] {
                    if colour[f] == u8::MAX {
                        colour[f] = 1 - colour[e];
                        comp.push(f);
                    }
                }
                i += 1;
            }
            if comp.len() < 4 {
                // Two or three cells: what they prove is a pointing, claiming or X-wing.
                continue;
            }
            comp.sort_unstable();
            let mut s = step(Technique::SimpleColouring);
            s.cells = comp.clone();
            s.digits.push(v);
            // Colour wrap.
            for side in 0..2u8 {
                let same: Vec<usize> = comp
                    .iter()
                    .copied()
                    .filter(|&c| colour[c] == side)
                    .collect();
                let wrapped = same
                    .iter()
                    .enumerate()
                    .any(|(i, &e)| same[i + 1..].iter().any(|&f| g.sees(e, f)));
                if wrapped {
                    s.eliminate = same.iter().map(|&c| (c, v)).collect();
                    return if_any(s);
                }
            }
            // Colour trap.
            for c in 0..cells {
                if b.masks[c] & bit(v) == 0 || comp.binary_search(&c).is_ok() {
                    continue;
                }
                let sees = |side: u8| comp.iter().any(|&e| colour[e] == side && g.sees(c, e));
                if sees(0) && sees(1) {
                    s.eliminate.push((c, v));
                }
            }
            if let Some(s) = if_any(s) {
                return Some(s);
            }
        }
    }
    None
}
