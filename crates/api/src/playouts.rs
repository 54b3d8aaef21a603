//! Random playouts: the loop every game shares ([`random_playouts_with`])
//! and the generic way to draw a uniformly random legal move
//! ([`random_move_from_list`]). A game with a faster way to draw the same
//! move gives it through `GameModel::random_move`; it must draw the move
//! the generic way would for the same generator state, so the statistics
//! of a seed do not depend on the path. A game may go further and play
//! whole games in a kernel of its own (`GameModel::random_playouts`), fed
//! the same draws and counted by [`PlayoutStats::record`].

use gamesolver_core::{Game, Outcome, Player};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::PlayoutStats;

/// Random playouts longer than this are cut and counted as draws (a game
/// whose rules let it go on for ever).
pub const PLAYOUT_PLY_CAP: u64 = 100_000;

/// The random number generator of playouts (seeded, reproducible).
pub type PlayoutRng = SmallRng;

/// A uniformly random legal move of `game`: its legal moves are listed
/// into `scratch` (reused between calls) and one is drawn with
/// `rng.random_range(0..count)` over `usize`. `None` when there is none.
pub fn random_move_from_list<G: Game>(
    game: &G,
    rng: &mut PlayoutRng,
    scratch: &mut Vec<G::Move>,
) -> Option<G::Move> {
    game.legal_moves(scratch);
    if scratch.is_empty() {
        return None;
    }
    scratch.get(rng.random_range(0..scratch.len())).copied()
}

/// `n` games of moves drawn by `draw` (for example
/// [`random_move_from_list`]) from `start`, with one generator seeded by
/// `seed`. A game cut at [`PLAYOUT_PLY_CAP`] plies, or left without a move
/// before its end, counts as a draw.
pub fn random_playouts_with<G: Game>(
    start: &G,
    n: u64,
    seed: u64,
    mut draw: impl FnMut(&G, &mut PlayoutRng, &mut Vec<G::Move>) -> Option<G::Move>,
) -> PlayoutStats {
    let mut rng = PlayoutRng::seed_from_u64(seed);
    let mut stats = PlayoutStats::default();
    let mut scratch = Vec::new();
    for _ in 0..n {
        let mut game = start.clone();
        let mut plies = 0;
        while game.outcome().is_none() && plies < PLAYOUT_PLY_CAP {
            let Some(mv) = draw(&game, &mut rng, &mut scratch) else {
                break;
            };
            game.play_unchecked(mv);
            plies += 1;
        }
        stats.record(game.outcome(), plies);
    }
    stats
}

impl PlayoutStats {
    /// Counts a game of `plies` plies that ended with `outcome` (a game
    /// without one, cut or stuck, counts as a draw).
    pub fn record(&mut self, outcome: Option<Outcome>, plies: u64) {
        match outcome {
            Some(Outcome::Winner(Player::First)) => self.first_wins += 1,
            Some(Outcome::Winner(Player::Second)) => self.second_wins += 1,
            _ => self.draws += 1,
        }
        self.total_plies += plies;
        self.max_plies = self.max_plies.max(plies);
    }
}
