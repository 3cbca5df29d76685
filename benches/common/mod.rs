//! Puzzle samples for the benchmarks: fixed, evenly spaced slices of the sets in
//! ../shared/data, or `None` (with a message) when the data is absent.

use std::path::Path;

use sudoku_dlx::sudoku::Grid;

/// About `count` puzzles of the set `name`, every k-th one, always the same ones.
pub fn sample(name: &str, count: usize) -> Option<Vec<Grid>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping {name}: {} is absent", path.display());
        return None;
    };
    let all: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let step = (all.len() / count).max(1);
    Some(
        all.iter()
            .step_by(step)
            .take(count)
            .map(|l| Grid::parse_line(l.as_bytes()).expect("the data sets are valid"))
            .collect(),
    )
}

/// The sets benchmarked, with the sample size of each.
pub const SETS: [(&str, usize); 3] = [
    ("puzzles2_17_clue", 500),
    ("puzzles3_magictour_top1465", 200),
    ("puzzles6_forum_hardest_1106", 40),
];
