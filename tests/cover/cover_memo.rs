//! `cover --count --memo` and the ZDD flags through the real binary: counts past 64 bits,
//! the search tree's figures as Knuth's dlx6 printed them on the same files, `--memo
//! auto`'s choice, `--zdd` read back by `--from-zdd` (count, list, sample), and the
//! refusals and malformed ZDD files.

use crate::common;

use std::path::{Path, PathBuf};

fn run(args: &[&str]) -> (i32, String, String) {
    let r = common::run_bin(args, "");
    (r.code, r.stdout, r.stderr)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()))
}

#[test]
fn domino_tilings_are_exact_past_64_bits() {
    for (n, tilings) in [
        ("8", "12988816"),
        ("10", "258584046368"),
        ("12", "53060477521960000"),
        ("14", "112202208776036178000000"),
    ] {
        let file = common::emit_problem("dominoes", n);
        let (code, out, err) = run(&["cover", "--count", path(&file)]);
        assert_eq!((code, out.trim()), (0, tilings), "{n}: {err}");
    }
}

/// `--memo on --stats` on emitted problems: the figures dlx6 printed for the same files
/// (search nodes, ZDD nodes, signatures, hits) and the count.
#[test]
fn memo_walks_dlx6_tree_on_emitted_problems() {
    let recorded = [
        (
            "queens",
            "8",
            "92",
            "search nodes 1101, ZDD nodes 474, signatures 590+382, memo hits 130, updates 19654",
        ),
        (
            "queens",
            "10",
            "724",
            "search nodes 15126, ZDD nodes 4118, signatures 10177+3396, memo hits 1554, updates 289260",
        ),
        (
            "langford",
            "8",
            "150",
            "search nodes 1526, ZDD nodes 691, signatures 796+542, memo hits 189, updates 21947",
        ),
        (
            "langford",
            "9",
            "0",
            "search nodes 6287, ZDD nodes 1, signatures 5707+1, memo hits 580, updates 99873",
        ),
        (
            "pentominoes",
            "3x20",
            "2",
            "search nodes 8936, ZDD nodes 22, signatures 8263+20, memo hits 654, updates 3130828",
        ),
        (
            "dominoes",
            "8",
            "12988816",
            "search nodes 2317, ZDD nodes 2318, signatures 0+1628, memo hits 690, updates 10602",
        ),
    ];
    for (what, arg, count, figures) in recorded {
        let file = common::emit_problem(what, arg);
        let (code, out, err) = run(&["cover", "--count", "--memo", "on", "--stats", path(&file)]);
        assert_eq!((code, out.trim()), (0, count), "{what} {arg}: {err}");
        assert!(err.contains(figures), "{what} {arg}: {err}");
    }
}

#[test]
fn auto_keeps_memo_only_where_it_pays() {
    let queens = common::emit_problem("queens", "10");
    let (code, out, err) = run(&["cover", "--count", "--stats", path(&queens)]);
    assert_eq!((code, out.trim()), (0, "724"), "{err}");
    assert!(err.contains("--memo auto: plain search"), "{err}");
    let dominoes = common::emit_problem("dominoes", "8");
    let (code, out, err) = run(&["cover", "--count", "--stats", path(&dominoes)]);
    assert_eq!((code, out.trim()), (0, "12988816"), "{err}");
    assert!(err.contains("--memo auto: memo kept"), "{err}");
    let (code, out, err) = run(&[
        "cover",
        "--count",
        "--memo",
        "off",
        path(&common::emit_problem("dominoes", "6")),
    ]);
    assert_eq!((code, out.trim()), (0, "6728"), "{err}");
}

/// The options of a tiling (lines `rIcJ rKcL`) cover each cell of an n×n board once.
fn is_tiling(options: &[&str], n: usize) -> bool {
    let mut seen = vec![0; n * n];
    for option in options {
        for cell in option.split_whitespace() {
            let (i, j) = cell[1..].split_once('c').unwrap();
            seen[i.parse::<usize>().unwrap() * n + j.parse::<usize>().unwrap()] += 1;
        }
    }
    seen.iter().all(|&s| s == 1)
}

/// Solutions written as `N:` then options, separated by empty lines.
fn solutions(out: &str) -> Vec<Vec<&str>> {
    out.split("\n\n")
        .map(|block| block.lines().skip(1).collect())
        .collect()
}

