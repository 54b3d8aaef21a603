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
//! `DIR` are reused.

use std::time::Instant;

use gamesolver_games::jungle::{JungleTiers, Material, Variant};
use gamesolver_retro::tablebase::{Tablebase, build};

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
    let reports = build(&tablebase, &targets, &())?;
    let built: Vec<_> = reports.iter().filter(|r| !r.skipped).collect();
    let indices: u64 = built.iter().map(|r| r.indices).sum();
    println!(
        "{} tiers ({} built, {indices} indices) in {:.3} s",
        reports.len(),
        built.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
