//! The job and result lines: reading back, every fault named with its line, checks and
//! identities, and text that never makes the readers panic.

use super::*;
use crate::BigCount;
use proptest::prelude::*;
use sha2::{Digest, Sha256};

const H: &str = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824";

/// CRC-32 written out again, bit by bit from the polynomial, for the lines made by hand.
fn crc(text: &str) -> u32 {
    let mut c: u32 = 0xffff_ffff;
    for &b in text.as_bytes() {
        for k in 0..8 {
            let bit = ((b >> k) & 1) as u32 ^ (c & 1);
            c >>= 1;
            if bit == 1 {
                c ^= 0xedb8_8320;
            }
        }
    }
    c ^ 0xffff_ffff
}

/// `text` with every line's split identity and check made right again, as this test
/// computes them (the words before `id`/`split`, hashed line by line; the check of the
/// words before `check`): mutations below then reach the checks after these.
fn seal(text: &str) -> String {
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_ascii_whitespace().collect())
        .collect();
    let ours = |w: &Vec<&str>| {
        !w.is_empty()
            && !w[0].starts_with('#')
            && matches!(w[0], "split" | "job" | "finished" | "result")
    };
    let key = |w: &Vec<&str>| if w[0] == "split" { "id" } else { "split" };
    let mut hasher = Sha256::new();
    for w in lines.iter().filter(|w| ours(w) && w[0] != "result") {
        let end = w.iter().position(|x| *x == key(w)).unwrap_or(w.len());
        hasher.update(w[..end].join(" ").as_bytes());
        hasher.update(b"\n");
    }
    let id: String = hasher.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut out = String::new();
    for (w, raw) in lines.iter().zip(text.lines()) {
        if !ours(w) {
            out.push_str(raw);
        } else {
            let end = w.iter().position(|x| *x == key(w)).unwrap_or(w.len());
            // A result line keeps its own split's identity.
            let own = match w.get(end + 1) {
                Some(x) if w[0] == "result" => x.to_string(),
                _ => id.clone(),
            };
            let fields = format!("{} {} {own}", w[..end].join(" "), key(w));
            out.push_str(&format!("{fields} check {:08x}", crc(&fields)));
        }
        out.push('\n');
    }
    out
}

fn sample_file() -> String {
    seal(&format!(
        "split format 2 jobs 2 finished 1 nodes 9 sha256 {H} version 0.1.0\n\
         # a comment\n\
         job 0 path 0,4 sha256 {H} version 0.1.0\n\
         finished path 0,5 count 1 sha256 {H} version 0.1.0\n\
         \n\
         job 1 path 1 sha256 {H} version 0.1.0\n"
    ))
}

/// The words of a file's lines that are read (not empty, not comments).
fn words(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(|l| l.split_ascii_whitespace().collect::<Vec<_>>())
        .filter(|w| !w.is_empty() && !w[0].starts_with('#'))
        .collect()
}

fn split_id(text: &str) -> String {
    read_job_file(text).unwrap().header.id
}

#[test]
fn a_job_file_reads_back() {
    let f = read_job_file(&sample_file()).unwrap();
    assert_eq!(f.header.jobs, 2);
    assert_eq!(f.header.nodes, 9);
    assert_eq!(f.jobs[0].path, vec![0, 4]);
    assert_eq!(f.jobs[1].path, vec![1]);
    assert_eq!(f.job_lines, vec![3, 6]);
    assert_eq!(f.finished[0].count, BigCount::from(1u64));
    // The identity this test computes is the engine's.
    let parts: Vec<JobLine> = sample_file()
        .lines()
        .skip(1)
        .filter_map(|l| parse_job_line(l).ok())
        .collect();
    assert_eq!(identity(&f.header, &parts), f.header.id);
}

/// Each fault of a job file (its lines sealed again, so that the fault itself is met):
/// the line it names and words of the message.
#[test]
fn job_file_faults_name_their_line() {
    let good = sample_file();
    let id = split_id(&good);
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
            good.replace("version 0.1.0 split", "version 0.1.0 extra split"),
            3,
            "expected `split`, found `extra`",
        ),
        (
            format!("{good}job 1 path 2 sha256 {H} version 0.1.0 split {id}\n"),
            7,
            "job 1 appears twice (lines 6 and 7)",
        ),
        (
            good.replace("job 1 path 1", "job 7 path 1"),
            6,
            "past the split line's 2 jobs",
        ),
        (good.replace("jobs 2", "jobs 3"), 6, "1 is missing: 2"),
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
        (good.replace("format 2", "format 3"), 1, "job-file format 3"),
        (
            good.replace("path 1 ", "path 0,4 "),
            6,
            "the same path as line 3",
        ),
        (
            good.replace("path 1 ", "path 0,4,2 "),
            6,
            "inside the subtree of line 3",
        ),
        (
            good.replace("path 0,4 ", "path 1,3 "),
            6,
            "holds the path of line 3",
        ),
    ];
    for (text, line, words) in cases {
        let text = seal(&text);
        match read_job_file(&text) {
            Ok(_) => panic!("accepted, wanted {words:?}:\n{text}"),
            Err(e) => {
                assert_eq!(e.line, line, "{e:?} for\n{text}");
                assert!(e.fault.contains(words), "{e:?} lacks {words:?}");
            }
        }
    }
}

