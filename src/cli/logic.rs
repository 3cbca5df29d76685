//! `hint`, `explain` and `rate`: the ladder of `sudoku::logic` on each record, through the
//! same batch loop as `solve` (records in input order, answered on worker threads).

use std::collections::HashMap;
use std::fmt::Write as _;

use dlx_sudoku::format::Record;
use dlx_sudoku::logic::{Candidates, Logic, LogicError, Rating, Step, Technique, cell_name};
use dlx_sudoku::{Shape, pencil};

use super::args::{LogicFormat, Scale};
use super::job::{Answer, Status, Task};
use super::output::{Text, csv_field, json_string, push_fixed, push_uint};
use super::se::{self, Print::Score, Print::Steps};

/// The ladders by shape, made on first use; each worker has its own.
#[derive(Default)]
pub struct Ladders {
    by_shape: HashMap<Shape, Logic>,
}

impl Ladders {
    fn get(&mut self, shape: Shape, samples: usize) -> &Logic {
        self.by_shape
            .entry(shape)
            .or_insert_with(|| Logic::new(shape).with_samples(samples))
    }
}

/// Answers one record.
pub fn answer(record: &Record, input: &str, task: Task, ladders: &mut Ladders) -> Answer {
    let format = task.format();
    let puzzle = match &record.grid {
        Ok(g) => g,
        Err(e) => {
            return failed(
                task,
                None,
                "error",
                Some(format!("{input}:{e}")),
                Status::Error,
            );
        }
    };
    let samples = match task {
        Task::Rate { samples, .. } => samples,
        _ => 1,
    };
    let logic = ladders.get(puzzle.shape(), samples);
    let (line, board) = match &record.marks {
        Some(marks) => (
            pencil::line_of_marks(puzzle.shape(), marks),
            Candidates::from_masks(puzzle.shape(), marks).ok_or(LogicError::NoSolution),
        ),
        None => (puzzle.to_line(), logic.board(puzzle)),
    };
    let board = match board {
        Ok(b) => b,
        Err(e) => return refused(task, &line, e, input, record.line),
    };
    let shape = puzzle.shape();
    let grid_too = format == LogicFormat::Candidates;
    let format = if grid_too { LogicFormat::Text } else { format };
    let mut timed_out = false;
    let mut text = match task {
        Task::Hint(_) => match hint_text(logic, &board, &line, shape, format) {
            Ok(t) => t,
            Err(e) => return refused(task, &line, e, input, record.line),
        },
        Task::Explain {
            scale: Scale::Se, ..
        }
        | Task::Rate {
            scale: Scale::Se, ..
        } => {
            let text = match task {
                Task::Rate { timeout, .. } => se::text(puzzle, &line, format, timeout, Score),
                Task::Explain { timeout, .. } => se::text(puzzle, &line, format, timeout, Steps),
                Task::Hint(_) => None,
            };
            match text {
                Some((t, cut)) if record.marks.is_none() => {
                    timed_out = cut;
                    t
                }
                _ => {
                    let note = format!(
                        "{input}:{}: --scale se takes 9x9 puzzles of digits",
                        record.line
                    );
                    return failed(task, Some(&line), "error", Some(note), Status::Error);
                }
            }
        }
        Task::Explain { candidates, .. } => {
            let steps = match logic.explain(&board) {
                Ok(s) => s,
                Err(e) => return refused(task, &line, e, input, record.line),
            };
            explain_text(logic, &board, &steps, &line, format, candidates || grid_too)
        }
        Task::Rate { .. } => match logic.rate(&board) {
            Ok(r) => rating_text(&r, &line, format),
            Err(e) => return refused(task, &line, e, input, record.line),
        },
    };
    let explained = matches!((task, format), (Task::Explain { .. }, LogicFormat::Text));
    if grid_too && !explained {
        text.insert_str(0, &board.render());
    }
    Answer {
        text: Text {
            text,
            multi: explained || grid_too,
        },
        note: timed_out
            .then(|| format!("{input}:{}: --timeout: the rating is a bound", record.line)),
        status: if timed_out {
            Status::GaveUp
        } else {
            Status::Solved
        },
        // The ladder's own search counts neither.
        nodes: 0,
        guesses: None,
    }
}

