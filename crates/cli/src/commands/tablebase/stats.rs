//! `gamesolver tablebase stats`.

use std::io::Write;

use anyhow::bail;
use gamesolver_games::jungle::Material;
use gamesolver_retro::tbfile::{RejectedFile, scan_tier_files};

use super::Location;
use super::summary::{Classes, HeatMapArgs, HeatMapView, MaterialRow, Split, gather};
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
    /// Per class of materials (animals per side, e.g. 2-1): the share of
    /// positions the side with more animals wins, draws and loses, and the
    /// longest win of each class and of each piece count.
    #[arg(long, conflicts_with = "heat_map")]
    pub classes: bool,
    /// For one animal of one material: per square, the positions won,
    /// drawn and lost by the side to move.
    #[arg(long)]
    pub heat_map: bool,
    /// The material and animal of `--heat-map`.
    #[command(flatten)]
    pub which: HeatMapArgs,
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

/// Prints the statistics of every material in the tablebase (or of the
/// material classes, or a heat map); fails after the output if any file
/// could not be used.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut scan = Scan::of(&args.location)?;
    if !args.heat_map && (args.which.material.is_some() || args.which.piece.is_some()) {
        bail!("--material and --piece choose the animal of --heat-map; add --heat-map");
    }
    if args.heat_map {
        let map = args.which.heat_map(&args.location, &scan.materials)?;
        let view = HeatMapView::from(&map);
        if args.json {
            write_json(out, &view)?;
        } else {
            write_heat_map(out, &view)?;
        }
        return scan.fail_if_rejected();
    }
    let counted = gather(&args.location, &mut scan);
    if args.classes {
        let classes = Classes::of(&counted);
        if args.json {
            write_json(out, &classes)?;
        } else {
            write_classes(out, &classes)?;
        }
    } else {
        let rows: Vec<MaterialRow> = counted.iter().map(MaterialRow::from).collect();
        if args.json {
            write_json(out, &rows)?;
        } else {
            write_rows(out, &rows)?;
        }
    }
    scan.fail_if_rejected()
}

/// "W/D/L".
fn wdl(s: &Split) -> String {
    format!("{}/{}/{}", s.win, s.draw, s.loss)
}

fn write_rows(out: &mut dyn Write, rows: &[MaterialRow]) -> anyhow::Result<()> {
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

/// A share as a percentage with one decimal.
pub(super) fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole.max(1) as f64)
}

fn write_classes(out: &mut dyn Write, classes: &Classes) -> anyhow::Result<()> {
    writeln!(
        out,
        "{:<6} {:>9} {:>15}  {:>26}  {:>18}  longest win",
        "class", "materials", "positions", "stronger side won/drawn/lost", "side to move wins"
    )?;
    for c in &classes.classes {
        let (s, total) = (&c.stronger_side, c.stronger_side.total());
        let shares = format!(
            "{} / {} / {}",
            percent(s.win, total),
            percent(s.draw, total),
            percent(s.loss, total)
        );
        let longest = c.longest_win.as_ref().map_or("-".to_string(), |w| {
            format!("{} plies ({})", w.distance, w.material)
        });
        writeln!(
            out,
            "{:<6} {:>9} {:>15}  {shares:>28}  {:>18}  {longest}",
            c.class,
            c.materials,
            total,
            percent(c.side_to_move.win, c.side_to_move.total())
        )?;
    }
    for (pieces, w) in &classes.longest_wins {
        writeln!(
            out,
            "longest {pieces}-piece win: {} plies, {} {}",
            w.distance, w.material, w.position
        )?;
    }
    Ok(())
}

/// The heat map as two boards of win percentages (rank 9 at the top).
fn write_heat_map(out: &mut dyn Write, view: &HeatMapView) -> anyhow::Result<()> {
    writeln!(
        out,
        "{}: the {} {} ({}) on each square, share of positions won by the side to move",
        view.material, view.side, view.animal, view.piece
    )?;
    for (name, squares) in [
        ("bottom to move", &view.bottom_to_move),
        ("top to move", &view.top_to_move),
    ] {
        writeln!(out, "{name}:")?;
        for rank in (0..9).rev() {
            write!(out, "{} ", rank + 1)?;
            for file in 0..7 {
                let c = &squares[rank * 7 + file].counts;
                if c.total() == 0 {
                    write!(out, "{:>7}", "-")?;
                } else {
                    write!(out, "{:>7}", percent(c.win, c.total()))?;
                }
            }
            writeln!(out)?;
        }
        writeln!(
            out,
            "  {}",
            ["a", "b", "c", "d", "e", "f", "g"]
                .map(|f| format!("{f:>7}"))
                .concat()
        )?;
    }
    Ok(())
}
