//! `bench`: every solver on every file, in one process, interleaved, every answer checked.
//!
//! For each file: read its puzzles; answer each with DLX, untimed, as the reference; warm
//! each solver up on the first puzzles; then for each round run every solver over the whole
//! file, rotating which solver goes first, timing each puzzle on its own. An answer that is
//! not a fill of its puzzle, or that differs from the reference, is an error: reported on
//! stderr as it happens, counted in the table, and the run exits with code 4.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use dlx_sudoku::{Grid, Outcome};

use super::args::BenchArgs;
use super::error::{Error, Exit};
use super::error::{after_write, report};
use super::input::{Records, open, read_error};
use super::interrupt;
use super::limits::PerPuzzle;
use super::output::csv_field;
use super::plot::{Curve, svg};
use super::solvers::SolverKind;
use super::solvers::Solvers;

/// A puzzle and the line it starts on.
struct Puzzle {
    line: usize,
    grid: Grid,
}

/// What one solver did on one file, over every timed round.
#[derive(Debug, Default)]
struct Row {
    solver: String,
    file: String,
    puzzles: usize,
    solved: usize,
    no_solution: usize,
    gave_up: usize,
    wrong: usize,
    /// Nanoseconds per puzzle solve, over every round.
    times: Vec<u64>,
    nodes: u64,
    /// Guesses over every round, for a solver that counts them (see
    /// `SudokuSolver::guesses`).
    guesses: Option<u64>,
}

impl Row {
    fn median_us(&self) -> f64 {
        median(&self.times) / 1e3
    }

    fn mean_us(&self) -> f64 {
        if self.times.is_empty() {
            0.0
        } else {
            self.times.iter().sum::<u64>() as f64 / self.times.len() as f64 / 1e3
        }
    }

    fn nodes_per_puzzle(&self) -> f64 {
        if self.times.is_empty() {
            0.0
        } else {
            self.nodes as f64 / self.times.len() as f64
        }
    }

    fn guesses_per_puzzle(&self) -> Option<f64> {
        let g = self.guesses?;
        Some(if self.times.is_empty() {
            0.0
        } else {
            g as f64 / self.times.len() as f64
        })
    }
}

/// The median of `xs` (the mean of the middle two for an even count); 0 when empty.
fn median(xs: &[u64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let mut v = xs.to_vec();
    v.sort_unstable();
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m] as f64
    } else {
        (v[m - 1] as f64 + v[m] as f64) / 2.0
    }
}

/// The puzzles of one input, or why it cannot be read or holds none. Records that do not
/// parse are reported as they are read and skipped (only the puzzles are kept, so junk costs
/// no memory), and make the run exit with code 2; the note on skipped labels comes last, as
/// `solve` writes it.
fn load(path: &Path, exit: &mut Exit) -> Result<(String, Vec<Puzzle>), Error> {
    let (name, reader) = open(path)?;
    let mut reading = Records::new(reader, false);
    let mut puzzles = Vec::new();
    for r in reading.by_ref() {
        if interrupt::requested() {
            return Ok((name, Vec::new()));
        }
        let r = r.map_err(|source| read_error(&name, source))?;
        match r.grid {
            Ok(grid) => puzzles.push(Puzzle { line: r.line, grid }),
            Err(e) => {
                report(&format!("{name}:{e}"));
                *exit = exit.worst(Exit::BadInput);
            }
        }
    }
    if let Some(note) = reading.label_note(&name) {
        report(&note);
    }
    if puzzles.is_empty() {
        return Err(Error::Empty { name });
    }
    Ok((name, puzzles))
}

/// Checks one answer against the puzzle and the reference; `Err` says what is wrong.
fn check(puzzle: &Grid, got: &Outcome, reference: &Outcome) -> Result<(), String> {
    match (got, reference) {
        (Outcome::Solved(g), _) if !g.is_complete_solution_of(puzzle) => {
            Err(format!("answer {g} is not a fill of the puzzle"))
        }
        (Outcome::Solved(g), Outcome::Solved(want)) if g != want => {
            Err(format!("answer {g} differs from dlx's {want}"))
        }
        (Outcome::Solved(_), Outcome::NoSolution(_)) => {
            Err("answered a puzzle dlx found no solution for".to_string())
        }
        (Outcome::NoSolution(_), Outcome::Solved(want)) => {
            Err(format!("no solution, but dlx found {want}"))
        }
        _ => Ok(()),
    }
}

