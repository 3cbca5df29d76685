//! `generate`: puzzles from `sudoku::generate`, made and rendered on worker threads in
//! chunks of consecutive indices, each taken by a worker as soon as it is free, and written
//! in index order as soon as a chunk and those before it are made, so the output depends
//! only on the seed and the flags, never on the thread count.

use std::io::{self, IsTerminal, Write};
use std::ops::Range;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use dlx_sudoku::generate::{Board, Exhausted, Generated, Generator, Settings};
use dlx_sudoku::logic::{Level, Logic, se};
use dlx_sudoku::{Grid, Shape};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::args::{Difficulty, GenerateArgs, GenerateFormat, SeRange};
use super::batch::{Lanes, Workers, resolve_threads, spawn_feeder};
use super::error::{Error, Exit};
use super::error::{after_write, report};
use super::interrupt;
use super::output::json_string;

/// Puzzles a worker takes at a time: a worker waits for no other (the next chunk is
/// queued before it ends, and idle workers take puzzles of a chunk begun), so chunks
/// only need to be large enough for handing them over (a thread woken per chunk) and
/// writing them to cost nothing beside making their puzzles.
const CHUNK: u64 = 32;

/// Chunks in flight per worker (see [`Workers::in_flight`]). A chunk's puzzles are a few
/// KB of text, so many cost nothing; with 2 per worker, a chunk that is slow (or whose
/// worker the machine preempts) let the other worker run out of chunks before it was
/// written: `--stats` idle 4.6-7.0 % of the wall time at 2 threads against 1.7-3.5 % with 8
/// (10,000 puzzles, load 4.5-5).
const CHUNKS_PER_WORKER: usize = 8;

