//! `gamesolver tablebase report`: one self-contained HTML page of the
//! tablebase's statistics (the game's own view, or the generic page of any
//! game with tablebases), written atomically.

use std::io::Write;
use std::path::PathBuf;

use anyhow::bail;
use gamesolver_api::tablebases::{ReportHeading, tier_report_page};
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

/// Counts every tier, draws the game's page (its own view of its tables
/// if it has one, else the generic page of the per-tier counts and wins by
/// distance) and writes it; fails after writing if a file in the directory
/// could not be used.
pub fn run(tables: &Tables<'_>, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut scan = tables.scan()?;
    let html = match tables.tables.views() {
        Some(views) => {
            let material = args.which.material.as_deref();
            views.report_page(tables.rules, &mut scan, material, args.which.piece)?
        }
        None => {
            if args.which.material.is_some() || args.which.piece.is_some() {
                bail!(
                    "{} has no heat map: `tablebase report {}` takes no --material or --piece",
                    tables.name(),
                    tables.name()
                );
            }
            let rows = tables.tables.stats(tables.rules, &mut scan, &|| false)?;
            let info = tables.game.info();
            let heading = ReportHeading {
                game: info.title,
                dir: &scan.dir.display().to_string(),
                rules: gamesolver_api::model::resolve_rules(info, tables.rules)?,
            };
            tier_report_page(&heading, &rows)
        }
    };
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
