//! `cover --count --memo off` on problems with multiplicities walks Knuth's dlx3 tree
//! (Algorithm M; the memoized count's plain nodes are checked against the same figures in
//! `crates/dlx-cover/tests/memo/multi.rs`):
//! on the problems in tests/data/multiplicity (K queens on n×n boards; random problems with
//! `lo:hi` bounds, secondary items, and colors in some), the solutions, nodes, updates and
//! cleansings that `--stats` gives are the figures dlx3 printed for the same files (recorded in
//! tests/data/multiplicity/dlx3.tsv: numbers only, taken from `dlx3 < FILE` built from
//! Knuth's CWEB source outside this repository). All of these are searched on bit sets,
//! colored ones included (the links are held to the bit sets on random problems by
//! `crates/dlx-cover/tests/bits_vs_links.rs`).

use crate::common;

use std::path::Path;

use common::number_after;

#[test]
fn count_walks_dlx3s_tree_with_its_counts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/multiplicity");
    let table = std::fs::read_to_string(dir.join("dlx3.tsv")).expect("dlx3.tsv");
    let rows: Vec<&str> = table.lines().skip(1).collect();
    assert!(rows.len() >= 8);
    for row in rows {
        let f: Vec<&str> = row.split('\t').collect();
        let file = dir.join(f[0]);
        let file = file.to_str().unwrap();
        let run = common::run_bin(&["cover", "--count", "--memo", "off", "--stats", file], "");
        assert_eq!(run.code, 0, "{file}: {}", run.stderr);
        let err = &run.stderr;
        assert!(
            err.contains("(Algorithm M: dlx3's counts)"),
            "{file}: {err}"
        );
        assert_eq!(run.stdout.trim(), f[1], "{file}: solutions");
        assert_eq!(number_after(err, "solutions").to_string(), f[1], "{file}");
        assert_eq!(number_after(err, "nodes").to_string(), f[2], "{file}");
        assert_eq!(
            number_after(err, "link updates").to_string(),
            f[3],
            "{file}"
        );
        assert_eq!(number_after(err, "cleansings").to_string(), f[4], "{file}");
    }
}
