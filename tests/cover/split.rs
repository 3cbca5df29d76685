//! Every core and many machines, through the real binary: `cover --threads` gives one
//! thread's count, nodes and output; `--split`, `--job(s)` and `--merge` add up to the
//! direct count and nodes; and every fault of a job or result file is refused, exit 2,
//! with the file, the line and the fault.

use crate::common;

use std::path::{Path, PathBuf};

use common::{emit_problem, run_bin};

/// Runs the binary; fails the test unless it exits 0. Returns (stdout, stderr).
fn ok(args: &[&str]) -> (String, String) {
    let r = run_bin(args, "");
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    (r.stdout, r.stderr)
}

/// The number after `word ` in `text`.
fn number_after(text: &str, word: &str) -> u128 {
    let at = text
        .find(&format!("{word} "))
        .unwrap_or_else(|| panic!("no {word:?} in {text}"));
    text[at + word.len() + 1..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// `cover --count --stats` with `threads`: (count, nodes, link updates).
fn count(problem: &Path, threads: &str) -> (u128, u128, u128) {
    let (out, err) = ok(&[
        "cover",
        "--count",
        "--stats",
        "--threads",
        threads,
        problem.to_str().unwrap(),
    ]);
    (
        out.trim().parse().unwrap(),
        number_after(&err, "nodes"),
        number_after(&err, "link updates"),
    )
}

/// CRC-32 (the zlib polynomial), written out here apart from the engine's: by a table of
/// the 256 bytes' remainders.
fn crc32(text: &str) -> u32 {
    let table: Vec<u32> = (0..256u32)
        .map(|n| {
            (0..8).fold(n, |c, _| {
                (c >> 1) ^ if c & 1 == 1 { 0xedb8_8320 } else { 0 }
            })
        })
        .collect();
    !text.bytes().fold(!0u32, |c, b| {
        table[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8)
    })
}

/// `line` (changed on purpose by a test) with its closing check made right again, so
/// that the checks after the line's own are met.
fn reseal(line: &str) -> String {
    let fields = line
        .split_ascii_whitespace()
        .take_while(|w| *w != "check")
        .collect::<Vec<_>>()
        .join(" ");
    format!("{fields} check {:08x}", crc32(&fields))
}

/// A file in the test's temporary directory.
fn temp(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The published counts (queens: OEIS A000170; Langford pairs up to reversal: A014552;
/// pentominoes on 6x10 and 5x12 up to symmetry: 2339 and 1010) with 1, 2 and 3 threads,
/// and the same nodes and link updates.
#[test]
fn threads_count_as_one_thread() {
    for (what, arg, expected) in [
        ("queens", "9", 352),
        ("langford", "8", 150),
        ("pentominoes", "5x12", 1010),
        ("queens", "1", 1),
        ("queens", "3", 0),
    ] {
        let problem = emit_problem(what, arg);
        let one = count(&problem, "1");
        assert_eq!(one.0, expected, "{what} {arg}");
        for threads in ["2", "3"] {
            assert_eq!(
                count(&problem, threads),
                one,
                "{what} {arg}, {threads} threads"
            );
        }
    }
}

#[test]
fn threads_print_what_one_thread_prints() {
    for (what, arg) in [
        ("queens", "8"),
        ("langford", "7"),
        ("pentominoes", "3x20"),
        ("queens", "2"),
    ] {
        let problem = emit_problem(what, arg);
        let p = s(&problem);
        for extra in [&[][..], &["--limit", "1"], &["--limit", "7"]] {
            for mode in ["--all", "--count"] {
                let mut args = vec!["cover", mode, p, "--threads", "1"];
                args.extend_from_slice(extra);
                let one = run_bin(&args, "");
                for threads in ["2", "4"] {
                    args[4] = threads;
                    let many = run_bin(&args, "");
                    assert_eq!(
                        (many.code, &many.stdout),
                        (one.code, &one.stdout),
                        "{args:?}"
                    );
                }
            }
        }
    }
}

/// Splits `problem` into at least `parts`, runs every job (`--jobs` with a stride, and one
/// `--job` line), merges: (total, nodes) from `--merge`.
fn split_run_merge(problem: &Path, parts: &str, tag: &str) -> (u128, u128) {
    let (jobs, _) = ok(&["cover", "--split", parts, s(problem)]);
    let job_file = temp(&format!("{tag}-jobs.txt"), &jobs);
    let n = number_after(&jobs, "format 2 jobs") as u64;
    let mut results = Vec::new();
    // Three "array tasks" with a stride of 3 cover every job.
    for index in 0..3u64.min(n) {
        let (out, _) = ok(&[
            "cover",
            "--jobs",
            s(&job_file),
            "--index",
            &index.to_string(),
            "--stride",
            "3",
            s(problem),
        ]);
        let expected = (index..n).step_by(3).count();
        assert_eq!(out.lines().count(), expected, "{out}");
        results.push(temp(&format!("{tag}-results-{index}.txt"), &out));
    }
    if n == 0 {
        results.push(temp(&format!("{tag}-results-none.txt"), ""));
    } else {
        // One job again through --job: the same result line, but for the seconds.
        let line = jobs.lines().find(|l| l.starts_with("job ")).unwrap();
        let (again, _) = ok(&["cover", "--job", line, s(problem)]);
        let first = std::fs::read_to_string(&results[0]).unwrap();
        let strip = |l: &str| l.split(" seconds ").next().unwrap().to_string();
        assert_eq!(strip(again.trim()), strip(first.lines().next().unwrap()));
    }
    let mut args = vec!["cover", "--merge", s(&job_file)];
    args.extend(results.iter().map(|p| s(p)));
    let (merged, _) = ok(&args);
    (
        number_after(&merged, "total"),
        number_after(&merged, "nodes"),
    )
}

/// The split's total and nodes are the direct run's, for splits from one job (the root)
/// to more jobs than the tree has nodes at any level (everything finished while
/// splitting).
#[test]
fn split_jobs_merge_to_the_direct_count_and_nodes() {
    for (what, arg) in [
        ("queens", "8"),
        ("langford", "8"),
        ("pentominoes", "3x20"),
        ("queens", "6"),
    ] {
        let problem = emit_problem(what, arg);
        let (count, nodes, _) = count(&problem, "1");
        for parts in ["1", "5", "40", "100000"] {
            let tag = format!("{what}{arg}-{parts}");
            assert_eq!(
                split_run_merge(&problem, parts, &tag),
                (count, nodes),
                "{what} {arg} split into {parts}"
            );
        }
    }
}

#[test]
fn a_big_split_writes_finished_lines() {
    let problem = emit_problem("queens", "6");
    let (jobs, _) = ok(&["cover", "--split", "100000", s(&problem)]);
    let finished: Vec<&str> = jobs
        .lines()
        .filter(|l| l.starts_with("finished "))
        .collect();
    assert!(!finished.is_empty());
    // 6 queens have 4 solutions, all met while splitting this far.
    let solutions: u128 = finished.iter().map(|l| number_after(l, "count")).sum();
    assert_eq!(solutions, 4);
    assert!(jobs.lines().count() >= 2);
}

/// A job file and three result files for 8 queens, for the fault tests.
fn eight_queens_setup(tag: &str) -> (PathBuf, PathBuf, String, Vec<String>) {
    let problem = emit_problem("queens", "8");
    let (jobs, _) = ok(&["cover", "--split", "12", s(&problem)]);
    let job_file = temp(&format!("{tag}-jobs.txt"), &jobs);
    let (results, _) = ok(&common::all_jobs(s(&job_file), s(&problem), &[]));
    let lines = results.lines().map(String::from).collect();
    (problem, job_file, jobs, lines)
}

/// Runs the binary expecting exit 2 and a message containing every one of `words`.
fn refused(args: &[&str], words: &[&str]) {
    let r = run_bin(args, "");
    assert_eq!(
        r.code, 2,
        "{args:?} gave {}: {}{}",
        r.code, r.stdout, r.stderr
    );
    for w in words {
        assert!(r.stderr.contains(w), "{args:?}: {:?} lacks {w:?}", r.stderr);
    }
    assert!(
        r.stdout.is_empty() || !r.stdout.contains("total"),
        "{}",
        r.stdout
    );
}

#[test]
fn merge_refuses_missing_duplicated_foreign_and_unknown_jobs() {
    let (_, job_file, _, lines) = eight_queens_setup("merge-faults");
    let n = lines.len();
    assert!(n >= 12);
    let all = temp("merge-all.txt", &lines.join("\n"));
    ok(&["cover", "--merge", s(&job_file), s(&all)]);
    // Missing jobs 3 and 5..=7.
    let some: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(k, _)| *k != 3 && !(5..=7).contains(k))
        .map(|(_, l)| l.as_str())
        .collect();
    let missing = temp("merge-missing.txt", &some.join("\n"));
    refused(
        &["cover", "--merge", s(&job_file), s(&missing)],
        &["4 of", "no result: 3, 5-7"],
    );
    // Job 2 twice, in two files.
    let again = temp("merge-again.txt", &format!("# again\n{}\n", lines[2]));
    refused(
        &["cover", "--merge", s(&job_file), s(&all), s(&again)],
        &["job 2 (", "merge-all.txt:3 and ", "merge-again.txt:2)"],
    );
    // Job 4 twice in one file.
    let doubled = temp(
        "merge-doubled.txt",
        &format!("{}\n{}\n", lines.join("\n"), lines[4]),
    );
    refused(
        &["cover", "--merge", s(&job_file), s(&doubled)],
        &[
            "1 result is for a job already seen: job 4 (",
            "merge-doubled.txt:5 and ",
        ],
    );
    // A result for a problem with another hash.
    let sha = &lines[0][lines[0].find("sha256 ").unwrap() + 7..][..64];
    let foreign = reseal(&lines[0].replace(sha, &"0".repeat(64)));
    let foreign = temp("merge-foreign.txt", &format!("{foreign}\n"));
    refused(
        &["cover", "--merge", s(&job_file), s(&foreign)],
        &[
            "merge-foreign.txt:1:",
            "job 0 is of another problem",
            "SHA-256 0000",
            "merge-faults-jobs.txt's",
        ],
    );
    // A result of another split of the same problem (the 10 queens cut in 20
    // and in 30: 1266 added up instead of 724).
    let problem = emit_problem("queens", "10");
    let (a, _) = ok(&["cover", "--split", "20", s(&problem)]);
    let (b, _) = ok(&["cover", "--split", "30", s(&problem)]);
    let (a_file, b_file) = (temp("merge-a.txt", &a), temp("merge-b.txt", &b));
    let run_all = |file: &Path, tag: &str| {
        let (out, _) = ok(&common::all_jobs(s(file), s(&problem), &[]));
        temp(tag, &out)
    };
    let (ra, rb) = (
        run_all(&a_file, "merge-ra.txt"),
        run_all(&b_file, "merge-rb.txt"),
    );
    let (merged, _) = ok(&["cover", "--merge", s(&b_file), s(&rb)]);
    assert_eq!(number_after(&merged, "total"), 724);
    refused(
        &["cover", "--merge", s(&b_file), s(&ra), s(&rb)],
        &[
            "merge-ra.txt:1:",
            "job 0 is of another split of the problem",
        ],
    );
    // A changed digit (count 4 -> count 14, the 734) and a line cut short.
    let rb_text = std::fs::read_to_string(&rb).unwrap();
    let changed = temp(
        "merge-changed.txt",
        &rb_text.replacen(" count ", " count 1", 1),
    );
    refused(
        &["cover", "--merge", s(&b_file), s(&changed)],
        &["merge-changed.txt:1:", "does not match its fields"],
    );
    let short = temp("merge-short.txt", &rb_text[..rb_text.len() - 4]);
    let last = rb_text.lines().count();
    refused(
        &["cover", "--merge", s(&b_file), s(&short)],
        &[&format!("merge-short.txt:{last}:"), "not a line check"],
    );
    // A changed digit in the job file's split nodes, and a job file of the old format.
    let doctored = temp("merge-doctored.txt", &b.replacen(" nodes ", " nodes 1", 1));
    refused(
        &["cover", "--merge", s(&doctored), s(&rb)],
        &["merge-doctored.txt:1:", "does not match its fields"],
    );
    let sha_b = &b[b.find("sha256 ").unwrap() + 7..][..64];
    let old = temp(
        "merge-old.txt",
        &format!("split jobs 1 finished 0 nodes 0 sha256 {sha_b} version 0.1.0\n"),
    );
    refused(
        &["cover", "--merge", s(&old), s(&rb)],
        &["merge-old.txt:1:", "format 1", "--split"],
    );
    // A job number the file does not have.
    let unknown = reseal(&lines[0].replacen("result 0 ", "result 999 ", 1));
    let unknown = temp("merge-unknown.txt", &format!("{unknown}\n"));
    refused(
        &["cover", "--merge", s(&job_file), s(&all), s(&unknown)],
        &["merge-unknown.txt:1:", "job 999 is not in"],
    );
    // A malformed result line.
    let bad = temp(
        "merge-bad.txt",
        &format!("{}\nresult 1 count x\n", lines[0]),
    );
    refused(
        &["cover", "--merge", s(&job_file), s(&bad)],
        &["merge-bad.txt:2:", "count: `x` is not a whole number"],
    );
    // A job file that is not one.
    refused(
        &["cover", "--merge", s(&all), s(&all)],
        &[
            "merge-all.txt:1:",
            "expected a line starting `job`, `finished` or `split`",
        ],
    );
    refused(
        &["cover", "--merge", s(&job_file), "/nonexistent/results.txt"],
        &["/nonexistent/results.txt"],
    );
}

#[test]
fn jobs_refuse_another_problem_version_path_or_index() {
    let (problem, job_file, jobs, _) = eight_queens_setup("job-faults");
    let line = jobs.lines().find(|l| l.starts_with("job 3 ")).unwrap();
    // Another problem: 9 queens.
    let other = emit_problem("queens", "9");
    refused(
        &["cover", "--job", line, s(&other)],
        &[
            "--job:1: job 3 was cut from a problem with SHA-256",
            "queens-9.dlx has SHA-256",
        ],
    );
    refused(
        &["cover", "--jobs", s(&job_file), "--index", "3", s(&other)],
        &["job-faults-jobs.txt:5: job 3 was cut from a problem"],
    );
    // Another version.
    let old = reseal(&line.replace(
        &format!(" version {}", env!("CARGO_PKG_VERSION")),
        " version 0.0.1",
    ));
    refused(
        &["cover", "--job", &old, s(&problem)],
        &["job 3 was cut by sudoku-dlx 0.0.1", "split again"],
    );
    // A path that is not in the tree: option 0 then option 1 (the same row).
    let hash = &line[line.find("sha256 ").unwrap()..];
    let stray = reseal(&format!("job 3 path 0,1 {hash}"));
    refused(
        &["cover", "--job", &stray, s(&problem)],
        &[
            "job 3 has a path that is not in the search tree",
            "path entry 2: option 1 is not a branch",
        ],
    );
    let far = reseal(&format!("job 3 path 64 {hash}"));
    refused(
        &["cover", "--job", &far, s(&problem)],
        &["path entry 1: unknown option 64"],
    );
    // Malformed lines.
    for (bad, fault) in [
        ("jobs 3", "expected a line starting `job`"),
        ("job 3 path 0,,1", "path: `0,,1` is not a path"),
        (
            "job 3 path 0 sha256 12 version 0.1.0",
            "sha256: `12` is not a SHA-256",
        ),
        (
            "job 3 path 0",
            "expected `sha256`, found the end of the line",
        ),
        (
            "job 3 path 0 sha256 30fed47075db49bf5144910732f1844a8755dc7d0e496aafa7bf95d3c259973d \
             version 0.1.0",
            "format 1",
        ),
        ("", "the line is empty"),
    ] {
        refused(&["cover", "--job", bad, s(&problem)], &["--job:1: ", fault]);
    }
    let header = jobs.lines().next().unwrap();
    refused(
        &["cover", "--job", header, s(&problem)],
        &["not a job line"],
    );
    // An index past the last job (an array of more tasks than jobs): nothing run, exit 0.
    let (out, err) = ok(&[
        "cover",
        "--jobs",
        s(&job_file),
        "--index",
        "99",
        s(&problem),
    ]);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("--index 99") && err.contains("none for this index"),
        "{err}"
    );
    // A damaged job file names its line.
    let damaged = jobs.replacen("job 2 path", "job 2 pth", 1);
    let damaged = damaged
        .lines()
        .map(|l| {
            if l.starts_with("job 2 ") {
                reseal(l)
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let damaged = temp("job-damaged.txt", &damaged);
    refused(
        &["cover", "--jobs", s(&damaged), "--index", "0", s(&problem)],
        &["job-damaged.txt:4: expected `path`, found `pth`"],
    );
    // A line past the cap, and bytes that are not UTF-8.
    let long = temp(
        "job-long.txt",
        &format!("# {}\n", "x".repeat((16 << 20) + 1)),
    );
    refused(
        &["cover", "--jobs", s(&long), "--index", "0", s(&problem)],
        &["job-long.txt:1: line too long"],
    );
    let binary = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("job-binary.txt");
    std::fs::write(&binary, b"# fine\n\xff\xfe\n").unwrap();
    refused(
        &["cover", "--merge", s(&job_file), s(&binary)],
        &["job-binary.txt:2: not valid UTF-8"],
    );
    let cut = jobs.lines().take(5).collect::<Vec<_>>().join("\n");
    let cut = temp("job-cut.txt", &cut);
    refused(
        &["cover", "--jobs", s(&cut), "--index", "0", s(&problem)],
        &["job-cut.txt:5: the split line (line 1) promises"],
    );
}

/// With `--split`, `--job(s)` and `--merge`, the options the jobs cannot honour are
/// refused (exit 2, naming both), never ignored; `--stats` with `--jobs` prints one line
/// per job with its CPU time; a split that finishes the whole tree has no jobs and merges
/// with an empty results file.
#[test]
fn options_are_honoured_or_refused() {
    let (problem, job_file, jobs, _) = eight_queens_setup("options");
    let p = s(&problem);
    let line = jobs.lines().find(|l| l.starts_with("job 1 ")).unwrap();
    let flags: [&[&str]; 8] = [
        &["--variant", "x"],
        &["--min-cost"],
        &["--best", "3"],
        &["--max-nodes", "10"],
        &["--timeout", "1s"],
        &["--pre"],
        &["--threads", "2"],
        &["--stats"],
    ];
    for flag in flags {
        let modes: [Vec<&str>; 4] = [
            vec!["cover", "--split", "4", p],
            vec!["cover", "--job", line, p],
            vec!["cover", "--jobs", s(&job_file), "--index", "0", p],
            vec!["cover", "--merge", s(&job_file), s(&job_file)],
        ];
        for mut args in modes {
            if flag[0] == "--stats" && args[1] != "--merge" {
                continue; // honoured: below
            }
            args.extend_from_slice(flag);
            let r = run_bin(&args, "");
            assert_eq!(r.code, 2, "{args:?}: {}{}", r.stdout, r.stderr);
            assert!(
                r.stderr.contains("cannot be used with"),
                "{args:?}: {}",
                r.stderr
            );
            assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
        }
    }
    let (out, err) = ok(&[
        "cover",
        "--jobs",
        s(&job_file),
        "--index",
        "2",
        "--stride",
        "5",
        "--stats",
        p,
    ]);
    let n = out.lines().count();
    let per_job: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("stats: job "))
        .collect();
    assert_eq!(per_job.len(), n, "{err}");
    for (k, l) in per_job.iter().enumerate() {
        assert!(
            l.starts_with(&format!("stats: job {} solutions ", 2 + 5 * k)),
            "{l}"
        );
        assert!(l.contains(", cpu ") && l.contains(" s, wall "), "{l}");
    }
    let (_, err) = ok(&["cover", "--split", "4", "--stats", p]);
    assert!(
        err.contains("stats: split ") && err.contains(" jobs and "),
        "{err}"
    );
    // 6 queens cut into 100,000: every subtree finished, no job; merged with no results.
    let small = emit_problem("queens", "6");
    let (cut, _) = ok(&["cover", "--split", "100000", s(&small)]);
    assert_eq!(number_after(&cut, "format 2 jobs"), 0);
    let cut_file = temp("options-none.txt", &cut);
    let (merged, _) = ok(&["cover", "--merge", s(&cut_file), "/dev/null"]);
    assert_eq!(number_after(&merged, "total"), 4);
}

/// Jobs counted by the memoized search (`--memo on`) count past 2^64 each, and `--merge`
/// adds them up exactly: 70 pairs of items, each pair covered by one option naming both or
/// by two options naming one each, have 2^70 solutions, and each of the two jobs of a
/// split on the first item has 2^69 (Python's figures).
#[test]
fn jobs_with_memo_count_and_merge_past_64_bits() {
    let mut text = String::new();
    for i in 0..70 {
        text.push_str(&format!("a{i} b{i} "));
    }
    text.push('\n');
    for i in 0..70 {
        text.push_str(&format!("a{i} b{i}\na{i}\nb{i}\n"));
    }
    let problem = temp("pairs70.dlx", &text);
    let (jobs, _) = ok(&["cover", "--split", "2", s(&problem)]);
    let job_file = temp("pairs70-jobs.txt", &jobs);
    let (results, _) = ok(&common::all_jobs(
        s(&job_file),
        s(&problem),
        &["--memo", "on"],
    ));
    let counts: Vec<&str> = results
        .lines()
        .map(|l| l.split(' ').nth(3).unwrap())
        .collect();
    assert_eq!(counts, ["590295810358705651712"; 2], "{results}");
    let result_file = temp("pairs70-results.txt", &results);
    let (merged, _) = ok(&["cover", "--merge", s(&job_file), s(&result_file)]);
    assert_eq!(
        merged.lines().next(),
        Some("total 1180591620717411303424"),
        "{merged}"
    );
    // One job line by --job, with memo, gives the same line as --jobs (but its seconds).
    let job = jobs.lines().nth(2).unwrap();
    let (one, _) = ok(&["cover", "--job", job, "--memo", "on", s(&problem)]);
    let fields = |l: &str| l.split(' ').take(4).collect::<Vec<_>>().join(" ");
    assert_eq!(fields(&one), fields(results.lines().nth(1).unwrap()));
}
