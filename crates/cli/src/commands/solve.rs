//! `gamesolver solve`: the strong solution of a game with a solved table
//! (its declaration's [`gamesolver_api::SolvedOracle`]): the report the
//! game gives (tic-tac-toe: positions by outcome and by ply, the empty
//! board's value, the complete games), and its table file with `--out`.

use std::io::Write;
use std::path::PathBuf;

use gamesolver_api::Registry;

use crate::game_arg::{self, GameName};

/// Arguments of `gamesolver solve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to solve (one with a solved table: tic-tac-toe, all 5478
    /// reachable positions).
    #[arg(value_parser = game_arg::registered(), ignore_case = true)]
    pub game: GameName,
    /// Also save the solved table to this file (for `query --table`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Solves a game of `registry` and prints the report.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let game = registry.get(&args.game)?;
    let oracle = game_arg::require(game, "solved table", |g| g.solved())?;
    let report = oracle.solve_report(game.info(), args.out.as_deref())?;
    if args.json {
        writeln!(out, "{}", report.json)?;
    } else {
        write!(out, "{}", report.text)?;
    }
    Ok(())
}
