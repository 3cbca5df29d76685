//! The job and result lines of `cover --split`, `--job(s)` and `--merge` on arbitrary bytes
//! (as text): no panic, no hang and no allocation out of proportion to the input; every
//! line that parses (its check right) writes back to the same line's meaning; a job file
//! that reads keeps the promises of its split line.
//!
//! The parser is `dlx_cover::jobfile`, shared by the CLI and the Python package.
#![no_main]

use dlx_cover::jobfile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let lines = text.lines().count().max(1);
    for line in text.lines() {
        if let Ok(parsed) = jobfile::parse_job_line(line) {
            let written = parsed.to_string();
            assert_eq!(jobfile::parse_job_line(&written), Ok(parsed));
        }
        if let Ok(outcome) = jobfile::parse_result_line(line) {
            let again = jobfile::parse_result_line(&outcome.to_string()).expect("written back");
            assert_eq!(
                (again.job, again.count, again.nodes),
                (outcome.job, outcome.count, outcome.nodes)
            );
            assert_eq!(again.sha256, outcome.sha256);
            assert_eq!(again.split, outcome.split);
            assert!((again.seconds - outcome.seconds).abs() <= 0.0005 + outcome.seconds * 1e-12);
        }
    }
    match jobfile::read_job_file(&text) {
        Ok(file) => {
            assert_eq!(file.jobs.len() as u64, file.header.jobs);
            assert_eq!(file.finished.len() as u64, file.header.finished);
            for (k, job) in file.jobs.iter().enumerate() {
                assert_eq!(job.number, k as u64);
            }
        }
        Err(e) => {
            assert!(e.line >= 1 && e.line <= lines, "{e:?} in {lines} lines");
            assert!(
                e.fault.len() < 4_000,
                "a message of {} bytes",
                e.fault.len()
            );
        }
    }
    if let Err(e) = jobfile::read_results(&text) {
        assert!(e.line >= 1 && e.line <= lines);
    }
});
