//! Counts the dobutsu shogi positions reachable from the start as Tanaka
//! (2009) counts them (side to move and mirror folded, positions won or
//! lost at once not expanded) and, given the directory of a built table,
//! the won/drawn/lost split of the reachable stored positions.
//!
//! ```text
//! cargo run --release -p gamesolver-retro --example dobutsu_reachable -- [DIR]
//! ```

use std::time::Instant;

use gamesolver_core::{TierLayout, Wdl};
use gamesolver_games::dobutsu::{DobutsuTiers, Material, Position, count_reachable};
use gamesolver_retro::tablebase::Tablebase;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1);
    let layout = DobutsuTiers::default();
    let started = Instant::now();
    let mut indices = Vec::new();
    let counts = count_reachable(&Position::start(), |p| {
        indices.push(layout.index(Material::FULL, p) as u32);
    });
    println!(
        "reachable: {} = {} interior + {} catch (the side to move takes the lion) + {} finished + {} other, in {:.1} s",
        counts.total(),
        counts.interior,
        counts.catch,
        counts.finished,
        counts.other,
        started.elapsed().as_secs_f64()
    );
    let Some(dir) = dir else {
        return Ok(());
    };
    let tablebase = Tablebase::new(layout, &dir);
    let table = tablebase.load_into_memory(Material::FULL)?;
    let (mut won, mut drawn, mut lost) = (0u64, 0u64, 0u64);
    indices.sort_unstable();
    let before = indices.len();
    indices.dedup();
    for &index in &indices {
        match table.get(u64::from(index)).map(|s| s.wdl) {
            Some(Wdl::Win) => won += 1,
            Some(Wdl::Draw) => drawn += 1,
            Some(Wdl::Loss) => lost += 1,
            None => return Err(format!("reachable index {index} is a hole").into()),
        }
    }
    println!(
        "reachable interior positions: {} ({} reached as two mirror-image positions of one index): {won} won, {drawn} drawn, {lost} lost for the side to move",
        indices.len(),
        before - indices.len()
    );
    Ok(())
}
