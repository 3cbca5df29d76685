//! Agreement with Sudoku Explainer on the committed test sets (tests/data/se_ratings.tsv
//! and tests/data/se_ratings_9plus.tsv, rated by `serate`): per band of SE's ER, how often
//! our ER/EP/ED are exact, and that no rating is ever above SE's, bound or not.

use super::{Score, rate};
use crate::Grid;

const DATA: [&str; 2] = [
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/se_ratings.tsv"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/se_ratings_9plus.tsv"
    )),
];

/// The bands of the issue, by SE's ER in tenths (upper bounds inclusive), and the share of
/// exact ERs required in each at the level this rater reaches (in percent).
const BANDS: [(&str, u8, u32); 5] = [
    ("<=4.4", 44, 95),
    ("4.5-6.4", 64, 95),
    ("6.5-8.9", 89, 95),
    ("9.0-9.9", 99, 95),
    (">=10.0", 255, 90),
];

fn tenths(text: &str) -> u8 {
    (text.parse::<f32>().expect("a rating") * 10.0).round() as u8
}

/// Whether our score agrees with SE's: exact and equal, or a bound not above it.
fn check(ours: Score, theirs: u8, what: &str, puzzle: &str) -> bool {
    assert!(
        ours.tenths <= theirs,
        "{what} {ours} above SE's {theirs} on {puzzle}"
    );
    !ours.lower_bound && ours.tenths == theirs
}

#[test]
fn agreement_with_serate_per_band() {
    let mut table = [[0u32; 4]; BANDS.len()]; // per band: puzzles, ER, EP, ED exact
    let rows: Vec<&str> = DATA
        .iter()
        .flat_map(|d| d.lines().filter(|l| !l.starts_with('#')).skip(1))
        .collect();
    // The nested chains take seconds a puzzle: the rows are rated on every core, each
    // thread taking every `threads`-th row.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rated: Vec<Vec<(usize, [bool; 3])>> = std::thread::scope(|scope| {
        let rows = &rows;
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    rows.iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|line| {
                            let f: Vec<&str> = line.split('\t').collect();
                            let puzzle: Grid = f[1].parse().expect("a puzzle");
                            let (er, ep, ed) = (tenths(f[2]), tenths(f[3]), tenths(f[4]));
                            let ours = rate(&puzzle).expect("a 9x9 puzzle");
                            let band = BANDS.iter().position(|b| er <= b.1).expect("a band");
                            let exact = [
                                check(ours.er, er, "ER", f[1]),
                                check(ours.ep, ep, "EP", f[1]),
                                check(ours.ed, ed, "ED", f[1]),
                            ];
                            (band, exact)
                        })
                        .collect()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a rater"))
            .collect()
    });
    for (band, exact) in rated.into_iter().flatten() {
        let row = &mut table[band];
        row[0] += 1;
        for (k, &ok) in exact.iter().enumerate() {
            row[k + 1] += ok as u32;
        }
    }
    println!("band      puzzles  ER exact  EP exact  ED exact");
    for (row, (name, _, need)) in table.iter().zip(BANDS) {
        let pct = |n: u32| 100.0 * n as f64 / row[0].max(1) as f64;
        println!(
            "{name:<9} {:>7}  {:>7.1}%  {:>7.1}%  {:>7.1}%",
            row[0],
            pct(row[1]),
            pct(row[2]),
            pct(row[3])
        );
        assert!(
            pct(row[1]) >= need as f64,
            "ER agreement in {name} below {need} %"
        );
    }
}
