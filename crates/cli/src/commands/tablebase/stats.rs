//! `gamesolver tablebase stats`.

use std::io::Write;

use anyhow::bail;
use gamesolver_core::TierLayout;
use gamesolver_games::jungle::{JungleTiers, Material, Position};
use gamesolver_retro::WdlCounts;
use gamesolver_retro::loopy::TierTable;
use gamesolver_retro::tbfile::{RejectedFile, scan_tier_files};
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

/// The tier files of a tablebase directory, and the `*.gstb` entries that
/// cannot be used (so far).
pub(super) struct Scan {
    /// The materials with a file, fewest pieces first.
    pub(super) materials: Vec<Material>,
    /// Every `*.gstb` entry or material that cannot be used, and why.
    pub(super) problems: Vec<String>,
}

impl Scan {
    /// Lists the directory: a missing one, or one without any `*.gstb`
    /// entry, is an error; entries that are not tier files are noted on
    /// standard error.
    pub(super) fn of(location: &Location) -> anyhow::Result<Scan> {
        let found = scan_tier_files(&location.dir, |stem| stem.parse::<Material>().ok())?;
        for path in &found.ignored {
            eprintln!("note: {} is not a tablebase file; ignored", path.display());
        }
        if found.tiers.is_empty() && found.rejected.is_empty() {
            bail!(
                "{} holds no tablebase file (*.gstb); build one with \
                 `gamesolver tablebase build jungle --max-pieces N --dir {}`",
                location.dir.display(),
                location.dir.display()
            );
        }
        let mut materials: Vec<Material> = found.tiers.into_iter().map(|(m, _)| m).collect();
        materials.sort_by_key(|m| (m.count(), m.to_string()));
        let problems = found.rejected.iter().map(describe).collect();
        Ok(Scan {
            materials,
            problems,
        })
    }

    /// Records that `material` cannot be used (the error names the file).
    pub(super) fn reject(&mut self, material: Material, error: &anyhow::Error) {
        self.problems.push(format!("{material}: {error:#}"));
    }

    /// Fails, naming every file that could not be used, if there is one.
    pub(super) fn fail_if_rejected(&self) -> anyhow::Result<()> {
        if self.problems.is_empty() {
            return Ok(());
        }
        bail!(
            "{} tablebase file(s) could not be used:\n  {}",
            self.problems.len(),
            self.problems.join("\n  ")
        )
    }
}

/// A rejected entry in words.
fn describe(rejected: &RejectedFile) -> String {
    format!("{}: {}", rejected.path.display(), rejected.reason)
}

/// Prints the statistics of every material in the tablebase; fails after
/// the table if any file could not be used.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let tablebase = args.location.open();
    let mut scan = Scan::of(&args.location)?;
    let mut rows = Vec::new();
    for material in scan.materials.clone() {
        match load(&tablebase, material) {
            Ok(table) => rows.push(material_stats(tablebase.layout(), material, &table)),
            Err(error) => scan.reject(material, &error),
        }
    }
    write_rows(args, out, &rows)?;
    scan.fail_if_rejected()
}

/// The whole table of `material`.
fn load(
    tablebase: &gamesolver_retro::tablebase::Tablebase<JungleTiers>,
    material: Material,
) -> anyhow::Result<TierTable> {
    match tablebase.open_tier(material)? {
        Some(file) => Ok(file.load()?),
        None => bail!("its file disappeared after the directory was listed"),
    }
}

fn write_rows(args: &Args, out: &mut dyn Write, rows: &[MaterialStats]) -> anyhow::Result<()> {
    if args.json {
        return write_json(out, &rows);
    }
    writeln!(
        out,
        "{:<10} {:>25} {:>25}  longest win",
        "material", "bottom to move W/D/L", "top to move W/D/L"
    )?;
    for r in rows {
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
