//! Opening positions for self-play and matches, for any game: a few random
//! plies from the start, reproducible from a seed, or read from a file.

use anyhow::Context;
use gamesolver_core::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// `count` positions reached by `plies` uniformly random moves from
/// `start` (a game that ends stops early), reproducible from `seed`.
#[must_use]
pub fn random_openings<G: Game>(start: &G, count: usize, plies: usize, seed: u64) -> Vec<G> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut position = start.clone();
            for _ in 0..plies {
                let moves = position.moves();
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            position
        })
        .collect()
}

/// Reads openings from text, one position per line read by `parse`;
/// blank lines and lines starting with `#` are skipped. Finished positions
/// and an empty list are refused, with the line number.
pub fn parse_openings<G: Game>(
    text: &str,
    parse: impl Fn(&str) -> anyhow::Result<G>,
) -> anyhow::Result<Vec<G>> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = parse(line).with_context(|| format!("openings line {}", i + 1))?;
        anyhow::ensure!(
            !position.is_finished(),
            "openings line {}: the game is already over",
            i + 1
        );
        openings.push(position);
    }
    anyhow::ensure!(!openings.is_empty(), "the openings file has no position");
    Ok(openings)
}