/// Faults the seal would hide: a line changed or cut, a line of another split, lines
/// that do not make up the split's identity, and the format 1 of older versions.
#[test]
fn checks_and_identities_refuse() {
    let good = sample_file();
    let other = seal(&good.replace("nodes 9", "nodes 10"));
    let job1_other = other.lines().nth(5).unwrap();
    let fin = good.lines().nth(3).unwrap();
    let cases: Vec<(String, usize, &str)> = vec![
        (
            good.replace("count 1 ", "count 2 "),
            4,
            "does not match its fields",
        ),
        (
            good.replace("nodes 9 ", "nodes 8 "),
            1,
            "does not match its fields",
        ),
        (
            good.replace(fin, &fin[..fin.len() - 3]),
            4,
            "not a line check",
        ),
        (
            good.replace(fin, &fin[..fin.len() - 15]),
            4,
            "expected `check`, found the end",
        ),
        (
            good.replace(good.lines().nth(5).unwrap(), job1_other),
            6,
            "differs from the split line's identity",
        ),
        (
            // Every line of the other split but the header: the identity is not theirs.
            format!(
                "{}\n{}",
                good.lines().next().unwrap(),
                other.lines().skip(1).collect::<Vec<_>>().join("\n")
            ),
            3,
            "differs from the split line's identity",
        ),
        (
            format!("split jobs 1 finished 0 nodes 0 sha256 {H} version 0.1.0\n"),
            1,
            "format 1",
        ),
    ];
    for (text, line, words) in cases {
        let e = read_job_file(&text).unwrap_err();
        assert_eq!(e.line, line, "{e:?} for\n{text}");
        assert!(e.fault.contains(words), "{e:?} lacks {words:?}");
    }
    // Lines moved: each line is sealed, but the identity (of the lines in order) is not.
    let lines: Vec<&str> = good.lines().collect();
    let moved = [lines[0], lines[5], lines[3], lines[2]].join("\n");
    let e = read_job_file(&moved).unwrap_err();
    assert!(
        e.fault.contains("a line was added, removed, moved"),
        "{e:?}"
    );
    // A format 1 job line.
    let e = parse_job_line(&format!("job 0 path 0,4 sha256 {H} version 0.1.0")).unwrap_err();
    assert!(e.contains("format 1"), "{e}");
}

