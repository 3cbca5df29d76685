//! Helpers shared by the benchmarks: puzzle samples (fixed, evenly spaced slices of the
//! sets in ../shared/data, or `None` with a message when the data is absent) and CPU-time
//! measurement for the benchmarks that alternate their rows over rounds.
//!
//! Each bench uses some of them.
#![allow(dead_code)]

use std::path::Path;

use dlx_sudoku::Grid;

/// About `count` puzzles of the set `name`, every k-th one, always the same ones.
pub fn sample(name: &str, count: usize) -> Option<Vec<Grid>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
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
pub const SETS: [(&str, usize); 4] = [
    ("puzzles2_17_clue", 500),
    ("puzzles3_magictour_top1465", 200),
    ("puzzles6_forum_hardest_1106", 40),
    ("puzzles1_unbiased_first1000", 1000),
];

/// CPU time of this thread in ns, or wall time since `wall` when the kernel does not say.
pub fn cpu_ns(wall: std::time::Instant) -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| wall.elapsed().as_nanos() as u64)
}

/// The load averages, for the report (a busy host shows there).
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The value after `name` on the command line.
pub fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// The median (the upper one of an even count).
pub fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs `run` (one pass over a set) until at least `min_ns` of this thread's CPU time has
/// gone, at least once; returns the CPU ns per pass.
pub fn cpu_per_pass(min_ns: u64, run: &mut dyn FnMut()) -> f64 {
    let wall = std::time::Instant::now();
    let start = cpu_ns(wall);
    let mut passes = 0u64;
    while cpu_ns(wall) - start < min_ns || passes == 0 {
        run();
        passes += 1;
    }
    (cpu_ns(wall) - start) as f64 / passes as f64
}
