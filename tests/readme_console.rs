//! The README's shell transcripts, run for real: every ```console block just after the
//! marker `<!-- checked by tests/readme_console.rs -->` is a list of `$ command` lines,
//! each followed by its exact output (standard output and error together). Commands run
//! with `sh` in the project root, with the built `sudoku-dlx` first on `PATH`.

use std::path::Path;
use std::process::Command;

const MARKER: &str = "<!-- checked by tests/readme_console.rs -->";

/// The checked blocks: (line of the first command, [(command, expected output)]).
fn transcripts(readme: &str) -> Vec<(usize, Vec<(String, String)>)> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != MARKER {
            i += 1;
            continue;
        }
        assert_eq!(lines.get(i + 1), Some(&"```console"), "line {}", i + 2);
        let start = i + 3;
        let mut steps: Vec<(String, String)> = Vec::new();
        i += 2;
        while lines[i] != "```" {
            match lines[i].strip_prefix("$ ") {
                Some(command) => steps.push((command.to_string(), String::new())),
                None => {
                    let step = steps.last_mut().expect("a command first");
                    step.1.push_str(lines[i]);
                    step.1.push('\n');
                }
            }
            i += 1;
        }
        blocks.push((start, steps));
    }
    blocks
}

#[test]
fn readme_console_examples_run_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let blocks = transcripts(&readme);
    assert!(blocks.len() >= 4, "the marked blocks are missing");
    for (line, steps) in blocks {
        for (command, expected) in steps {
            let out = Command::new("sh")
                .arg("-c")
                .arg(format!("exec 2>&1; {command}"))
                .current_dir(root)
                .env("PATH", &path)
                .output()
                .unwrap();
            let got = String::from_utf8_lossy(&out.stdout);
            assert_eq!(got, expected, "README.md block at line {line}: $ {command}");
        }
    }
}
