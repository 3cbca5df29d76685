//! A merge is exact or refused: 10,000 random sets of result lines, made from several
//! splits of several problems, with jobs dropped, doubled, taken from another split or
//! problem, lines moved between files and bytes changed in the results and the job file.
//! Whenever `jobfile::Merge` gives a total, it is the problem's count and nodes (counted
//! here from the involution numbers and one direct search); whenever nothing was damaged,
//! it gives one.

use std::sync::OnceLock;

use dlx_cover::jobfile::{self, JobLine, Merge, Outcome};
use dlx_cover::{Problem, Solver};
use proptest::prelude::*;

/// One split of one problem: its job file, one result line per job, and the truth.
struct Fixture {
    job_file: String,
    results: Vec<String>,
    total: u128,
    nodes: u128,
}

/// The partitions of `n` items into blocks of one or two: the involutions of `n`.
fn pairs(n: usize) -> Problem {
    let mut problem = Problem::new(n, 0).unwrap();
    for i in 0..n {
        problem.add_option([i]).unwrap();
        for j in i + 1..n {
            problem.add_option([i, j]).unwrap();
        }
    }
    problem
}

/// Involution numbers: a(n) = a(n-1) + (n-1) a(n-2).
fn involutions(n: usize) -> u128 {
    let (mut a, mut b) = (1u128, 1u128);
    for k in 2..=n {
        (a, b) = (b, b + (k as u128 - 1) * a);
    }
    if n == 0 { 1 } else { b }
}

/// Three problems, each cut six ways (from the root alone to every subtree finished).
fn fixtures() -> &'static Vec<Fixture> {
    static FIXTURES: OnceLock<Vec<Fixture>> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let mut all = Vec::new();
        for n in [5, 6, 7] {
            let problem = pairs(n);
            let sha = jobfile::sha256_hex(format!("pairs {n}").as_bytes());
            let mut direct = Solver::new(&problem);
            let count = direct.count_solutions(u64::MAX).solutions;
            assert_eq!(u128::from(count), involutions(n));
            let nodes = direct.stats().nodes;
            for at_least in [1, 2, 3, 7, 20, 10_000] {
                let cut = jobfile::cut(&problem, &sha, at_least).unwrap();
                let job_file: String = cut.text_lines().map(|l| l + "\n").collect();
                let mut solver = Solver::new(&problem);
                let results = cut
                    .lines
                    .iter()
                    .filter_map(|l| match l {
                        JobLine::Job(job) => Some(job),
                        _ => None,
                    })
                    .map(|job| {
                        let run = solver.count_subtree(&job.path).unwrap();
                        Outcome {
                            job: job.number,
                            count: run.solutions.into(),
                            nodes: run.nodes,
                            seconds: 0.001 * job.number as f64,
                            sha256: sha.clone(),
                            split: job.split.clone(),
                        }
                        .to_string()
                    })
                    .collect();
                all.push(Fixture {
                    job_file,
                    results,
                    total: involutions(n),
                    nodes: u128::from(nodes),
                });
            }
        }
        all
    })
}

/// What a case does to the results of its split.
#[derive(Debug, Clone)]
enum Op {
    /// Drop the result of the k-th line (modulo their number).
    Drop(usize),
    /// Add a copy of it.
    Double(usize),
    /// Add the k-th result line of fixture f (modulo).
    Foreign(usize, usize),
    /// Change the byte at `at` (modulo the length) of the k-th line.
    Mutate(usize, usize, u8),
    /// Change the byte at `at` of the job file.
    MutateJobs(usize, u8),
    /// Swap two lines (harmless).
    Swap(usize, usize),
}

