//! `gamesolver tablebase stats`.

use std::io::Write;

use gamesolver_core::TierLayout;
use gamesolver_games::jungle::{JungleTiers, Material, Position};
use gamesolver_retro::WdlCounts;
use gamesolver_retro::loopy::TierTable;
use serde::Serialize;

use super::Location;
use crate::json::write_json;

/// Arguments of `gamesolver tablebase stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Won, drawn and lost positions for one side to move.
#[derive(Debug, Default, Serialize)]
struct Split {
    win: u64,
    draw: u64,
    loss: u64,
}

impl From<WdlCounts> for Split {
    fn from(c: WdlCounts) -> Split {
        Split {
            win: c.win,
            draw: c.draw,
            loss: c.loss,
        }
    }
}

/// The statistics of one material.
#[derive(Debug, Serialize)]
struct MaterialStats {
    material: String,
    bottom_to_move: Split,
    top_to_move: Split,
    longest_win: Option<u16>,
    longest_win_example: Option<String>,
}

/// Prints the statistics of every material in the tablebase.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let tablebase = args.location.open();
    let mut rows = Vec::new();
    for material in args.location.materials()? {
        let Some(file) = tablebase.open_tier(material)? else {
            continue;
        };
        rows.push(material_stats(tablebase.layout(), material, &file.load()?));
    }
    if args.json {
        return write_json(out, &rows);
    }
    writeln!(
        out,
        "{:<10} {:>25} {:>25}  longest win",
        "material", "bottom to move W/D/L", "top to move W/D/L"
    )?;
    for r in &rows {
        let split = |s: &Split| format!("{}/{}/{}", s.win, s.draw, s.loss);
        let longest = match (&r.longest_win, &r.longest_win_example) {
            (Some(d), Some(fen)) => format!("{d} plies, {fen}"),
            _ => "-".to_string(),
        };
        writeln!(
            out,
            "{:<10} {:>25} {:>25}  {longest}",
            r.material,
            split(&r.bottom_to_move),
            split(&r.top_to_move)
        )?;
    }
    Ok(())
}

/// Counts a material's positions (a position and its mirror image count
/// twice unless they are the same) and finds its longest win.
fn material_stats(layout: &JungleTiers, material: Material, table: &TierTable) -> MaterialStats {
    let [bottom, top] = table.counts(layout, material);
    let longest = table.longest_win();
    let example = longest.and_then(|(index, _)| layout.position(material, index));
    MaterialStats {
        material: material.to_string(),
        bottom_to_move: bottom.into(),
        top_to_move: top.into(),
        longest_win: longest.map(|(_, d)| d),
        longest_win_example: example.as_ref().map(Position::to_string),
    }
}
