//! `cover --count --memo`: the memoized count (Knuth's dlx6, and a memoized Algorithm M
//! for multiplicities) and its ZDD (`--zdd`), the automatic choice between it and the
//! plain count, and `--from-zdd` (count, list or sample the solutions of a ZDD written
//! before).

use std::fs::File;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use dlx_cover::knuth::Parsed;
use dlx_cover::memo::{self, MemoRun, MemoStats, Probe};
use dlx_cover::zdd::{SplitMix64, Zdd, ZddReader};
use dlx_cover::{Limits, Problem, SearchEnd};

use super::solutions::write_solution;
use crate::cli::args::{CoverArgs, Memo};
use crate::cli::error::{Error, Exit, after_write, report};
use crate::cli::input::{LineReader, MAX_LINE, open};
use crate::cli::interrupt;

/// `--memo auto`'s look: after this many search nodes, memo stays only with at least
/// [`AUTO_HITS_PER_MILLE`] hits per thousand nodes or [`AUTO_SOLUTIONS_PER_NODE`]
/// solutions per node.
const AUTO_PROBE_NODES: u64 = 2000;
/// On a problem of many primary items the look comes later: after this many nodes per
/// primary item (a deep search meets its first hits later).
const AUTO_PROBE_PER_ITEM: u64 = 16;
/// See [`AUTO_PROBE_NODES`].
const AUTO_HITS_PER_MILLE: u64 = 150;
/// Memo stays, whatever its hits, when it has found this many solutions per node: the
/// plain search visits each solution.
const AUTO_SOLUTIONS_PER_NODE: u64 = 4;
/// With multiplicities, memo stays when each of its nodes has stood for this many nodes
/// of Algorithm M's plain tree at the probe: a node of the plain search on bit sets costs
/// some 5 to 15 times less than one of memo's, and the saving grows as the search goes on
/// (on the committed files, memo that pays stands at 22 or more at the look, memo that
/// does not at 11 or less).
const AUTO_PLAIN_PER_NODE: u64 = 16;

/// With multiplicities, `--memo auto` first runs the plain search (Algorithm M on bit sets)
/// for up to this many nodes, about what memo's probe costs, and memo only if that does
/// not finish: on small problems memo's dearer nodes would not pay for themselves.
const AUTO_PLAIN_FIRST_NODES: u64 = 250_000;

/// The node budget of the plain search that `--memo auto` runs before memo on a problem
/// with multiplicities (`--count`, and no --limit, --max-nodes or --zdd); `None` when it
/// does not.
pub fn plain_first(args: &CoverArgs, problem: &Problem) -> Option<u64> {
    let plain_first = args.count
        && args.memo.memo == Memo::Auto
        && args.memo.zdd.is_none()
        && args.limit.is_none()
        && args.max_nodes.is_none()
        && problem.has_multiplicities();
    plain_first.then_some(AUTO_PLAIN_FIRST_NODES)
}

/// `--stats`' word on a count that [`plain_first`]'s search finished.
pub fn report_plain_first() {
    report(&format!(
        "stats: --memo auto: plain search (finished within its first {AUTO_PLAIN_FIRST_NODES} \
         nodes)"
    ));
}

