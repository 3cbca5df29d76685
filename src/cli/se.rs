//! `rate --scale se` and `explain --scale se`: Sudoku Explainer's ratings (ER/EP/ED) and
//! steps from `dlx_sudoku::logic::se`, in text, CSV and JSON. Every CSV row and JSON
//! object carries the program version and the scale, so a rating can be reproduced.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use dlx_sudoku::Grid;
use dlx_sudoku::logic::cell_name;
use dlx_sudoku::logic::se::{self, Effect, Score, SeRating, SeStep};

use super::args::LogicFormat;
use super::output::{csv_field, json_string};

/// The program version written with every rating.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The CSV header of `rate --scale se`.
pub const CSV_HEADER: &str = "puzzle,status,er,ep,ed,hardest,version,scale\n";

/// The rest of a CSV row with no rating, after `puzzle,status`: empty ratings, then the
/// version and scale.
pub fn csv_no_rating() -> String {
    format!(",,,,,{VERSION},se")
}

/// A score as JSON: the number, and the key's lower-bound flag.
fn json_score(key: &str, s: Score) -> String {
    format!(
        "\"{key}\":{}.{},\"{key}_lower_bound\":{}",
        s.tenths / 10,
        s.tenths % 10,
        s.lower_bound
    )
}

/// SE's walk of a puzzle within `timeout` (from now), if any.
fn walk(puzzle: &Grid, timeout: Option<Duration>) -> Option<se::SeWalk> {
    match timeout {
        None => se::walk(puzzle),
        Some(t) => {
            let deadline = Instant::now() + t;
            se::walk_until(puzzle, &|| Instant::now() >= deadline)
        }
    }
}

/// What `rate` and `explain` print of SE's walk.
#[derive(Clone, Copy)]
pub enum Print {
    /// The rating.
    Score,
    /// The steps, then the rating.
    Steps,
}

/// The rating or the steps of one puzzle, and whether `timeout` cut the walk short (then
/// it holds the bounds reached); `None` when it is not a 9×9 puzzle SE can take.
pub fn text(
    puzzle: &Grid,
    line: &str,
    format: LogicFormat,
    timeout: Option<Duration>,
    print: Print,
) -> Option<(String, bool)> {
    let walk = walk(puzzle, timeout)?;
    let text = match print {
        Print::Score => rating_text(&walk, line, format),
        Print::Steps => explain_text(&walk, line, format),
    };
    Some((text, walk.interrupted))
}

/// The rating of a walk (the bounds reached when it was cut short).
fn rating_text(walk: &se::SeWalk, line: &str, format: LogicFormat) -> String {
    let r: SeRating = walk.rating();
    let status = if walk.interrupted {
        "timeout"
    } else {
        "solved"
    };
    let hardest = if r.hardest.is_empty() {
        "none"
    } else {
        &r.hardest
    };
    match format {
        LogicFormat::Text | LogicFormat::Candidates => {
            format!("{line} ED={}/{}/{} {hardest}\n", r.er, r.ep, r.ed)
        }
        LogicFormat::Csv => format!(
            "{},{status},{},{},{},{},{VERSION},se\n",
            csv_field(line),
            r.er,
            r.ep,
            r.ed,
            csv_field(hardest)
        ),
        LogicFormat::Json => format!(
            "{{\"puzzle\":{},\"status\":\"{status}\",{},{},{},\"hardest\":{},\"version\":\"{VERSION}\",\
             \"scale\":\"se\"}}\n",
            json_string(Some(line)),
            json_score("er", r.er),
            json_score("ep", r.ep),
            json_score("ed", r.ed),
            json_string(Some(hardest))
        ),
    }
}

/// What a step does, for people: `r1c3=4` or `r2c5<>7, r2c6<>7`.
fn effect_text(effect: &Effect) -> String {
    let shape = dlx_sudoku::Shape::for_side(9).expect("9x9");
    match effect {
        Effect::Place(cell, digit) => format!("{}={digit}", cell_name(shape, *cell)),
        Effect::Eliminate(removed) => removed
            .iter()
            .map(|&(cell, digit)| format!("{}<>{digit}", cell_name(shape, cell)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn step_json(step: &SeStep) -> String {
    format!(
        "{{\"technique\":{},\"rating\":{}.{},\"effect\":{}}}",
        json_string(Some(&step.name)),
        step.tenths / 10,
        step.tenths % 10,
        json_string(Some(&effect_text(&step.effect)))
    )
}

/// The steps of a walk, ending with the rating, or where no technique of SE's ladder
/// applies, or where the time ran out.
fn explain_text(walk: &se::SeWalk, line: &str, format: LogicFormat) -> String {
    let r = walk.rating();
    let mut out = String::new();
    if format == LogicFormat::Json {
        let steps: Vec<String> = walk.steps.iter().map(step_json).collect();
        let _ = writeln!(
            out,
            "{{\"puzzle\":{},\"steps\":[{}],\"complete\":{},\"er\":\"{}\",\"ep\":\"{}\",\"ed\":\"{}\",\
             \"version\":\"{VERSION}\",\"scale\":\"se\"}}",
            json_string(Some(line)),
            steps.join(","),
            !walk.stuck,
            r.er,
            r.ep,
            r.ed
        );
        return out;
    }
    let _ = writeln!(out, "puzzle {line}");
    for (i, s) in walk.steps.iter().enumerate() {
        let (whole, tenth) = (s.tenths / 10, s.tenths % 10);
        let _ = writeln!(
            out,
            "{}. {} ({whole}.{tenth}): {}",
            i + 1,
            s.name,
            effect_text(&s.effect)
        );
    }
    if walk.interrupted {
        out.push_str("timeout: the next step was not found in time\n");
    } else if walk.stuck {
        out.push_str("stuck: no technique of SE's ladder applies (SE gives up here)\n");
    }
    let _ = writeln!(out, "ED={}/{}/{}", r.er, r.ep, r.ed);
    out
}
