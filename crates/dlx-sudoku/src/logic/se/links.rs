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
use super::cells::{Cells, UNIT_CELLS, removals, seeing_all};
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

/// The suffix SE names a chain with (see [`suffix`]): at most five ASCII digits, compared
/// as the text they spell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Suffix([u8; 5]);

impl Suffix {
    fn as_str(&self) -> &str {
        let len = self.0.iter().position(|&b| b == 0).unwrap_or(5);
        std::str::from_utf8(&self.0[..len]).expect("ASCII digits")
    }
}

/// The suffix SE names a chain with: the number of grouped links, then the kinds of the
/// units in a canonical order (rows and columns may swap, the chain may reverse).
fn suffix(chain: &[Link]) -> Suffix {
    let n = chain.len();
    let grouped = chain.iter().filter(|l| l.grouped).count() as u8;
    let mut kinds = [0u8; 4];
    for (k, l) in kinds.iter_mut().zip(chain) {
        *k = kind(l.unit);
    }
    let reverse =
        |k: [u8; 4]| -> [u8; 4] { std::array::from_fn(|i| if i < n { k[n - 1 - i] } else { 0 }) };
    // Digits compare as their text does (all the same length).
    let reversed = reverse(kinds);
    if kinds[..n] > reversed[..n] {
        kinds = reversed;
    }
    let lines = if kinds[..n].contains(&1) {
        let swapped = kinds.map(|k| [0, 2, 1][k as usize]);
        let back = reverse(swapped);
        [kinds, swapped, back]
            .into_iter()
            .min_by(|x, y| x[..n].cmp(&y[..n]))
            .expect("three names")
    } else {
        kinds.map(|k| k.min(1))
    };
    let mut text = [0u8; 5];
    text[0] = b'0' + grouped;
    for i in 0..n {
        text[1 + i] = b'0' + lines[i];
    }
    Suffix(text)
}

/// The difficulty of a chain of `links` links, `grouped` or not, whose units include a box
/// (`boxed`) and both rows and columns (`mixed`), in tenths: what [`difficulty`] gives for
/// its suffix, without spelling it.
fn tenths_of(links: usize, grouped: bool, boxed: bool, mixed: bool) -> u8 {
    let extra = match (grouped, boxed, mixed) {
        (true, _, _) => 3,
        (false, false, false) => 0,
        (false, true, true) => 2,
        _ => 1,
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
    suffix: Suffix,
    ring: bool,
}

impl Found {
    fn key(&self) -> (u8, std::cmp::Reverse<u32>, Suffix) {
        (
            self.tenths,
            std::cmp::Reverse(self.removed.count_ones()),
            self.suffix,
        )
    }
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
    /// Per oriented link, the units holding all of its start, and all of its end (a bit
    /// each): two sets share a unit when those of each meet.
    starts: Vec<u32>,
    ends: Vec<u32>,
    /// Per oriented link, the cells that see all of its start, and all of its end.
    see_start: Vec<Cells>,
    see_end: Vec<Cells>,
    /// Per oriented link, the oriented links whose end shares a unit with its start (those
    /// that may close a ring begun with it).
    closing: Vec<u128>,
}

/// The units holding all of a (non-empty) set of cells, a bit each.
fn holding(set: Cells) -> u32 {
    units_of(set.trailing_zeros() as usize)
        .into_iter()
        .filter(|&u| set & !UNIT_CELLS[u] == 0)
        .fold(0u32, |acc, u| acc | 1 << u)
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
        let starts: Vec<u32> = oriented.iter().map(|l| holding(l.a)).collect();
        let ends: Vec<u32> = oriented.iter().map(|l| holding(l.b)).collect();
        // Per unit, the oriented links of it, those whose start it holds and those whose
        // end it holds.
        let (mut by_unit, mut starting, mut ending) = ([0u128; 27], [0u128; 27], [0u128; 27]);
        for (j, l) in oriented.iter().enumerate() {
            by_unit[l.unit] |= 1 << j;
            for (units, table) in [(starts[j], &mut starting), (ends[j], &mut ending)] {
                let mut units = units;
                while units != 0 {
                    table[units.trailing_zeros() as usize] |= 1 << j;
                    units &= units - 1;
                }
            }
        }
        // The links of a table held by one of `units`.
        let any = |table: &[u128; 27], mut units: u32| {
            let mut found = 0u128;
            while units != 0 {
                found |= table[units.trailing_zeros() as usize];
                units &= units - 1;
            }
            found
        };
        let next = oriented
            .iter()
            .zip(&ends)
            .map(|(l, &end)| any(&starting, end) & !by_unit[l.unit])
            .collect();
        let closing = starts.iter().map(|&start| any(&ending, start)).collect();
        Graph {
            cells: oriented.iter().map(|l| l.a | l.b).collect(),
            same_unit: oriented.iter().map(|l| by_unit[l.unit]).collect(),
            see_start: oriented.iter().map(|l| seeing_all(l.a)).collect(),
            see_end: oriented.iter().map(|l| seeing_all(l.b)).collect(),
            links: oriented,
            next,
            closing,
            starts,
            ends,
        }
    }
}