#[test]
fn zdd_written_then_counted_listed_and_sampled() {
    let problem = common::emit_problem("dominoes", "4");
    let zdd = scratch("dominoes4.zdd");
    let (code, out, err) = run(&["cover", "--count", "--zdd", path(&zdd), path(&problem)]);
    assert_eq!((code, out.trim()), (0, "36"), "{err}");
    let text = std::fs::read_to_string(&zdd).unwrap();
    assert!(text.lines().last().unwrap().contains(": (~0?0:"), "{text}");

    let (code, out, _) = run(&["cover", "--from-zdd", path(&zdd), "--count"]);
    assert_eq!((code, out.trim()), (0, "36"));

    let (code, out, _) = run(&["cover", path(&problem), "--from-zdd", path(&zdd), "--all"]);
    assert_eq!(code, 0);
    let all = solutions(&out);
    assert_eq!(all.len(), 36);
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 36);
    assert!(all.iter().all(|s| is_tiling(s, 4)));

    let sample = |seed: &str| {
        let args = [
            "cover",
            path(&problem),
            "--from-zdd",
            path(&zdd),
            "--sample",
            "5",
            "--seed",
            seed,
        ];
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    let drawn = sample("7");
    assert_eq!(drawn, sample("7"));
    assert_ne!(drawn, sample("8"));
    let drawn = solutions(&drawn);
    assert_eq!(drawn.len(), 5);
    assert!(drawn.iter().all(|s| is_tiling(s, 4)));

    // Without the problem, option numbers.
    let (code, out, _) = run(&["cover", "--from-zdd", path(&zdd), "--all", "--limit", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    assert!(out.starts_with("1: "), "{out}");
}

#[test]
fn bad_zdd_files_are_named_by_line() {
    let cases = [
        ("2: (~1?0:1)\nbroken\n", ":2: expected a node"),
        ("2: (~1?0:5)\n", ":1: branch to node 5, not defined above"),
        ("2: (~1?0:1)\n", ":2: no root line"),
        ("3: (~1?0:1)\n", ":1: node id 3 where 2 was expected"),
        (
            "2: (~99?0:1)\n3: (~0?0:2)\n",
            ":1: option 99 is out of range",
        ),
    ];
    let problem = common::emit_problem("dominoes", "2");
    for (i, (text, message)) in cases.iter().enumerate() {
        let file = scratch(&format!("bad{i}.zdd"));
        std::fs::write(&file, text).unwrap();
        let (code, _, err) = run(&[
            "cover",
            path(&problem),
            "--from-zdd",
            path(&file),
            "--count",
        ]);
        assert_eq!(code, 2, "{text}: {err}");
        assert!(err.contains(message), "{text}: {err}");
    }
    let (code, _, err) = run(&["cover", "--from-zdd", "/nonexistent/z.zdd", "--count"]);
    assert_eq!(code, 2, "{err}");
    let file = scratch("good.zdd");
    std::fs::write(&file, "2: (~1?0:1)\n3: (~0?0:2)\n").unwrap();
    let (code, _, err) = run(&["cover", "--from-zdd", path(&file)]);
    assert_eq!(code, 2);
    assert!(err.contains("--count, --all or --sample"), "{err}");
}

#[test]
fn refusals_and_limits() {
    // Multiplicities are memoized too (`cover_memo_multi.rs`).
    let kqueens = common::emit_problem("kqueens", "6:4");
    let (code, out, err) = run(&["cover", "--count", "--memo", "on", path(&kqueens)]);
    assert_eq!((code, out.trim()), (0, "982"), "{err}");
    let dominoes = common::emit_problem("dominoes", "10");
    let (code, _, err) = run(&[
        "cover",
        "--count",
        "--memo",
        "on",
        "--limit",
        "5",
        path(&dominoes),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--limit"), "{err}");
    let (code, out, err) = run(&[
        "cover",
        "--count",
        "--memo",
        "on",
        "--max-nodes",
        "500",
        path(&dominoes),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(out.contains("(gave up: node limit reached)"), "{out}");
    let (code, _, err) = run(&[
        "cover",
        "--count",
        "--memo",
        "off",
        "--zdd",
        "x.zdd",
        path(&dominoes),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--zdd needs"), "{err}");
}

/// Aztec diamonds of order n have 2^(n(n+1)/2) domino tilings (Elkies, Kuperberg, Larsen
/// and Propp): a count checked by a formula, with the default `--memo auto` (order 10:
/// 1.1 million search nodes; the memo pays less here than on squares).
#[test]
fn aztec_diamonds_count_as_the_formula_says() {
    for n in [1u32, 2, 3, 5, 8, 10] {
        let file = common::emit_problem("aztec", &n.to_string());
        let (code, out, err) = run(&["cover", "--count", path(&file)]);
        let exponent = n * (n + 1) / 2;
        let mut expected = dlx_cover::BigCount::from(1u64);
        for _ in 0..exponent {
            let copy = expected.clone();
            expected += &copy;
        }
        assert_eq!(
            (code, out.trim()),
            (0, expected.to_string().as_str()),
            "{n}: {err}"
        );
    }
}

/// Monomer-dimer coverings of an n×n board by the transfer matrix over columns (the cells
/// of the next column already covered by horizontal dimers), apart from the engine.
pub(crate) fn monomer_dimer_count(n: usize) -> dlx_cover::BigCount {
    use dlx_cover::BigCount;
    fn fill(n: usize, i: usize, cur: usize, next: usize, last: bool, out: &mut Vec<usize>) {
        if i == n {
            out.push(next);
        } else if cur >> i & 1 == 1 {
            fill(n, i + 1, cur, next, last, out);
        } else {
            fill(n, i + 1, cur, next, last, out);
            if !last {
                fill(n, i + 1, cur, next | 1 << i, last, out);
            }
            if i + 1 < n && cur >> (i + 1) & 1 == 0 {
                fill(n, i + 2, cur, next, last, out);
            }
        }
    }
    let mut ways = vec![BigCount::ZERO; 1 << n];
    ways[0] = BigCount::from(1u64);
    for col in 0..n {
        let mut new = vec![BigCount::ZERO; 1 << n];
        for (mask, w) in ways.iter().enumerate().filter(|(_, w)| !w.is_zero()) {
            let mut out = Vec::new();
            fill(n, 0, mask, 0, col + 1 == n, &mut out);
            for next in out {
                new[next] += w;
            }
        }
        ways = new;
    }
    ways.swap_remove(0)
}

/// Monomer-dimer coverings, counted with the default `--memo auto`, past 128 bits at
/// n = 12, against the transfer matrix.
#[test]
fn monomer_dimer_coverings_match_the_transfer_matrix() {
    for n in [1usize, 2, 4, 7, 10, 12] {
        let file = common::emit_problem("monomer-dimer", &n.to_string());
        let (code, out, err) = run(&["cover", "--count", path(&file)]);
        let expected = monomer_dimer_count(n).to_string();
        assert_eq!((code, out.trim()), (0, expected.as_str()), "{n}: {err}");
    }
    assert_eq!(monomer_dimer_count(4).to_string(), "10012");
}
