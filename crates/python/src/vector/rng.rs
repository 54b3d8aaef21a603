//! The random generator of each game of a batch: seeded per game, so a
//! game's trajectory depends only on its own seed and actions.

use rand::SeedableRng;
use rand::rngs::SmallRng;

/// One game's generator (the opponent's random choices and
/// `random_actions`).
pub type GameRng = SmallRng;

/// The generator of a game seeded with `seed`.
pub fn seeded(seed: u64) -> GameRng {
    SmallRng::seed_from_u64(seed)
}
