//! The common face of the search engines, so protocols, match runners and
//! commands drive alpha-beta and MCTS alike.

use gamesolver_core::Game;

use crate::{Limits, SearchInfo, StopFlag};

/// An engine that chooses moves for positions of `G`.
pub trait Engine<G: Game> {
    /// A short name for reports (`alphabeta`, `mcts`).
    fn name(&self) -> &'static str;

    /// Forgets what it learnt in earlier positions (a new game).
    fn new_game(&mut self);

    /// Searches `position` within `limits`, calling `progress` with
    /// intermediate results; returns the final result, whose first PV move
    /// is the chosen move (none only when the game is over).
    fn think(
        &mut self,
        position: &G,
        limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move>;

    /// The flag that stops [`Engine::think`] from outside.
    fn stop_flag(&self) -> StopFlag;
}