/// Runs `--count` with memo when the flags ask for it (or `auto` finds it pays); `None`
/// when the plain search should run instead. A signal stops it as it stops every command
/// (`interrupt`).
pub fn count(
    args: &CoverArgs,
    parsed: &Parsed,
    name: &str,
    read_secs: f64,
) -> Result<Option<Exit>, Error> {
    let mode = if args.memo.zdd.is_some() {
        if args.memo.memo == Memo::Off {
            return Err(Error::Usage("--zdd needs --memo on or auto".to_string()));
        }
        Memo::On
    } else {
        args.memo.memo
    };
    if !args.count || mode == Memo::Off {
        return Ok(None);
    }
    let problem = &parsed.named.problem;
    if args.limit.is_some() {
        if mode == Memo::On {
            return Err(Error::Usage(format!(
                "{name}: --memo on does not support --limit (use --memo off)"
            )));
        }
        return Ok(None);
    }
    let searched = Instant::now();
    interrupt::watch();
    let limits = Limits {
        max_nodes: args.max_nodes.unwrap_or(u64::MAX),
        deadline: args.timeout.map(|t| searched + t),
        cancel: Some(interrupt::cancel()),
    };
    let probe = (mode == Memo::Auto).then_some(Probe {
        nodes: AUTO_PROBE_NODES.max(AUTO_PROBE_PER_ITEM * problem.primary_items() as u64),
        min_hits_per_mille: AUTO_HITS_PER_MILLE,
        solutions_per_node: AUTO_SOLUTIONS_PER_NODE,
        plain_per_node: AUTO_PLAIN_PER_NODE,
    });
    let run =
        memo::count(problem, limits, probe).map_err(|e| Error::Usage(format!("{name}: {e}")))?;
    if probe.is_some() && run.end == SearchEnd::Stopped {
        if args.stats {
            let nodes = run.stats.nodes.max(1);
            report(&if problem.has_multiplicities() {
                format!(
                    "stats: --memo auto: plain search (memo stood for {:.1} plain nodes per \
                     node at the probe, under {AUTO_PLAIN_PER_NODE})",
                    run.stats.plain_nodes as f64 / nodes as f64,
                )
            } else {
                format!(
                    "stats: --memo auto: plain search (memo hit rate {}‰ at the probe, under {}‰)",
                    run.stats.hits * 1000 / nodes,
                    AUTO_HITS_PER_MILLE,
                )
            });
        }
        return Ok(None);
    }
    if args.stats {
        report_stats(parsed, &run.stats, mode, read_secs, searched);
    }
    if let (Some(path), Some(zdd)) = (&args.memo.zdd, &run.zdd) {
        write_zdd(path, zdd)?;
    }
    conclude(name, &run, interrupt::requested()).map(Some)
}

/// Writes the count (marked when the search stopped early) and reports why it stopped.
fn conclude(name: &str, run: &MemoRun, ctrl_c: bool) -> Result<Exit, Error> {
    let interrupted = run.end == SearchEnd::Deadline && ctrl_c;
    let gave_up = match run.end {
        _ if interrupted => None,
        SearchEnd::NodeLimit => Some("node limit reached"),
        SearchEnd::Deadline => Some("time limit reached"),
        SearchEnd::Exhausted | SearchEnd::Stopped => None,
    };
    let note = match gave_up {
        _ if interrupted => " (partial: interrupted)".to_string(),
        Some(why) => format!(" (gave up: {why})"),
        None => String::new(),
    };
    let mut out = io::stdout().lock();
    after_write(writeln!(out, "{}{note}", run.count).and_then(|()| out.flush()))?;
    let found = &run.count;
    if let Some(why) = gave_up {
        report(&format!("{name}: gave up after {found} solution(s): {why}"));
        return Ok(Exit::GaveUp);
    }
    if interrupted {
        let done = format!("{name}: {found} solution(s) found, the output is partial");
        return Ok(interrupt::stopped(&done, "the search did not finish"));
    }
    Ok(Exit::Ok)
}

/// `--stats` for a memoized count, in dlx6's terms.
fn report_stats(parsed: &Parsed, s: &MemoStats, mode: Memo, read_secs: f64, searched: Instant) {
    let p = &parsed.named.problem;
    let how = match mode {
        Memo::Auto => "--memo auto: memo kept",
        _ => "--memo on",
    };
    let multi = p.has_multiplicities();
    let whose = if multi {
        "dlx6's counts, on dlx3's tree"
    } else {
        "dlx6's counts"
    };
    report(&format!(
        "stats: {} primary + {} secondary items, {} options, {} colors ({how}: {whose})",
        p.primary_items(),
        p.secondary_items(),
        p.options(),
        parsed.named.color_names.len(),
    ));
    let (bad, good) = s.dlx6_signatures();
    if multi {
        report(&format!(
            "stats: memoized Algorithm M: its nodes stood for {} nodes of dlx3's tree",
            s.plain_nodes
        ));
    }
    report(&format!(
        "stats: search nodes {}, ZDD nodes {}, signatures {bad}+{good}, memo hits {}, \
         updates {}, cleansings {}, memory {:.1} MiB, read {read_secs:.3} s, search {:.3} s",
        s.nodes,
        s.dlx6_zdd_nodes(),
        s.hits,
        s.updates,
        s.cleansings,
        s.bytes as f64 / (1024.0 * 1024.0),
        searched.elapsed().as_secs_f64()
    ));
}

