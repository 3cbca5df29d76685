//! Checks on the input formats added after the first round (pencilmarks, jigsaw regions,
//! killer cages, Knuth's general format, samurai), shared by their fuzz targets and the
//! property tests in `tests/arbitrary_formats.rs` (included there by path). Each parses
//! arbitrary text and panics on any failure: a panic inside the parser, an error that names
//! no line of the text, or a parsed value that breaks the format's own rules or does not
//! write back to itself.

use dlx_sudoku::pencil;
use dlx_sudoku::variant::{general, parse_cages, parse_regions, samurai};

/// Pencilmark lines: an error says something; a parsed line has a candidate set for each of
/// its `n²` cells, each within the `n` digits, and writes back to marks that read the same.
pub fn pencilmarks(line: &[u8]) {
    match pencil::parse(line) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok((shape, marks)) => {
            let n = shape.side();
            assert_eq!(marks.len(), n * n);
            assert_eq!(line.len(), n * n * n);
            for &m in &marks {
                assert!(m != 0 && m < 1 << n, "mask {m:#b} for side {n}");
            }
            let written = pencil::line_of_marks(shape, &marks);
            let (again_shape, again) = pencil::parse(written.as_bytes()).expect("reads back");
            assert_eq!((again_shape, &again), (shape, &marks));
        }
    }
}

/// Jigsaw regions: a parsed spec has `n` regions of `n` cells each, every cell in one, each
/// region connected (checked here by a flood fill of our own).
pub fn regions(spec: &str) {
    let Ok(regions) = parse_regions(spec) else {
        return;
    };
    let n = regions.side();
    let labels = regions.labels();
    assert_eq!(labels.len(), n * n);
    assert_eq!(
        labels.len(),
        spec.chars().filter(|c| !c.is_whitespace()).count()
    );
    let parts = regions.regions();
    assert_eq!(parts.len(), n);
    for (label, cells) in &parts {
        assert_eq!(cells.len(), n, "region {label}");
        let mut seen = vec![false; n * n];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut reached = 0;
        while let Some(c) = stack.pop() {
            reached += 1;
            let (r, col) = ((c / n) as isize, (c % n) as isize);
            let inside = |x: isize| (0..n as isize).contains(&x);
            let next = [(r - 1, col), (r + 1, col), (r, col - 1), (r, col + 1)]
                .into_iter()
                .filter(|&(a, b)| inside(a) && inside(b))
                .map(|(a, b)| a as usize * n + b as usize);
            for d in next {
                if !seen[d] && labels[d] == *label {
                    seen[d] = true;
                    stack.push(d);
                }
            }
        }
        assert_eq!(reached, n, "region {label} is not connected");
    }
}

/// Killer cages on a `side × side` grid: an error names a line of the text (or the end); a
/// parsed file has cages of at most `side` cells, each cell on the grid and in one cage, a
/// sum that distinct digits can make, and the line it came from.
pub fn cages(text: &str, side: usize) {
    let lines = text.lines().count();
    match parse_cages(text, side) {
        Err(e) => {
            let shown = e.to_string();
            assert!(!shown.is_empty());
        }
        Ok(cages) => {
            let mut owner = vec![false; side * side];
            for cage in &cages {
                assert!(!cage.cells.is_empty() && cage.cells.len() <= side);
                assert!(cage.line >= 1 && cage.line <= lines, "line {}", cage.line);
                for &c in &cage.cells {
                    assert!(c < side * side && !owner[c], "cell {c}");
                    owner[c] = true;
                }
                let k = cage.cells.len() as u32;
                let low = k * (k + 1) / 2;
                let high = (side as u32 - k + 1..=side as u32).sum::<u32>();
                assert!(cage.sum >= low && cage.sum <= high, "sum {}", cage.sum);
            }
        }
    }
}

/// Knuth's general format: an error names a line of the text (or the one after it); a
/// parsed puzzle writes back to text that parses to the same givens.
pub fn general(text: &str) {
    let lines = text.lines().count();
    match general::parse(text) {
        Err(e) => assert!(e.line >= 1 && e.line <= lines + 1, "{e} in {lines} lines"),
        Ok(g) => {
            if let Ok(written) = general::write(&g.variant, &g.givens) {
                let again = general::parse(&written).expect("written text parses");
                assert_eq!(again.givens, g.givens);
            }
        }
    }
}

/// Samurai: an error names one of the 21 lines (or the one after the text); a parsed puzzle
/// has a value for each of the 21 × 21 canvas cells, none outside the five grids.
pub fn samurai(text: &str) {
    match samurai::parse(text) {
        Err(e) => assert!(e.line >= 1 && e.line <= 22, "{e}"),
        Ok(s) => {
            assert_eq!(s.givens.len(), 21 * 21);
            for (c, &v) in s.givens.iter().enumerate() {
                assert!(v <= 9);
                if v != 0 {
                    assert!(samurai::inside(c / 21, c % 21), "cell {c}");
                }
            }
        }
    }
}
