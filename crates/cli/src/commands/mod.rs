//! One file per subcommand: its clap arguments and its `run` function.
//!
//! Every `run_with` serves the games of the registry it is given and writes
//! to the output it is given (standard output in the program), so `tour`
//! and the tests reuse the commands as they are.

pub mod bench;
pub mod bestmove;
pub mod engine;
pub mod match_cmd;
pub mod mdp;
pub mod perft;
pub mod play;
pub mod puzzles;
pub mod query;
pub mod review;
pub mod selfplay;
pub mod serve;
pub mod solve;
pub mod tablebase;
pub mod tour;

use std::io::Write;

use clap::Subcommand;
use gamesolver_api::Registry;

/// The subcommands of `gamesolver`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// A short guided run of every capability: start here.
    Tour(tour::Args),
    /// Strongly solve a game by retrograde analysis and report the solution.
    Solve(solve::Args),
    /// Value, distance and best moves of one position, from the solved table.
    Query(query::Args),
    /// Count the move sequences of a given length (perft) and their speed.
    Perft(perft::Args),
    /// Search a position and print the best move, score, depth, nodes and PV.
    Bestmove(bestmove::Args),
    /// Search fixed positions to a fixed depth: node-count signature and speed.
    Bench(bench::Args),
    /// The engine against itself: results and move-time statistics.
    Selfplay(selfplay::Args),
    /// Speak an engine protocol (UCI-style, or CodinGame's) on stdin/stdout.
    Engine(engine::Args),
    /// Two protocol engines play each other: W/D/L, score and Elo.
    Match(match_cmd::Args),
    /// Play against the engine in the terminal.
    Play(play::Args),
    /// Review a game record: every position evaluated, every move classified.
    Review(review::Args),
    /// Endgame tablebases: build, probe, stats, verify.
    Tablebase(tablebase::Args),
    /// Tablebase puzzles: positions with one winning (or fastest) move,
    /// drawn from the tables with a seed and graded by length.
    Puzzles(puzzles::Args),
    /// Play a fixed opponent optimally: the game as a Markov decision process.
    Mdp(mdp::Args),
    /// Play, analyse and explore every game in the browser (HTTP server).
    Serve(serve::Args),
}

/// Runs `command` with the games of `registry`, writing its report to
/// `out`.
pub fn run(
    registry: &Registry,
    command: Command,
    out: &mut (dyn Write + Send),
) -> anyhow::Result<()> {
    match command {
        Command::Tour(args) => tour::run_with(registry, &args, out),
        Command::Solve(args) => solve::run_with(registry, &args, out),
        Command::Query(args) => query::run_with(registry, &args, out),
        Command::Perft(args) => perft::run_with(registry, &args, out),
        Command::Bestmove(args) => bestmove::run_with(registry, &args, out),
        Command::Bench(args) => bench::run_with(registry, &args, out),
        Command::Selfplay(args) => selfplay::run_with(registry, &args, out),
        Command::Engine(args) => engine::run_with(registry, &args, out),
        Command::Match(args) => match_cmd::run_with(registry, &args, out),
        Command::Play(args) => play::run_with(registry, &args, out),
        Command::Review(args) => review::run_with(registry, &args, out),
        Command::Tablebase(args) => tablebase::run_with(registry, &args, out),
        Command::Puzzles(args) => puzzles::run_with(registry, &args, out),
        Command::Mdp(args) => mdp::run_with(registry, &args, out),
        Command::Serve(args) => serve::run_with(registry, &args, out),
    }
}
