//! Job lines and result lines: the plain-text format of `sudoku-dlx cover --split`,
//! `--job(s)` and `--merge` (and of the Python package's `split`, `run_job` and `merge`),
//! written and read here and nowhere else, and the checked sum of a split's results
//! ([`Merge`]). Pure text in and out: the callers read the files and hash the problem.
//!
//! ```text
//! split jobs 3 finished 1 nodes 17 sha256 9f86…08 version 0.1.0
//! job 0 path 0,4 sha256 9f86…08 version 0.1.0
//! finished path 0,5 count 0 sha256 9f86…08 version 0.1.0
//! job 1 path 1 sha256 9f86…08 version 0.1.0
//! job 2 path 2 sha256 9f86…08 version 0.1.0
//! result 0 count 12 nodes 345 seconds 0.012 sha256 9f86…08
//! ```
//!
//! A job file opens with one `split` line (how many jobs and finished subtrees follow, and
//! the search nodes the split itself spent), then the job and finished lines in tree order.
//! A path is the option numbers chosen from the root (options numbered from 0 in the order
//! of the problem file), separated by commas, `-` for the root itself. Fields are separated
//! by spaces; empty lines and lines starting with `#` are ignored everywhere.

mod lines;
mod merge;
mod read;

pub use lines::{
    Finished, Header, Job, JobLine, LineError, Outcome, VERSION, parse_job_line, parse_result_line,
};
pub use merge::{Merge, MergeFault, Merged};
pub use read::{JobFile, ranges, read_job_file, read_results};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const H: &str = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

    fn sample_file() -> String {
        format!(
            "split jobs 2 finished 1 nodes 9 sha256 {H} version 0.1.0\n\
             # a comment\n\
             job 0 path 0,4 sha256 {H} version 0.1.0\n\
             finished path 0,5 count 1 sha256 {H} version 0.1.0\n\
             \n\
             job 1 path 1 sha256 {H} version 0.1.0\n"
        )
    }

    #[test]
    fn a_job_file_reads_back() {
        let f = read_job_file(&sample_file()).unwrap();
        assert_eq!(f.header.jobs, 2);
        assert_eq!(f.header.nodes, 9);
        assert_eq!(f.jobs[0].path, vec![0, 4]);
        assert_eq!(f.jobs[1].path, vec![1]);
        assert_eq!(f.job_lines, vec![3, 6]);
        assert_eq!(f.finished[0].count, 1);
    }

    /// Each fault of a job file: the line it names and words of the message.
    #[test]
    fn job_file_faults_name_their_line() {
        let good = sample_file();
        let cases: Vec<(String, usize, &str)> = vec![
            (
                good.replace("job 1 path", "jab 1 path"),
                6,
                "expected a line starting",
            ),
            (
                good.replace("job 1 path 1", "job x path 1"),
                6,
                "job: `x` is not a whole number",
            ),
            (good.replace("path 1 ", "path 1,,2 "), 6, "is not a path"),
            (good.replace("path 1 ", "path 1,-2 "), 6, "is not a path"),
            (
                good.replace("path 1 ", "route 1 "),
                6,
                "expected `path`, found `route`",
            ),
            (
                good.replacen(H, "abc", 2).replacen("abc", H, 1),
                3,
                "is not a SHA-256",
            ),
            (
                good.replace("version 0.1.0\n\njob 1", "version 0.1.0\n\njob 1 extra"),
                6,
                "expected `path`",
            ),
            (
                format!("{good}job 1 path 2 sha256 {H} version 0.1.0\n"),
                7,
                "job 1 appears twice (lines 6 and 7)",
            ),
            (
                good.replace("job 1 path 1", "job 7 path 1"),
                6,
                "past the split line's 2 jobs",
            ),
            (
                good.replace("split jobs 2", "split jobs 3"),
                6,
                "1 is missing: 2",
            ),
            (
                good.replace("finished 1 nodes", "finished 2 nodes"),
                6,
                "promises 2 finished lines",
            ),
            (
                good.replacen(H, &H.replace('2', "3"), 2)
                    .replacen(&H.replace('2', "3"), H, 1),
                3,
                "differs from the split line's",
            ),
            (
                good.replacen("version 0.1.0", "version 9", 2).replacen(
                    "version 9",
                    "version 0.1.0",
                    1,
                ),
                3,
                "version 9 differs",
            ),
            (
                good.lines().skip(1).collect::<Vec<_>>().join("\n"),
                2,
                "must open with a split line",
            ),
            (
                format!("{good}{}\n", good.lines().next().unwrap()),
                7,
                "a second split line",
            ),
            (String::new(), 1, "no split line"),
            (
                good.replace("nodes 9", "nodes 99999999999999999999999"),
                1,
                "below 2^64",
            ),
            (
                good.replace("version 0.1.0\n# a", "version 0.1.0 more\n# a"),
                1,
                "unexpected `more`",
            ),
        ];
        for (text, line, words) in cases {
            match read_job_file(&text) {
                Ok(_) => panic!("accepted, wanted {words:?}:\n{text}"),
                Err(e) => {
                    assert_eq!(e.line, line, "{e:?} for\n{text}");
                    assert!(e.fault.contains(words), "{e:?} lacks {words:?}");
                }
            }
        }
    }

    #[test]
    fn result_line_faults() {
        let good = format!("result 3 count 5 nodes 70 seconds 0.250 sha256 {H}");
        assert_eq!(parse_result_line(&good).unwrap().count, 5);
        for (bad, words) in [
            (good.replace("result 3", "result"), "is not a whole number"),
            (good.replace("count 5", "count -5"), "count: `-5`"),
            (
                good.replace("seconds 0.250", "seconds 1e9"),
                "not a number of seconds",
            ),
            (
                good.replace("seconds 0.250", "seconds NaN"),
                "not a number of seconds",
            ),
            (
                good.replace("nodes 70 ", ""),
                "expected `nodes`, found `seconds`",
            ),
            (format!("{good} 1"), "unexpected `1`"),
            (good.replace(H, "z"), "not a SHA-256"),
            ("job 1".to_string(), "expected `result`, found `job`"),
        ] {
            let e = parse_result_line(&bad).unwrap_err();
            assert!(e.contains(words), "{bad:?}: {e}");
        }
        let e = read_results(&format!("{good}\n\n# c\nresult 1\n")).unwrap_err();
        assert_eq!(e.line, 4);
    }

    #[test]
    fn ranges_compress() {
        assert_eq!(ranges(&[1, 4, 5, 6, 7, 9]), "1, 4-7, 9");
        assert_eq!(ranges(&[]), "");
        let many: Vec<u64> = (0..100).map(|k| k * 2).collect();
        assert!(ranges(&many).ends_with(", …"));
    }

    /// Found by the `jobfile` fuzz target: a split line promising 2^64 - 1 jobs made the
    /// reader list every missing number (a hang) or size a table by a job's number.
    #[test]
    fn huge_promises_cost_nothing() {
        let sha = "a".repeat(64);
        let head =
            format!("split jobs 18446744073709551615 finished 0 nodes 0 sha256 {sha} version v\n");
        let started = std::time::Instant::now();
        let e = read_job_file(&head).unwrap_err();
        assert_eq!(
            e.fault,
            "the split line (line 1) promises 18446744073709551615 jobs, but \
             18446744073709551615 are missing: 0-18446744073709551614"
        );
        let far = format!("{head}job 18446744073709551000 path - sha256 {sha} version v\n");
        let e = read_job_file(&far).unwrap_err();
        assert!(
            e.fault.ends_with(
                "missing: 0-18446744073709550999, 18446744073709551001-18446744073709551614"
            ),
            "{}",
            e.fault
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    fn sha() -> impl Strategy<Value = String> {
        "[0-9a-f]{64}"
    }

    proptest! {
        /// Every job, finished and result line reads back as what was written.
        #[test]
        fn lines_round_trip(
            number in any::<u64>(),
            path in prop::collection::vec(0usize..1_000_000, 0..12),
            count in any::<u64>(),
            nodes in any::<u64>(),
            millis in 0u64..10_000_000,
            sha256 in sha(),
            version in "[0-9a-z.+-]{1,12}",
        ) {
            let job = Job { number, path: path.clone(), sha256: sha256.clone(), version: version.clone() };
            prop_assert_eq!(parse_job_line(&job.to_string()), Ok(JobLine::Job(job)));
            let fin = Finished { path, count, sha256: sha256.clone(), version: version.clone() };
            prop_assert_eq!(parse_job_line(&fin.to_string()), Ok(JobLine::Finished(fin)));
            let head = Header { jobs: number, finished: count, nodes, sha256: sha256.clone(), version };
            prop_assert_eq!(parse_job_line(&head.to_string()), Ok(JobLine::Header(head)));
            let out = Outcome { job: number, count, nodes, seconds: millis as f64 / 1000.0, sha256 };
            let back = parse_result_line(&out.to_string()).unwrap();
            prop_assert_eq!((back.job, back.count, back.nodes), (out.job, out.count, out.nodes));
            prop_assert!((back.seconds - out.seconds).abs() < 1e-9);
        }

        /// Any text at all: the readers answer or name a line inside the text, never panic.
        #[test]
        fn arbitrary_text_never_panics(text in "(split |job |finished |result |path |count |sha256 |[0-9a-f,.\\- #\\n]|\\PC){0,200}") {
            let lines = text.lines().count().max(1);
            if let Err(e) = read_job_file(&text) {
                prop_assert!(e.line >= 1 && e.line <= lines, "{:?}", e);
                prop_assert!(!e.fault.is_empty());
            }
            if let Err(e) = read_results(&text) {
                prop_assert!(e.line >= 1 && e.line <= lines, "{:?}", e);
            }
        }

        /// A valid job file with one character changed is either read or refused with a
        /// line of the file: never a panic, never a job that was not there.
        #[test]
        fn one_character_changed(at in 0usize..400, byte in prop::sample::select(b"0123456789abcdefjx ,-\n#".to_vec())) {
            let mut text = format!(
                "split jobs 2 finished 1 nodes 9 sha256 {H} version 0.1.0\n\
                 job 0 path 0,4 sha256 {H} version 0.1.0\n\
                 finished path 0,5 count 1 sha256 {H} version 0.1.0\n\
                 job 1 path 1 sha256 {H} version 0.1.0\n"
            ).into_bytes();
            let at = at % text.len();
            text[at] = byte;
            let text = String::from_utf8(text).unwrap();
            match read_job_file(&text) {
                Ok(f) => prop_assert_eq!(f.jobs.len() as u64, f.header.jobs),
                Err(e) => prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1)),
            }
        }
    }
}
