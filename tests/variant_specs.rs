//! Property tests of the two new input formats, regions and cages: any text gives either
//! a value that obeys every rule (checked here from scratch) or an error, never a panic;
//! and well-formed specs made from random grids are accepted.

use proptest::prelude::*;
use sudoku_dlx::sudoku::variant::{parse_cages, parse_regions};

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
}
