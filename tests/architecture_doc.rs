//! ARCHITECTURE.md stays a map a newcomer can read (issue 33): under 250 lines, and naming
//! every source file that git tracks under `crates/*/src/`, `src/`, `web/` (JavaScript,
//! Python, shell, HTML, CSS) and `fuzz/fuzz_targets/`. A file counts as named when its path
//! appears in backticks, either from the repository root or relative to the folder that the
//! nearest heading above names in backticks (the convention stated at the top of the doc).
//! Text inside fenced code blocks names nothing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The doc's length limit: it must stay under this many lines.
const MAX_LINES: usize = 250;

/// The web page's file kinds that the map must name.
const WEB_EXTENSIONS: [&str; 5] = ["js", "py", "sh", "html", "css"];

/// Every path the doc names: each backticked token as written (from the root) and joined
/// to the folder of the nearest heading above it that names one.
fn named_paths(doc: &str) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    let mut folder = String::new();
    let mut in_fence = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        if line.starts_with('#') {
            folder = backticked(line)
                .into_iter()
                .find(|token| token.ends_with('/'))
                .unwrap_or_default();
            continue;
        }
        for token in backticked(line) {
            named.insert(format!("{folder}{token}"));
            named.insert(token);
        }
    }
    named
}

/// The tokens between pairs of backticks on one line.
fn backticked(line: &str) -> Vec<String> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Whether the map must name this file (a path relative to the repository root).
fn must_be_named(path: &str) -> bool {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    let parts: Vec<&str> = path.split('/').collect();
    match parts.as_slice() {
        ["crates", _, "src", .., _] | ["src", .., _] | ["fuzz", "fuzz_targets", .., _] => {
            extension == "rs"
        }
        ["web", .., _] => WEB_EXTENSIONS.contains(&extension),
        _ => false,
    }
}

/// The files git tracks, relative to the repository root; outside a git checkout, the
/// files found on disk under the folders the map covers (build output left out).
fn source_files(root: &Path) -> Vec<String> {
    let tracked = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|out| out.status.success());
    let mut files: Vec<String> = match tracked {
        Some(out) => String::from_utf8_lossy(&out.stdout)
            .split('\0')
            .filter(|path| !path.is_empty())
            .map(str::to_string)
            .collect(),
        None => {
            let mut found = Vec::new();
            for top in ["crates", "src", "web", "fuzz"] {
                walk(root, &root.join(top), &mut found);
            }
            found
        }
    };
    files.retain(|path| must_be_named(path));
    files.sort();
    files
}

/// Every file under `dir` as a path relative to `root`, skipping build output.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path: PathBuf = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if !["target", "dist", "pkg", "corpus", "artifacts"].contains(&&*name.to_string_lossy())
            {
                walk(root, &path, out);
            }
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The files of `files` that `doc` does not name.
fn unnamed<'a>(doc: &str, files: &'a [String]) -> Vec<&'a str> {
    let named = named_paths(doc);
    files
        .iter()
        .filter(|path| !named.contains(path.as_str()))
        .map(String::as_str)
        .collect()
}

fn architecture_doc() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md is readable")
}

#[test]
fn architecture_doc_is_under_250_lines() {
    let lines = architecture_doc().lines().count();
    assert!(
        lines < MAX_LINES,
        "ARCHITECTURE.md has {lines} lines; keep it under {MAX_LINES} (detail belongs in module docs)"
    );
}

#[test]
fn architecture_doc_names_every_source_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = source_files(root);
    assert!(
        files.iter().any(|path| path == "src/main.rs"),
        "the source listing found no src/main.rs: {files:?}"
    );
    let missing = unnamed(&architecture_doc(), &files);
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name {} source file(s); add one line each \
         under the heading of their folder:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn names_resolve_against_the_nearest_heading_folder() {
    let doc = "\
# Architecture

Root paths count anywhere: `web/app.js`.

### `crates/dlx-cover/src/`

- `lib.rs`: the crate root. `search/tests.rs` too.

## Invariants

- `fast.rs` here is not under any folder.

```
`src/cli/mod.rs` inside a fence names nothing
```
";
    let files: Vec<String> = [
        "web/app.js",
        "crates/dlx-cover/src/lib.rs",
        "crates/dlx-cover/src/search/tests.rs",
        "crates/dlx-sudoku/src/fast.rs",
        "src/cli/mod.rs",
    ]
    .map(str::to_string)
    .to_vec();
    assert_eq!(
        unnamed(doc, &files),
        ["crates/dlx-sudoku/src/fast.rs", "src/cli/mod.rs"]
    );
}

#[test]
fn only_the_covered_folders_and_kinds_must_be_named() {
    for path in [
        "crates/dlx-web/src/lib.rs",
        "crates/dlx-sudoku/src/logic/ladder9.rs",
        "src/main.rs",
        "src/cli/cover/split.rs",
        "web/app.js",
        "web/test_page.py",
        "web/build.sh",
        "web/index.html",
        "web/style.css",
        "fuzz/fuzz_targets/parse.rs",
    ] {
        assert!(must_be_named(path), "{path} must be named");
    }
    for path in [
        "crates/dlx-cover/tests/brute_force.rs",
        "crates/dlx-cover/Cargo.toml",
        "tests/cli.rs",
        "benches/peers.rs",
        "web/README.md",
        "fuzz/checks/knuth.rs",
        "examples/queens.rs",
        "README.md",
    ] {
        assert!(!must_be_named(path), "{path} need not be named");
    }
}
