//! Opening positions for self-play and matches: a few random plies from the
//! start, reproducible from a seed, or read from a file.

use anyhow::Context;
use gamesolver_core::Game;
use gamesolver_games::uttt::{Board, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// `count` positions reached by `plies` uniformly random moves from the
/// start (games that would end are avoided), reproducible from `seed`.
#[must_use]
pub fn random_openings(count: usize, plies: usize, seed: u64, variant: Variant) -> Vec<Board> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut board = Board::start(variant);
            for _ in 0..plies {
                let moves = board.moves();
                if moves.is_empty() {
                    break;
                }
                board.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            board
        })
        .collect()
}

/// Reads openings from text: one position per line; blank lines and lines
/// starting with `#` are skipped.
pub fn parse_openings(text: &str, variant: Variant) -> anyhow::Result<Vec<Board>> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let board = Board::parse_variant(line, variant)
            .with_context(|| format!("openings line {}", i + 1))?;
        if board.is_finished() {
            anyhow::bail!("openings line {}: the game is already over", i + 1);
        }
        openings.push(board);
    }
    anyhow::ensure!(!openings.is_empty(), "the openings file has no position");
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_reproducible_and_unfinished() {
        let a = random_openings(5, 2, 9, Variant::Standard);
        assert_eq!(a, random_openings(5, 2, 9, Variant::Standard));
        assert!(
            a.iter()
                .all(|b| !b.is_finished()
                    && b.marks(gamesolver_core::Player::First).count_ones() == 1)
        );
    }

    #[test]
    fn bad_opening_lines_are_named() {
        let err = parse_openings("# c\n\nxyz\n", Variant::Standard).unwrap_err();
        assert!(format!("{err:#}").contains("line 3"));
        assert!(parse_openings("", Variant::Standard).is_err());
    }
}
