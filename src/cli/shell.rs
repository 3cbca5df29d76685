//! `completions` and `man`: the shell completion scripts and the manual page, both made
//! from the flag definitions in `args`, so that they never drift from `--help`.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use super::args::Cli;
use super::error::{self, Error, Exit};

/// The name the scripts and the page give the program.
const NAME: &str = "sudoku-dlx";

/// Writes the completion script for `shell` to standard output.
pub fn completions(shell: Shell) -> Result<Exit, Error> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, NAME, &mut script);
    write_out(&script)
}

/// Writes a manual page (roff, section 1) to standard output: the program's own page
/// (`sudoku-dlx.1`, which lists the subcommands), or with `subcommand` that subcommand's
/// page (`sudoku-dlx-solve.1`, its description and every flag, as `--help` gives them).
pub fn man(subcommand: Option<&str>) -> Result<Exit, Error> {
    let command = Cli::command();
    let page_of = match subcommand {
        None => command,
        Some(name) => {
            let Some(sub) = command.find_subcommand(name) else {
                return Err(Error::Usage(format!(
                    "man: no subcommand `{name}` (try `{NAME} --help`)"
                )));
            };
            let full = format!("{NAME}-{name}");
            sub.clone()
                .name(full)
                .bin_name(format!("{NAME} {name}"))
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(page_of)
        .render(&mut page)
        .map_err(Error::Write)?;
    write_out(&page)
}

fn write_out(bytes: &[u8]) -> Result<Exit, Error> {
    let mut out = io::stdout().lock();
    error::after_write(out.write_all(bytes).and_then(|()| out.flush()))?;
    Ok(Exit::Ok)
}
