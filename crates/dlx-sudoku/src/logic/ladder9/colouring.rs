//! Simple colouring on bitboards: one digit's conjugate pairs, coloured breadth first.

use super::bits::{Cells, T, at_least, digits, each, units_of};
use super::memo::Memo;
use super::view::{Found, View, only};
use crate::logic::step::Technique;

/// Simple colouring on one digit: the cells joined by conjugate pairs take two colours (the
/// component's first cell colour 0, breadth first, as the general ladder colours them);
/// components of four cells or more only. A colour with two cells that see each other goes
/// (wrap); else the cells outside that see both colours lose the digit (trap).
pub(super) fn simple_colouring(v: &View, memo: &mut Memo) -> Option<Found> {
    for d in 0..9 {
        if memo.colouring & 1 << d != 0 {
            continue;
        }
        let x = v.cand[d];
        // The units where the digit has two places (bit `u`): each one's two places, by
        // unit (none for the other units), and the cells they join.
        let links = v.strong_units(d);
        let mut pair_in = [0 as Cells; 27];
        let mut linked: Cells = 0;
        for u in digits(links) {
            pair_in[u] = x & T.unit[u];
            linked |= pair_in[u];
        }
        // A cell's partners: the other places of its row, column and box, where those
        // hold two places.
        let partners = |e: usize| units_of(e).iter().fold(0, |m, &u| m | pair_in[u]);
        let mut done: Cells = 0;
        while linked & !done != 0 {
            // A component, coloured from its first cell out a layer at a time: each cell
            // the colour of its distance's parity, as breadth first gives it.
            let start = linked & !done;
            let start = start & start.wrapping_neg();
            let mut side: [Cells; 2] = [start, 0];
            let (mut layer, mut colour) = (start, 0);
            done |= start;
            while layer != 0 {
                let next = each(layer).fold(0, |next, e| next | partners(e)) & !done;
                done |= next;
                colour = 1 - colour;
                side[colour] |= next;
                layer = next;
            }
            if !at_least(side[0] | side[1], 4) {
                continue;
            }
            // The cells each colour sees; a colour that sees one of its own cells goes.
            let seen = side.map(|s| each(s).fold(0, |m, e| m | T.peers[e]));
            for (s, seen) in side.into_iter().zip(seen) {
                if seen & s != 0 {
                    return Some(only(Technique::SimpleColouring, d, s));
                }
            }
            let gone = x & !(side[0] | side[1]) & seen[0] & seen[1];
            if gone != 0 {
                return Some(only(Technique::SimpleColouring, d, gone));
            }
        }
        memo.colouring |= 1 << d;
    }
    None
}
