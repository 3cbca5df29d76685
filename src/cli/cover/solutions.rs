//! How `cover` writes solutions: each option as written in the input, one per line, for
//! the one-thread search, the search on every core and the cheapest solutions.

use std::io::{self, Write};

use dlx_cover::cost;
use dlx_cover::knuth::Parsed;

/// One solution's options, after a line `N:` (and an empty line after the first) when
/// numbered.
pub fn write_solution<W: Write>(
    out: &mut W,
    number: Option<u64>,
    options: &[usize],
    parsed: &Parsed,
) -> io::Result<()> {
    if let Some(n) = number {
        if n > 1 {
            writeln!(out)?;
        }
        writeln!(out, "{n}:")?;
    }
    for &o in options {
        writeln!(out, "{}", parsed.option_texts[o])?;
    }
    Ok(())
}

/// `--min-cost` and `--best K`: each solution after a line `N: cost C`, its options in
/// input order, solutions separated by an empty line.
pub fn write_cheapest<W: Write>(
    out: &mut W,
    solutions: &[cost::Costed],
    parsed: &Parsed,
) -> io::Result<()> {
    for (k, solution) in solutions.iter().enumerate() {
        if k > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}: cost {}", k + 1, solution.cost)?;
        for &o in &solution.options {
            writeln!(out, "{}", parsed.option_texts[o])?;
        }
    }
    Ok(())
}