/// The next step for `board` (the puzzle read as `line`) as `hint` prints it: text or
/// JSON, "solved" when nothing is left.
fn hint_text(
    logic: &Logic,
    board: &Candidates,
    line: &str,
    shape: Shape,
    format: LogicFormat,
) -> Result<String, LogicError> {
    Ok(match logic.hint(board)? {
        None => match format {
            LogicFormat::Text => "solved\n".to_string(),
            _ => format!(
                "{{\"puzzle\":{},\"technique\":null,\"reason\":\"the puzzle is solved\",\
                 \"place\":[],\"eliminate\":[]}}\n",
                json_string(Some(line))
            ),
        },
        Some(step) => match format {
            LogicFormat::Text => step_text(&step, shape),
            _ => {
                let mut o = step_json(&step, shape, None);
                o.insert_str(1, &format!("\"puzzle\":{},", json_string(Some(line))));
                o.push('\n');
                o
            }
        },
    })
}

/// A puzzle the ladder will not take: no fill, several, or clashing givens.
fn refused(task: Task, line: &str, e: LogicError, input: &str, at: usize) -> Answer {
    let (word, status) = match e {
        LogicError::NotUnique => ("not unique", Status::NoSolution),
        LogicError::Clash(_) | LogicError::NoSolution => ("no solution", Status::NoSolution),
    };
    failed(
        task,
        Some(line),
        word,
        Some(format!("{input}:{at}: {e}")),
        status,
    )
}

/// The answer for a record without a result: `word` in the task's format.
fn failed(
    task: Task,
    line: Option<&str>,
    word: &str,
    note: Option<String>,
    status: Status,
) -> Answer {
    let text = match (task, task.format()) {
        (_, LogicFormat::Text | LogicFormat::Candidates) => format!("{word}\n"),
        (
            Task::Rate {
                scale: Scale::Se, ..
            },
            LogicFormat::Csv,
        ) => {
            let mut t = format!("{},{}", csv_field(line.unwrap_or("")), csv_field(word));
            t.push_str(&se::csv_no_rating());
            t.push('\n');
            t
        }
        (Task::Rate { .. }, LogicFormat::Csv) => {
            let mut t = format!("{},{}", csv_field(line.unwrap_or("")), csv_field(word));
            t.push_str(&",".repeat(5 + Technique::ALL.len()));
            t.push('\n');
            t
        }
        _ => format!(
            "{{\"puzzle\":{},\"status\":{}}}\n",
            json_string(line),
            json_string(Some(word))
        ),
    };
    Answer {
        text: Text { text, multi: false },
        note,
        status,
        // The ladder's own search counts neither.
        nodes: 0,
        guesses: None,
    }
}

/// A step for people: `hidden single: r4c7 is the only place for 5 in box 6`.
fn step_text(step: &Step, shape: Shape) -> String {
    format!("{}: {}\n", step.technique, step.reason(shape))
}

/// A step as a JSON object (no line break): `technique`, `reason`, `place`, `eliminate`,
/// `cells`, `digits`, and `candidates` (the pencilmark line before the step) when given.
fn step_json(step: &Step, shape: Shape, candidates: Option<&Candidates>) -> String {
    let pairs = |ps: &[(usize, u8)]| {
        let items: Vec<String> = ps
            .iter()
            .map(|&(c, v)| format!("[\"{}\",{v}]", cell_name(shape, c)))
            .collect();
        format!("[{}]", items.join(","))
    };
    let cells: Vec<String> = step
        .cells
        .iter()
        .map(|&c| format!("\"{}\"", cell_name(shape, c)))
        .collect();
    let digits: Vec<String> = step.digits.iter().map(u8::to_string).collect();
    let mut o = format!(
        "{{\"technique\":{},\"reason\":{},\"place\":{},\"eliminate\":{},\"cells\":[{}],\"digits\":[{}]",
        json_string(Some(step.technique.name())),
        json_string(Some(&step.reason(shape))),
        pairs(&step.place),
        pairs(&step.eliminate),
        cells.join(","),
        digits.join(",")
    );
    if let Some(b) = candidates {
        let _ = write!(
            o,
            ",\"candidates\":{}",
            json_string(Some(&b.to_pencilmarks()))
        );
    }
    o.push('}');
    o
}

