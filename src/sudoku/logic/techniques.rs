//! The techniques: each a function that looks at the candidates grid and returns the first
//! step it finds (which places a digit or removes at least one candidate), or `None`.

use super::board::{Candidates, Geometry, digits};
use super::step::{Step, Technique};

/// The first step of the ladder that applies, or `None` when only a guess is left.
pub(crate) fn next_step(g: &Geometry, b: &Candidates) -> Option<Step> {
    naked_single(g, b)
        .or_else(|| hidden_single(g, b))
        .or_else(|| intersection(g, b, true))
        .or_else(|| intersection(g, b, false))
        .or_else(|| naked_subset(g, b, 2))
        .or_else(|| hidden_subset(g, b, 2))
        .or_else(|| naked_subset(g, b, 3))
        .or_else(|| fish(g, b, 2))
        .or_else(|| hidden_subset(g, b, 3))
        .or_else(|| fish(g, b, 3))
        .or_else(|| xy_wing(g, b))
        .or_else(|| xyz_wing(g, b))
        .or_else(|| w_wing(g, b))
        .or_else(|| naked_subset(g, b, 4))
        .or_else(|| fish(g, b, 4))
        .or_else(|| hidden_subset(g, b, 4))
        .or_else(|| simple_colouring(g, b))
}

fn bit(v: u8) -> u32 {
    1 << (v - 1)
}

fn step(technique: Technique) -> Step {
    Step {
        technique,
        cells: Vec::new(),
        digits: Vec::new(),
        units: Vec::new(),
        place: Vec::new(),
        eliminate: Vec::new(),
    }
}

/// Sorts and returns the step when it eliminates something.
fn if_any(mut s: Step) -> Option<Step> {
    s.eliminate.sort_unstable();
    s.eliminate.dedup();
    (!s.eliminate.is_empty()).then_some(s)
}

/// The positions of digit `v` in unit `u`, as a mask over the unit's cell indices.
fn positions(g: &Geometry, b: &Candidates, u: usize, v: u8) -> u32 {
    let mut m = 0;
    for (i, &c) in g.cells(u).iter().enumerate() {
        if b.masks[c] & bit(v) != 0 {
            m |= 1 << i;
        }
    }
    m
}

/// The digits already placed in unit `u`.
fn placed(g: &Geometry, b: &Candidates, u: usize) -> u32 {
    g.cells(u)
        .iter()
        .filter(|&&c| b.values[c] != 0)
        .fold(0, |m, &c| m | bit(b.values[c]))
}

fn naked_single(_g: &Geometry, b: &Candidates) -> Option<Step> {
    let cell = (0..b.masks.len()).find(|&c| b.values[c] == 0 && b.masks[c].count_ones() == 1)?;
    let v = b.masks[cell].trailing_zeros() as u8 + 1;
    let mut s = step(Technique::NakedSingle);
    s.cells.push(cell);
    s.digits.push(v);
    s.place.push((cell, v));
    Some(s)
}

/// Boxes first (players scan them first), then rows, then columns.
fn hidden_single(g: &Geometry, b: &Candidates) -> Option<Step> {
    let n = g.n;
    for u in (2 * n..3 * n).chain(0..2 * n) {
        let (mut once, mut twice) = (0u32, 0u32);
        for &c in g.cells(u) {
            let m = b.masks[c];
            twice |= once & m;
            once |= m;
        }
        let single = once & !twice;
        if single != 0 {
            let v = single.trailing_zeros() as u8 + 1;
            let cell = *g.cells(u).iter().find(|&&c| b.masks[c] & bit(v) != 0)?;
            let mut s = step(Technique::HiddenSingle);
            s.cells.push(cell);
            s.digits.push(v);
            s.units.push(g.unit(u));
            s.place.push((cell, v));
            return Some(s);
        }
    }
    None
}