/// A chain being grown: its first and last oriented links, the oriented links of its
/// units (`banned`), its cells, the cells of its units, the cells of the units its weak
/// links share, and the cells that see both ends of one of its weak links.
#[derive(Clone, Copy)]
struct State {
    first: usize,
    last: usize,
    banned: u128,
    used: Cells,
    bases: Cells,
    weak: Cells,
    across: Cells,
}

/// The removals of a complete chain, or `None` if it removes nothing, and whether it is a
/// ring (its ends, disjoint, share a unit): a ring's weak links remove the digit from the
/// cells that see both of their ends as well; else each removal must lie outside the
/// units of the weak links (the first of column, row, box sharing both ends).
fn removed_by(g: &Graph, s: &State, with: Cells) -> Option<(Cells, bool)> {
    let (start, end) = (g.links[s.first].a, g.links[s.last].b);
    let ring = start & end == 0 && g.starts[s.first] & g.ends[s.last] != 0;
    let mut removed = g.see_start[s.first] & g.see_end[s.last];
    if ring {
        removed |= s.across;
    } else {
        removed &= !s.weak;
    }
    removed &= with & !s.bases;
    (removed != 0).then_some((removed, ring))
}

/// Extends `chain` (oriented links of `g`, ending as `state` says) by links of other units
/// joined to its end, up to `n` links, and keeps the best complete chain in `best`.
fn extend(
    g: &Graph,
    chain: &mut Vec<Link>,
    state: &State,
    n: usize,
    with: Cells,
    best: &mut Option<Found>,
) {
    if chain.len() + 1 == n {
        return close(g, chain, state, with, best);
    }
    // Nothing outside the chain's units and weak links' units sees its start, and no link
    // left may close a ring: no completion removes anything.
    let open = g.see_start[state.first] & with & !state.bases & !state.weak;
    if open == 0 && g.closing[state.first] & !state.banned == 0 {
        return;
    }
    let last = state.last;
    let mut options = g.next[last] & !state.banned;
    while options != 0 {
        let j = options.trailing_zeros() as usize;
        options &= options - 1;
        if g.cells[j] & state.used != 0 {
            continue;
        }
        chain.push(g.links[j]);
        let grown = state.grown(g, j);
        extend(g, chain, &grown, n, with, best);
        chain.pop();
    }
}

impl State {
    /// The state of the chain grown by oriented link `j`.
    fn grown(&self, g: &Graph, j: usize) -> State {
        let last = self.last;
        // The weak link's shared unit: the highest unit holding both ends (columns come
        // after rows, rows after boxes).
        let share = 31 - (g.ends[last] & g.starts[j]).leading_zeros();
        State {
            first: self.first,
            last: j,
            banned: self.banned | g.same_unit[j],
            used: self.used | g.cells[j],
            bases: self.bases | UNIT_CELLS[g.links[j].unit],
            weak: self.weak | UNIT_CELLS[share as usize],
            across: self.across | (g.see_end[last] & g.see_start[j]),
        }
    }
}

/// Completes `chain` (one link short) by each link that may follow it, and keeps the best
/// complete chain in `best`. Outside rings, what a chain removes sees its start and lies
/// outside its units and its weak links' units so far: when nothing does, only the links
/// closing a ring are tried.
fn close(g: &Graph, chain: &mut Vec<Link>, state: &State, with: Cells, best: &mut Option<Found>) {
    let mut options = g.next[state.last] & !state.banned;
    let open = g.see_start[state.first] & with & !state.bases & !state.weak;
    if open == 0 {
        options &= g.closing[state.first];
    }
    while options != 0 {
        let j = options.trailing_zeros() as usize;
        options &= options - 1;
        if g.cells[j] & state.used != 0 {
            continue;
        }
        // Outside rings, what the chain removes sees its end too.
        if open & g.see_end[j] == 0 && g.closing[state.first] & (1 << j) == 0 {
            continue;
        }
        let grown = state.grown(g, j);
        if let Some((removed, ring)) = removed_by(g, &grown, with) {
            chain.push(g.links[j]);
            consider(chain, removed, ring, best);
            chain.pop();
        }
    }
}

