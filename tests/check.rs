//! `check` through the real binary, against counts by code that shares nothing with the
//! library (`tests/common`).

mod common;

use common::{Rng, count_fills, random_puzzle};

const MINIMAL: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn statuses_and_exit_codes() {
    let run = common::run_bin(&["check"], format!("{MINIMAL}\n"));
    assert_eq!((run.code, run.stdout.as_str()), (0, "minimal\n"));
    let mut extra = MINIMAL.as_bytes().to_vec();
    extra[1] = b'1'; // the fill's digit at r1c2
    let extra = String::from_utf8(extra).unwrap();
    assert_eq!(count_fills(&extra, 2), 1);
    let run = common::run_bin(&["check"], format!("{extra}\n"));
    assert_eq!(run.code, 6);
    assert!(run.stdout.starts_with("not minimal: ") && run.stdout.contains("r1c2"));
    let several = format!(".{}", &MINIMAL[1..]);
    let run = common::run_bin(&["check"], format!("{several}\n{extra}\n"));
    assert_eq!(run.code, 5, "several fills outranks not minimal");
    let clash = format!("44{}", &MINIMAL[2..]);
    let run = common::run_bin(&["check"], format!("{clash}\n{several}\n"));
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "invalid (row 1 has two 4s)\nnot unique\n");
    // An 80-cell line is a bad record (a word would be a label, skipped with a note).
    let run = common::run_bin(&["check"], format!("{}\n{clash}\n", ".".repeat(80)));
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout.lines().next(), Some("error"));
    let run = common::run_bin(&["check", "--format", "json"], format!("{extra}\n"));
    common::assert_starts(
        &run.stdout,
        format!(
            "{{\"puzzle\":\"{extra}\",\"status\":\"not minimal\",\"valid\":true,\"unique\":true,\"minimal\":false,\"givens\":18,\"redundant\":[\""
        ),
    );
    let run = common::run_bin(&["check", "--format", "csv"], format!("{MINIMAL}\n"));
    assert_eq!(
        run.stdout,
        format!(
            "puzzle,status,valid,unique,minimal,givens,redundant\n{MINIMAL},minimal,true,true,true,17,\n"
        )
    );
}

#[test]
fn random_puzzles_agree_with_an_independent_count() {
    let mut rng = Rng::new(5);
    let mut input = String::new();
    let mut expected = Vec::new();
    for i in 0..60 {
        let p = random_puzzle(&mut rng, 22 + i % 20);
        let unique = count_fills(&p, 2) == 1;
        let minimal = unique
            && (0..81).filter(|&k| p.as_bytes()[k] != b'.').all(|k| {
                let mut q = p.clone().into_bytes();
                q[k] = b'.';
                count_fills(&String::from_utf8(q).unwrap(), 2) > 1
            });
        expected.push((unique, minimal));
        input.push_str(&p);
        input.push('\n');
    }
    let run = common::run_bin(&["check", "--format", "csv"], &input);
    for (row, (unique, minimal)) in run.stdout.lines().skip(1).zip(&expected) {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!(f[2], "true");
        assert_eq!(f[3], unique.to_string(), "{row}");
        assert_eq!(f[4], minimal.to_string(), "{row}");
    }
    assert_eq!(run.stdout.lines().count(), 61);
}
