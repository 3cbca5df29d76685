//! ARCHITECTURE.md stays a map by place that a newcomer can trust: under 250 lines; naming
//! every folder that holds source git tracks (Rust, Python, JavaScript, shell, HTML, CSS),
//! so that no place is missing; and every path it names exists, so that no claim about
//! where a thing lives is stale. A path counts as named when it appears in backticks, from
//! the repository root or relative to the folder that the nearest heading above names in
//! backticks (the convention stated at the top of the doc). Text inside fenced code blocks
//! names nothing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The doc's length limit: it must stay under this many lines.
const MAX_LINES: usize = 250;

/// The kinds of source file whose folders the map must name.
const SOURCE_EXTENSIONS: [&str; 6] = ["rs", "js", "py", "sh", "html", "css"];

/// The endings that make a backticked token a claim that a file exists.
const FILE_EXTENSIONS: [&str; 11] = [
    "rs", "js", "py", "sh", "html", "css", "md", "toml", "txt", "dlx", "tsv",
];

/// What the doc names: the paths it resolves (to paths from the root) and the ones that
/// resolve nowhere (`line N: `token``). A token that claims a path resolves when it exists
/// from a folder named earlier in the same paragraph or list item ("`src/cli/`: `mod.rs`,
/// `args.rs`"), from the folder of the nearest heading above, or from the root, tried in
/// that order, as a reader takes it. Text inside fenced code blocks names nothing.
fn resolve(doc: &str, exists: impl Fn(&str) -> bool) -> (BTreeSet<String>, Vec<String>) {
    let mut named = BTreeSet::new();
    let mut stale = Vec::new();
    let mut heading = String::new();
    let mut context: Vec<String> = Vec::new();
    let mut in_fence = false;
    for (number, line) in doc.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with("- ") || trimmed.starts_with('|') {
            context.clear();
        }
        let is_heading = line.starts_with('#');
        if is_heading {
            heading = backticked(line)
                .into_iter()
                .find(|token| token.ends_with('/'))
                .unwrap_or_default();
            context.clear();
        }
        for token in backticked(line).into_iter().filter(|t| claims_a_path(t)) {
            // The nearest folder first: the paragraph's, the heading's, then the root.
            let mut bases: Vec<String> = Vec::new();
            if !is_heading {
                bases.extend(context.iter().rev().cloned());
                bases.push(heading.clone());
            }
            bases.push(String::new());
            match bases
                .iter()
                .map(|base| format!("{base}{token}"))
                .find(|path| exists(path))
            {
                Some(path) => {
                    if path.ends_with('/') {
                        context.push(path.clone());
                    }
                    named.insert(path);
                }
                None => stale.push(format!("line {}: `{token}`", number + 1)),
            }
        }
    }
    (named, stale)
}

/// The tokens between pairs of backticks on one line.
fn backticked(line: &str) -> Vec<String> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Whether this file (a path from the repository root) is source whose folder the map
/// must name.
fn is_source(path: &str) -> bool {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    SOURCE_EXTENSIONS.contains(&extension)
}

/// The folder of a file, with a trailing `/` (empty for a file at the root).
fn folder_of(path: &str) -> String {
    path.rsplit_once('/')
        .map_or(String::new(), |(dir, _)| format!("{dir}/"))
}

