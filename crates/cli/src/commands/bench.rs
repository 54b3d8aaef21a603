//! `gamesolver bench`: a fixed search workload whose total node count is a
//! signature of the search's behaviour (it changes only when the search
//! does) and whose speed is the engine's nodes per second. The workload is
//! [`gamesolver_engines::bench`].

use std::io::Write;

use gamesolver_engines::Registry;
use gamesolver_engines::bench::{self, BenchGame, BenchLine};

/// Arguments of `gamesolver bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (uttt or jungle, or an alias).
    pub game: String,
    /// Search depth for every position (default: 11 for ultimate
    /// tic-tac-toe, 12 for Jungle).
    #[arg(long, value_parser = crate::numbers::depth)]
    pub depth: Option<u32>,
}

/// The default bench depth for ultimate tic-tac-toe.
pub const DEFAULT_DEPTH: u32 = bench::UTTT_DEPTH;

/// The default bench depth for Jungle.
pub const JUNGLE_DEPTH: u32 = bench::JUNGLE_DEPTH;

/// Searches every position with a fresh default alpha-beta engine, one
/// line each, then the total node count (the signature) and the speed.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let workload = BenchGame::of(Registry::global().get(&args.game)?.info().name)?;
    let mut index = 0;
    let mut written = Ok(());
    let report = bench::run(workload, args.depth, &mut |line: &BenchLine| {
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