/// Keeps the complete chain `chain`, which removes `removed`, in `best` if SE prefers it.
/// Its difficulty and the number of removals come first; the suffix is spelled only when
/// they tie with the best so far or beat it.
fn consider(chain: &[Link], removed: Cells, ring: bool, best: &mut Option<Found>) {
    let has = |k: u8| chain.iter().any(|l| kind(l.unit) == k);
    let grouped = chain.iter().any(|l| l.grouped);
    let tenths = tenths_of(chain.len(), grouped, has(0), has(1) && has(2));
    let rough = (tenths, std::cmp::Reverse(removed.count_ones()));
    if let Some(b) = best.as_ref() {
        let (t, r, _) = b.key();
        if rough > (t, r) {
            return;
        }
    }
    let found = Found {
        tenths,
        removed,
        suffix: suffix(chain),
        ring,
    };
    if best.as_ref().is_none_or(|b| found.key() < b.key()) {
        *best = Some(found);
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
            let state = State {
                first: i,
                last: i,
                banned: g.same_unit[i],
                used: g.cells[i],
                bases: UNIT_CELLS[link.unit],
                weak: 0,
                across: 0,
            };
            extend(&g, &mut chain, &state, n, with, &mut found);
            chain.pop();
        }
        if let Some(f) = found
            && best.as_ref().is_none_or(|(_, b)| f.key() < b.key())
        {
            best = Some((digit, f));
        }
    }
    let (digit, found) = best?;
    Some(SeStep {
        name: name(n, found.suffix.as_str(), found.ring).into(),
        tenths: found.tenths,
        effect: Effect::Eliminate(removals(found.removed, digit)),
    })
}

#[cfg(test)]
mod tests {
    use super::super::board::Board;
    use super::super::cells::{PEERS, members};
    use super::*;

    /// The difficulty of a chain with this suffix, in tenths (SE's rule, read off the
    /// suffix's text).
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

