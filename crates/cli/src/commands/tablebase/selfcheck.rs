//! `gamesolver tablebase selfcheck`: the engine with the tables plays
//! sampled positions out against itself; each game must end as the table
//! says.

use std::io::Write;
use std::num::NonZeroUsize;
use std::time::Instant;

use anyhow::bail;
use gamesolver_engines::jungle::selfcheck::{check, sample};

use super::Location;

/// Arguments of `gamesolver tablebase selfcheck`.
#[derive(Debug, clap::Args)]
pub struct Args {
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
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pub pieces: Option<u32>,
    /// Mismatches printed at most.
    #[arg(long, default_value_t = 10)]
    pub show: usize,
}

/// Samples, plays out and reports; fails if any game ends otherwise than
/// the table says.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let handle = args.location.handle()?;
    let pieces = args.pieces.unwrap_or(handle.max_pieces);
    let started = Instant::now();
    let sampled = sample(&handle, pieces, args.sample as usize, args.seed)?;
    let threads = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    let result = check(&handle, &sampled, threads);
    let c = result.checked;
    writeln!(
        out,
        "played {} {pieces}-piece positions (seed {}) to the end with the tables on both sides: \
         {} won, {} drawn, {} lost for the side to move; {} plies, longest win {} plies; {:.1} s",
        c.total(),
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
            "  {}: the table says {:?} in {}, the game ended {:?} after {} plies",
            m.sampled.position,
            m.sampled.expected.wdl,
            m.sampled.expected.distance,
            m.played.outcome,
            m.played.plies
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
