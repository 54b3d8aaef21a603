//! `gamesolver bench`: a fixed search workload whose total node count is a
//! signature of the search's behaviour (it changes only when the search
//! does) and whose speed is the engine's nodes per second. The workload is
//! the bench the game declares ([`gamesolver_api::Bench`]).

use std::io::Write;

use gamesolver_api::{BenchLine, Registry};

/// Arguments of `gamesolver bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (one that declares bench positions; a name or alias).
    pub game: String,
    /// Search depth for every position (default: the game's, 11 for
    /// ultimate tic-tac-toe, 12 for Jungle).
    #[arg(long, value_parser = crate::numbers::depth)]
    pub depth: Option<u32>,
}

/// Searches every position of the game's bench with a fresh default
/// alpha-beta engine, one line each, then the total node count (the
/// signature) and the speed.
pub fn run_with(registry: &Registry, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let bench = crate::game_arg::require(registry.get(&args.game)?, "bench", |g| g.bench())?;
    let mut index = 0;
    let mut written = Ok(());
    let report = bench.run(args.depth, &mut |line: &BenchLine| {
        index += 1;
        if written.is_ok() {
            written = writeln!(
                out,
                "position {index:>2}  bestmove {:>4}  score {:>11}  nodes {:>9}  {:>7.1} ms",
                line.bestmove,
                line.score,
                line.nodes,
                line.elapsed.as_secs_f64() * 1e3
            );
        }
    })?;
    written?;
    writeln!(
        out,
        "depth {}: {} nodes, {:.0} nps",
        report.depth,
        report.nodes,
        report.nps()
    )?;
    Ok(())
}
