//! Each crate declares the Rust it needs: a crate whose code uses let chains (`if let … &&
//! …`, stable since Rust 1.88 in edition 2024) must not declare an older `rust-version`.
//! Newer library calls than the declared version are clippy's `incompatible_msrv` lint;
//! `.ci/run` builds each crate with that toolchain where one is installed.

use std::path::{Path, PathBuf};

/// `rust-version` of the manifest in `dir`, as (major, minor).
fn declared(dir: &Path) -> (u32, u32) {
    let text = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("rust-version"))
        .unwrap_or_else(|| panic!("{}: no rust-version", dir.display()));
    let version = line.split('"').nth(1).expect("a quoted version");
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap());
    (parts.next().unwrap(), parts.next().unwrap())
}

/// The first line of a `.rs` file under `dir` with a let chain, if any.
fn let_chain(dir: &Path) -> Option<String> {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    let code = line.trim_start();
                    if code.starts_with("//") {
                        continue;
                    }
                    let chained = code.contains("&& let ")
                        || ((code.starts_with("if let ") || code.starts_with("while let "))
                            && code.contains(" && "));
                    if chained {
                        return Some(format!("{}:{}: {code}", path.display(), i + 1));
                    }
                }
            }
        }
    }
    None
}

#[test]
fn each_crate_declares_the_rust_its_code_needs() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut crates = vec![root.clone()];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        if dir.join("Cargo.toml").is_file() {
            crates.push(dir);
        }
    }
    for dir in crates {
        let version = declared(&dir);
        if let Some(at) = let_chain(&dir.join("src")) {
            assert!(
                version >= (1, 88),
                "{} declares rust-version {}.{} but uses let chains (1.88): {at}",
                dir.display(),
                version.0,
                version.1
            );
        }
    }
}
