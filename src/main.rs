//! The `sudoku-dlx` command: parses flags, then hands over to `cli`. All solving is in the
//! library; see `cli` for reading, writing and exit codes.

#![deny(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