/// What a puzzle's rating says, for `--difficulty` and the output's rating fields.
pub struct Grade {
    /// The level, on QQWing's four names.
    pub level: Difficulty,
    /// SE's ER in tenths when rated on that scale and exact (`--se`).
    pub se_er: Option<u8>,
    /// Named fields for CSV and JSON (values already JSON: numbers, or quoted strings).
    pub fields: Vec<(&'static str, String)>,
}

/// Rates puzzles with the ladder of `sudoku::logic` (every shape; its levels are
/// calibrated on 9×9): QQWing's levels by the ladder's hardest step.
struct Grader {
    logic: Logic,
    /// `--se`: the range of SE ratings asked for (then the ladder is not used).
    se: Option<SeRange>,
    /// Only the level is wanted (line output): `Logic::level_of_unique`, the ladder's path
    /// up to its first expert step, without the fill search and the machine effort's
    /// searches of random isomorphs. The level is the same, since `rate` takes it from that
    /// same path.
    level_only: bool,
}

fn difficulty(level: Level) -> Difficulty {
    match level {
        Level::Simple => Difficulty::Simple,
        Level::Easy => Difficulty::Easy,
        Level::Intermediate => Difficulty::Intermediate,
        Level::Expert => Difficulty::Expert,
    }
}

impl Grader {
    /// The rating of a unique puzzle; `None` when the ladder cannot take it.
    fn grade(&mut self, puzzle: &Grid) -> Option<Grade> {
        if self.se.is_some() {
            return se_grade(puzzle);
        }
        let board = self.logic.board(puzzle).ok()?;
        if self.level_only {
            // The generator proved the puzzle unique, so the ladder need not search for
            // the fill, and can stop at its first expert step.
            return Some(Grade {
                level: difficulty(self.logic.level_of_unique(&board)),
                se_er: None,
                fields: Vec::new(),
            });
        }
        let r = self.logic.rate(&board).ok()?;
        let level = difficulty(r.level);
        let hardest = r.hardest.map(|t| t.name());
        Some(Grade {
            level,
            se_er: None,
            fields: vec![
                ("level", json_string(Some(r.level.name()))),
                ("hardest", json_string(hardest)),
                ("score", format!("{:.1}", r.score)),
                ("steps", r.steps.to_string()),
                ("effort", format!("{:.3}", r.effort)),
            ],
        })
    }
}

/// SE's rating of a puzzle as a grade: its fields, and `Any` for the level (the range
/// is checked by the caller).
fn se_grade(puzzle: &Grid) -> Option<Grade> {
    let r = se::rate(puzzle)?;
    let hardest = (!r.hardest.is_empty()).then_some(&*r.hardest);
    Some(Grade {
        level: Difficulty::Any,
        se_er: (!r.er.lower_bound).then_some(r.er.tenths),
        fields: vec![
            ("er", format!("\"{}\"", r.er)),
            ("ep", format!("\"{}\"", r.ep)),
            ("ed", format!("\"{}\"", r.ed)),
            ("hardest", json_string(hardest)),
        ],
    })
}

/// One worker's state: its generator, boards for the cheap tests, and its grader (when
/// puzzles are rated).
struct Maker {
    generator: Generator,
    /// Propagation by singles only.
    singles: Board,
    /// Propagation by singles, pointing and claiming.
    locked: Board,
    grader: Option<Grader>,
}

/// The run; returns the exit code, or the error that stopped it.
pub fn run(args: &GenerateArgs) -> Result<Exit, Error> {
    let started = Instant::now();
    let shape = Shape::for_side(args.size as usize).expect("sizes offered have a shape");
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let settings = settings(args, shape, seed)?;
    // Rate when a level is asked, or for the rating fields of CSV and JSON.
    let rated = args.difficulty != Difficulty::Any
        || args.format != GenerateFormat::Line
        || args.se.is_some();
    let workers = Workers::new(resolve_threads(args.threads), || Maker {
        generator: limited(Generator::new(settings), args, started),
        singles: Board::with_locked(shape, false),
        locked: Board::with_locked(shape, true),
        grader: rated.then(|| Grader {
            logic: Logic::new(shape),
            se: args.se,
            level_only: args.format == GenerateFormat::Line,
        }),
    })
    .map_err(|e| Error::Threads(e.to_string()))?
    .timed(args.stats);
    let bar = progress_bar(args);
    let stdout = io::stdout();
    let mut sink = Sink {
        out: io::BufWriter::with_capacity(64 * 1024, stdout.lock()),
        written: Ok(()),
        exit: Exit::Ok,
        made: 0,
        attempts: 0,
        bar: bar.as_ref(),
        time: Duration::ZERO,
        timed_out: false,
    };
    if args.format == GenerateFormat::Csv {
        sink.written = sink
            .out
            .write_all(csv_header(rated, args.se.is_some()).as_bytes());
    }
    let searching = Instant::now();
    let (lanes, feeder) = Lanes::new(workers.in_flight(CHUNKS_PER_WORKER));
    let count = args.count;
    let chunks = (0..count.div_ceil(CHUNK)).map(move |i| i * CHUNK..((i + 1) * CHUNK).min(count));
    spawn_feeder(chunks, feeder);
    interrupt::watch();
    if sink.written.is_ok() {
        let work = |range: Range<u64>, workers: &Workers<Maker>| {
            let indices: Vec<u64> = range.clone().collect();
            let made = workers.map(&indices, |&index, maker: &mut Maker| {
                // Once a signal came nothing more is written: the rest are not made.
                (!interrupt::requested()).then(|| {
                    make_one(maker, index, args.difficulty, args.se)
                        .map(|g| (g.attempts, render(args, &g)))
                })
            });
            (range, made)
        };
        workers.in_order(lanes, work, |made| {
            sink.take(made);
            sink.written.is_ok() && !interrupt::requested() && !sink.timed_out
        });
    }
    let wall = searching.elapsed();
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let (made, attempts, exit) = (sink.made, sink.attempts, sink.exit);
    let timed_out = sink.timed_out;
    after_write(sink.written.and_then(|()| sink.out.flush()))?;
    let exit = stopped_early(exit, timed_out, made, count);
    if args.stats {
        workers.profile(wall, Vec::new(), sink.time).report();
    }
    if args.stats {
        let secs = started.elapsed().as_secs_f64();
        report(&format!(
            "stats: {made} puzzles ({}x{}, symmetry {}, {}) in {secs:.3} s, {:.1} puzzles/s, {:.2} attempts/puzzle, seed {seed}, {} {}",
            shape.side(),
            shape.side(),
            args.symmetry,
            args.se.map_or_else(
                || format!("difficulty {}", args.difficulty.name()),
                |r| format!("se {r}")
            ),
            made as f64 / secs.max(1e-9),
            attempts as f64 / made.max(1) as f64,
            workers.threads(),
            if workers.threads() == 1 {
                "thread"
            } else {
                "threads"
            }
        ));
    }
    Ok(exit)
}

/// `generator` stopped by `--timeout` (counted from `started`) and by Ctrl-C inside a
/// puzzle, not only between puzzles.
fn limited(mut generator: Generator, args: &GenerateArgs, started: Instant) -> Generator {
    generator.set_limits(dlx_sudoku::Limits {
        deadline: args.timeout.map(|t| started + t),
        cancel: Some(interrupt::cancel()),
        ..dlx_sudoku::Limits::NONE
    });
    generator
}

/// The exit code of a run that wrote `made` of `count` puzzles, after saying what was not
/// made when a signal or `--timeout` stopped it.
fn stopped_early(exit: Exit, timed_out: bool, made: u64, count: u64) -> Exit {
    if interrupt::requested() {
        let done = format!("{made} of {count} puzzle(s) written");
        return interrupt::stopped(&done, "the others were not made");
    }
    if timed_out {
        report(&format!(
            "sudoku-dlx: generate: --timeout reached: {made} of {count} puzzle(s) written; \
             the others were not made"
        ));
        return exit.worst(Exit::GaveUp);
    }
    exit
}

/// A puzzle made (its attempts and its text), or why none was.
type Made = Result<(u64, String), Exhausted>;

/// Where the puzzles go, in index order, and what writing them came to.
struct Sink<'b, W> {
    out: W,
    /// How writing went; after a failure nothing more is written.
    written: io::Result<()>,
    exit: Exit,
    made: u64,
    attempts: u64,
    bar: Option<&'b ProgressBar>,
    /// Time spent writing.
    time: Duration,
    /// `--timeout` stopped a puzzle: nothing after it is written.
    timed_out: bool,
}

