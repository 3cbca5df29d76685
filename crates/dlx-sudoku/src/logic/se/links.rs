//! SE's strong-link chains on one digit ("Scraper, Kite, Turbot" with 2 links, the
//! 3- and 4-strong-link fishes): a chain of conjugate links in different units, each
//! joined to the next by a weak link (both ends in one unit), removes the digit from the
//! cells that see both ends of the chain. A link is two cells, or two groups when the
//! unit holds the digit in more cells (a line in two of its boxes, a box in one row and
//! one column of it, or in two of its rows or columns): the chain is then "grouped".
//!
//! Difficulty: 4.0 (2 links), 5.4 (3), 5.8 (4), plus 0.3 when grouped, else plus 0.1 when
//! the units mix rows and columns or use a box, 0.2 when they use a box and both kinds of
//! line. Of all chains found SE applies the easiest, then the one removing most, then the
//! smallest suffix of its name.

use super::board::with_digit;
use super::board::{Board, UNITS, units_of};
use super::cells::{Cells, UNIT_CELLS, common_unit, removals, seeing_all};
use super::step::{Effect, SeStep};

/// A strong link in `unit`: the digit is in `a` or in `b`.
#[derive(Clone, Copy, Debug)]
struct Link {
    unit: usize,
    a: Cells,
    b: Cells,
    grouped: bool,
}

/// The base difficulty of a chain of 2, 3 and 4 links, in tenths.
const BASE: [u8; 3] = [40, 54, 58];

/// The cells of a unit at the given positions (0..9 within the unit).
fn at(unit: usize, positions: u16) -> Cells {
    (0..9)
        .filter(|i| positions & (1 << i) != 0)
        .fold(0, |acc, i| acc | 1 << UNITS[unit][i])
}

/// The positions of a box's row `r` (0..3) or column `c`.
const fn box_row(r: usize) -> u16 {
    0b111 << (3 * r)
}
const fn box_col(c: usize) -> u16 {
    0b1001001 << c
}

/// The grouped links of a box holding the digit at `pos` (3 to 6 positions): the first
/// layout SE tries that leaves a part of the box empty decides: a cross (a row and a
/// column of the box, meeting at the "heart"), or, from 4 positions, two rows or columns.
fn box_links(unit: usize, pos: u16, out: &mut Vec<Link>) {
    for heart in 0..9 {
        let (row, col) = (box_row(heart / 3), box_col(heart % 3));
        if pos & !(row | col) != 0 {
            continue;
        }
        let h = 1u16 << heart;
        let (r, c) = (pos & row & !h, pos & col & !h);
        if r != 0 && c != 0 {
            let link = |a, b| Link {
                unit,
                a: at(unit, a),
                b: at(unit, b),
                grouped: true,
            };
            if pos & h != 0 {
                out.push(link(r | h, c));
                out.push(link(r, c | h));
            } else {
                out.push(link(r, c));
            }
        }
        return;
    }
    if pos.count_ones() < 4 {
        return;
    }
    let pairs: [(u16, u16); 6] = [
        (box_row(0), box_row(1)),
        (box_row(0), box_row(2)),
        (box_row(1), box_row(2)),
        (box_col(0), box_col(1)),
        (box_col(0), box_col(2)),
        (box_col(1), box_col(2)),
    ];
    for (p, q) in pairs {
        if pos & !(p | q) == 0 {
            if pos & p != 0 && pos & q != 0 {
                out.push(Link {
                    unit,
                    a: at(unit, pos & p),
                    b: at(unit, pos & q),
                    grouped: true,
                });
            }
            return;
        }
    }
}