fn explain_text(
    logic: &Logic,
    board: &Candidates,
    steps: &[Step],
    line: &str,
    format: LogicFormat,
    candidates: bool,
) -> String {
    let shape = logic.shape();
    let mut b = board.clone();
    let mut out = String::new();
    if format == LogicFormat::Text {
        let _ = writeln!(out, "puzzle {line}");
        for (i, s) in steps.iter().enumerate() {
            if candidates {
                out.push_str(&b.render());
            }
            let _ = write!(out, "{}. {}", i + 1, step_text(s, shape));
            logic.apply(&mut b, s);
        }
        let _ = writeln!(out, "solution {}", b.to_grid().to_line());
    } else {
        let items: Vec<String> = steps
            .iter()
            .map(|s| {
                let o = step_json(s, shape, candidates.then_some(&b));
                logic.apply(&mut b, s);
                o
            })
            .collect();
        let _ = writeln!(
            out,
            "{{\"puzzle\":{},\"steps\":[{}],\"solution\":{}}}",
            json_string(Some(line)),
            items.join(","),
            json_string(Some(&b.to_grid().to_line()))
        );
    }
    out
}

fn rating_text(r: &Rating, line: &str, format: LogicFormat) -> String {
    let hardest = r.hardest.map_or("none", Technique::name);
    match format {
        LogicFormat::Text | LogicFormat::Candidates => {
            // What `format!("{:<12} {:>4.1}  {:<16} effort {:>5.2}  {line}\n", …)` writes,
            // the words padded by hand (see the CSV below).
            let mut t = String::with_capacity(line.len() + 64);
            let pad = |t: &mut String, word: &str, width: usize| {
                t.push_str(word);
                t.extend(std::iter::repeat_n(' ', width.saturating_sub(word.len())));
            };
            pad(&mut t, r.level.name(), 12);
            t.push(' ');
            push_fixed(&mut t, f64::from(r.score), 1, 4);
            t.push_str("  ");
            pad(&mut t, hardest, 16);
            t.push_str(" effort ");
            push_fixed(&mut t, r.effort, 2, 5);
            t.push_str("  ");
            t.push_str(line);
            t.push('\n');
            t
        }
        LogicFormat::Csv => {
            // Pushed field by field, the counts without the formatting machinery: on
            // files of a million puzzles, `format!` cost more than the fields.
            let mut t = String::with_capacity(line.len() + 128);
            t.push_str(&csv_field(line));
            t.push_str(",solved,");
            t.push_str(r.level.name());
            t.push(',');
            push_fixed(&mut t, f64::from(r.score), 1, 0);
            t.push(',');
            t.push_str(hardest);
            t.push(',');
            push_fixed(&mut t, r.effort, 3, 0);
            let counts = r.counts.iter().map(|&n| u64::from(n));
            for n in std::iter::once(r.steps as u64).chain(counts) {
                t.push(',');
                push_uint(&mut t, n);
            }
            t.push('\n');
            t
        }
        LogicFormat::Json => {
            let counts: Vec<String> = Technique::ALL
                .iter()
                .filter(|t| r.counts[t.index()] > 0)
                .map(|t| format!("\"{}\":{}", t.key(), r.counts[t.index()]))
                .collect();
            format!(
                "{{\"puzzle\":{},\"status\":\"solved\",\"level\":\"{}\",\"score\":{:.1},\"hardest\":{},\
                 \"effort\":{:.3},\"steps\":{},\"counts\":{{{}}}}}\n",
                json_string(Some(line)),
                r.level,
                r.score,
                json_string(r.hardest.map(Technique::name)),
                r.effort,
                r.steps,
                counts.join(",")
            )
        }
    }
}
