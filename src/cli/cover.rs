//! `cover`: exact-cover problems in Knuth's text format, read, solved and reported; and
//! `--emit`, which writes one of the library's puzzles in that format.

use std::io::{self, BufRead, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

use dlx_cover::knuth::{Named, Parsed, Reader};
use dlx_cover::preprocess::{self, Removal};
use dlx_cover::{Chooser, Limits, MultiSolver, Problem, SearchEnd, Solver, Stats, cost};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::args::CoverArgs;
use super::batch::resolve_threads;
use super::error::{Error, Exit};
use super::error::{after_write, report};
use super::input::{BOM, COVER_LINE, LineReader, not_utf8, open, read_error};
use super::interrupt;
use super::profile::{Profile, Stage, cpu_since, thread_cpu_time};

mod emit;
mod memo;
mod parallel;
mod solutions;
mod split;

use emit::{emit_puzzle, write_emitted};
use solutions::{write_cheapest, write_solution};

/// Runs `cover`; returns the exit code, or the error that stopped it.
pub fn run(args: &CoverArgs) -> Result<Exit, Error> {
    if let Some(emit) = &args.emit {
        return match super::variant::emit(&emit[0], &emit[1], &args.variant) {
            Some(built) => built.and_then(|(title, text)| write_emitted(&title, &text)),
            None => emit_puzzle(&emit[0], &emit[1]),
        };
    }
    if let Some(files) = &args.split.merge {
        return split::merge(files);
    }
    if let Some(zdd) = &args.memo.from_zdd {
        let parsed = match &args.file {
            Some(path) => {
                let (name, reader) = open(path)?;
                Some(read(Box::new(reader), &name)?.0)
            }
            None => None,
        };
        return memo::from_zdd(args, zdd, parsed.as_ref());
    }
    let started = Instant::now();
    let path = args.file.as_deref().unwrap_or(Path::new("-"));
    let (name, reader) = open(path)?;
    let mut reader = split::Hashing::new(reader);
    let (parsed, items_line) = read(Box::new(&mut reader), &name)?;
    for line in &parsed.ignored {
        report(&format!(
            "{name}:{line}: warning: option ignored (no primary items)"
        ));
    }
    if args.pre {
        return write_preprocessed(&parsed, &name, items_line);
    }
    let cuts = args.split.parts.is_some() || args.split.job.is_some() || args.split.jobs.is_some();
    if cuts {
        dlx_cover::jobfile::splittable(&parsed.named.problem)
            .map_err(|fault| Error::Usage(format!("{name}: {fault}")))?;
    }
    let memo_jobs = args.memo.memo == super::args::Memo::On;
    let (hex, stats) = (reader.hex(), args.stats);
    if let Some(exit) = split::run(&args.split, &parsed, &name, &hex, stats, memo_jobs) {
        return exit;
    }
    let read_secs = started.elapsed().as_secs_f64();
    let out = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 * 1024, out.lock());
    // With multiplicities, `--memo auto` first gives the plain search a small budget.
    let first = match memo::plain_first(args, &parsed.named.problem) {
        Some(budget) => {
            let (searched, searched_cpu) = (Instant::now(), thread_cpu_time());
            let run = search(args, &parsed, searched, &mut out, Some(budget))?;
            (run.end != SearchEnd::NodeLimit).then_some((run, searched, searched_cpu))
        }
        None => None,
    };
    let (mut search, searched, searched_cpu) = match first {
        Some(done) => {
            if args.stats {
                memo::report_plain_first();
            }
            done
        }
        None => {
            if let Some(exit) = memo::count(args, &parsed, &name, read_secs)? {
                return Ok(exit);
            }
            let (searched, searched_cpu) = (Instant::now(), thread_cpu_time());
            let run = search(args, &parsed, searched, &mut out, None)?;
            (run, searched, searched_cpu)
        }
    };
    let written = std::mem::replace(&mut search.written, Ok(()));
    let (exit, written) = conclude(args, &name, &search, written, &mut out);
    if args.stats {
        report_stats(&parsed, &search, read_secs, (searched, searched_cpu));
    }
    after_write(written)?;
    Ok(exit)
}

/// What a search did: solutions found, how it ended and how writing them went; its
/// counts, and for a run on several threads the threads and subtrees.
struct Search {
    found: u64,
    end: SearchEnd,
    written: io::Result<()>,
    stats: Stats,
    /// Whose conventions the counts follow.
    counts: Counts,
    /// Threads and subtrees of a run on several threads.
    shared: Option<(usize, usize)>,
    /// Where a run on several threads spent its time.
    profile: Option<Profile>,
}