/// Whether a backticked token claims a path: no spaces, and a folder (ending in `/`) or a
/// file with one of [`FILE_EXTENSIONS`]. `dlx_cover::Solver`, `--count`, `a.b` and
/// patterns (`*`, `{…}`) are not.
fn claims_a_path(token: &str) -> bool {
    if token.is_empty()
        || token.contains(|c: char| c.is_whitespace() || "*{}<>".contains(c))
        || token.contains("::")
    {
        return false;
    }
    if token.ends_with('/') {
        return token.len() > 1 && !token.starts_with('/');
    }
    let extension = token.rsplit_once('.').map_or("", |(_, e)| e);
    FILE_EXTENSIONS.contains(&extension) && !token.starts_with('.')
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
    files.retain(|path| is_source(path));
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

/// The folders of `files` that `doc` does not name (`exists` tells what is on disk).
fn unnamed_folders(doc: &str, files: &[String], exists: impl Fn(&str) -> bool) -> Vec<String> {
    let (named, _) = resolve(doc, exists);
    let folders: BTreeSet<String> = files.iter().map(|f| folder_of(f)).collect();
    folders
        .into_iter()
        .filter(|folder| !folder.is_empty() && !named.contains(folder))
        .collect()
}

/// The paths `doc` names that resolve nowhere.
fn stale_paths(doc: &str, exists: impl Fn(&str) -> bool) -> Vec<String> {
    resolve(doc, exists).1
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
fn architecture_doc_names_every_source_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = source_files(root);
    assert!(
        files.iter().any(|path| path == "src/main.rs"),
        "the source listing found no src/main.rs: {files:?}"
    );
    let missing = unnamed_folders(&architecture_doc(), &files, |path| root.join(path).exists());
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name {} folder(s) holding source; add each \
         under the heading it belongs to:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn every_path_the_architecture_doc_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stale = stale_paths(&architecture_doc(), |path| root.join(path).exists());
    assert!(
        stale.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        stale.join("\n")
    );
}

#[test]
fn names_resolve_against_the_nearest_heading_folder() {
    let doc = "\
# Architecture

Root paths count anywhere: `web/`, `web/app.js`.

### `crates/dlx-cover/src/`

- `lib.rs`: the crate root; `search/` its search, `gone.rs` and `search/gone.rs` stale.
- Not paths: `dlx_cover::Solver`, `--count`, `cover --split 20`.
- `src/cli/`: the binary's, where `mod.rs` resolves,
  and still on the item's next line: `args.rs`.

## Invariants

- `fast.rs` here is not under any folder, nor `args.rs` after the item above.

```
`src/bin/` inside a fence names nothing
```
";
    let exists = |p: &str| {
        [
            "web/",
            "web/app.js",
            "crates/dlx-cover/src/",
            "crates/dlx-cover/src/lib.rs",
            "crates/dlx-cover/src/search/",
            "src/cli/",
            "src/cli/mod.rs",
            "src/cli/args.rs",
        ]
        .contains(&p)
    };
    let files: Vec<String> = [
        "web/app.js",
        "crates/dlx-cover/src/lib.rs",
        "crates/dlx-cover/src/search/tests.rs",
        "src/cli/mod.rs",
        "src/bin/x.rs",
    ]
    .map(str::to_string)
    .to_vec();
    assert_eq!(unnamed_folders(doc, &files, exists), ["src/bin/"]);
    assert_eq!(
        stale_paths(doc, exists),
        [
            "line 7: `gone.rs`",
            "line 7: `search/gone.rs`",
            "line 14: `fast.rs`",
            "line 14: `args.rs`"
        ]
    );
}

#[test]
fn only_source_counts_and_only_paths_are_claims() {
    for path in [
        "src/main.rs",
        "web/app.js",
        "web/test_page.py",
        "web/build.sh",
        "tests/cli.rs",
    ] {
        assert!(is_source(path), "{path} is source");
    }
    for path in [
        "README.md",
        "crates/dlx-cover/Cargo.toml",
        "tests/data/se_ratings.tsv",
    ] {
        assert!(!is_source(path), "{path} is not source");
    }
    for token in ["src/", "lex.rs", "docs/benchmarks.md", "tests/data/"] {
        assert!(claims_a_path(token), "{token} claims a path");
    }
    for token in [
        "/",
        "a.b",
        "Solver::split",
        "cover --split",
        "--count",
        "tests/*.rs",
    ] {
        assert!(!claims_a_path(token), "{token} claims no path");
    }
}
