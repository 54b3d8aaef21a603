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
//! The build's phases are timed on standard error: the first pass (every
//! index's moves counted), the propagation (level by level), the files
//! written, and the statistics companion.

use std::sync::Mutex;
use std::time::Instant;

use gamesolver_core::TierLayout;
use gamesolver_games::dobutsu::{DobutsuTiers, Material, Position};
use gamesolver_retro::loopy::TierProgress;
use gamesolver_retro::tablebase::{BuildObserver, Tablebase, TierBuilt, build};

/// Prints when each phase of the build ends, from the build's start.
struct Phases {
    started: Instant,
    /// The levels seen so far (the first ends the first pass).
    levels: Mutex<u32>,
}

impl Phases {
    fn mark(&self, what: &str) {
        eprintln!("{:8.3} s  {what}", self.started.elapsed().as_secs_f64());
    }
}

impl TierProgress for Phases {
    fn level_done(&self, level: u16) {
        let mut levels = self.levels.lock().unwrap_or_else(|e| e.into_inner());
        if *levels == 0 {
            self.mark("first pass done, level 0 propagated");
        }
        *levels += 1;
        if level.is_multiple_of(50) && level > 0 {
            self.mark(&format!("level {level} propagated"));
        }
    }
}

impl BuildObserver for Phases {
    fn tier_started(&self, tier: &str, _indices: u64) {
        self.mark(&format!("{tier} started"));
    }

    fn tier_finished(&self, report: &TierBuilt) {
        self.mark(&format!(
            "{} written ({} bytes; solved in {:.3} s)",
            report.tier,
            report.file_bytes,
            report.elapsed.as_secs_f64()
        ));
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().ok_or("usage: dobutsu_build DIR [MATERIAL]")?;
    let material: Material = args.next().as_deref().unwrap_or("LGEC").parse()?;
    let tablebase = Tablebase::new(DobutsuTiers::default(), &dir);
    let started = Instant::now();
    let phases = Phases {
        started,
        levels: Mutex::new(0),
    };
    let reports = build(&tablebase, &[material], &phases)?;
    phases.mark("statistics written: the build is done");
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
