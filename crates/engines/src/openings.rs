//! Opening positions for self-play and matches, for any game: a few random
//! plies from the start, reproducible from a seed, or read from a file.

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

/// Why an openings text was refused.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// A line is no position.
    #[error("openings line {line}: {reason}")]
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// What the parser said.
        reason: String,
    },
    /// A line's position is already finished.
    #[error("openings line {line}: the game is already over")]
    Finished {
        /// The line number, from 1.
        line: usize,
    },
    /// No position at all.
    #[error("the openings file has no position")]
    Empty,
}

/// Reads openings from text, one position per line read by `parse`;
/// blank lines and lines starting with `#` are skipped. Finished positions
/// and an empty list are refused, with the line number.
pub fn parse_openings<G: Game, E: std::fmt::Display>(
    text: &str,
    parse: impl Fn(&str) -> Result<G, E>,
) -> Result<Vec<G>, OpeningsError> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = parse(line).map_err(|e| OpeningsError::BadLine {
            line: i + 1,
            reason: e.to_string(),
        })?;
        if position.is_finished() {
            return Err(OpeningsError::Finished { line: i + 1 });
        }
        openings.push(position);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}
