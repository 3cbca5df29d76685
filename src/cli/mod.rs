//! The command line: parses the flags (see `args`), hands each subcommand to the module that
//! runs it, and turns the outcome into an exit code. Everything under here reads, writes
//! and reports; solving happens in the library.

mod args;
mod batch;
mod bench;
mod canon;
mod check;
mod cover;
mod error;
mod generate;
mod input;
mod interrupt;
mod job;
mod limits;
mod logic;
mod output;
mod per_record;
mod plot;
mod profile;
mod se;
mod shell;
mod solve;
mod solvers;
mod variant;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};
use error::{Error, Exit};
use job::{Job, Task};

/// Runs the command and turns the outcome into an exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with 0; usage errors to stderr with 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                Exit::BadInput as u8
            } else {
                0
            });
        }
    };
    if error::stdout_was_closed() {
        let e = Error::StdoutClosed;
        error::report(&e.to_string());
        return ExitCode::from(e.exit() as u8);
    }
    interrupt::install();
    let result = match cli.command {
        Command::Solve(args) => solve::run(Job::Solve(args.format), &args.common),
        Command::Count(args) => solve::run(Job::Count(args.limit), &args.common),
        Command::Bench(args) => bench::run(&args),
        Command::Cover(args) => cover::run(&args),
        Command::Canon(args) => canon::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Hint(args) => solve::run_logic("hint", Task::Hint(args.format), &args.common),
        Command::Explain(args) => {
            let task = Task::Explain {
                format: args.format,
                candidates: args.candidates,
                scale: args.scale,
                timeout: args.timeout,
            };
            se_only_timeout(args.timeout, args.scale)
                .and_then(|()| solve::run_logic("explain", task, &args.common))
        }
        Command::Rate(args) => {
            let task = Task::Rate {
                format: args.format,
                samples: args.samples as usize,
                scale: args.scale,
                timeout: args.timeout,
            };
            se_only_timeout(args.timeout, args.scale)
                .and_then(|()| solve::run_logic("rate", task, &args.common))
        }
        Command::Completions(args) => shell::completions(args.shell),
        Command::Man(args) => shell::man(args.subcommand.as_deref()),
    };
    let exit = result.unwrap_or_else(|e| {
        error::report(&e.to_string());
        e.exit()
    });
    ExitCode::from(exit as u8)
}

/// `--timeout` of `rate` and `explain` bounds SE's walk only (the ladder's is quick).
fn se_only_timeout(timeout: Option<std::time::Duration>, scale: args::Scale) -> Result<(), Error> {
    if timeout.is_some() && scale != args::Scale::Se {
        return Err(Error::Usage(
            "--timeout works with --scale se only".to_string(),
        ));
    }
    Ok(())
}
