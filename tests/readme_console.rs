//! The documents' shell transcripts, run for real. In `README.md`, `docs/benchmarks.md`,
//! `docs/cover.md` and the crate READMEs, every ```console block comes just after one of two markers:
//!
//! * `<!-- checked by tests/readme_console.rs -->`: the block is a list of `$ command` lines
//!   (a line ending in `\` continues on the next), each followed by its exact output
//!   (standard output and error together). `[..]` in an output line stands for any text
//!   within that line (a time, a thread count). Commands run with `sh`, with the built
//!   `sudoku-dlx` first on `PATH`, in a scratch directory of the document's own where
//!   `examples` and `tests` are links to the project's: a fresh clone's files only, and
//!   files a block writes stay there for the document's later blocks.
//! * `<!-- illustration: REASON -->`: shown, not run, and the reason says why (needs
//!   `../shared/data`, prints timings only, takes minutes).
//!
//! A ```console block with neither marker fails the test.

use std::path::{Path, PathBuf};
use std::process::Command;

const CHECKED: &str = "<!-- checked by tests/readme_console.rs -->";
const ILLUSTRATION: &str = "<!-- illustration: ";

/// The documents whose transcripts are checked, from the project root.
const DOCUMENTS: [&str; 5] = [
    "README.md",
    "docs/benchmarks.md",
    "docs/cover.md",
    "crates/dlx-cover/README.md",
    "crates/dlx-sudoku/README.md",
];

/// One command of a checked block and its expected output.
struct Step {
    command: String,
    expected: String,
}

/// The checked blocks of a document: (line of the block's first command, its steps).
/// Panics on a ```console block with no marker, or an illustration with no reason.
fn transcripts(name: &str, text: &str) -> Vec<(usize, Vec<Step>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim() != "```console" {
            continue;
        }
        let marker = if i > 0 { lines[i - 1].trim() } else { "" };
        if let Some(reason) = marker.strip_prefix(ILLUSTRATION) {
            let reason = reason.strip_suffix("-->").unwrap_or("").trim();
            assert!(
                !reason.is_empty(),
                "{name}:{}: an illustration names its reason",
                i + 1
            );
            continue;
        }
        assert_eq!(
            marker,
            CHECKED,
            "{name}:{}: a ```console block is either checked ({CHECKED}) \
             or an illustration ({ILLUSTRATION}REASON -->)",
            i + 1
        );
        blocks.push((i + 2, steps(name, &lines, i + 1)));
    }
    blocks
}

/// The steps of the block whose first line (after the fence) is `lines[start]`.
fn steps(name: &str, lines: &[&str], start: usize) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut i = start;
    while lines.get(i).is_some_and(|l| *l != "```") {
        if let Some(first) = lines[i].strip_prefix("$ ") {
            let mut command = first.to_string();
            while command.ends_with('\\') {
                i += 1;
                command.push('\n');
                command.push_str(lines[i]);
            }
            steps.push(Step {
                command,
                expected: String::new(),
            });
        } else {
            let step = steps
                .last_mut()
                .unwrap_or_else(|| panic!("{name}:{}: a command first", i + 1));
            step.expected.push_str(lines[i]);
            step.expected.push('\n');
        }
        i += 1;
    }
    assert!(i < lines.len(), "{name}:{start}: the block is not closed");
    steps
}

/// Whether `got` is `pattern` with each `[..]` standing for any text within its line.
fn line_matches(pattern: &str, got: &str) -> bool {
    let mut parts = pattern.split("[..]");
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = got.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (k, part) in parts.iter().enumerate() {
        if k + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

fn output_matches(expected: &str, got: &str) -> bool {
    let (want, have): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), got.lines().collect());
    want.len() == have.len()
        && expected.ends_with('\n') == got.ends_with('\n')
        && want.iter().zip(&have).all(|(w, h)| line_matches(w, h))
}

#[test]
fn wildcards_match_within_a_line() {
    assert!(line_matches(
        "read [..] s, search [..] s",
        "read 0.000 s, search 0.013 s"
    ));
    assert!(line_matches("[..]", ""));
    assert!(!line_matches("read [..] s", "read 0.000 ms"));
    assert!(!output_matches("a [..]\n", "a b\nc\n"));
}

/// A scratch directory for one document's transcripts, with the project's `examples` and
/// `tests` linked in.
fn scratch(root: &Path, document: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("readme_console")
        .join(document.replace('/', "_"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for linked in ["examples", "tests"] {
        std::os::unix::fs::symlink(root.join(linked), dir.join(linked)).unwrap();
    }
    dir
}

#[test]
fn console_examples_run_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut checked = 0;
    let mut failures = Vec::new();
    for document in DOCUMENTS {
        let Ok(text) = std::fs::read_to_string(root.join(document)) else {
            continue;
        };
        let dir = scratch(root, document);
        for (line, steps) in transcripts(document, &text) {
            for step in steps {
                let out = Command::new("sh")
                    .arg("-c")
                    .arg(format!("exec 2>&1; {}", step.command))
                    .current_dir(&dir)
                    .env("PATH", &path)
                    .output()
                    .unwrap();
                let got = String::from_utf8_lossy(&out.stdout);
                if !output_matches(&step.expected, &got) {
                    failures.push(format!(
                        "{document} block at line {line}: $ {}\n--- expected\n{}--- got\n{got}",
                        step.command, step.expected
                    ));
                }
                checked += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 30, "only {checked} commands checked");
}
