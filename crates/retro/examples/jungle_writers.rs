//! Writes the distance and WDL files of a directory's Jungle tiers again,
//! from its distance files, into another directory, as the build writes
//! them (the WDL files at [`gamesolver_retro::wdlfile::Effort::Fast`]):
//! the harness of the writers' instruction counts (callgrind) and file
//! sizes in docs/PERFORMANCE.md, without the solving around them.
//!
//! ```text
//! cargo run --release -p gamesolver-retro --example jungle_writers -- DIR OUT
//! cargo run --release -p gamesolver-retro --example jungle_writers -- DIR OUT wdl ER-lr LR-lr
//! ```
//!
//! Without materials, every tier of `DIR` is written. `wdl` or `distance`
//! first writes only that kind of file, `none` neither (the loading alone:
//! subtracted from the others' counts, it leaves a writer's own). Prints
//! the totals: positions, bytes of each kind of file and their bits per
//! position.

use gamesolver_games::jungle::{JungleTiers, Material, Variant};
use gamesolver_retro::tablebase::Tablebase;
use gamesolver_retro::tbfile::write_tier;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: jungle_writers DIR OUT [wdl | distance | none] [MATERIAL...]";
    let dir = args.next().ok_or(usage)?;
    let out = std::path::PathBuf::from(args.next().ok_or(usage)?);
    std::fs::create_dir_all(&out)?;
    let layout = || JungleTiers::colour_folded(Variant::Standard);
    let source = Tablebase::new(layout(), &dir);
    let target = Tablebase::new(layout(), &out);
    let mut args = args.peekable();
    let only = args
        .next_if(|a| ["wdl", "distance", "none"].contains(&a.as_str()))
        .unwrap_or_default();
    let (distance, wdl) = match only.as_str() {
        "wdl" => (false, true),
        "distance" => (true, false),
        "none" => (false, false),
        _ => (true, true),
    };
    let mut tiers = args
        .map(|a| a.parse::<Material>())
        .collect::<Result<Vec<_>, _>>()?;
    if tiers.is_empty() {
        tiers = source.tiers()?;
    }
    let (mut positions, mut distance_bytes, mut wdl_bytes) = (0u64, 0u64, 0u64);
    for &tier in &tiers {
        let table = source.open_tier(tier)?.ok_or("no distance file")?.load()?;
        positions += table.entries().iter().filter(|&&e| e != 0).count() as u64;
        if distance {
            write_tier(&target.path(tier), &target.identity(tier), &table)?;
            distance_bytes += std::fs::metadata(target.path(tier))?.len();
        }
        if wdl {
            target.write_wdl_file(tier, &table)?;
            wdl_bytes += std::fs::metadata(target.wdl_path(tier))?.len();
        }
    }
    let bits = |bytes: u64| (bytes * 8) as f64 / positions.max(1) as f64;
    println!(
        "{} tiers, {positions} positions: distance files {distance_bytes} bytes ({:.4} bits/position), \
         WDL files {wdl_bytes} bytes ({:.4} bits/position)",
        tiers.len(),
        bits(distance_bytes),
        bits(wdl_bytes)
    );
    Ok(())
}
