//! Derives the WDL files of chosen materials from a directory's distance
//! files into another directory, with the library alone (no CLI): the
//! harness of the WDL size measurements in docs/PERFORMANCE.md (a sample
//! of materials instead of a whole directory, as `tablebase wdl` does).
//!
//! ```text
//! cargo run --release -p gamesolver-retro --example wdl_derive -- DIR OUT DCR-e ED-wd
//! ```
//!
//! Prints each file's positions, bytes and bits per position, then the
//! totals of the 3-1 and 2-2 classes (pieces per side) and of all.

use std::collections::BTreeMap;
use std::time::Instant;

use gamesolver_games::jungle::{JungleTiers, Material, Variant};
use gamesolver_retro::tablebase::Tablebase;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: wdl_derive DIR OUT MATERIAL...";
    let dir = args.next().ok_or(usage)?;
    let out = std::path::PathBuf::from(args.next().ok_or(usage)?);
    std::fs::create_dir_all(&out)?;
    let tablebase = Tablebase::new(JungleTiers::colour_folded(Variant::Standard), &dir);
    let started = Instant::now();
    let mut totals: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for name in args {
        let material: Material = name.parse()?;
        let derived = tablebase.derive_wdl(material, &out)?;
        println!(
            "{}: {} positions, {} bytes, {:.4} bits/position",
            derived.tier,
            derived.positions,
            derived.bytes,
            derived.bits_per_position()
        );
        let class = class_of(&derived.tier);
        for key in [class, "all".to_string()] {
            let total = totals.entry(key).or_default();
            total.0 += derived.positions;
            total.1 += derived.bytes;
        }
    }
    for (class, (positions, bytes)) in totals {
        let bits = (bytes * 8) as f64 / positions.max(1) as f64;
        println!("{class}: {positions} positions, {bytes} bytes, {bits:.4} bits/position");
    }
    println!("{:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// The class of a material by its pieces per side (`ED-wd`: "2-2").
fn class_of(tier: &str) -> String {
    let (bottom, top) = tier.split_once('-').unwrap_or((tier, ""));
    let (more, fewer) = (bottom.len().max(top.len()), bottom.len().min(top.len()));
    format!("{more}-{fewer}")
}
