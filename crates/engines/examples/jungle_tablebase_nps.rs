//! The engine's speed with a tablebase probed inside the search: WDL files
//! (the default), distance files, and no tablebase, on the same positions
//! searched to the same depth, the three modes alternated position by
//! position. Node counts are deterministic; times depend on the machine.
//!
//! ```text
//! cargo run --release -p gamesolver-engines --example jungle_tablebase_nps -- DIR [MATERIAL] [DEPTH] [POSITIONS]
//! ```
//!
//! `DIR` holds tables up to N pieces (with their WDL files; `gamesolver
//! tablebase wdl --dir DIR` derives them); `MATERIAL` has one piece more
//! (default `LTR-er`), so captures lead into the tables; `POSITIONS`
//! positions of it are taken at pseudo-random indices (fixed seed).

use std::time::{Duration, Instant};

use gamesolver_core::TierLayout;
use gamesolver_engines::jungle::engine::JungleOptions;
use gamesolver_engines::jungle::eval::JungleEval;
use gamesolver_engines::jungle::tablebase::{SearchProbe, TablebaseHandle};
use gamesolver_games::jungle::{JungleTiers, Material, Position, Variant};
use gamesolver_search::{AlphaBeta, Limits};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .first()
        .ok_or("usage: jungle_tablebase_nps DIR [MATERIAL] [DEPTH] [POSITIONS]")?;
    let material: Material = args.get(1).map_or("LTR-er", String::as_str).parse()?;
    let depth: u32 = args.get(2).map_or(Ok(7), |d| d.parse())?;
    let count: usize = args.get(3).map_or(Ok(20), |n| n.parse())?;
    let positions = positions(material, count);
    let handle = TablebaseHandle::open(std::path::Path::new(dir), Variant::Standard)?;
    let modes = [
        ("no tablebase", None),
        (
            "distance files",
            Some(handle.clone().with_search_probe(SearchProbe::Distance)),
        ),
        ("WDL files", Some(handle)),
    ];
    // Alternated position by position, so a machine whose load changes
    // during the run slows every mode alike.
    let mut totals = [(0u64, Duration::ZERO); 3];
    for position in &positions {
        for ((_, tablebase), total) in modes.iter().zip(&mut totals) {
            let (nodes, time) = search(position, depth, tablebase.clone());
            total.0 += nodes;
            total.1 += time;
        }
    }
    for ((name, _), (nodes, time)) in modes.iter().zip(totals) {
        println!(
            "{name:>15}: {nodes} nodes in {:.3} s, {:.0} nodes/s",
            time.as_secs_f64(),
            nodes as f64 / time.as_secs_f64()
        );
    }
    Ok(())
}

/// `count` unfinished positions of `material` at pseudo-random indices.
fn positions(material: Material, count: usize) -> Vec<Position> {
    let layout = JungleTiers::new(Variant::Standard);
    let len = layout.tier_len(material);
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    std::iter::repeat_with(|| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        layout.position(material, (state >> 11) % len)
    })
    .flatten()
    .filter(|p| p.game_end().is_none())
    .take(count)
    .collect()
}

/// Nodes and time of a fresh search of `position` to `depth`.
fn search(position: &Position, depth: u32, tablebase: Option<TablebaseHandle>) -> (u64, Duration) {
    let eval = match tablebase {
        Some(handle) => JungleEval::default().with_tablebase(handle),
        None => JungleEval::default(),
    };
    let mut search = AlphaBeta::new(eval, 16).with_config(JungleOptions::default().search);
    let started = Instant::now();
    let info = search.search(position, &Limits::depth(depth), |_| {});
    (info.nodes, started.elapsed())
}
