//! Builds Jungle tables with the library alone (no CLI), colour folded as
//! the CLI builds them: the harness of the solver's instruction counts
//! (callgrind) and CPU times in docs/PERFORMANCE.md, quick to compile
//! because it needs only the retro and games crates.
//!
//! ```text
//! cargo run --release -p gamesolver-retro --example jungle_build -- DIR 3
//! cargo run --release -p gamesolver-retro --example jungle_build -- DIR LR-e ER-lr
//! ```
//!
//! A number builds every material of up to that many pieces; materials
//! build themselves and every table they capture into. Tables already in
//! `DIR` are reused. The last line tells when the last tier started
//! solving and how many files were written by then: files written long
//! after the last start mean the writing, not the solving, set the pace.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gamesolver_games::jungle::{JungleTiers, Material, Variant};
use gamesolver_retro::loopy::TierProgress;
use gamesolver_retro::tablebase::{BuildObserver, Tablebase, TierBuilt, build};

/// When the last tier started solving, and the files written by then.
struct Timeline {
    started: Instant,
    last_start: Mutex<Duration>,
    written: AtomicUsize,
    written_at_last_start: AtomicUsize,
}

impl TierProgress for Timeline {}

impl BuildObserver for Timeline {
    fn tier_started(&self, _tier: &str, _indices: u64) {
        *self.last_start.lock().unwrap_or_else(|e| e.into_inner()) = self.started.elapsed();
        let written = self.written.load(Ordering::Relaxed);
        self.written_at_last_start.store(written, Ordering::Relaxed);
    }

    fn tier_finished(&self, _report: &TierBuilt) {
        self.written.fetch_add(1, Ordering::Relaxed);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: jungle_build DIR (MAX_PIECES | MATERIAL...)";
    let dir = args.next().ok_or(usage)?;
    let mut targets = Vec::new();
    for arg in args {
        match arg.parse::<u32>() {
            Ok(pieces) if (2..=4).contains(&pieces) => {
                targets.extend((2..=pieces).flat_map(Material::all_with));
            }
            Ok(pieces) => return Err(format!("{pieces} pieces: 2 to 4 only").into()),
            Err(_) => targets.push(arg.parse::<Material>()?),
        }
    }
    if targets.is_empty() {
        return Err(usage.into());
    }
    let tablebase = Tablebase::new(JungleTiers::colour_folded(Variant::Standard), &dir);
    let started = Instant::now();
    let timeline = Timeline {
        started,
        last_start: Mutex::new(Duration::ZERO),
        written: AtomicUsize::new(0),
        written_at_last_start: AtomicUsize::new(0),
    };
    let reports = build(&tablebase, &targets, &timeline)?;
    let built: Vec<_> = reports.iter().filter(|r| !r.skipped).collect();
    let indices: u64 = built.iter().map(|r| r.indices).sum();
    println!(
        "{} tiers ({} built, {indices} indices) in {:.3} s",
        reports.len(),
        built.len(),
        started.elapsed().as_secs_f64()
    );
    let last_start = *timeline
        .last_start
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    println!(
        "last tier started at {:.3} s, {} of {} tiers finished by then",
        last_start.as_secs_f64(),
        timeline.written_at_last_start.load(Ordering::Relaxed),
        reports.len()
    );
    Ok(())
}
