//! Job lines and result lines: the plain-text format of `sudoku-dlx cover --split`,
//! `--job(s)` and `--merge` (and of the Python package's `split`, `run_job` and `merge`),
//! written and read here and nowhere else, and the checked sum of a split's results
//! ([`Merge`]). Pure text in and out: the callers read the files and hash the problem.
//!
//! ```text
//! split format 2 jobs 3 finished 1 nodes 17 sha256 9f86…08 version 0.1.0 id 5d1e…c0 check 1a2b3c4d
//! job 0 path 0,4 sha256 9f86…08 version 0.1.0 split 5d1e…c0 check 0b1c2d3e
//! finished path 0,5 count 0 sha256 9f86…08 version 0.1.0 split 5d1e…c0 check 77aa0913
//! job 1 path 1 sha256 9f86…08 version 0.1.0 split 5d1e…c0 check c0ffee11
//! job 2 path 2 sha256 9f86…08 version 0.1.0 split 5d1e…c0 check 8badf00d
//! result 0 count 12 nodes 345 seconds 0.012 sha256 9f86…08 split 5d1e…c0 check 3c4d5e6f
//! ```
//!
//! A job file opens with one `split` line (the format, how many jobs and finished subtrees
//! follow, and the search nodes the split itself spent), then the job and finished lines in
//! tree order. A path is the option numbers chosen from the root (options numbered from 0
//! in the order of the problem file), separated by commas, `-` for the root itself. Every
//! line carries the problem's SHA-256 and the split's identity ([`identity`]: a hash of the
//! job file's lines, so two splits of one problem differ in it), and ends with `check C`,
//! the CRC-32 of the fields before it: a result of another problem or split, a changed
//! digit and a line cut short are all refused. Fields are separated by spaces; empty lines
//! and lines starting with `#` are ignored everywhere.

mod lines;
mod merge;
mod read;
mod write;

pub use lines::{
    FORMAT, Finished, Header, Job, JobLine, LineError, MAX_COUNT_DIGITS, Outcome, VERSION,
    parse_job_line, parse_result_line,
};
pub use merge::{Merge, MergeFault, Merged};
pub use read::{JobFile, ranges, read_job_file, read_results};
pub use write::{Cut, cut, cut_until, identity, sha256_hex, splittable};

#[cfg(test)]
mod tests;
