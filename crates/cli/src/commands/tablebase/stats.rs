//! `gamesolver tablebase stats`.

use std::io::Write;

use anyhow::bail;
use gamesolver_api::Rendered;
use gamesolver_api::tablebases::{TierStatsRow, WdlSplit};

use super::{Location, TablebaseGame, Tables, fail_if_rejected};
use crate::json::write_json;

/// Arguments of `gamesolver tablebase stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game (default: the first game with tablebases).
    #[arg(value_parser = crate::game_arg::registered(), ignore_case = true)]
    pub game: Option<TablebaseGame>,
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Per class of tiers (Jungle: animals per side, e.g. 2-1): the share
    /// of positions the side with more animals wins, draws and loses, and
    /// the longest win of each class and of each piece count.
    #[arg(long, conflicts_with = "heat_map")]
    pub classes: bool,
    /// For one piece of one tier: per square, the positions won, drawn and
    /// lost by the side to move.
    #[arg(long)]
    pub heat_map: bool,
    /// The tier and piece of `--heat-map`.
    #[command(flatten)]
    pub which: HeatMapArgs,
    /// First write the statistics file (`<tier>.gsst`) of every tier that
    /// has none of its own, as a build does, so that later statistics are
    /// read at once.
    #[arg(long)]
    pub write: bool,
}

/// Which piece a heat map is drawn for.
#[derive(Debug, Clone, clap::Args)]
pub struct HeatMapArgs {
    /// The tier of the heat map, e.g. Jungle's LR-e (default: the game's
    /// choice, Jungle's LR-e if present, else the last tier with the most
    /// pieces).
    #[arg(long, value_name = "MATERIAL")]
    pub material: Option<String>,
    /// The piece whose squares are mapped: its letter, upper case for the
    /// bottom side, lower case for the top (default: Jungle's strongest
    /// animal of the side with fewer animals).
    #[arg(long, value_name = "LETTER")]
    pub piece: Option<char>,
}

/// Prints the statistics of every tier in the tablebase (or of the
/// classes, or a heat map, for a game with those views); fails after the
/// output if any file could not be used.
pub fn run(tables: &Tables<'_>, args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut scan = tables.scan()?;
    if args.write {
        let written = tables.tables.write_stats(tables.rules, &mut scan)?;
        eprintln!(
            "wrote {written} statistics file(s) in {}",
            tables.dir.display()
        );
    }
    if !args.heat_map && (args.which.material.is_some() || args.which.piece.is_some()) {
        bail!("--material and --piece choose the animal of --heat-map; add --heat-map");
    }
    if args.heat_map || args.classes {
        let views = crate::game_arg::require(tables.game, "tablebase views", |g| {
            g.tablebase().and_then(|t| t.views())
        })?;
        let shown = if args.heat_map {
            let material = args.which.material.as_deref();
            views.heat_map(tables.rules, &scan, material, args.which.piece)?
        } else {
            views.classes(tables.rules, &mut scan)?
        };
        write_rendered(out, &shown, args.json)?;
        return fail_if_rejected(&scan);
    }
    let rows = tables.tables.stats(tables.rules, &mut scan, &|| false)?;
    if args.json {
        write_json(out, &rows)?;
    } else {
        write_rows(out, &rows)?;
    }
    if !scan.recounted.is_empty() {
        eprintln!(
            "note: {} tier(s) counted from their tables, without a statistics file of their own \
             (`--write` keeps one): {}",
            scan.recounted.len(),
            scan.recounted.join("; ")
        );
    }
    fail_if_rejected(&scan)
}

/// A view as its JSON line or its text.
fn write_rendered(out: &mut dyn Write, shown: &Rendered, json: bool) -> anyhow::Result<()> {
    if json {
        writeln!(out, "{}", shown.json)?;
    } else {
        out.write_all(shown.text.as_bytes())?;
    }
    Ok(())
}

/// "W/D/L".
fn wdl(s: &WdlSplit) -> String {
    format!("{}/{}/{}", s.win, s.draw, s.loss)
}

fn write_rows(out: &mut dyn Write, rows: &[TierStatsRow]) -> anyhow::Result<()> {
    writeln!(
        out,
        "{:<10} {:>25} {:>25}  longest win",
        "material", "bottom to move W/D/L", "top to move W/D/L"
    )?;
    for r in rows {
        let longest = match (&r.longest_win, &r.longest_win_example) {
            (Some(d), Some(fen)) => format!("{d} plies, {fen}"),
            _ => "-".to_string(),
        };
        writeln!(
            out,
            "{:<10} {:>25} {:>25}  {longest}",
            r.material,
            wdl(&r.bottom_to_move),
            wdl(&r.top_to_move)
        )?;
    }
    Ok(())
}
