//! # gamesolver-cli
//!
//! The `gamesolver` command-line program: one subcommand per file under
//! [`commands`], each with its clap arguments and a `run` function that
//! writes to any output, so the tour and the tests can reuse it.
#![deny(missing_docs)]

pub mod commands;
mod game_arg;
mod json;
pub mod jungle;
mod mdp_report;
pub mod numbers;
pub mod search_args;
mod svg_chart;
mod terminal;
mod tictactoe_table;
mod time_summary;
pub mod uttt;

pub use gamesolver_engines::{arena, openings, protocol};

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

/// Strongly solves, searches and plans in two-player games.
#[derive(Debug, Parser)]
#[command(name = "gamesolver", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: commands::Command,
}

/// Parses the command line, runs the command and turns its result into an
/// exit code: 0 on success, 1 when the command failed (with `error: …` on
/// standard error), 2 for a command line clap refused.
#[must_use]
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let result = commands::run(cli.command, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Output cut short by a closed pipe (`gamesolver … | head`) is no error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
