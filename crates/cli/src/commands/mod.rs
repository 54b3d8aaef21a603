//! One file per subcommand: its clap arguments and its `run` function.
//!
//! Every `run` writes to the output it is given (standard output in the
//! program), so `tour` and the tests reuse the commands as they are.

pub mod mdp;
pub mod query;
pub mod solve;
pub mod tour;

use std::io::Write;

use clap::Subcommand;

/// The subcommands of `gamesolver`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// A short guided run of every capability: start here.
    Tour(tour::Args),
    /// Strongly solve a game by retrograde analysis and report the solution.
    Solve(solve::Args),
    /// Value, distance and best moves of one position, from the solved table.
    Query(query::Args),
    /// Play a fixed opponent optimally: the game as a Markov decision process.
    Mdp(mdp::Args),
}

/// Runs `command`, writing its report to `out`.
pub fn run(command: Command, out: &mut dyn Write) -> anyhow::Result<()> {
    match command {
        Command::Tour(args) => tour::run(&args, out),
        Command::Solve(args) => solve::run(&args, out),
        Command::Query(args) => query::run(&args, out),
        Command::Mdp(args) => mdp::run(&args, out),
    }
}
