//! `gamesolver tablebase report`: one self-contained HTML page of the
//! tablebase's statistics (a game's view), written atomically.

use std::io::Write;
use std::path::PathBuf;

use gamesolver_retro::binfile::write_atomically;

use super::stats::HeatMapArgs;
use super::{Location, TablebaseGame, Tables, fail_if_rejected};

/// Arguments of `gamesolver tablebase report`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (default: the first game with tablebases).
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: Option<TablebaseGame>,
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
    /// The HTML file to write (replaced atomically; a device, FIFO,
    /// directory or link is refused).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The tier and piece of the heat map.
    #[command(flatten)]
    pub which: HeatMapArgs,
}

/// Counts every tier, draws the game's page and writes it; fails after
/// writing if a file in the directory could not be used.
pub fn run(tables: &Tables<'_>, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let views = crate::game_arg::require(tables.game, "tablebase report", |g| {
        g.tablebase().and_then(|t| t.views())
    })?;
    let mut scan = tables.scan()?;
    let material = args.which.material.as_deref();
    let html = views.report_page(tables.rules, &mut scan, material, args.which.piece)?;
    write_atomically(&args.out, html.as_bytes())?;
    writeln!(
        out,
        "wrote {} ({} materials, {} KiB)",
        args.out.display(),
        scan.tiers.len(),
        html.len().div_ceil(1024)
    )?;
    fail_if_rejected(&scan)
}
