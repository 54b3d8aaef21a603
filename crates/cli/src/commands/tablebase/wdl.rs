//! `gamesolver tablebase wdl`: WDL files derived from the distance files of
//! a directory (one built before the build wrote WDL files, or a read-only
//! one into another directory), with what they cost in bits per position.

use std::io::Write;
use std::path::PathBuf;

use gamesolver_api::tablebases::TierWdlRow;
use gamesolver_retro::tablebase::WdlDerived;

use super::{Location, TablebaseGame, Tables, fail_if_rejected};

/// Arguments of `gamesolver tablebase wdl`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (default: the first game with tablebases).
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: Option<TablebaseGame>,
    /// Where the distance files are.
    #[command(flatten)]
    pub location: Location,
    /// Where to write the WDL files (default: beside the distance files).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Writes the WDL file of every material with a distance file, one line per
/// material (positions, bytes, bits per position), then the distribution
/// of bits per position and the total per piece count.
pub fn run(tables: &Tables<'_>, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut scan = tables.scan()?;
    let target = args.out.clone().unwrap_or_else(|| tables.dir.clone());
    std::fs::create_dir_all(&target).map_err(|e| {
        anyhow::anyhow!(
            "cannot make the output directory {}: {e} (--out names a directory)",
            target.display()
        )
    })?;
    let rows = tables.tables.write_wdl(tables.rules, &mut scan, &target)?;
    for TierWdlRow { derived: d, .. } in &rows {
        writeln!(
            out,
            "{}: {} positions, {} bytes, {:.4} bits/position",
            d.tier,
            d.positions,
            d.bytes,
            d.bits_per_position()
        )?;
    }
    let derived: Vec<(u32, WdlDerived)> = rows.into_iter().map(|r| (r.pieces, r.derived)).collect();
    write_summary(&derived, out)?;
    fail_if_rejected(&scan)
}

/// Per piece count: files, positions, bytes, bits per position over all,
/// and the files' smallest, median, 90th percentile and largest.
fn write_summary(derived: &[(u32, WdlDerived)], out: &mut dyn Write) -> anyhow::Result<()> {
    let mut counts: Vec<u32> = derived.iter().map(|(n, _)| *n).collect();
    counts.dedup();
    for pieces in counts {
        let files: Vec<&WdlDerived> = derived
            .iter()
            .filter(|(n, _)| *n == pieces)
            .map(|(_, d)| d)
            .collect();
        let positions: u64 = files.iter().map(|d| d.positions).sum();
        let bytes: u64 = files.iter().map(|d| d.bytes).sum();
        let mut bits: Vec<f64> = files.iter().map(|d| d.bits_per_position()).collect();
        bits.sort_by(f64::total_cmp);
        let at = |q: f64| bits[((bits.len() - 1) as f64 * q).round() as usize];
        writeln!(
            out,
            "{pieces} pieces: {} files, {positions} positions, {bytes} bytes, \
             {:.4} bits/position; per file min {:.4}, median {:.4}, p90 {:.4}, max {:.4}",
            files.len(),
            (bytes * 8) as f64 / positions.max(1) as f64,
            at(0.0),
            at(0.5),
            at(0.9),
            at(1.0)
        )?;
    }
    Ok(())
}
