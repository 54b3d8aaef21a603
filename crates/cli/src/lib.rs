//! # gamesolver-cli
//!
//! The `gamesolver` command-line program: one subcommand per file under
//! [`commands`], each with its clap arguments and a `run_with` function
//! that serves the games of the registry it is given and writes to any
//! output, so the tour and the tests can reuse it. The program serves the
//! built-in games ([`gamesolver_engines::builtin`]); [`main_with`] serves
//! any registry.
#![deny(missing_docs)]

pub mod commands;
pub mod game_arg;
mod json;
mod mdp_report;
pub mod numbers;
pub mod position_arg;
pub mod search_args;
mod svg_chart;
mod terminal;

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser};
use gamesolver_api::Registry;

/// Strongly solves, searches and plans in two-player games.
#[derive(Debug, Parser)]
#[command(name = "gamesolver", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: commands::Command,
}

impl Cli {
    /// Parses `args` (the program's name first), the game arguments taking
    /// the names of `registry`'s games.
    pub fn try_parse_with<I, T>(registry: &Registry, args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let command = game_arg::with_registry(Cli::command(), registry);
        Cli::from_arg_matches(&command.try_get_matches_from(args)?)
    }
}

/// The program with the built-in games (see [`main_with`]).
#[must_use]
pub fn main() -> ExitCode {
    main_with(&gamesolver_engines::builtin())
}

/// Parses the command line, runs the command with the games of `registry`
/// and turns its result into an exit code: 0 on success, 1 when the
/// command failed (with `error: …` on standard error), 2 for a command line
/// clap refused.
#[must_use]
pub fn main_with(registry: &Registry) -> ExitCode {
    let cli = Cli::try_parse_with(registry, std::env::args_os()).unwrap_or_else(|e| e.exit());
    // Not locked for the whole run: an engine session writes from its
    // searching thread too.
    let mut out = io::stdout();
    let result = commands::run(registry, cli.command, &mut out).and_then(|()| Ok(out.flush()?));
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
