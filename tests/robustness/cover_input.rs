//! `cover`'s input held to the rules of puzzle input, through the real binary: byte-order
//! marks skipped (in `--cages` files too), an invalid byte named, `--pre` naming the item
//! and its line, and the `--jobs` hash mismatch showing both hashes whole.

use std::path::PathBuf;

use crate::common;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");

#[test]
fn a_byte_order_mark_is_skipped() {
    let r = common::run_bin(&["cover"], "\u{feff}A B\nA\nB\n");
    assert_eq!((r.code, r.stdout.as_str()), (0, "A\nB\n"), "{}", r.stderr);
    let plain = common::run_bin(&["cover"], "A B\nA\nB\n");
    assert_eq!(r.stdout, plain.stdout);
}

#[test]
fn a_byte_order_mark_in_a_cages_file_is_skipped() {
    let cages = format!("{EXAMPLES}/variants/killer-cages.txt");
    let text = std::fs::read_to_string(&cages).unwrap();
    let marked = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cages-bom.txt");
    std::fs::write(&marked, format!("\u{feff}{text}")).unwrap();
    let puzzle = format!("{EXAMPLES}/variants/killer.txt");
    let want = common::run_bin(&["solve", "--cages", &cages, &puzzle], "");
    let got = common::run_bin(&["solve", "--cages", marked.to_str().unwrap(), &puzzle], "");
    assert_eq!(want.code, 0, "{}", want.stderr);
    assert_eq!((got.code, got.stdout), (0, want.stdout), "{}", got.stderr);
}

#[test]
fn an_invalid_byte_is_named() {
    let r = common::run_bin(&["cover"], b"A B\nA \xff\nB\n");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "<stdin>:2: column 3: byte 0xFF is not valid UTF-8\n"
    );
}

#[test]
fn pre_names_the_item_and_its_line() {
    let r = common::run_bin(&["cover", "--pre"], "| a comment\n1:2|a b\na\nb\na b\n");
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "<stdin>:2: --pre: primary item a has multiplicity `1:2|a`, other than 1:1, which \
         preprocessing does not support\n"
    );
}

#[test]
fn a_hash_mismatch_shows_both_hashes_whole() {
    let six = common::emit_problem("queens", "6");
    let seven = common::emit_problem("queens", "7");
    let jobs = common::run_bin(&["cover", "--split", "4", six.to_str().unwrap()], "");
    assert_eq!(jobs.code, 0, "{}", jobs.stderr);
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mismatch-jobs.txt");
    std::fs::write(&file, &jobs.stdout).unwrap();
    let args = [
        "cover",
        "--jobs",
        file.to_str().unwrap(),
        "--index",
        "0",
        seven.to_str().unwrap(),
    ];
    let r = common::run_bin(&args, "");
    assert_eq!(r.code, 2);
    assert!(!r.stderr.contains("characters)"), "{}", r.stderr);
    let hex = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit());
    let whole = r
        .stderr
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| hex(w))
        .count();
    assert_eq!(whole, 2, "{}", r.stderr);
}
