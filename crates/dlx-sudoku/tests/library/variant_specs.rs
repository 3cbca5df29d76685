//! Property tests of the variants' input formats (regions, cages, Knuth's general format,
//! samurai): any text gives either a value that obeys every rule (checked here from
//! scratch) or an error with a line in range, never a panic; and well-formed specs made
//! from random grids are accepted.

use dlx_sudoku::variant::{general, parse_cages, parse_regions, samurai};
use proptest::prelude::*;

/// Checks a region labelling from first principles: n labels, n cells each, connected.
fn regions_ok(labels: &[char], n: usize) -> bool {
    let mut distinct: Vec<char> = labels.to_vec();
    distinct.sort();
    distinct.dedup();
    if labels.len() != n * n || distinct.len() != n {
        return false;
    }
    distinct.iter().all(|&l| {
        let cells: Vec<usize> = (0..n * n).filter(|&i| labels[i] == l).collect();
        if cells.len() != n {
            return false;
        }
        let mut reached = vec![cells[0]];
        let mut grew = true;
        while grew {
            grew = false;
            for &c in &cells {
                if reached.contains(&c) {
                    continue;
                }
                let touches = reached.iter().any(|&r| {
                    let (a, b) = (r / n, r % n);
                    let (x, y) = (c / n, c % n);
                    a.abs_diff(x) + b.abs_diff(y) == 1
                });
                if touches {
                    reached.push(c);
                    grew = true;
                }
            }
        }
        reached.len() == n
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn any_regions_text_is_checked_or_refused(text in "[0-9a-c \n]{0,40}") {
        match parse_regions(&text) {
            Ok(r) => {
                let labels: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                prop_assert_eq!(r.labels(), &labels[..]);
                prop_assert!(regions_ok(&labels, r.side()));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn band_regions_are_accepted(n in 1usize..8, shift in 0usize..3) {
        // Regions = rows, relabelled: always valid.
        let spec: String = (0..n * n)
            .map(|i| char::from(b'A' + ((i / n + shift) % 26) as u8))
            .collect();
        let r = parse_regions(&spec).unwrap();
        prop_assert_eq!(r.side(), n);
    }

    #[test]
    fn any_cages_text_is_checked_or_refused(
        text in "([0-9]{1,2}( r[0-9]{1,2}c[0-9]{1,2}){0,5}\n){0,8}|[ -~\n]{0,60}",
        side in 1usize..10,
    ) {
        match parse_cages(&text, side) {
            Ok(cages) => {
                let mut seen = vec![false; side * side];
                for cage in &cages {
                    let k = cage.cells.len();
                    prop_assert!(k >= 1 && k <= side);
                    let (min, max) = (k * (k + 1) / 2, k * (2 * side + 1 - k) / 2);
                    prop_assert!((min..=max).contains(&(cage.sum as usize)));
                    for &x in &cage.cells {
                        prop_assert!(x < side * side && !seen[x]);
                        seen[x] = true;
                    }
                    prop_assert!(cage.line >= 1 && cage.line <= text.lines().count());
                }
            }
            Err(e) => {
                prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1));
            }
        }
    }

    #[test]
    fn any_general_text_is_read_or_refused(
        text in "([1-4.#]{4}\n){4}([0-3.]{4}\n){0,8}|[ -~\n]{0,50}",
    ) {
        match general::parse(&text) {
            Ok(g) => {
                let n = g.variant.side();
                prop_assert_eq!(g.givens.len(), n * n);
                for h in g.variant.houses() {
                    prop_assert!(h.cells.len() <= n);
                    prop_assert!(h.cells.iter().all(|&x| g.variant.is_present(x)));
                }
                for (x, &v) in g.givens.iter().enumerate() {
                    prop_assert!(v as usize <= n);
                    prop_assert!(v == 0 || g.variant.is_present(x));
                }
                // Written back and read again: the same puzzle.
                let again = general::parse(&general::write(&g.variant, &g.givens).unwrap()).unwrap();
                prop_assert_eq!(again.givens, g.givens);
            }
            Err(e) => prop_assert!(e.line >= 1 && e.line <= text.lines().count() + 1),
        }
    }

    #[test]
    fn any_samurai_text_is_read_or_refused(
        cells in proptest::collection::vec(prop_oneof![Just('.'), Just(' '), Just('-'), Just('5'), Just('x')], 441),
        cut in 0usize..25,
    ) {
        let mut text = String::new();
        for (i, row) in cells.chunks(21).enumerate() {
            if i == cut {
                continue;
            }
            text.extend(row);
            text.push('\n');
        }
        match samurai::parse(&text) {
            Ok(p) => {
                prop_assert_eq!(p.givens.len(), 441);
                for (x, &v) in p.givens.iter().enumerate() {
                    prop_assert!(v == 0 || (v == 5 && samurai::inside(x / 21, x % 21)));
                }
            }
            Err(e) => prop_assert!(e.line >= 1 && e.line <= 22),
        }
    }
}
