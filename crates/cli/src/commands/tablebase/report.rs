//! `gamesolver tablebase report`: one self-contained HTML page of the
//! tablebase's statistics, written atomically.

use std::io::Write;
use std::path::PathBuf;

use gamesolver_retro::binfile::write_atomically;

use super::Location;
use super::report_html::{Page, render};
use super::stats::Scan;
use super::summary::{Classes, HeatMapArgs, HeatMapView, MaterialRow, gather};

/// Arguments of `gamesolver tablebase report`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where the tables are.
    #[command(flatten)]
    pub location: Location,
    /// The HTML file to write (replaced atomically; a device, FIFO,
    /// directory or link is refused).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The material and animal of the heat map.
    #[command(flatten)]
    pub which: HeatMapArgs,
}

/// Counts every material, draws the page and writes it; fails after
/// writing if a file in the directory could not be used.
pub fn run(args: &Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let mut scan = Scan::of(&args.location)?;
    let heat_map = args.which.heat_map(&args.location, &scan.materials)?;
    let counted = gather(&args.location, &mut scan);
    let rows: Vec<MaterialRow> = counted.iter().map(MaterialRow::from).collect();
    let page = Page {
        dir: &args.location.dir,
        rules: args.location.rules,
        classes: &Classes::of(&counted),
        materials: &rows,
        heat_map: &HeatMapView::from(&heat_map),
    };
    let html = render(&page);
    write_atomically(&args.out, html.as_bytes())?;
    writeln!(
        out,
        "wrote {} ({} materials, {} KiB)",
        args.out.display(),
        rows.len(),
        html.len().div_ceil(1024)
    )?;
    scan.fail_if_rejected()
}