    /// The suffix as text, built the plain way: every spelling, the smallest kept.
    fn plain_suffix(chain: &[Link]) -> String {
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

    fn line(unit: usize, grouped: bool) -> Link {
        Link {
            unit,
            a: 0,
            b: 0,
            grouped,
        }
    }

    #[test]
    fn suffixes_and_difficulties_follow_se_names() {
        let sky = [line(9, false), line(12, false)];
        assert_eq!(suffix(&sky).as_str(), "011");
        assert_eq!(difficulty(2, "011"), 40);
        assert_eq!(name(2, "011", false), "Skyscraper 011");
        let kite = [line(9, false), line(20, false)];
        assert_eq!(suffix(&kite).as_str(), "012");
        assert_eq!(difficulty(2, "012"), 41);
        let turbot = [line(3, false), line(20, false)];
        assert_eq!(suffix(&turbot).as_str(), "001");
        assert_eq!(name(2, "001", false), "2 Strong links 001");
        let grouped = [line(9, true), line(20, false), line(21, true)];
        assert_eq!(suffix(&grouped).as_str(), "2112");
        assert_eq!(difficulty(3, "2112"), 57);
        assert_eq!(name(3, "2112", false), "Grouped 3-String Kite 2112");
    }

    /// Every sequence of 2 to 4 unit kinds, grouped or not: the suffix, its order and the
    /// difficulty without it agree with the plain spelling.
    #[test]
    fn suffix_and_tenths_agree_with_the_plain_spelling() {
        for n in 2..=4usize {
            let mut all = Vec::new();
            for code in 0..3usize.pow(n as u32) * (1 << n) {
                let chain: Vec<Link> = (0..n)
                    .map(|i| {
                        let k = code / 3usize.pow(i as u32) % 3;
                        line([0, 9, 18][k], (code / 3usize.pow(n as u32)) >> i & 1 == 1)
                    })
                    .collect();
                let plain = plain_suffix(&chain);
                let fast = suffix(&chain);
                assert_eq!(fast.as_str(), plain);
                let has = |k: u8| chain.iter().any(|l| kind(l.unit) == k);
                let grouped = chain.iter().any(|l| l.grouped);
                let tenths = tenths_of(n, grouped, has(0), has(1) && has(2));
                assert_eq!(tenths, difficulty(n, &plain), "{plain}");
                all.push((fast, plain));
            }
            for (a, x) in &all {
                for (b, y) in &all {
                    assert_eq!(a.cmp(b), x.cmp(y), "{x} {y}");
                }
            }
        }
    }

    /// The first of column, row and box holding all of `set` (SE's name for a shared unit).
    fn plain_common_unit(set: Cells) -> Option<usize> {
        (18..27)
            .chain(9..18)
            .chain(0..9)
            .find(|&u| set & !UNIT_CELLS[u] == 0)
    }

    /// On the boards of a recorded walk, each digit's graph against the plain definitions:
    /// what may follow a link, and what every chain of two and three links removes.
    #[test]
    fn graph_and_removals_agree_with_plain_definitions() {
        let puzzle: crate::Grid =
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
                .parse()
                .expect("a puzzle");
        let steps = super::super::walk(&puzzle).expect("a 9x9 puzzle").steps;
        let mut board = Board::new(puzzle.cells()).expect("no clash");
        let mut chains = 0;
        for step in steps.iter().take(40) {
            for digit in 1..=9u8 {
                chains += check_digit(&board, digit);
            }
            match &step.effect {
                super::super::Effect::Place(c, d) => board.place(*c, *d),
                super::super::Effect::Eliminate(r) => {
                    for &(c, d) in r {
                        board.remove(c, d);
                    }
                }
            }
        }
        assert!(chains > 1000, "{chains} chains");
    }

    fn check_digit(board: &Board, digit: u8) -> usize {
        let g = Graph::new(&links(board, digit));
        let with = with_digit(board, digit);
        let see = |set: Cells| members(set).fold((1 << 81) - 1, |acc, c| acc & PEERS[c]) & !set;
        let mut chains = 0;
        for i in 0..g.links.len() {
            let li = g.links[i];
            let next = (0..g.links.len())
                .filter(|&j| {
                    g.links[j].unit != li.unit && plain_common_unit(li.b | g.links[j].a).is_some()
                })
                .fold(0u128, |acc, j| acc | 1 << j);
            assert_eq!(g.next[i], next);
            let closing = (0..g.links.len())
                .filter(|&j| plain_common_unit(li.a | g.links[j].b).is_some())
                .fold(0u128, |acc, j| acc | 1 << j);
            assert_eq!(g.closing[i], closing);
            for j in members(next) {
                let lj = g.links[j];
                for k in members(g.next[j] & !g.same_unit[i] & !g.same_unit[j]) {
                    let lk = g.links[k];
                    for chain in [vec![li, lj], vec![li, lj, lk]] {
                        let idx = if chain.len() == 2 {
                            vec![i, j]
                        } else {
                            vec![i, j, k]
                        };
                        let mut s = State {
                            first: i,
                            last: i,
                            banned: 0,
                            used: 0,
                            bases: UNIT_CELLS[li.unit],
                            weak: 0,
                            across: 0,
                        };
                        for w in idx.windows(2) {
                            let share = 31 - (g.ends[w[0]] & g.starts[w[1]]).leading_zeros();
                            s.last = w[1];
                            s.bases |= UNIT_CELLS[g.links[w[1]].unit];
                            s.weak |= UNIT_CELLS[share as usize];
                            s.across |= g.see_end[w[0]] & g.see_start[w[1]];
                        }
                        // The plain way: SE's shared units and the cells seeing both ends.
                        let (start, end) = (chain[0].a, chain[chain.len() - 1].b);
                        let bases = chain.iter().fold(0, |acc, l| acc | UNIT_CELLS[l.unit]);
                        let ring = start & end == 0 && plain_common_unit(start | end).is_some();
                        let mut removed = see(start | end);
                        for pair in chain.windows(2) {
                            if ring {
                                removed |= see(pair[0].b | pair[1].a);
                            } else {
                                let share = plain_common_unit(pair[0].b | pair[1].a);
                                removed &= !UNIT_CELLS[share.expect("a weak link")];
                            }
                        }
                        removed &= with & !bases;
                        let plain = (removed != 0).then_some((removed, ring));
                        assert_eq!(removed_by(&g, &s, with), plain);
                        chains += 1;
                    }
                }
            }
        }
        chains
    }
}
