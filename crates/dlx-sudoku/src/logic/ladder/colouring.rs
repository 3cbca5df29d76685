//! Simple colouring on sets of cells: one digit's conjugate pairs, coloured breadth first.

use super::cells::{CellSet, at_least, bits_of, each};
use super::found::{Board, Found, Pattern};
use crate::logic::step::Technique;

/// Simple colouring on one digit: the cells joined by conjugate pairs take two colours (the
/// component's first cell colour 0, breadth first); components of four cells or more only
/// (two or three cells prove a pointing, claiming or X-wing). A colour with two cells that
/// see each other goes (wrap); else the cells outside that see both colours lose the digit
/// (trap). Digits ascending, components by their first cell. `known` holds the digits
/// (bit `d`) known to have no colouring step; the digits found to have none join it.
#[inline]
pub(crate) fn simple_colouring<B: CellSet>(v: &Board<B>, known: &mut u32) -> Option<Found<B>> {
    // (The table of each unit's pair as long as the units: 30 up to 10×10.)
    match v.t.n {
        ..=10 => colouring::<B, 30>(v, known),
        _ => colouring::<B, 75>(v, known),
    }
}

/// [`simple_colouring`] on a board of `U` units or fewer.
#[inline]
fn colouring<B: CellSet, const U: usize>(v: &Board<B>, known: &mut u32) -> Option<Found<B>> {
    let t = v.t;
    for d in 0..t.n {
        if *known & 1 << d != 0 {
            continue;
        }
        let x = v.cand[d];
        // The units where the digit has two places: each one's two places, by unit (none
        // for the other units), and the cells they join.
        let links = t.units_with_two(x);
        let mut pair_in = [B::default(); U];
        let mut linked = B::default();
        for u in bits_of(links) {
            pair_in[u] = x & t.unit[u];
            linked |= pair_in[u];
        }
        // A cell's partners: the other places of its row, column and box, where those
        // hold two places.
        let partners = |e: usize| {
            let [r, c, b] = t.cell_units[e];
            pair_in[r as usize] | pair_in[c as usize] | pair_in[b as usize]
        };
        let mut done = B::default();
        while !(linked & !done).is_empty() {
            // A component, coloured from its first cell out a layer at a time: each cell
            // the colour of its distance's parity, as breadth first gives it.
            let start = (linked & !done).lowest();
            let mut side: [B; 2] = [start, B::default()];
            let (mut layer, mut colour) = (start, 0);
            done |= start;
            while !layer.is_empty() {
                let next = each(layer).fold(B::default(), |next, e| next | partners(e)) & !done;
                done |= next;
                colour = 1 - colour;
                side[colour] |= next;
                layer = next;
            }
            let component = side[0] | side[1];
            if !at_least(component, 4) {
                continue;
            }
            let pattern = Pattern::Colouring { cells: component };
            // The cells each colour sees; a colour that sees one of its own cells goes.
            let seen = side.map(|s| each(s).fold(B::default(), |m, e| m | t.peers[e]));
            for (s, seen) in side.into_iter().zip(seen) {
                if !(seen & s).is_empty() {
                    return Some(Found::only(Technique::SimpleColouring, d, s, pattern));
                }
            }
            let gone = x & !component & seen[0] & seen[1];
            if !gone.is_empty() {
                return Some(Found::only(Technique::SimpleColouring, d, gone, pattern));
            }
        }
        *known |= 1 << d;
    }
    None
}