/// `--zdd FILE`: the ZDD in dlx6's text format.
fn write_zdd(path: &Path, zdd: &Zdd) -> Result<(), Error> {
    let fail = |source| Error::WriteFile {
        name: path.display().to_string(),
        source,
    };
    let mut file = BufWriter::new(File::create(path).map_err(fail)?);
    write!(file, "{zdd}")
        .and_then(|()| file.flush())
        .map_err(fail)
}

/// `--from-zdd FILE`: reads the ZDD (and the problem, when a file is given), then counts,
/// lists (`--all`, up to `--limit`) or samples (`--sample K --seed S`) its solutions.
pub fn from_zdd(args: &CoverArgs, zdd_path: &Path, parsed: Option<&Parsed>) -> Result<Exit, Error> {
    let options = parsed.map(|p| p.named.problem.options());
    let zdd = read_zdd(zdd_path, options)?;
    let out = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, out.lock());
    let write = |out: &mut BufWriter<_>, n: u64, solution: &[usize]| {
        let mut sorted = solution.to_vec();
        sorted.sort_unstable();
        match parsed {
            Some(parsed) => write_solution(out, Some(n), &sorted, parsed),
            None => {
                let numbers: Vec<String> = sorted.iter().map(|o| (o + 1).to_string()).collect();
                writeln!(out, "{n}: {}", numbers.join(" "))
            }
        }
    };
    let mut written = Ok(());
    if let Some(k) = args.memo.sample {
        let counts = zdd.counts();
        let mut rng = SplitMix64(args.memo.seed.unwrap_or(0));
        for n in 1..=k {
            match zdd.sample(&counts, || rng.next_word()) {
                Some(solution) => written = write(&mut out, n, &solution),
                None => break,
            }
            if written.is_err() {
                break;
            }
        }
    } else if args.all {
        let limit = args.limit.unwrap_or(u64::MAX);
        let mut n = 0;
        zdd.solutions(|solution| {
            n += 1;
            written = write(&mut out, n, solution);
            written.is_ok() && n < limit
        });
    } else if args.count {
        written = writeln!(out, "{}", zdd.count());
    } else {
        return Err(Error::Usage(
            "--from-zdd needs --count, --all or --sample".to_string(),
        ));
    }
    let none = zdd.root == 0 && !args.count;
    if none {
        written = written.and_then(|()| writeln!(out, "no solution"));
    }
    after_write(written.and_then(|()| out.flush()))?;
    Ok(if none { Exit::NoSolution } else { Exit::Ok })
}

/// Reads a ZDD file a line at a time, under the same line cap as every input.
fn read_zdd(path: &Path, options: Option<usize>) -> Result<Zdd, Error> {
    let (name, reader) = open(path)?;
    let at = |line, fault: String| Error::At {
        name: name.clone(),
        line,
        fault,
    };
    let mut zdd = ZddReader::new(options);
    let mut lines = LineReader::new(Box::new(reader) as Box<dyn BufRead>).stop_at_cap();
    let mut buf = Vec::new();
    while let Some((number, full_len)) =
        lines.next_line(&mut buf).map_err(|source| Error::Read {
            name: name.clone(),
            source,
        })?
    {
        if full_len > buf.len() {
            return Err(at(number, format!("line too long (over {MAX_LINE} bytes)")));
        }
        let line = std::str::from_utf8(&buf).map_err(|_| at(number, "not valid UTF-8".into()))?;
        zdd.push_line(number, line)
            .map_err(|e| at(e.line, e.kind.to_string()))?;
    }
    zdd.finish().map_err(|e| at(e.line, e.kind.to_string()))
}