fn op() -> impl Strategy<Value = Op> {
    let byte = prop::sample::select(b"0123456789abcdefx ,-#\n".to_vec());
    prop_oneof![
        any::<usize>().prop_map(Op::Drop),
        any::<usize>().prop_map(Op::Double),
        (any::<usize>(), any::<usize>()).prop_map(|(f, k)| Op::Foreign(f, k)),
        (any::<usize>(), any::<usize>(), byte.clone()).prop_map(|(k, a, b)| Op::Mutate(k, a, b)),
        (any::<usize>(), byte).prop_map(|(a, b)| Op::MutateJobs(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Op::Swap(a, b)),
    ]
}

/// Changes byte `at` (modulo) of `text` to `byte`; whether the text changed.
fn mutate(text: &mut String, at: usize, byte: u8) -> bool {
    if text.is_empty() {
        return false;
    }
    let mut bytes = std::mem::take(text).into_bytes();
    let at = at % bytes.len();
    let changed = bytes[at] != byte;
    bytes[at] = byte;
    *text = String::from_utf8(bytes).expect("ASCII in, ASCII out");
    changed
}

/// Applies `ops` to fixture `target`'s results: (job file, results, damaged).
fn apply(target: usize, ops: &[Op]) -> (String, Vec<String>, bool) {
    let all = fixtures();
    let fixture = &all[target];
    let mut job_file = fixture.job_file.clone();
    let mut results = fixture.results.clone();
    let mut damaged = false;
    for op in ops {
        let n = results.len();
        match *op {
            Op::Drop(k) if n > 0 => {
                results.remove(k % n);
                damaged = true;
            }
            Op::Double(k) if n > 0 => {
                results.push(results[k % n].clone());
                damaged = true;
            }
            Op::Foreign(f, k) => {
                let other = &all[f % all.len()];
                if !other.results.is_empty() {
                    results.push(other.results[k % other.results.len()].clone());
                    damaged = true;
                }
            }
            Op::Mutate(k, at, byte) if n > 0 => damaged |= mutate(&mut results[k % n], at, byte),
            Op::MutateJobs(at, byte) => damaged |= mutate(&mut job_file, at, byte),
            Op::Swap(a, b) if n > 0 => results.swap(a % n, b % n),
            _ => {}
        }
    }
    (job_file, results, damaged)
}

/// The merge of `results` cut into `files` files: the (total, nodes), or `None` if refused.
fn merge(job_file: &str, results: &[String], files: usize) -> Option<(u128, u128)> {
    let jobs = jobfile::read_job_file(job_file).ok()?;
    let mut merge = Merge::new(&jobs);
    let per = results.len().div_ceil(files).max(1);
    for (k, chunk) in results.chunks(per).enumerate() {
        merge.add(k, &chunk.join("\n"), "jobs").ok()?;
    }
    let merged = merge.finish(|k| k.to_string()).ok()?;
    Some((merged.total.to_u128()?, merged.nodes))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn a_merge_is_exact_or_refused(
        target in 0usize..18,
        ops in prop::collection::vec(op(), 0..4),
        files in 1usize..4,
    ) {
        let fixture = &fixtures()[target];
        let (job_file, results, damaged) = apply(target, &ops);
        match merge(&job_file, &results, files) {
            Some(sum) => prop_assert_eq!(sum, (fixture.total, fixture.nodes), "{:?}", ops),
            None => prop_assert!(damaged, "refused an undamaged merge: {:?}", ops),
        }
    }
}

/// The fixtures differ in what the property needs: splits with several jobs, a split with
/// none (every subtree finished), and splits of one problem with different identities.
#[test]
fn the_fixtures_cover_the_cases() {
    let all = fixtures();
    assert_eq!(all.len(), 18);
    assert!(all.iter().any(|f| f.results.len() >= 7));
    assert!(all.iter().any(|f| f.results.is_empty()));
    // Two splits have one identity exactly when they are the same job file.
    let mut ids = std::collections::BTreeMap::new();
    for f in all {
        let id = jobfile::read_job_file(&f.job_file).unwrap().header.id;
        assert_eq!(ids.entry(id).or_insert(&f.job_file), &&f.job_file);
    }
    assert!(ids.len() >= 12, "{} identities", ids.len());
}
