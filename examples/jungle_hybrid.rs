//! The library without the CLI: open a Jungle tablebase directory,
//! ask the hybrid engine (alpha-beta that plays straight from the tables
//! when the material is in them) for a move in 50 ms, print it.
//!
//! `cargo run --release --example jungle_hybrid -- [DIR] [FEN]`: without a
//! directory the two-piece tables are built in a temporary one first
//! (a fraction of a second), so it runs anywhere.

use std::path::PathBuf;

use gamesolver_api::{EngineSpec, SearchLimits};
use gamesolver_games::jungle::{Material, Variant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let scratch = tempfile::tempdir()?;
    let dir = match args.next() {
        Some(dir) => PathBuf::from(dir),
        None => {
            let materials = Material::all_with(2);
            gamesolver_engines::jungle::tablebase::build_tablebase(
                scratch.path(),
                Variant::Standard,
                &materials,
            )?;
            scratch.path().to_path_buf()
        }
    };
    let fen = args.next().unwrap_or("7/7/7/7/7/7/1e5/7/E6 w".to_string());

    let registry = gamesolver_engines::builtin();
    let jungle = registry.get("jungle")?;
    let position = jungle.parse(&fen, None)?;
    let spec = EngineSpec {
        tablebase: Some(dir),
        ..EngineSpec::default()
    };
    let mut engine = jungle.engine(&spec)?;
    let limits = SearchLimits {
        movetime_ms: Some(50),
        ..SearchLimits::default()
    };
    let report = engine.search(position.as_ref(), &limits, &mut |_| {})?;
    println!(
        "{fen}: bestmove {} score {} (from the {})",
        report.bestmove.as_deref().unwrap_or("(none)"),
        report.score,
        report.source
    );
    Ok(())
}
