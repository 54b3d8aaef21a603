//! Random playouts: the loop every game shares ([`random_playouts`]) and
//! the generic way to draw a uniformly random legal move
//! ([`random_move_from_list`]). A game with a faster way to draw the same
//! move (ultimate tic-tac-toe: a random set bit of its move mask) gives it
//! through [`GameModel::random_move`]; it must draw the move the generic
//! way would for the same generator state, so the statistics of a seed do
//! not depend on the path. Ultimate tic-tac-toe goes further: its whole
//! games run in the playout kernel of the games crate
//! ([`uttt::playout::Playout`]), fed the same draws.

use std::any::Any;

use gamesolver_core::{Game, Outcome, Player};
use gamesolver_games::uttt;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::PlayoutStats;
use super::model::GameModel;

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

/// `n` games of uniformly random moves (drawn by `model`'s
/// [`GameModel::random_move`]) from `start`, with one generator seeded by
/// `seed`. A game cut at [`PLAYOUT_PLY_CAP`] plies, or left without a move
/// before its end, counts as a draw. An ultimate tic-tac-toe position is
/// played by [`uttt_random_playouts`] (the same games, faster).
pub fn random_playouts<M: GameModel>(model: &M, start: &M::G, n: u64, seed: u64) -> PlayoutStats {
    if let Some(board) = (start as &dyn Any).downcast_ref::<uttt::Board>() {
        return uttt_random_playouts(board, n, seed);
    }
    random_playouts_with(start, n, seed, |game, rng, scratch| {
        model.random_move(game, rng, scratch)
    })
}

/// [`random_playouts`] of ultimate tic-tac-toe through the playout kernel
/// ([`uttt::playout::Playout`]): each ply draws
/// `rng.random_range(0..count)` over `usize` and plays the legal move of
/// that rank in increasing cell order, as the generic loop with
/// [`random_move_from_list`] does, so a seed gives the same games.
pub fn uttt_random_playouts(start: &uttt::Board, n: u64, seed: u64) -> PlayoutStats {
    let playout = uttt::playout::Playout::new(start);
    let mut rng = PlayoutRng::seed_from_u64(seed);
    let mut stats = PlayoutStats::default();
    for _ in 0..n {
        let (outcome, plies) = playout.play_out(|count| {
            // A count of at most 81 moves: the rank fits in u32.
            rng.random_range(0..count as usize) as u32
        });
        record(&mut stats, Some(outcome), plies.into());
    }
    stats
}

/// [`random_playouts`] with the moves drawn by `draw` (for example
/// [`random_move_from_list`]).
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
        record(&mut stats, game.outcome(), plies);
    }
    stats
}

/// Adds a game of `plies` plies that ended with `outcome` (a game without
/// one, cut or stuck, counts as a draw) to `stats`.
fn record(stats: &mut PlayoutStats, outcome: Option<Outcome>, plies: u64) {
    match outcome {
        Some(Outcome::Winner(Player::First)) => stats.first_wins += 1,
        Some(Outcome::Winner(Player::Second)) => stats.second_wins += 1,
        _ => stats.draws += 1,
    }
    stats.total_plies += plies;
    stats.max_plies = stats.max_plies.max(plies);
}
