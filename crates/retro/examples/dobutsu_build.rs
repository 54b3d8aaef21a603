//! Builds the dobutsu shogi tables with the library alone (no CLI): the
//! harness of the solver's instruction counts (callgrind) and times in
//! docs/DOBUTSU.md. Prints the build's time, the positions stored, their
//! won/drawn/lost split and the start position's value.
//!
//! ```text
//! cargo run --release -p gamesolver-retro --example dobutsu_build -- DIR [MATERIAL]
//! ```
//!
//! `MATERIAL` is `LGEC` (the whole game, the default) or a smaller one
//! such as `LC` (lions and chicks). A table already in `DIR` is reused.

use std::time::Instant;

use gamesolver_core::TierLayout;
use gamesolver_games::dobutsu::{DobutsuTiers, Material, Position};
use gamesolver_retro::tablebase::{Tablebase, build};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().ok_or("usage: dobutsu_build DIR [MATERIAL]")?;
    let material: Material = args.next().as_deref().unwrap_or("LGEC").parse()?;
    let tablebase = Tablebase::new(DobutsuTiers::default(), &dir);
    let started = Instant::now();
    let reports = build(&tablebase, &[material], &())?;
    println!(
        "{material}: {} indices in {:.3} s{}",
        tablebase.layout().tier_len(material),
        started.elapsed().as_secs_f64(),
        if reports.iter().all(|r| r.skipped) {
            " (reused)"
        } else {
            ""
        }
    );
    if let Some(peak) = peak_memory() {
        println!("peak resident memory after the build: {peak}");
    }
    let table = tablebase.load_into_memory(material)?;
    let [counts, _] = table.counts(tablebase.layout(), material);
    let indices = table.entries().iter().filter(|&&e| e != 0).count();
    println!("indices that are positions: {indices}");
    let stored = counts.total();
    println!(
        "stored positions (side to move folded, mirror images counted): {stored}: {} won, {} drawn, {} lost",
        counts.win, counts.draw, counts.loss
    );
    if let Some((index, distance)) = table.longest_win() {
        let position = tablebase.layout().position(material, index).ok_or("hole")?;
        println!("longest win: {distance} plies, {position}");
    }
    if material == Material::FULL {
        let start = Position::start();
        println!("start {start}: {:?}", tablebase.probe(&start)?);
    }
    Ok(())
}

/// The process's peak resident memory so far (`VmHWM`), where Linux tells.
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(line["VmHWM:".len()..].trim().to_string())
}