#[test]
fn result_line_faults() {
    let id = "0123456789abcdef0123456789abcdef";
    let good = seal(&format!(
        "result 3 count 5 nodes 70 seconds 0.250 sha256 {H} split {id}"
    ));
    let good = good.trim_end();
    assert_eq!(parse_result_line(good).unwrap().count, BigCount::from(5u64));
    assert_eq!(parse_result_line(good).unwrap().to_string(), good);
    for (bad, sealed, words) in [
        (
            good.replace("result 3", "result"),
            true,
            "is not a whole number",
        ),
        (good.replace("count 5", "count -5"), true, "count: `-5`"),
        (
            good.replace("seconds 0.250", "seconds 1e9"),
            true,
            "not a number of seconds",
        ),
        (
            good.replace("seconds 0.250", "seconds NaN"),
            true,
            "not a number of seconds",
        ),
        (
            good.replace("nodes 70 ", ""),
            true,
            "expected `nodes`, found `seconds`",
        ),
        (good.replace(H, "z"), true, "not a SHA-256"),
        ("job 1".to_string(), false, "expected `result`, found `job`"),
        (
            good.replace("count 5", "count 15"),
            false,
            "does not match its fields",
        ),
        (
            good.replace("count 5", "count 05"),
            false,
            "does not match its fields",
        ),
        (format!("{good} 1"), false, "unexpected `1`"),
        (
            good[..good.len() - 1].to_string(),
            false,
            "not a line check",
        ),
        (
            good[..good.find(" split").unwrap()].to_string(),
            false,
            "format 1",
        ),
        (good.replace(id, "0123"), true, "not a split identity"),
    ] {
        let bad = if sealed { seal(&bad) } else { bad };
        let e = parse_result_line(bad.trim_end()).unwrap_err();
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
    let head = format!(
        "split format 2 jobs 18446744073709551615 finished 0 nodes 0 sha256 {sha} version v\n"
    );
    let started = std::time::Instant::now();
    let e = read_job_file(&seal(&head)).unwrap_err();
    assert_eq!(
        e.fault,
        "the split line (line 1) promises 18446744073709551615 jobs, but \
         18446744073709551615 are missing: 0-18446744073709551614"
    );
    let far = seal(&format!(
        "{head}job 18446744073709551000 path - sha256 {sha} version v\n"
    ));
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

/// The engine's CRC-32 is the standard one (the check value of "123456789").
#[test]
fn crc32_is_the_standard_one() {
    assert_eq!(lines::crc32(b"123456789"), 0xcbf4_3926);
    assert_eq!(crc("123456789"), 0xcbf4_3926);
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
        limbs in prop::collection::vec(any::<u64>(), 0..4),
        finished in any::<u64>(),
        nodes in any::<u64>(),
        millis in 0u64..10_000_000,
        sha256 in sha(),
        split in "[0-9a-f]{32}",
        version in "[0-9a-z.+-]{1,12}",
    ) {
        let job = Job { number, path: path.clone(), sha256: sha256.clone(), version: version.clone(), split: split.clone() };
        prop_assert_eq!(parse_job_line(&job.to_string()), Ok(JobLine::Job(job)));
        let count = BigCount::from_limbs(limbs);
        let fin = Finished { path, count: count.clone(), sha256: sha256.clone(), version: version.clone(), split: split.clone() };
        prop_assert_eq!(parse_job_line(&fin.to_string()), Ok(JobLine::Finished(fin)));
        let head = Header { jobs: number, finished, nodes, sha256: sha256.clone(), version, id: split.clone() };
        prop_assert_eq!(parse_job_line(&head.to_string()), Ok(JobLine::Header(head)));
        let out = Outcome { job: number, count, nodes, seconds: millis as f64 / 1000.0, sha256, split };
        let back = parse_result_line(&out.to_string()).unwrap();
        prop_assert_eq!((back.job, back.count, back.nodes), (out.job, out.count, out.nodes));
        prop_assert!((back.seconds - out.seconds).abs() < 1e-9);
    }

    /// Any text at all: the readers answer or name a line inside the text, never panic.
    #[test]
    fn arbitrary_text_never_panics(text in "(split |job |finished |result |path |count |sha256 |check |[0-9a-f,.\\- #\\n]|\\PC){0,200}") {
        let lines = text.lines().count().max(1);
        if let Err(e) = read_job_file(&text) {
            prop_assert!(e.line >= 1 && e.line <= lines, "{:?}", e);
            prop_assert!(!e.fault.is_empty());
        }
        if let Err(e) = read_results(&text) {
            prop_assert!(e.line >= 1 && e.line <= lines, "{:?}", e);
        }
    }

    /// A valid job file with one character changed is refused with a line of the file
    /// (every line is checked), unless the change left the fields as they were (an empty
    /// or comment line changed).
    #[test]
    fn one_character_changed(at in 0usize..600, byte in prop::sample::select(b"0123456789abcdefjx ,-\n#".to_vec())) {
        let good = sample_file();
        let mut text = good.clone().into_bytes();
        let at = at % text.len();
        text[at] = byte;
        let text = String::from_utf8(text).unwrap();
        match read_job_file(&text) {
            Ok(f) => {
                // The same lines (an empty line may have gone, moving the line numbers).
                prop_assert_eq!(words(&text), words(&good));
                let g = read_job_file(&good).unwrap();
                prop_assert_eq!((f.header, f.jobs, f.finished), (g.header, g.jobs, g.finished));
            }
            Err(e) => prop_assert!(e.line >= 1 && e.line <= text.lines().count().max(1)),
        }
    }
}

/// Counts past 2^64 (a job counted with memo) are read, written and added up exactly; the
/// figures are Python's (2^64 + 5, 2^130 and 1 + both).
#[test]
fn counts_past_64_bits_are_read_and_merged_exactly() {
    let file = sample_file();
    let id = split_id(&file);
    let jobs = read_job_file(&file).unwrap();
    let (a, b) = (
        "18446744073709551621",
        "1361129467683753853853498429727072845824",
    );
    let results = seal(&format!(
        "result 0 count {a} nodes 7 seconds 0.500 sha256 {H} split {id}\n\
         result 1 count {b} nodes 8 seconds 0.250 sha256 {H} split {id}\n"
    ));
    let read: Vec<Outcome> = results
        .lines()
        .map(|l| parse_result_line(l).unwrap())
        .collect();
    assert_eq!(read[0].count.to_string(), a);
    assert_eq!(read[1].count.to_string(), b);
    assert_eq!(read[1].to_string(), results.lines().nth(1).unwrap());
    let mut merge = Merge::new(&jobs);
    merge.add(0, &results, "jobs").unwrap();
    let merged = merge.finish(|k| k.to_string()).unwrap();
    assert_eq!(
        merged.total.to_string(),
        "1361129467683753853871945173800782397446"
    );
    assert_eq!(merged.nodes, 9 + 7 + 8);
    // A count of more digits than any search reaches is refused, before it is read.
    let long = "9".repeat(MAX_COUNT_DIGITS + 1);
    let line = seal(&format!(
        "result 0 count {long} nodes 7 seconds 0.500 sha256 {H} split {id}"
    ));
    let fault = parse_result_line(line.trim_end()).unwrap_err();
    assert!(fault.contains("20001 digits"), "{fault}");
}
