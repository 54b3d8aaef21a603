//! `gamesolver query`: one position, answered from the solved table of a
//! game with one (its declaration's [`gamesolver_api::SolvedOracle`]).

use std::io::Write;
use std::path::PathBuf;

use gamesolver_api::Registry;

use crate::game_arg::{self, GameName};

/// Arguments of `gamesolver query`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (one with a solved table: tic-tac-toe, whose positions are
    /// 9 characters of X, O and `.`).
    #[arg(value_parser = game_arg::registered(), ignore_case = true)]
    pub game: GameName,
    /// The position, e.g. `O...X....` (cells 0..8 row-major from the top-left),
    /// or `@FILE`: the position after the last move of a game record.
    pub position: String,
    /// Read the solved table from this file (written by `solve --out`)
    /// instead of solving in memory.
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Answers the query about a game of `registry`.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = registry.get(&args.game)?;
    let oracle = game_arg::require(game, "solved table", |g| g.solved())?;
    let state = crate::position_arg::parse_position(registry, game, &args.position, None)?;
    let answer = oracle.query_report(state.as_ref(), args.table.as_deref())?;
    if args.json {
        writeln!(out, "{}", answer.json)?;
    } else {
        write!(out, "{}", answer.text)?;
    }
    Ok(())
}
