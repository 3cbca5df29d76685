//! `cover --count` on problems with colors walks Knuth's dlx2 tree (Algorithm C), on bit
//! sets: on random problems with colors (tests/data/colors), the solutions, nodes and
//! updates that `--stats` gives, on one thread and on two, are the figures dlx2 printed for
//! the same files (recorded in tests/data/colors/dlx2.tsv: numbers only, taken from `dlx2
//! m0 < FILE` built from Knuth's CWEB source outside this repository).

use crate::common;

use std::path::Path;

use common::number_after;

#[test]
fn count_walks_dlx2s_tree_with_its_counts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/colors");
    let table = std::fs::read_to_string(dir.join("dlx2.tsv")).expect("dlx2.tsv");
    let rows: Vec<&str> = table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .collect();
    assert!(rows.len() >= 8);
    for row in rows {
        let f: Vec<&str> = row.split('\t').collect();
        let file = dir.join(f[0]);
        let file = file.to_str().unwrap();
        for threads in ["1", "2"] {
            let args = [
                "cover",
                "--count",
                "--stats",
                "--memo",
                "off",
                "--threads",
                threads,
                file,
            ];
            let run = common::run_bin(&args, "");
            assert_eq!(run.code, 0, "{file}: {}", run.stderr);
            let err = &run.stderr;
            let what = format!("{file}, {threads} threads");
            assert_eq!(run.stdout.trim(), f[1], "{what}: solutions");
            assert_eq!(number_after(err, "nodes").to_string(), f[2], "{what}");
            assert_eq!(
                number_after(err, "link updates").to_string(),
                f[3],
                "{what}"
            );
        }
    }
}
