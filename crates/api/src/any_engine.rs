//! A ready engine of some game ([`AnyEngine`]).

use gamesolver_search::StopFlag;

use crate::error::FacadeError;
use crate::state::State;
use crate::types::{SearchLimits, SearchReport};

/// A ready engine of some game.
pub trait AnyEngine: Send {
    /// The engine's name (`alphabeta`, `mcts`).
    fn name(&self) -> &'static str;
    /// Forgets what it learnt (transposition table, history).
    fn new_game(&mut self);
    /// Searches `state` within `limits`; `progress` is called with the
    /// report of every iteration.
    fn search(
        &mut self,
        state: &dyn State,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchReport),
    ) -> Result<SearchReport, FacadeError>;
    /// Raise it from another thread to stop the search.
    fn stop_flag(&self) -> StopFlag;
}
