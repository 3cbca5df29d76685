//! The recipes for many machines (docs/recipes.md, linked from the README), run as written
//! there (read from the file, on a smaller problem): the shell loops always, GNU parallel where it is installed, the
//! Slurm array script with `SLURM_ARRAY_TASK_ID` set by a loop.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The shell code of the docs/recipes.md block marked `<!-- recipe: NAME -->`.
fn recipe(name: &str) -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/recipes.md"))
            .unwrap();
    let marker = format!("<!-- recipe: {name} -->");
    let at = readme
        .find(&marker)
        .unwrap_or_else(|| panic!("docs/recipes.md has no {marker}"));
    let rest = &readme[at + marker.len()..];
    let start = rest.find("```sh\n").expect("a sh block after the marker") + 6;
    let end = rest[start..].find("```").expect("the block ends");
    rest[start..start + end].to_string()
}

/// The README's problem (12 queens, 1000 jobs) made small enough for a test: 8 queens
/// (92 solutions) in about `jobs` jobs.
fn smaller(script: &str, jobs: &str) -> String {
    script
        .replace("queens 12", "queens 8")
        .replace("queens12", "queens8")
        .replace("--split 1000", &format!("--split {jobs}"))
}

/// A fresh directory for one test.
fn workdir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("recipe-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The directory of the binary under test, for PATH.
fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_sudoku-dlx"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs `script` with bash in `dir`, the directories `path_first` then the binary's first
/// on PATH: (success, stdout, stderr).
fn bash(dir: &Path, path_first: &[&Path], script: &str) -> (bool, String, String) {
    let mut path: Vec<PathBuf> = path_first.iter().map(|p| p.to_path_buf()).collect();
    path.push(bin_dir());
    path.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let out = Command::new("bash")
        .arg("-e")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", std::env::join_paths(path).unwrap())
        .output()
        .expect("bash runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// GNU parallel (not moreutils' `parallel`) is on PATH.
fn gnu_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU parallel"));
    if !found {
        println!("skipped: GNU parallel not found");
    }
    found
}

fn assert_total(out: &str, err: &str, total: &str) {
    assert!(
        out.lines().any(|l| l == format!("total {total}")),
        "no `total {total}` in:\n{out}\n{err}"
    );
}

#[test]
fn shell_loop_recipe_adds_up() {
    let dir = workdir("loop");
    let script = smaller(&(recipe("split") + &recipe("loop")), "30");
    let (ok, out, err) = bash(&dir, &[], &script);
    assert!(ok, "{err}");
    assert_total(&out, &err, "92");
    // The merge for many result files, on standard input.
    let (ok, out, err) = bash(&dir, &[], &recipe("merge-many"));
    assert!(ok, "{err}");
    assert_total(&out, &err, "92");
    // A new split in the same folder clears the earlier split's results; put back, one is
    // refused as another split's, never added in.
    let old = std::fs::read_to_string(dir.join("results/0.txt")).unwrap();
    let (ok, _, err) = bash(&dir, &[], &smaller(&recipe("split"), "20"));
    assert!(ok, "{err}");
    assert!(
        std::fs::read_dir(dir.join("results"))
            .unwrap()
            .next()
            .is_none()
    );
    std::fs::write(dir.join("results/old.txt"), old).unwrap();
    let (ok, _, err) = bash(&dir, &[], &smaller(&recipe("loop"), "20"));
    assert!(!ok);
    assert!(
        err.contains("old.txt:1: job 0 is of another split"),
        "{err}"
    );
}

#[test]
fn gnu_parallel_recipe_adds_up_and_resumes_failed_jobs() {
    if !gnu_parallel() {
        return;
    }
    let dir = workdir("parallel");
    let script = smaller(&(recipe("split") + &recipe("parallel")), "30");
    // First run: a stand-in `sudoku-dlx` that fails job 3 (a crashed machine).
    let fake = dir.join("fake-bin");
    std::fs::create_dir_all(&fake).unwrap();
    let wrapper = fake.join("sudoku-dlx");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\ncase \" $* \" in *\" --index 3 \"*) exit 1;; esac\nexec '{}' \"$@\"\n",
            env!("CARGO_BIN_EXE_sudoku-dlx")
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (ok, out, _) = bash(&dir, &[&fake], &script);
    assert!(!ok, "job 3 failed, so the recipe must not finish:\n{out}");
    // Merge refuses: job 3 has no result.
    let r = common::run_bin(
        &[
            "cover",
            "--merge",
            dir.join("jobs.txt").to_str().unwrap(),
            dir.join("results/3.txt").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 2);
    let log_lines = |dir: &Path| {
        std::fs::read_to_string(dir.join("joblog.txt"))
            .unwrap()
            .lines()
            .count()
    };
    let before = log_lines(&dir);
    // The same command again (not the split, which starts afresh), with the real binary:
    // only job 3 runs, then the total.
    let again = format!(
        "jobs=$(grep -c '^job ' jobs.txt)\n{}",
        smaller(&recipe("parallel"), "30")
    );
    let (ok, out, err) = bash(&dir, &[], &again);
    assert!(ok, "{err}");
    assert_total(&out, &err, "92");
    assert_eq!(log_lines(&dir), before + 1, "only the failed job ran again");
}

#[test]
fn slurm_array_recipe_adds_up() {
    let dir = workdir("slurm");
    let (ok, _, err) = bash(&dir, &[], &smaller(&recipe("split"), "30"));
    assert!(ok, "{err}");
    // The array script as written: 100 tasks with a stride of 100.
    let sbatch = smaller(&recipe("slurm"), "30");
    assert!(sbatch.contains("#SBATCH --array=0-99%20") && sbatch.contains("--stride 100"));
    std::fs::write(dir.join("queens.sbatch"), &sbatch).unwrap();
    // Slurm's part, by a loop: every task id, stdout to results/ID.txt; the tasks past
    // the last job run nothing and exit 0.
    let (ok, _, err) = bash(
        &dir,
        &[],
        "for id in $(seq 0 99); do\n\
           SLURM_ARRAY_TASK_ID=$id bash -e queens.sbatch > results/$id.txt\n\
         done\n\
         sudoku-dlx cover --merge jobs.txt results/*.txt > merged.txt",
    );
    assert!(ok, "{err}");
    let merged = std::fs::read_to_string(dir.join("merged.txt")).unwrap();
    assert_total(&merged, &err, "92");
}

/// 300 random one-line puzzles (some with several fills, some with none).
fn puzzle_file(dir: &Path) -> PathBuf {
    let mut rng = common::Rng::new(11);
    let lines: Vec<String> = (0..300)
        .map(|k| common::random_puzzle(&mut rng, 22 + k % 12))
        .collect();
    let path = dir.join("puzzles.txt");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// The blocks recipes give what one `solve` of the whole file gives, in the same order.
#[test]
fn block_recipes_keep_the_order() {
    let dir = workdir("blocks");
    let puzzles = puzzle_file(&dir);
    let direct = common::run_bin(&["solve", puzzles.to_str().unwrap()], "");
    assert_eq!(direct.stdout.lines().count(), 300);
    // Blocks of 40 lines (the README says 10000).
    let script = recipe("blocks-loop").replace("-l 10000", "-l 40");
    let (ok, _, err) = bash(&dir, &[], &script);
    assert!(ok, "{err}");
    let answers = std::fs::read_to_string(dir.join("answers.txt")).unwrap();
    assert_eq!(answers, direct.stdout, "{err}");
    assert!(dir.join("block.aaah").exists(), "8 blocks were made");
    if !gnu_parallel() {
        return;
    }
    std::fs::remove_file(dir.join("answers.txt")).unwrap();
    // Blocks of about 2 kB (the README says 1M): about 12 blocks.
    let script = recipe("blocks").replace("--block 1M", "--block 2k");
    let (ok, _, err) = bash(&dir, &[], &script);
    assert!(ok, "{err}");
    let answers = std::fs::read_to_string(dir.join("answers.txt")).unwrap();
    assert_eq!(answers, direct.stdout, "{err}");
}
