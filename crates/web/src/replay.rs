//! A position as a request names it: game, rules, start position and the
//! moves played since. The server keeps no games; replaying the moves gives
//! the façade the history it needs (Jungle's repetition and 200-ply rules).

use std::sync::Arc;

use gamesolver_api::{GameDef, Registry, State};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::ApiError;

/// The most moves a request may replay.
pub const MAX_MOVES: usize = 4000;

/// A position: a game, its rules, a start position and moves from there.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct PositionRequest {
    /// The game's name or alias: `tictactoe`, `uttt`, `jungle`, …
    pub game: String,
    /// The rules preset (the game's default when absent).
    #[serde(default)]
    pub rules: Option<String>,
    /// The position text in the game's notation (`start` or absent = the
    /// start position).
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from `position`, in the game's move notation.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// A replayed position and the game it belongs to.
pub struct Replayed {
    /// The game.
    pub game: Arc<dyn GameDef>,
    /// The position after the moves.
    pub state: Box<dyn State>,
}

impl PositionRequest {
    /// Parses the position of a game of `registry` and plays the moves;
    /// errors name the bad part (unknown game or rules, bad position text,
    /// which move is illegal).
    pub fn replay(&self, registry: &Registry) -> Result<Replayed, ApiError> {
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::bad_request(
                "too_many_moves",
                format!("{} moves given; at most {MAX_MOVES}", self.moves.len()),
            ));
        }
        let game = registry.shared(&self.game)?;
        let rules = self.rules.as_deref().filter(|r| !r.is_empty());
        let mut state = match self.position.as_deref().map(str::trim) {
            None | Some("start" | "startpos") => game.start(rules)?,
            Some(text) => game.parse(text, rules)?,
        };
        for (index, mv) in self.moves.iter().enumerate() {
            state.play(mv).map_err(|error| {
                let message = format!(
                    "move {} of {} ({mv:?}): {error}",
                    index + 1,
                    self.moves.len()
                );
                ApiError::from(error).with_message(message)
            })?;
        }
        Ok(Replayed { game, state })
    }
}