/// Pointing (`from_box`: a box's digit on one line) or claiming (a line's digit in one box).
fn intersection(g: &Geometry, b: &Candidates, from_box: bool) -> Option<Step> {
    let n = g.n;
    let bases = if from_box { 2 * n..3 * n } else { 0..2 * n };
    for u in bases {
        for v in 1..=n as u8 {
            let cells: Vec<usize> = g
                .cells(u)
                .iter()
                .copied()
                .filter(|&c| b.masks[c] & bit(v) != 0)
                .collect();
            if cells.len() < 2 {
                continue;
            }
            let first = g.cell_units[cells[0]];
            // The other unit all the cells share: a row or column inside a box, the box
            // for a line.
            let slots: &[usize] = if from_box { &[0, 1] } else { &[2] };
            for &k in slots {
                if cells.iter().all(|&c| g.cell_units[c][k] == first[k]) {
                    let other = first[k];
                    let mut s = step(if from_box {
                        Technique::Pointing
                    } else {
                        Technique::Claiming
                    });
                    for &c in g.cells(other) {
                        if b.masks[c] & bit(v) != 0 && !cells.contains(&c) {
                            s.eliminate.push((c, v));
                        }
                    }
                    s.units = vec![g.unit(u), g.unit(other)];
                    s.cells = cells.clone();
                    s.digits.push(v);
                    if let Some(s) = if_any(s) {
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

/// Calls `found` with each set of `k` indices of `masks` whose union has exactly `k` bits
/// (masks of 0 or more than `k` bits are never chosen), until it returns `true`.
fn subsets(masks: &[u32], k: usize, found: &mut dyn FnMut(&[usize], u32) -> bool) -> bool {
    fn go(
        masks: &[u32],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        union: u32,
        found: &mut dyn FnMut(&[usize], u32) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return union.count_ones() as usize == k && found(chosen, union);
        }
        for i in start..masks.len() {
            let m = masks[i];
            if m == 0 || m.count_ones() as usize > k {
                continue;
            }
            let u = union | m;
            if u.count_ones() as usize > k {
                continue;
            }
            chosen.push(i);
            if go(masks, k, i + 1, chosen, u, found) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    go(masks, k, 0, &mut Vec::with_capacity(k), 0, found)
}

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

fn fish_technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

/// `k` cells of a unit with `k` candidates between them: those digits leave the unit's
/// other cells.
fn naked_subset(g: &Geometry, b: &Candidates, k: usize) -> Option<Step> {
    for u in 0..3 * g.n {
        let cells = g.cells(u);
        // Single-candidate cells are naked singles, not part of a subset.
        let masks: Vec<u32> = cells
            .iter()
            .map(|&c| {
                if b.masks[c].count_ones() >= 2 {
                    b.masks[c]
                } else {
                    0
                }
            })
            .collect();
        if masks.iter().filter(|&&m| m != 0).count() <= k {
            continue;
        }
        let mut result = None;
        subsets(&masks, k, &mut |chosen, union| {
            let mut s = step(naked_technique(k));
            s.cells = chosen.iter().map(|&i| cells[i]).collect();
            s.digits = digits(union);
            s.units.push(g.unit(u));
            for (i, &c) in cells.iter().enumerate() {
                if !chosen.contains(&i) {
                    for v in digits(b.masks[c] & union) {
                        s.eliminate.push((c, v));
                    }
                }
            }
            result = if_any(s);
            result.is_some()
        });
        if result.is_some() {
            return result;
        }
    }
    None
}

/// `k` digits with `k` places between them in a unit: those cells hold nothing else.
fn hidden_subset(g: &Geometry, b: &Candidates, k: usize) -> Option<Step> {
    let n = g.n;
    for u in 0..3 * n {
        let cells = g.cells(u);
        let done = placed(g, b, u);
        // Digit v − 1's places in the unit; a digit with one place is a hidden single.
        let masks: Vec<u32> = (1..=n as u8)
            .map(|v| {
                let p = if done & bit(v) != 0 {
                    0
                } else {
                    positions(g, b, u, v)
                };
                if p.count_ones() >= 2 { p } else { 0 }
            })
            .collect();
        if masks.iter().filter(|&&m| m != 0).count() <= k {
            continue;
        }
        let mut result = None;
        subsets(&masks, k, &mut |chosen, union| {
            let keep: u32 = chosen.iter().fold(0, |m, &i| m | 1 << i);
            let mut s = step(hidden_technique(k));
            s.digits = chosen.iter().map(|&i| i as u8 + 1).collect();
            s.units.push(g.unit(u));
            for (i, &c) in cells.iter().enumerate() {
                if union & (1 << i) != 0 {
                    s.cells.push(c);
                    for v in digits(b.masks[c] & !keep) {
                        s.eliminate.push((c, v));
                    }
                }
            }
            result = if_any(s);
            result.is_some()
        });
        if result.is_some() {
            return result;
        }
    }
    None
}

/// Fish of size `k`: digit `v` in `k` base lines (rows, or columns) fits only in `k` cover
/// lines (columns, or rows) between them; `v` leaves the cover lines' other cells.
fn fish(g: &Geometry, b: &Candidates, k: usize) -> Option<Step> {
    let n = g.n;
    for v in 1..=n as u8 {
        for rows_are_base in [true, false] {
            let base0 = if rows_are_base { 0 } else { n };
            let cover0 = if rows_are_base { n } else { 0 };
            let masks: Vec<u32> = (0..n)
                .map(|i| {
                    let p = positions(g, b, base0 + i, v);
                    if p.count_ones() >= 2 { p } else { 0 }
                })
                .collect();
            if masks.iter().filter(|&&m| m != 0).count() <= k {
                continue;
            }
            let mut result = None;
            subsets(&masks, k, &mut |chosen, union| {
                let mut s = step(fish_technique(k));
                s.digits.push(v);
                s.units = chosen.iter().map(|&i| g.unit(base0 + i)).collect();
                for j in 0..n {
                    if union & (1 << j) != 0 {
                        s.units.push(g.unit(cover0 + j));
                        for (i, &c) in g.cells(cover0 + j).iter().enumerate() {
                            if b.masks[c] & bit(v) == 0 {
                                continue;
                            }
                            if chosen.contains(&i) {
                                s.cells.push(c);
                            } else {
                                s.eliminate.push((c, v));
                            }
                        }
                    }
                }
                s.cells.sort_unstable();
                result = if_any(s);
                result.is_some()
            });
            if result.is_some() {
                return result;
            }
        }
    }
    None
}

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
fn xy_wing(g: &Geometry, b: &Candidates) -> Option<Step> {
    let cells = b.masks.len();
    for pivot in 0..cells {
        let p = b.masks[pivot];
        if p.count_ones() != 2 {
            continue;
        }
        for &a in &g.peers[pivot] {
            let am = b.masks[a];
            if am.count_ones() != 2 || (am & p).count_ones() != 1 {
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
fn xyz_wing(g: &Geometry, b: &Candidates) -> Option<Step> {
    for pivot in 0..b.masks.len() {
        let p = b.masks[pivot];
        if p.count_ones() != 3 {
            continue;
        }
        for &a in &g.peers[pivot] {
            let am = b.masks[a];
            if am.count_ones() != 2 || am & !p != 0 {
                continue;
            }
            for &c in &g.peers[pivot] {
                let cm = b.masks[c];
                if c <= a || cm.count_ones() != 2 || cm & !p != 0 || cm == am {
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
fn w_wing(g: &Geometry, b: &Candidates) -> Option<Step> {
    let cells = b.masks.len();
    for a in 0..cells {
        let m = b.masks[a];
        if m.count_ones() != 2 {
            continue;
        }
        for c in a + 1..cells {
            if b.masks[c] != m || g.sees(a, c) {
                continue;
            }
            for x in digits(m) {
                let y = digits(m & !bit(x))[0];
                let gone = seen_by_all(g, b, &[a, c], y);
                if gone.is_empty() {
                    continue;
                }
                for u in 0..3 * g.n {
                    let p = positions(g, b, u, x);
                    if p.count_ones() != 2 {
                        continue;
                    }
                    let i = p.trailing_zeros() as usize;
                    let j = (p & (p - 1)).trailing_zeros() as usize;
                    let (e, f) = (g.cells(u)[i], g.cells(u)[j]);
                    if [e, f].iter().any(|q| *q == a || *q == c) {
                        continue;
                    }
                    let (e, f) = if g.sees(a, e) && g.sees(c, f) {
                        (e, f)
                    } else if g.sees(a, f) && g.sees(c, e) {
                        (f, e)
                    } else {
                        continue;
                    };
                    let mut s = step(Technique::WWing);
                    s.cells = vec![a, c, e, f];
                    s.digits = vec![x, y];
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
fn simple_colouring(g: &Geometry, b: &Candidates) -> Option<Step> {
    let n = g.n;
    let cells = b.masks.len();
    for v in 1..=n as u8 {
        // Conjugate pairs of v.
        let mut links: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for u in 0..3 * n {
            let p = positions(g, b, u, v);
            if p.count_ones() == 2 {
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
