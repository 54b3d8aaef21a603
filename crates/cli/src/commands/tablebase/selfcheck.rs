//! `gamesolver tablebase selfcheck`: the engine with the tables plays
//! sampled positions out against itself; each game must end as the table
//! says.

use std::io::Write;
use std::num::NonZeroUsize;
use std::time::Instant;

use anyhow::bail;
use gamesolver_api::tablebases::SelfcheckRequest;

use super::{Location, TablebaseGame, Tables};

/// Arguments of `gamesolver tablebase selfcheck`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (default: the first game with tablebases).
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: Option<TablebaseGame>,
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
    /// How many positions to play out.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub sample: u32,
    /// The seed of the sample.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The piece count of the sampled positions (default: the largest in
    /// the directory).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub pieces: Option<u32>,
    /// The nodes the engine searches a move outside the tables (a game
    /// whose engine answers from the tables searches none inside them).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Mismatches printed at most.
    #[arg(long, default_value_t = 10)]
    pub show: usize,
}

/// Samples, plays out and reports; fails if any game ends otherwise than
/// the table says.
pub fn run(tables: &Tables<'_>, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let started = Instant::now();
    let threads = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    let request = SelfcheckRequest {
        sample: args.sample as usize,
        seed: args.seed,
        pieces: args.pieces,
        threads: threads.get(),
        nodes: args.nodes,
    };
    let result = tables
        .tables
        .selfcheck(tables.game, &tables.dir, tables.rules, &request)?;
    let c = result.checked;
    writeln!(
        out,
        "played {} {}-piece positions (seed {}) to the end with the tables on both sides: \
         {} won, {} drawn, {} lost for the side to move; {} plies, longest win {} plies; {:.1} s",
        c.total(),
        result.pieces,
        args.seed,
        c.win,
        c.draw,
        c.loss,
        result.plies,
        result.longest_win,
        started.elapsed().as_secs_f64()
    )?;
    for m in result.mismatches.iter().take(args.show) {
        writeln!(
            out,
            "  {}: the table says {}, the game ended {}",
            m.position, m.expected, m.played
        )?;
    }
    if !result.mismatches.is_empty() {
        bail!(
            "{} of {} games did not end as the table says",
            result.mismatches.len(),
            c.total()
        );
    }
    writeln!(out, "every game ended as the table says")?;
    Ok(())
}
