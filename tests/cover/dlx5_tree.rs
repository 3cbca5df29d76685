//! `cover --min-cost` and `--best K` walk Knuth's dlx5 tree: on the problems in
//! tests/data/cost (n queens with random costs 0–9 and 0–999; random problems with colors
//! and several `|n` per option, costs 0–20 and 0–999), the nodes, updates, cleansings,
//! solutions met and costs that `--stats` and the output give are the figures dlx5 printed
//! for the same files and `k` (recorded in tests/data/cost/dlx5.tsv: numbers only, taken
//! from `dlx5 kK v17 < FILE` built from Knuth's CWEB source outside this repository).

use crate::common;

use std::path::Path;

/// One row of dlx5.tsv.
struct Figures {
    file: String,
    k: u64,
    nodes: u64,
    updates: u64,
    cleansings: u64,
    solutions: u64,
    /// The k best costs, each repeat written out (dlx5 writes `$34 (repeated 2 times)`,
    /// recorded as `34x2`).
    costs: Vec<u64>,
}

fn figures() -> Vec<Figures> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cost");
    let table = std::fs::read_to_string(dir.join("dlx5.tsv")).expect("dlx5.tsv");
    table
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let n = |i: usize| f[i].parse::<u64>().expect("a number");
            let costs = f[6]
                .split(' ')
                .flat_map(|c| match c.split_once('x') {
                    Some((cost, times)) => vec![cost.parse().unwrap(); times.parse().unwrap()],
                    None => vec![c.parse().unwrap()],
                })
                .collect();
            Figures {
                file: dir.join(f[0]).to_str().unwrap().to_string(),
                k: n(1),
                nodes: n(2),
                updates: n(3),
                cleansings: n(4),
                solutions: n(5),
                costs,
            }
        })
        .collect()
}

use common::number_after as after;

#[test]
fn best_k_walks_dlx5s_tree_with_its_counts_and_costs() {
    let all = figures();
    assert!(all.len() >= 16);
    for want in all {
        let k = want.k.to_string();
        let run = common::run_bin(&["cover", "--best", &k, "--stats", &want.file], "");
        assert_eq!(run.code, 0, "{}: {}", want.file, run.stderr);
        let err = &run.stderr;
        let what = format!("{} k{}: {err}", want.file, want.k);
        assert!(err.contains("(costs: dlx5's counts)"), "{what}");
        assert_eq!(after(err, "nodes"), want.nodes, "{what}");
        assert_eq!(after(err, "link updates"), want.updates, "{what}");
        assert_eq!(after(err, "cleansings"), want.cleansings, "{what}");
        assert_eq!(after(err, "solutions"), want.solutions, "{what}");
        let costs: Vec<u64> = run
            .stdout
            .lines()
            .filter_map(|l| l.split_once(": cost ").map(|(_, c)| c.parse().unwrap()))
            .collect();
        assert_eq!(costs, want.costs, "{what}");
    }
}

/// `--min-cost` is `--best 1`: the same tree.
#[test]
fn min_cost_is_best_one() {
    let want = figures().into_iter().find(|f| f.k == 1).unwrap();
    let run = common::run_bin(&["cover", "--min-cost", "--stats", &want.file], "");
    assert_eq!(after(&run.stderr, "nodes"), want.nodes, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with(&format!("1: cost {}\n", want.costs[0]))
    );
}