impl<W: Write> Sink<'_, W> {
    /// Writes a chunk's puzzles (indices `range`), reporting those none was found
    /// for, up to the first one not made because a signal came, then flushes.
    fn take(&mut self, (range, results): (Range<u64>, Vec<Option<Made>>)) {
        let started = Instant::now();
        for (index, result) in range.clone().zip(results) {
            // A puzzle not made (a signal came) ends what is written.
            let Some(result) = result.filter(|_| !interrupt::requested()) else {
                break;
            };
            if let Err(Exhausted { stopped: true, .. }) = result {
                self.timed_out = true;
                break;
            }
            match result {
                Ok((attempts, text)) => {
                    self.made += 1;
                    self.attempts += attempts;
                    if self.written.is_ok() {
                        // With a bar shown, the puzzle goes out while it is hidden.
                        let out = &mut self.out;
                        let mut write =
                            || out.write_all(text.as_bytes()).and_then(|()| out.flush());
                        self.written = match self.bar {
                            Some(b) => b.suspend(write),
                            None => write(),
                        };
                    }
                }
                Err(Exhausted { attempts: a, .. }) => {
                    self.attempts += a;
                    if self.written.is_ok() {
                        self.written = self.out.flush();
                    }
                    let message = format!(
                        "sudoku-dlx: puzzle {}: nothing acceptable in {a} attempts (see --max-attempts)",
                        index + 1
                    );
                    match self.bar {
                        Some(b) => b.suspend(|| report(&message)),
                        None => report(&message),
                    }
                    self.exit = self.exit.worst(Exit::GaveUp);
                }
            }
        }
        if self.written.is_ok() {
            self.written = self.out.flush();
        }
        if let Some(b) = self.bar {
            b.set_position(range.end);
        }
        self.time += started.elapsed();
    }
}

/// The generator's settings from the flags; `Err` for clue bounds that cross.
fn settings(args: &GenerateArgs, shape: Shape, seed: u64) -> Result<Settings, Error> {
    let (min_clues, max_clues) = (
        args.min_clues.unwrap_or(0),
        args.max_clues.unwrap_or(usize::MAX),
    );
    if args.se.is_some() && args.size != 9 {
        return Err(Error::Usage(
            "--se rates on Sudoku Explainer's scale, which takes 9x9 puzzles only".to_string(),
        ));
    }
    if min_clues > max_clues {
        return Err(Error::Usage(format!(
            "--min-clues {min_clues} is above --max-clues {max_clues}"
        )));
    }
    // Three empty cells or fewer cannot hold an unavoidable set with a given removed (the
    // smallest has four cells, and three cells lie in at most one four-cell rectangle), so
    // no minimal puzzle leaves fewer than four cells empty.
    let most = shape.cells().saturating_sub(4);
    if min_clues > most {
        let side = shape.side();
        return Err(Error::Usage(format!(
            "--min-clues {min_clues} cannot be met: a minimal {side}x{side} puzzle has at most {most} givens"
        )));
    }
    Ok(Settings {
        symmetry: args.symmetry,
        min_clues,
        max_clues,
        max_attempts: args.max_attempts,
        ..Settings::new(shape, seed)
    })
}

