//! `cover --count --memo` on problems with multiplicities (the memoized Algorithm M)
//! through the real binary: the counts of `--memo off` and of dlx3 on the committed files,
//! `--stats`, `--zdd` read back by `--from-zdd` with every solution checked against the
//! bounds and colors here, and `--memo auto`'s choice both ways.

use crate::common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn run(args: &[&str]) -> (i32, String, String) {
    let r = common::run_bin(args, "");
    (r.code, r.stdout, r.stderr)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/multiplicity")
        .join(name)
}

fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()))
}

/// dlx3's counts of the committed files (`dlx3.tsv`): file and solutions.
fn recorded() -> Vec<(String, String)> {
    let table = std::fs::read_to_string(data("dlx3.tsv")).unwrap();
    table
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0].to_string(), fields[1].to_string())
        })
        .collect()
}

#[test]
fn memo_on_counts_as_memo_off_and_dlx3() {
    for (name, solutions) in recorded() {
        let file = data(&name);
        let (code, on, err) = run(&["cover", "--count", "--memo", "on", "--stats", path(&file)]);
        assert_eq!((code, on.trim()), (0, solutions.as_str()), "{name}: {err}");
        for figure in ["search nodes", "ZDD nodes", "memo hits", "of dlx3's tree"] {
            assert!(err.contains(figure), "{name}: {err}");
        }
        if name.starts_with("random14") {
            let (code, off, err) = run(&["cover", "--count", "--memo", "off", path(&file)]);
            assert_eq!((code, off.trim()), (0, solutions.as_str()), "{name}: {err}");
        }
    }
}

/// A problem read here, apart from the engine: per primary item its bounds, and the
/// secondary items.
struct Bounds {
    primary: HashMap<String, (u32, u32)>,
}

impl Bounds {
    /// Reads the item line of a file in Knuth's format (`lo:hi|name`, `hi|name`, `name`).
    fn read(file: &Path) -> Bounds {
        let text = std::fs::read_to_string(file).unwrap();
        let line = text.lines().find(|l| !l.starts_with('|')).unwrap();
        let primary_part = line.split(" | ").next().unwrap();
        let primary = primary_part
            .split_whitespace()
            .map(|token| match token.split_once('|') {
                None => (token.to_string(), (1, 1)),
                Some((bounds, name)) => {
                    let (lo, hi) = match bounds.split_once(':') {
                        Some((lo, hi)) => (lo.parse().unwrap_or(0), hi.parse().unwrap()),
                        None => (bounds.parse().unwrap(), bounds.parse().unwrap()),
                    };
                    (name.to_string(), (lo, hi))
                }
            })
            .collect();
        Bounds { primary }
    }

    /// Whether the options of a solution (lines as written, `item` or `item:color`) meet
    /// every bound and give each secondary item one color (or appear once uncolored).
    fn holds(&self, options: &[&str]) -> bool {
        let mut times: HashMap<&str, u32> = HashMap::new();
        let mut colors: HashMap<&str, Vec<&str>> = HashMap::new();
        for option in options {
            for entry in option.split_whitespace() {
                let (item, color) = entry.split_once(':').unwrap_or((entry, ""));
                if self.primary.contains_key(item) {
                    *times.entry(item).or_default() += 1;
                } else {
                    colors.entry(item).or_default().push(color);
                }
            }
        }
        let bounds = self.primary.iter().all(|(item, &(lo, hi))| {
            let t = times.get(item.as_str()).copied().unwrap_or(0);
            lo <= t && t <= hi
        });
        let agree = colors
            .values()
            .all(|c| c.len() <= 1 || c.iter().all(|&x| !x.is_empty() && x == c[0]));
        bounds && agree
    }
}

/// Solutions written as `N:` then options, separated by empty lines.
fn solutions(out: &str) -> Vec<Vec<&str>> {
    out.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| block.lines().skip(1).collect())
        .collect()
}

#[test]
fn zdd_written_then_counted_and_listed() {
    for (name, count) in [
        ("kqueens6-4.dlx", 982),
        ("random14-seed5-colors.dlx", 3876),
        ("random20-seed5-colors-140.dlx", 15),
    ] {
        let file = data(name);
        let zdd = scratch(&format!("{name}.zdd"));
        let (code, out, err) = run(&["cover", "--count", "--zdd", path(&zdd), path(&file)]);
        assert_eq!(
            (code, out.trim()),
            (0, count.to_string().as_str()),
            "{name}: {err}"
        );
        let (code, out, _) = run(&["cover", "--from-zdd", path(&zdd), "--count"]);
        assert_eq!(
            (code, out.trim()),
            (0, count.to_string().as_str()),
            "{name}"
        );
        let (code, out, _) = run(&["cover", path(&file), "--from-zdd", path(&zdd), "--all"]);
        assert_eq!(code, 0, "{name}");
        let all = solutions(&out);
        assert_eq!(all.len(), count, "{name}");
        let mut distinct: Vec<Vec<&str>> = all
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.sort();
                s
            })
            .collect();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), count, "{name}: a solution twice");
        let bounds = Bounds::read(&file);
        assert!(all.iter().all(|s| bounds.holds(s)), "{name}");
        // The check can fail: a solution without its first option breaks a bound.
        assert!(all.iter().any(|s| !bounds.holds(&s[1..])), "{name}");
    }
}

/// Grid matchings as a problem with multiplicities: cells `0:1`, a dimer per pair of
/// neighbours.
fn matchings(n: usize) -> PathBuf {
    let cell = |i: usize, j: usize| format!("r{i}c{j}");
    let mut text: Vec<String> = Vec::new();
    let items: Vec<String> = (0..n * n)
        .map(|k| format!("0:1|{}", cell(k / n, k % n)))
        .collect();
    text.push(items.join(" "));
    for i in 0..n {
        for j in 0..n {
            if j + 1 < n {
                text.push(format!("{} {}", cell(i, j), cell(i, j + 1)));
            }
            if i + 1 < n {
                text.push(format!("{} {}", cell(i, j), cell(i + 1, j)));
            }
        }
    }
    let file = scratch(&format!("matchings{n}.dlx"));
    std::fs::write(&file, text.join("\n") + "\n").unwrap();
    file
}

#[test]
fn auto_keeps_memo_only_where_it_pays() {
    // Past 2^64: the 12×12 grid's matchings, which are its monomer-dimer coverings.
    let (code, out, err) = run(&["cover", "--count", "--stats", path(&matchings(12))]);
    let expected = crate::cover_memo::monomer_dimer_count(12).to_string();
    assert_eq!((code, out.trim()), (0, expected.as_str()), "{err}");
    assert!(err.contains("--memo auto: memo kept"), "{err}");
    let kqueens = common::emit_problem("kqueens", "10:5");
    let (code, out, err) = run(&["cover", "--count", "--stats", path(&kqueens)]);
    assert_eq!((code, out.trim()), (0, "1535440"), "{err}");
    assert!(err.contains("--memo auto: plain search"), "{err}");
    assert!(err.contains("plain nodes per node"), "{err}");
}
