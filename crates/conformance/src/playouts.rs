//! Random games, as a source of positions to check.

use gamesolver_core::Game;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Every position met in `games` random playouts from `start` (uniformly
/// random legal moves, seeded by `seed`), the start and the finished
/// positions included.
///
/// # Panics
/// If a playout exceeds 100,000 plies (a game that never ends) or a
/// non-finished position has no legal move.
pub fn random_playouts<G: Game>(start: &G, games: usize, seed: u64) -> Vec<G> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut seen = Vec::new();
    let mut moves = Vec::new();
    for game in 0..games {
        let mut position = start.clone();
        for ply in 0.. {
            assert!(
                ply < 100_000,
                "playout {game} did not end after {ply} plies"
            );
            seen.push(position.clone());
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                assert!(
                    position.is_finished(),
                    "{position:?} has no legal move but is not finished"
                );
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            position.play_unchecked(mv);
        }
    }
    seen
}

/// The position reached from `start` by taking, at each ply, the legal move
/// at index `choice % number of moves` for each of `choices` in turn,
/// stopping early when the game ends. Turns a proptest-generated vector of
/// numbers into a position reached in play.
pub fn play_choices<G: Game>(start: &G, choices: &[u16]) -> G {
    let mut position = start.clone();
    let mut moves = Vec::new();
    for &choice in choices {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[usize::from(choice) % moves.len()]);
    }
    position
}