/// Runs the benchmark and prints the table; returns the exit code. An input that cannot be
/// read or holds no puzzle is reported and makes the run exit with code 2 (the other files
/// are still measured).
pub fn run(args: &BenchArgs) -> Result<Exit, Error> {
    let mut exit = Exit::Ok;
    let mut kinds: Vec<SolverKind> = Vec::new();
    for &k in &args.solver {
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    let limits = PerPuzzle::as_given(args.max_nodes, args.timeout);
    let mut rows: Vec<Row> = Vec::new();
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    interrupt::watch();
    let mut stopped_in = None;
    for path in files {
        match load(path, &mut exit) {
            Ok((name, puzzles)) => {
                let measured = bench_file(&name, &puzzles, &kinds, limits, args, &mut exit);
                if interrupt::requested() {
                    stopped_in = Some(name);
                    break;
                }
                rows.extend(measured);
            }
            Err(e) => {
                report(&e.to_string());
                exit = exit.worst(e.exit());
            }
        }
    }
    if let Some(name) = &stopped_in {
        let files = rows
            .iter()
            .map(|r| &r.file)
            .collect::<std::collections::BTreeSet<_>>();
        let done = match files.len() {
            0 => "no file was measured, so no table is written".to_string(),
            n => format!("the table written is of the {n} file(s) measured before"),
        };
        let not_done = format!("{name} and the files after it were not measured");
        exit = interrupt::stopped(&done, &not_done);
    }
    if rows.is_empty() {
        // Nothing was measured: no table, only the errors above.
        return Ok(exit);
    }
    let text = if args.csv {
        csv(&rows)
    } else {
        table(&rows, args)
    };
    let mut out = io::stdout().lock();
    after_write(out.write_all(text.as_bytes()).and_then(|()| out.flush()))?;
    if let Some(path) = &args.plot {
        std::fs::write(path, plot_of(&rows, args)).map_err(|source| Error::WriteFile {
            name: path.display().to_string(),
            source,
        })?;
    }
    Ok(exit)
}

/// The `--plot` picture of `rows`: a curve per solver (per solver and file when there are
/// several files), titled with the files' names, puzzles and rounds.
fn plot_of(rows: &[Row], args: &BenchArgs) -> String {
    let base = |file: &str| {
        Path::new(file)
            .file_name()
            .map_or(file.to_string(), |f| f.to_string_lossy().into_owned())
    };
    let mut files: Vec<String> = Vec::new();
    for r in rows {
        if !files.contains(&r.file) {
            files.push(r.file.clone());
        }
    }
    let puzzles: usize = files
        .iter()
        .filter_map(|f| rows.iter().find(|r| &r.file == f))
        .map(|r| r.puzzles)
        .sum();
    let curves: Vec<Curve<'_>> = rows
        .iter()
        .map(|r| {
            let mut label = r.solver.clone();
            if files.len() > 1 {
                label = format!("{label} ({})", base(&r.file));
            }
            if r.gave_up > 0 {
                label = format!("{label}, {} gave up", r.gave_up);
            }
            Curve {
                label,
                times: &r.times,
            }
        })
        .collect();
    let names: Vec<String> = files.iter().map(|f| base(f)).collect();
    let title = format!(
        "{}: {puzzles} puzzles, {} timed round(s)",
        names.join(", "),
        args.rounds
    );
    svg(&title, &curves)
}

/// Every solver on one file; one row per solver.
fn bench_file(
    name: &str,
    puzzles: &[Puzzle],
    kinds: &[SolverKind],
    limits: PerPuzzle,
    args: &BenchArgs,
    exit: &mut Exit,
) -> Vec<Row> {
    let mut reference_solver = Solvers::new(SolverKind::Dlx);
    let reference: Vec<Outcome> = puzzles
        .iter()
        .map(|p| {
            reference_solver
                .get(p.grid.shape())
                .solve_within(&p.grid, limits.limits())
        })
        .collect();
    let mut solvers: Vec<Solvers> = kinds.iter().map(|&k| Solvers::new(k)).collect();
    // Warm-up: untimed, not counted.
    for s in &mut solvers {
        for p in puzzles.iter().take(args.warmup) {
            s.get(p.grid.shape()).solve_within(&p.grid, limits.limits());
        }
    }
    let mut rows: Vec<Row> = kinds
        .iter()
        .map(|k| Row {
            solver: k.name().to_string(),
            file: name.to_string(),
            puzzles: puzzles.len(),
            times: Vec::with_capacity(puzzles.len() * args.rounds as usize),
            ..Row::default()
        })
        .collect();
    let k = kinds.len();
    let progress = io::stderr().is_terminal();
    for round in 0..args.rounds as usize {
        for j in 0..k {
            let i = (j + round) % k;
            let (solvers, row) = (&mut solvers[i], &mut rows[i]);
            if progress {
                report(&format!(
                    "bench: {name}: round {}/{}: {}",
                    round + 1,
                    args.rounds,
                    row.solver
                ));
            }
            let before = solvers.nodes();
            let guesses_before = solvers.guesses();
            for (p, want) in puzzles.iter().zip(&reference) {
                if interrupt::requested() {
                    return rows;
                }
                let solver = solvers.get(p.grid.shape());
                let start = Instant::now();
                let got = solver.solve_within(&p.grid, limits.limits());
                row.times.push(start.elapsed().as_nanos() as u64);
                if round == 0 {
                    match &got {
                        Outcome::Solved(_) => row.solved += 1,
                        Outcome::NoSolution(_) => row.no_solution += 1,
                        Outcome::GaveUp(_) => row.gave_up += 1,
                    }
                }
                if let Err(why) = check(&p.grid, &got, want) {
                    row.wrong += 1;
                    *exit = exit.worst(Exit::WrongAnswer);
                    report(&format!(
                        "sudoku-dlx: bench: WRONG ANSWER from {} on {}:{}: {}",
                        row.solver, name, p.line, why
                    ));
                }
            }
            row.nodes += solvers.nodes() - before;
            row.guesses = solvers
                .guesses()
                .zip(guesses_before)
                .map(|(after, before)| row.guesses.unwrap_or(0) + after - before);
        }
    }
    rows
}

/// This row's mean time over DLX's on the same file, and whether it is only a lower bound
/// (the solver gave up on some puzzle, so its time is cut short).
fn ratio(row: &Row, rows: &[Row]) -> Option<(f64, bool)> {
    let dlx = rows
        .iter()
        .find(|r| r.file == row.file && r.solver == "dlx")?;
    let base = dlx.mean_us();
    (base > 0.0).then(|| (row.mean_us() / base, row.gave_up > 0))
}

fn table(rows: &[Row], args: &BenchArgs) -> String {
    let header = [
        "solver",
        "file",
        "puzzles",
        "solved",
        "no solution",
        "gave up",
        "wrong",
        "median µs",
        "mean µs",
        "puzzles/s",
        "nodes/puzzle",
        "guesses/puzzle",
        "× dlx",
    ];
    let mut cells: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for r in rows {
        let file = Path::new(&r.file)
            .file_name()
            .map_or(r.file.clone(), |f| f.to_string_lossy().into_owned());
        let mean = r.mean_us();
        cells.push(vec![
            r.solver.clone(),
            file,
            r.puzzles.to_string(),
            r.solved.to_string(),
            r.no_solution.to_string(),
            r.gave_up.to_string(),
            r.wrong.to_string(),
            format!("{:.1}", r.median_us()),
            format!("{mean:.1}"),
            if mean > 0.0 {
                format!("{:.0}", 1e6 / mean)
            } else {
                "-".to_string()
            },
            format!("{:.1}", r.nodes_per_puzzle()),
            r.guesses_per_puzzle()
                .map_or("-".to_string(), |g| format!("{g:.1}")),
            match ratio(r, rows) {
                Some((x, true)) => format!("≥ {x:.2}"),
                Some((x, false)) => format!("{x:.2}"),
                None => "-".to_string(),
            },
        ]);
    }
    let cols = header.len();
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            cells
                .iter()
                .map(|row| row[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for (i, row) in cells.iter().enumerate() {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            let pad = widths[c] - cell.chars().count();
            if c > 0 {
                line.push_str("  ");
            }
            // Names left, numbers right.
            if c < 2 {
                line.push_str(cell);
                line.extend(std::iter::repeat_n(' ', pad));
            } else {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if i == 0 {
            out.push_str(&"-".repeat(widths.iter().sum::<usize>() + 2 * (cols - 1)));
            out.push('\n');
        }
    }
    let limit = match (args.max_nodes.filter(|&n| n != u64::MAX), args.timeout) {
        (Some(n), Some(t)) => format!("--max-nodes {n}, --timeout {t:?} per puzzle"),
        (Some(n), None) => format!("--max-nodes {n}"),
        (None, Some(t)) => format!("--timeout {t:?} per puzzle"),
        (None, None) => "no node or time limit".to_string(),
    };
    out.push_str(&format!(
        "{} timed round(s) after a warm-up of {} puzzle(s) per solver; {limit}.\n\
         × dlx: mean time over DLX's on the same file; ≥ where the solver gave up on some\n\
         puzzle (its time there is cut short). Nodes: DLX options tried; backtracking values placed.\n\
         Guesses: DLX options tried where the item had two or more (the rest are forced moves).\n",
        args.rounds, args.warmup
    ));
    out
}

fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "solver,file,puzzles,solved,no_solution,gave_up,wrong,median_us,mean_us,puzzles_per_s,nodes_per_puzzle,guesses_per_puzzle,ratio_to_dlx,ratio_is_lower_bound\n",
    );
    for r in rows {
        let mean = r.mean_us();
        let (ratio, bound) = match ratio(r, rows) {
            Some((x, b)) => (format!("{x:.4}"), b.to_string()),
            None => (String::new(), String::new()),
        };
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{:.3},{:.3},{},{:.2},{},{},{}\n",
            r.solver,
            csv_field(&r.file),
            r.puzzles,
            r.solved,
            r.no_solution,
            r.gave_up,
            r.wrong,
            r.median_us(),
            mean,
            if mean > 0.0 {
                format!("{:.1}", 1e6 / mean)
            } else {
                String::new()
            },
            r.nodes_per_puzzle(),
            r.guesses_per_puzzle()
                .map_or(String::new(), |g| format!("{g:.2}")),
            ratio,
            bound
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dlx_sudoku::NoSolution;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[5, 1, 3]), 3.0);
        assert_eq!(median(&[4, 1, 3, 2]), 2.5);
    }

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("a.txt"), "a.txt");
        assert_eq!(csv_field("a,b\"c"), "\"a,b\"\"c\"");
    }

    #[test]
    fn check_catches_wrong_and_disagreeing_answers() {
        let puzzle: Grid =
            "..3.7..4...6..23.1.89.........1.7.8.517.....6...4.....271..9..5.95..........2...."
                .parse()
                .unwrap();
        let right: Grid =
            "123675948456982371789314562964157283517238496832496157271849635395761824648523719"
                .parse()
                .unwrap();
        assert!(right.is_complete_solution_of(&puzzle));
        let reference = Outcome::Solved(right.clone());
        assert!(check(&puzzle, &Outcome::Solved(right.clone()), &reference).is_ok());
        assert!(
            check(
                &puzzle,
                &Outcome::GaveUp(dlx_sudoku::GaveUp::NodeLimit),
                &reference
            )
            .is_ok()
        );
        let mut broken = right.clone();
        broken.set(0, 0, 9);
        assert!(check(&puzzle, &Outcome::Solved(broken), &reference).is_err());
        assert!(
            check(
                &puzzle,
                &Outcome::NoSolution(NoSolution::Unsolvable),
                &reference
            )
            .is_err()
        );
        // A valid fill that is not the reference's (here the puzzle has only one, so use
        // the empty grid and two of its fills).
        let empty = Grid::empty(right.shape());
        let other = right.clone();
        let smallest: Grid =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
                .parse()
                .unwrap();
        let why = check(&empty, &Outcome::Solved(other), &Outcome::Solved(smallest)).unwrap_err();
        assert!(why.contains("differs from dlx"), "{why}");
    }

    #[test]
    fn ratio_is_marked_as_a_bound_when_a_solver_gave_up() {
        let row = |solver: &str, t: u64, gave_up| Row {
            solver: solver.to_string(),
            file: "f".to_string(),
            times: vec![t, t],
            gave_up,
            ..Row::default()
        };
        let rows = vec![
            row("dlx", 1000, 0),
            row("bitmask", 5000, 0),
            row("naive", 9000, 1),
        ];
        assert_eq!(ratio(&rows[1], &rows), Some((5.0, false)));
        assert_eq!(ratio(&rows[2], &rows), Some((9.0, true)));
        assert_eq!(ratio(&rows[1], &rows[1..]), None);
    }
}