/// The links of `digit` in every unit, in unit order.
fn links(board: &Board, digit: u8) -> Vec<Link> {
    let mut out = Vec::new();
    for unit in 0..27 {
        let pos = board.positions(unit, digit);
        match pos.count_ones() {
            2 => {
                let first = pos & pos.wrapping_neg();
                out.push(Link {
                    unit,
                    a: at(unit, first),
                    b: at(unit, pos & !first),
                    grouped: false,
                });
            }
            3..=6 if unit < 9 => box_links(unit, pos, &mut out),
            3..=6 => {
                // A line: the digit in exactly two of the three boxes it crosses.
                let parts: Vec<u16> = (0..3)
                    .map(|s| pos & (0b111 << (3 * s)))
                    .filter(|&p| p != 0)
                    .collect();
                if parts.len() == 2 {
                    out.push(Link {
                        unit,
                        a: at(unit, parts[0]),
                        b: at(unit, parts[1]),
                        grouped: true,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// SE's kind of a unit in link names: 0 box, 1 row, 2 column.
fn kind(unit: usize) -> u8 {
    match unit {
        0..=8 => 0,
        9..=17 => 1,
        _ => 2,
    }
}

/// The suffix SE names a chain with: the number of grouped links, then the kinds of the
/// units in a canonical order (rows and columns may swap, the chain may reverse).
fn suffix(chain: &[Link]) -> String {
    let grouped = chain.iter().filter(|l| l.grouped).count();
    let text = |kinds: &[u8]| {
        kinds
            .iter()
            .map(|k| char::from(b'0' + k))
            .collect::<String>()
    };
    let mut kinds: Vec<u8> = chain.iter().map(|l| kind(l.unit)).collect();
    let reversed: Vec<u8> = kinds.iter().rev().copied().collect();
    if text(&kinds) > text(&reversed) {
        kinds = reversed;
    }
    let lines = if kinds.contains(&1) {
        let swapped: Vec<u8> = kinds.iter().map(|&k| [0, 2, 1][k as usize]).collect();
        let back: Vec<u8> = swapped.iter().rev().copied().collect();
        [text(&kinds), text(&swapped), text(&back)]
            .into_iter()
            .min()
            .expect("three names")
    } else {
        text(&kinds.iter().map(|&k| k.min(1)).collect::<Vec<_>>())
    };
    format!("{grouped}{lines}")
}

/// The difficulty of a chain with this suffix, in tenths.
fn difficulty(links: usize, suffix: &str) -> u8 {
    let kinds = &suffix[1..];
    let extra = if !suffix.starts_with('0') {
        3
    } else if !kinds.contains('0') && !kinds.contains('2') {
        0
    } else if kinds.contains('0') && kinds.contains('2') {
        2
    } else {
        1
    };
    BASE[links - 2] + extra
}

/// SE's name of a chain: "Skyscraper 011", "2-String Kite 012", "Grouped 3 Strong links
/// 1012", "(3 Strong Links) X-Loop 0111".
fn name(links: usize, suffix: &str, ring: bool) -> String {
    let kinds = &suffix[1..];
    let grouped = !suffix.starts_with('0');
    let base = if ring {
        let g = if grouped { "Grouped " } else { "" };
        format!("({links} Strong Links) {g}X-Loop")
    } else if !kinds.contains('0') && !kinds.contains('2') {
        if links < 3 {
            "Skyscraper".to_string()
        } else {
            format!("{links} Skyscrapers")
        }
    } else if !kinds.contains('0') && links < 4 {
        format!("{links}-String Kite")
    } else {
        format!("{links} Strong links")
    };
    let g = if grouped && !ring { "Grouped " } else { "" };
    format!("{g}{base} {suffix}")
}

/// A chain found: its removals and SE's sort key (difficulty, more removals first, suffix).
struct Found {
    tenths: u8,
    removed: Cells,
    suffix: String,
    ring: bool,
}

impl Found {
    fn key(&self) -> (u8, std::cmp::Reverse<u32>, &str) {
        (
            self.tenths,
            std::cmp::Reverse(self.removed.count_ones()),
            &self.suffix,
        )
    }
}

/// The removals of a complete chain (oriented links), or `None` if it removes nothing.
fn removed_by(chain: &[Link], with: Cells) -> Option<(Cells, bool)> {
    let (start, end) = (chain[0].a, chain[chain.len() - 1].b);
    let bases = chain.iter().fold(0, |acc, l| acc | UNIT_CELLS[l.unit]);
    let ring = start & end == 0 && common_unit(start | end).is_some();
    let mut removed = seeing_all(start | end);
    if ring {
        for pair in chain.windows(2) {
            removed |= seeing_all(pair[0].b | pair[1].a);
        }
    } else {
        for pair in chain.windows(2) {
            let share = common_unit(pair[0].b | pair[1].a).expect("a weak link");
            removed &= !UNIT_CELLS[share];
        }
    }
    removed &= with & !bases;
    (removed != 0).then_some((removed, ring))
}

/// The links of one digit, each both ways ((a, b) then (b, a), in the order of `links`),
/// with what may follow each: the oriented links of another unit whose start shares a
/// unit with its end. A digit has at most two links per box and one per line, so 72
/// oriented links.
struct Graph {
    links: Vec<Link>,
    /// Per oriented link, its cells (both ends).
    cells: Vec<Cells>,
    /// Per oriented link, the oriented links that may follow it (a bit each).
    next: Vec<u128>,
    /// Per oriented link, the oriented links of its unit.
    same_unit: Vec<u128>,
}

impl Graph {
    fn new(links: &[Link]) -> Graph {
        let oriented: Vec<Link> = links
            .iter()
            .flat_map(|l| {
                [
                    *l,
                    Link {
                        a: l.b,
                        b: l.a,
                        ..*l
                    },
                ]
            })
            .collect();
        assert!(
            oriented.len() <= 128,
            "at most two links per box and one per line"
        );
        // The units holding all of a set of cells (a bit each): a set of two sets shares
        // a unit when the units holding each meet.
        let holding = |set: Cells| {
            let [b, r, c] = units_of(set.trailing_zeros() as usize);
            [b, r, c]
                .into_iter()
                .filter(|&u| set & !UNIT_CELLS[u] == 0)
                .fold(0u32, |acc, u| acc | 1 << u)
        };
        let (starts, ends): (Vec<u32>, Vec<u32>) = oriented
            .iter()
            .map(|l| (holding(l.a), holding(l.b)))
            .unzip();
        let mut by_unit = [0u128; 27];
        for (j, l) in oriented.iter().enumerate() {
            by_unit[l.unit] |= 1 << j;
        }
        let next = oriented
            .iter()
            .zip(&ends)
            .map(|(l, &end)| {
                starts
                    .iter()
                    .enumerate()
                    .filter(|&(_, &start)| start & end != 0)
                    .fold(0u128, |acc, (j, _)| acc | 1 << j)
                    & !by_unit[l.unit]
            })
            .collect();
        let same_unit = oriented.iter().map(|l| by_unit[l.unit]).collect();
        Graph {
            cells: oriented.iter().map(|l| l.a | l.b).collect(),
            links: oriented,
            next,
            same_unit,
        }
    }
}

/// Extends `chain` (oriented links of `g`, the last `last`) by links of other units
/// joined to its end, up to `n` links, and keeps the best complete chain in `best`;
/// `banned` holds the oriented links of the chain's units, `used` its cells.
fn extend(
    g: &Graph,
    chain: &mut Vec<Link>,
    (last, banned, used): (usize, u128, Cells),
    n: usize,
    with: Cells,
    best: &mut Option<(Found, Vec<Link>)>,
) {
    if chain.len() == n {
        if let Some((removed, ring)) = removed_by(chain, with) {
            let suffix = suffix(chain);
            let found = Found {
                tenths: difficulty(n, &suffix),
                removed,
                suffix,
                ring,
            };
            if best.as_ref().is_none_or(|(b, _)| found.key() < b.key()) {
                *best = Some((found, chain.clone()));
            }
        }
        return;
    }
    let mut options = g.next[last] & !banned;
    while options != 0 {
        let j = options.trailing_zeros() as usize;
        options &= options - 1;
        if g.cells[j] & used != 0 {
            continue;
        }
        chain.push(g.links[j]);
        let state = (j, banned | g.same_unit[j], used | g.cells[j]);
        extend(g, chain, state, n, with, best);
        chain.pop();
    }
}

/// The easiest chain of `n` strong links SE would apply, if any.
pub(crate) fn strong_links(board: &Board, n: usize) -> Option<SeStep> {
    let mut best: Option<(u8, Found)> = None;
    for digit in 1..=9u8 {
        let g = Graph::new(&links(board, digit));
        let with = with_digit(board, digit);
        let mut found = None;
        let mut chain = Vec::with_capacity(n);
        for (i, &link) in g.links.iter().enumerate() {
            chain.push(link);
            let state = (i, g.same_unit[i], g.cells[i]);
            extend(&g, &mut chain, state, n, with, &mut found);
            chain.pop();
        }
        if let Some((f, _)) = found
            && best.as_ref().is_none_or(|(_, b)| f.key() < b.key())
        {
            best = Some((digit, f));
        }
    }
    let (digit, found) = best?;
    Some(SeStep {
        name: name(n, &found.suffix, found.ring).into(),
        tenths: found.tenths,
        effect: Effect::Eliminate(removals(found.removed, digit)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_and_difficulties_follow_se_names() {
        let line = |unit, grouped| Link {
            unit,
            a: 0,
            b: 0,
            grouped,
        };
        let sky = [line(9, false), line(12, false)];
        assert_eq!(suffix(&sky), "011");
        assert_eq!(difficulty(2, "011"), 40);
        assert_eq!(name(2, "011", false), "Skyscraper 011");
        let kite = [line(9, false), line(20, false)];
        assert_eq!(suffix(&kite), "012");
        assert_eq!(difficulty(2, "012"), 41);
        let turbot = [line(3, false), line(20, false)];
        assert_eq!(suffix(&turbot), "001");
        assert_eq!(name(2, "001", false), "2 Strong links 001");
        let grouped = [line(9, true), line(20, false), line(21, true)];
        assert_eq!(suffix(&grouped), "2112");
        assert_eq!(difficulty(3, "2112"), 57);
        assert_eq!(name(3, "2112", false), "Grouped 3-String Kite 2112");
    }
}
