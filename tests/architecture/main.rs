//! Architecture rules, checked on the sources as text: no import circle between
//! files, no file using an item defined in the `lib.rs`/`main.rs`/`mod.rs` of a folder
//! above it, no file over 800 lines and no function over 100 lines outside test code unless
//! its comment says `Long on purpose:` and why. One test per crate, each listing every
//! offender; the checker's own tests below run it on small strings.

mod checker;
mod doc;
mod lexer;
mod msrv;

use std::path::Path;

use checker::{CrateSources, Report, check};

/// Every `.rs` file under `dir`, as (path relative to `dir`, text), sorted.
fn read_sources(dir: &Path) -> CrateSources {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("readable source folder") {
            let path = entry.expect("folder entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).expect("under the root");
                let rel = rel.to_string_lossy().replace('\\', "/");
                out.push((
                    rel,
                    std::fs::read_to_string(&path).expect("readable source"),
                ));
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, dir, &mut files);
    files.sort();
    CrateSources { files }
}

fn check_folder(folder: &str) -> Report {
    check(&read_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join(folder),
    ))
}

fn assert_clean(folder: &str) {
    let report = check_folder(folder);
    assert!(
        report.is_empty(),
        "architecture offenders in {folder}:\n{}",
        report.render()
    );
}

#[test]
fn dlx_cover_has_no_circles_and_keeps_sizes() {
    assert_clean("crates/dlx-cover/src");
}

#[test]
fn dlx_sudoku_has_no_circles_and_keeps_sizes() {
    assert_clean("crates/dlx-sudoku/src");
}

#[test]
fn cli_has_no_circles_and_keeps_sizes() {
    assert_clean("src");
}

#[test]
fn dlx_web_has_no_circles_and_keeps_sizes() {
    assert_clean("crates/dlx-web/src");
}

#[test]
fn dlx_cover_py_has_no_circles_and_keeps_sizes() {
    assert_clean("crates/dlx-cover-py/src");
}

/// Every crate of the workspace is checked above: a new crate must be added there.
#[test]
fn every_crate_is_checked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut crates: Vec<String> = std::fs::read_dir(root.join("crates"))
        .expect("the crates folder")
        .map(|e| {
            e.expect("folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| root.join("crates").join(name).join("src").is_dir())
        .collect();
    crates.sort();
    assert_eq!(
        crates,
        ["dlx-cover", "dlx-cover-py", "dlx-sudoku", "dlx-web"]
    );
}

/// The checker on a small crate given as (path, text) pairs.
fn check_strings(files: &[(&str, &str)]) -> Report {
    let files = files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    check(&CrateSources { files })
}

#[test]
fn finds_a_cycle_through_a_use_and_a_code_path() {
    let report = check_strings(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::b::B;\npub struct A;\n"),
        ("b.rs", "pub struct B;\nfn f() { let _ = crate::a::A; }\n"),
    ]);
    assert_eq!(report.cycles.len(), 1, "{}", report.render());
    assert!(
        report.cycles[0].starts_with("a.rs <-> b.rs"),
        "{}",
        report.render()
    );
}

#[test]
fn resolves_re_exports_to_the_defining_file() {
    // `use crate::Grid` is an edge to grid.rs, not lib.rs: no cycle, no arrow back up.
    let clean = check_strings(&[
        (
            "lib.rs",
            "mod grid;\nmod solve;\npub use grid::{Grid, Shape};\npub use solve::*;\n",
        ),
        ("grid.rs", "pub struct Grid;\npub enum Shape {}\n"),
        ("solve.rs", "use crate::Grid;\npub fn solve(_: Grid) {}\n"),
    ]);
    assert!(clean.is_empty(), "{}", clean.render());
    // The same through a glob re-export and an alias, now making a cycle.
    let cycle = check_strings(&[
        (
            "lib.rs",
            "mod grid;\nmod solve;\npub use grid::Grid as G;\npub use solve::*;\n",
        ),
        (
            "grid.rs",
            "pub struct Grid;\nimpl Grid { fn s(self) { crate::run(self) } }\n",
        ),
        ("solve.rs", "use crate::G;\npub fn run(_: G) {}\n"),
    ]);
    assert_eq!(cycle.cycles.len(), 1, "{}", cycle.render());
    assert!(cycle.back_up.is_empty(), "{}", cycle.render());
}

#[test]
fn mod_declarations_alone_are_no_edges_but_items_above_are() {
    let report = check_strings(&[
        ("lib.rs", "mod logic;\n"),
        ("logic/mod.rs", "mod step;\npub struct Shared;\n"),
        (
            "logic/step.rs",
            "use super::Shared;\nfn f() -> Shared { Shared }\n",
        ),
    ]);
    assert!(report.cycles.is_empty(), "{}", report.render());
    assert_eq!(
        report.back_up,
        ["logic/step.rs uses Shared defined in logic/mod.rs"]
    );
}

#[test]
fn module_aliases_and_nested_use_trees_are_followed() {
    let report = check_strings(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::{b::{self}};\npub fn f() { b::g(); }\n"),
        ("b.rs", "pub fn g() { super::a::f(); }\n"),
    ]);
    assert_eq!(report.cycles.len(), 1, "{}", report.render());
}

#[test]
fn comments_strings_and_test_modules_are_ignored() {
    let report = check_strings(&[
        ("lib.rs", "mod a;\nmod b;\n"),
        (
            "a.rs",
            "// crate::b::g\npub fn f() { let _ = \"crate::b::g\"; }\n",
        ),
        (
            "b.rs",
            "pub fn g() { crate::a::f(); }\n#[cfg(test)]\nmod tests {\n    use crate::a::f;\n}\n",
        ),
    ]);
    assert!(report.is_empty(), "{}", report.render());
}

fn long_fn(marker: &str) -> String {
    let body = "    let _x = 1;\n".repeat(100);
    format!("{marker}pub fn long() {{\n{body}}}\n\npub fn short() {{\n}}\n")
}

#[test]
fn finds_a_long_function_unless_marked() {
    let report = check_strings(&[("lib.rs", &long_fn("/// Adds.\n"))]);
    assert_eq!(report.long_fns, ["lib.rs:2: fn long is 102 lines"]);
    let marked = long_fn("/// Adds.\n/// Long on purpose: the measured hot loop.\n#[inline]\n");
    assert!(check_strings(&[("lib.rs", &marked)]).is_empty());
    // A marker without a reason does not count.
    let bare = long_fn("// Long on purpose:\n");
    assert_eq!(check_strings(&[("lib.rs", &bare)]).long_fns.len(), 1);
}

#[test]
fn finds_a_long_file_but_not_its_tests() {
    let code = "pub fn f() {}\n".repeat(700);
    let tests = format!(
        "#[cfg(test)]\nmod tests {{\n{}}}\n",
        "fn t() {}\n".repeat(200)
    );
    let with_tests = format!("{code}{tests}");
    assert!(check_strings(&[("lib.rs", &with_tests)]).is_empty());
    let long = "pub fn f() {}\n".repeat(801);
    assert_eq!(
        check_strings(&[("lib.rs", &long)]).long_files,
        ["lib.rs: 801 lines outside tests"]
    );
    let marked = format!("//! Tables.\n// Long on purpose: generated tables.\n{long}");
    assert!(check_strings(&[("lib.rs", &marked)]).is_empty());
    assert!(check_strings(&[("tests.rs", &long)]).is_empty());
}