/// Whose conventions a search's counts follow (`--stats` names them).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Counts {
    /// Algorithms X and C: Knuth's dlx1 and dlx2.
    Plain,
    /// Algorithm M (multiplicities, with or without costs): dlx3, cleansings included.
    Dlx3,
    /// Costs without multiplicities: dlx5, cleansings included.
    Dlx5,
}

/// Searches as the flags ask (the first solution, --all, --count, --min-cost or --best),
/// from `searched` on, writing solutions to `out`; within `budget` nodes when given (in
/// place of --max-nodes).
fn search(
    args: &CoverArgs,
    parsed: &Parsed,
    searched: Instant,
    out: &mut impl Write,
    budget: Option<u64>,
) -> Result<Search, Error> {
    let problem = &parsed.named.problem;
    interrupt::watch();
    let limits = Limits {
        max_nodes: budget.or(args.max_nodes).unwrap_or(u64::MAX),
        deadline: args.timeout.map(|t| searched + t),
        cancel: Some(interrupt::cancel()),
    };
    let limit = args.limit.unwrap_or(u64::MAX);
    if args.min_cost || args.best.is_some() {
        return Ok(search_cheapest(args, parsed, limits, out));
    }
    let mut solver = Engine::new(problem);
    let threads = resolve_threads(args.split.threads);
    // A run on several threads for --count and --all, unless a node or time limit asks for
    // one search.
    let unlimited = limits.max_nodes == u64::MAX && limits.deadline.is_none();
    // A progress line where someone watches it and the solutions do not scroll over it.
    let watched = io::stderr().is_terminal() && (args.count || !io::stdout().is_terminal());
    let progress = Counting::new(watched && (args.count || args.all));
    if let (Engine::Plain(plain), true) = (
        &solver,
        threads > 1 && (args.count || args.all) && unlimited,
    ) {
        let run = parallel::run(
            plain,
            parsed,
            args.all,
            limit,
            threads,
            limits.cancel,
            args.stats,
            out,
        );
        progress.finish();
        let run = run?;
        return Ok(Search {
            found: run.found,
            end: run.end,
            written: run.written,
            stats: run.stats,
            counts: Counts::Plain,
            shared: Some((threads, run.parts)),
            profile: Some(Profile {
                wall: run.wall,
                busy: run.busy,
                stages: run.stages,
            }),
        });
    }
    let (found, end, written) = if args.count {
        let mut found = 0u64;
        let end = solver.search(limits, |_| {
            found += 1;
            progress.found(found);
            if found >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        (found, end, Ok(()))
    } else {
        let wanted = if args.all { limit } else { 1 };
        let found = |n| progress.found(n);
        print_solutions(&mut solver, parsed, wanted, args.all, limits, found, out)
    };
    progress.finish();
    Ok(Search {
        found,
        end,
        written,
        stats: solver.stats(),
        counts: match solver {
            Engine::Multi(_) => Counts::Dlx3,
            Engine::Plain(_) => Counts::Plain,
        },
        shared: None,
        profile: None,
    })
}

/// --min-cost and --best: the cheapest solutions (dlx5's search, or dlx3's with
/// multiplicities), written to `out`.
fn search_cheapest(
    args: &CoverArgs,
    parsed: &Parsed,
    limits: Limits,
    out: &mut impl Write,
) -> Search {
    let problem = &parsed.named.problem;
    let k = args.best.unwrap_or(1) as usize;
    let best = cost::cheapest(problem, k, limits);
    Search {
        found: best.solutions.len() as u64,
        end: best.end,
        written: write_cheapest(out, &best.solutions, parsed),
        stats: best.stats,
        counts: if problem.has_multiplicities() {
            Counts::Dlx3
        } else {
            Counts::Dlx5
        },
        shared: None,
        profile: None,
    }
}

/// Writes the closing line (the count, `no solution`, `gave up (…)`) after what was
/// `written`, and reports giving up or an interruption; returns the exit code and how
/// writing went.
fn conclude(
    args: &CoverArgs,
    name: &str,
    search: &Search,
    written: io::Result<()>,
    out: &mut impl Write,
) -> (Exit, io::Result<()>) {
    let (found, end) = (search.found, search.end);
    let interrupted = end == SearchEnd::Deadline && interrupt::requested();
    let gave_up = match end {
        _ if interrupted => None,
        SearchEnd::NodeLimit => Some("node limit reached"),
        SearchEnd::Deadline => Some("time limit reached"),
        SearchEnd::Exhausted | SearchEnd::Stopped => None,
    };
    let mut exit = Exit::Ok;
    let status = if args.count {
        let note = match gave_up {
            _ if interrupted => " (partial: interrupted)".to_string(),
            Some(why) => format!(" (gave up: {why})"),
            None if end == SearchEnd::Stopped => " (stopped at the limit)".to_string(),
            None => String::new(),
        };
        Some(format!("{found}{note}"))
    } else if found == 0 {
        Some(match gave_up {
            _ if interrupted => "gave up (interrupted)".to_string(),
            Some(why) => format!("gave up ({why})"),
            None => {
                exit = Exit::NoSolution;
                "no solution".to_string()
            }
        })
    } else {
        None
    };
    let written = written
        .and_then(|()| match status {
            Some(status) => writeln!(out, "{status}"),
            None => Ok(()),
        })
        .and_then(|()| out.flush());
    if let Some(why) = gave_up {
        report(&format!("{name}: gave up after {found} solution(s): {why}"));
        exit = exit.worst(Exit::GaveUp);
    }
    if interrupted {
        let done = format!("{name}: {found} solution(s) found, the output is partial");
        exit = exit.worst(interrupt::stopped(&done, "the search did not finish"));
    }
    (exit, written)
}

/// `--stats`: the problem's size, the search's counts and the times.
/// `searched`: when the search started, and this thread's CPU time then.
fn report_stats(
    parsed: &Parsed,
    search: &Search,
    read_secs: f64,
    searched: (Instant, Option<Duration>),
) {
    let (searched, searched_cpu) = searched;
    let p = &parsed.named.problem;
    let s = &search.stats;
    if let Some((threads, parts)) = search.shared {
        report(&format!("stats: {threads} threads, {parts} subtrees"));
    }
    report(&format!(
        "stats: {} primary + {} secondary items, {} options, {} colors{}",
        p.primary_items(),
        p.secondary_items(),
        p.options(),
        parsed.named.color_names.len(),
        match search.counts {
            Counts::Plain => "",
            Counts::Dlx3 => " (Algorithm M: dlx3's counts)",
            Counts::Dlx5 => " (costs: dlx5's counts)",
        }
    ));
    let search_time = searched.elapsed();
    let cleansings = match search.counts {
        Counts::Dlx3 | Counts::Dlx5 => format!(", cleansings {}", s.cleansings),
        Counts::Plain => String::new(),
    };
    report(&format!(
        "stats: solutions {}, nodes {}, link updates {}{cleansings}, read {read_secs:.3} s, \
         search {:.3} s",
        s.solutions,
        s.nodes,
        s.updates,
        search_time.as_secs_f64()
    ));
    // One thread: its CPU time during the search is its one worker's busy time.
    let cpu = cpu_since(searched_cpu).map_or(search_time, |d| d.min(search_time));
    let mut profile = search.profile.clone().unwrap_or(Profile {
        wall: search_time,
        busy: vec![cpu],
        stages: Vec::new(),
    });
    let read = Stage::serial("read and parse", Duration::from_secs_f64(read_secs));
    profile.stages.insert(0, read);
    profile.report();
}

/// The progress line of a long count: solutions so far and the time, redrawn by indicatif
/// (only when shown; updated every 1024 solutions, the elapsed time ticking meanwhile).
struct Counting {
    bar: Option<ProgressBar>,
}

impl Counting {
    fn new(show: bool) -> Counting {
        let bar = show.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
                ProgressStyle::with_template("{spinner} {pos} solutions [{elapsed_precise}]")
                    .expect("a valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Counting { bar }
    }

    fn found(&self, n: u64) {
        if let Some(bar) = &self.bar
            && n.is_multiple_of(1024)
        {
            bar.set_position(n);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Reads the whole input, a line at a time, each held in memory only up to [`COVER_LINE`]
/// (a longer line is refused as soon as it passes it); returns the problem and the line
/// that names its items.
fn read(reader: Box<dyn BufRead + '_>, name: &str) -> Result<(Parsed, usize), Error> {
    let at = |line, fault: String| Error::At {
        name: name.to_string(),
        line,
        fault,
    };
    let mut knuth = Reader::new();
    let mut lines = LineReader::new(reader).cap(COVER_LINE).stop_at_cap();
    let (mut buf, mut items_line) = (Vec::new(), 0);
    while let Some((number, full_len)) = lines
        .next_line(&mut buf)
        .map_err(|source| read_error(name, source))?
    {
        if full_len > buf.len() {
            return Err(at(
                number,
                format!("line too long (over {COVER_LINE} bytes)"),
            ));
        }
        let line = std::str::from_utf8(&buf).map_err(|e| at(number, not_utf8(&buf, e)))?;
        let line = line.strip_prefix(BOM).unwrap_or(line);
        if items_line == 0 && !line.trim().is_empty() && !line.trim_start().starts_with('|') {
            items_line = number;
        }
        knuth
            .push_line(number, line)
            .map_err(|e| at(e.line, e.kind.to_string()))?;
    }
    let parsed = knuth.finish().map_err(|e| at(e.line, e.kind.to_string()))?;
    Ok((parsed, items_line))
}

/// Prints up to `wanted` solutions, options one per line in input order; with `numbered`,
/// each after a line `N:` and separated by an empty line. Returns the solutions found, how
/// the search ended and how writing went.
fn print_solutions<W: Write>(
    solver: &mut Engine,
    parsed: &Parsed,
    wanted: u64,
    numbered: bool,
    limits: Limits,
    progress: impl Fn(u64),
    out: &mut W,
) -> (u64, SearchEnd, io::Result<()>) {
    let mut found = 0u64;
    let mut written = Ok(());
    let mut sorted = Vec::new();
    let end = solver.search(limits, |solution| {
        found += 1;
        sorted.clear();
        sorted.extend_from_slice(solution);
        sorted.sort_unstable();
        written = write_solution(out, numbered.then_some(found), &sorted, parsed);
        progress(found);
        if written.is_err() || found >= wanted {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    (found, end, written)
}

/// The engine `cover` runs: the plain Algorithm X/C, or Knuth's Algorithm M when some item
/// has a multiplicity.
enum Engine {
    Plain(Solver),
    Multi(MultiSolver),
}

impl Engine {
    fn new(problem: &Problem) -> Engine {
        if problem.has_multiplicities() {
            Engine::Multi(MultiSolver::new(problem))
        } else {
            Engine::Plain(Solver::new(problem))
        }
    }

    fn search<F: FnMut(&[usize]) -> ControlFlow<()>>(
        &mut self,
        limits: Limits,
        visit: F,
    ) -> SearchEnd {
        match self {
            Engine::Plain(s) => s.search(Chooser::Mrv, limits, visit),
            Engine::Multi(s) => s.search(limits, visit),
        }
    }

    fn stats(&self) -> Stats {
        match self {
            Engine::Plain(s) => s.stats(),
            Engine::Multi(s) => s.stats(),
        }
    }
}

/// `--pre`: the reduced problem on standard output, what was removed on standard error.
fn write_preprocessed(parsed: &Parsed, name: &str, items_line: usize) -> Result<Exit, Error> {
    let named = &parsed.named;
    let reduced = preprocess::reduce(&named.problem).map_err(|e| match e {
        preprocess::PreprocessError::Multiplicity { item } => Error::At {
            name: name.to_string(),
            line: items_line,
            fault: format!(
                "--pre: primary item {} has multiplicity `{}`, other than 1:1, which \
                 preprocessing does not support",
                named.item_names[item],
                named.item_text(item)
            ),
        },
    })?;
    let item = |i: usize| named.item_names[i].as_str();
    let option = |o: usize| {
        format!(
            "{name}:{}: option {:?}",
            parsed.option_lines[o], parsed.option_texts[o]
        )
    };
    for removal in &reduced.removals {
        let line = match *removal {
            Removal::ImpliedItem { item: c, by } => format!(
                "{name}: item {} removed: every option of {} has it",
                item(c),
                item(by)
            ),
            Removal::OptionWithImpliedItem {
                option: o,
                item: c,
                by,
            } => format!(
                "{} removed: it has {} but not {}, which implies it",
                option(o),
                item(c),
                item(by)
            ),
            Removal::BlockedOption { option: o, by } => format!(
                "{} removed: it clashes with every option of {}",
                option(o),
                item(by)
            ),
            Removal::UnusedItem { item: c } => {
                format!("{name}: item {} removed: it is in no option", item(c))
            }
            Removal::Infeasible { item: c } => format!(
                "{name}: primary item {} is in no option: the problem has no solution",
                item(c)
            ),
        };
        report(&format!("pre: {line}"));
    }
    let (p, r) = (&named.problem, &reduced.problem);
    let summary = format!(
        "{} of {} items and {} of {} options kept",
        r.items(),
        p.items(),
        r.options(),
        p.options()
    );
    report(&format!("pre: {name}: {summary}"));
    let smaller = Named::new(
        reduced.problem.clone(),
        reduced
            .items
            .iter()
            .map(|&i| named.item_names[i].clone())
            .collect(),
        named.color_names.clone(),
    );
    let text = smaller
        .to_knuth()
        .map_err(|e| Error::Usage(format!("{name}: --pre: {e}")))?;
    write_emitted(&format!("{name} preprocessed (dlx-pre): {summary}"), &text)
}