/// The progress bar (puzzles made of those asked), where someone watches it and the
/// puzzles do not scroll over it.
fn progress_bar(args: &GenerateArgs) -> Option<ProgressBar> {
    // Large puzzles come seldom: their bar is worth showing between them on one terminal.
    let seldom = args.size >= 16;
    let show = !args.quiet && io::stderr().is_terminal() && (seldom || !io::stdout().is_terminal());
    show.then(|| {
        let bar = ProgressBar::with_draw_target(Some(args.count), ProgressDrawTarget::stderr())
            .with_style(
                ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} puzzles {per_sec} [{elapsed_precise}, eta {eta}]",
                )
                .expect("a valid template"),
            );
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    })
}

/// Puzzle `index`: minimal puzzles until one has the level asked for.
fn make_one(
    maker: &mut Maker,
    index: u64,
    target: Difficulty,
    se_range: Option<SeRange>,
) -> Result<Generated<Option<Grade>>, Exhausted> {
    let Maker {
        generator,
        singles,
        locked,
        grader,
    } = maker;
    let mut by_singles = |p: &Grid| singles.load(p.cells(), &[]) && singles.solved_by_singles();
    let mut by_locked = |p: &Grid| locked.load(p.cells(), &[]) && locked.solved_by_singles();
    generator.generate(index, |puzzle| {
        let Some(grader) = grader.as_mut() else {
            return Some(None);
        };
        // Cheap tests refuse some puzzles without a rating. Both propagations are
        // monotone, so a puzzle they solve never needs a harder step on the ladder: solved
        // by singles means simple or easy; by singles, pointing and claiming means at most
        // intermediate.
        if let Some(range) = se_range {
            // In SE's ladder everything before pointing and claiming is rated 2.5 or less,
            // and they 2.6 and 2.8: a puzzle the propagations solve never needs more.
            if (range.lo > 23 && by_singles(puzzle)) || (range.lo > 28 && by_locked(puzzle)) {
                return None;
            }
            let grade = grader.grade(puzzle)?;
            return grade
                .se_er
                .is_some_and(|er| range.holds(er))
                .then_some(Some(grade));
        }
        match target {
            Difficulty::Intermediate if by_singles(puzzle) => return None,
            Difficulty::Expert if by_locked(puzzle) => return None,
            Difficulty::Simple | Difficulty::Easy if !by_singles(puzzle) => {
                return None;
            }
            _ => {}
        }
        let grade = grader.grade(puzzle)?;
        (target == Difficulty::Any || grade.level == target).then_some(Some(grade))
    })
}

fn csv_header(graded: bool, se: bool) -> String {
    let mut h = String::from("puzzle,solution,clues,symmetry,attempts");
    if se {
        h.push_str(",er,ep,ed,hardest");
    } else if graded {
        h.push_str(",level,hardest,score,steps,effort");
    }
    h.push('\n');
    h
}

/// One puzzle in the output format.
fn render(args: &GenerateArgs, g: &Generated<Option<Grade>>) -> String {
    let clues = g.puzzle.givens();
    match args.format {
        GenerateFormat::Line => format!("{}\n", g.puzzle),
        GenerateFormat::Csv => {
            let mut row = format!(
                "{},{},{clues},{},{}",
                g.puzzle, g.fill, args.symmetry, g.attempts
            );
            if let Some(grade) = &g.verdict {
                for (_, v) in &grade.fields {
                    row.push(',');
                    row.push_str(v.trim_matches('"'));
                }
            }
            row.push('\n');
            row
        }
        GenerateFormat::Json => {
            let mut obj = format!(
                "{{\"puzzle\":{},\"solution\":{},\"clues\":{clues},\"symmetry\":{},\"attempts\":{}",
                json_string(Some(&g.puzzle.to_line())),
                json_string(Some(&g.fill.to_line())),
                json_string(Some(args.symmetry.name())),
                g.attempts
            );
            if let Some(grade) = &g.verdict {
                for (k, v) in &grade.fields {
                    obj.push_str(&format!(",\"{k}\":{v}"));
                }
            }
            obj.push_str("}\n");
            obj
        }
    }
}
