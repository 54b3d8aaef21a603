//! A position as the API shows it: text, side to move, legal moves, result.

use gamesolver_api::State;
use gamesolver_core::{Outcome, Player};
use serde::Serialize;
use utoipa::ToSchema;

/// A side: `first` (X, Jungle's bottom) or `second` (O, Jungle's top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The side that moves first (X; Jungle's bottom side).
    First,
    /// The side that moves second (O; Jungle's top side).
    Second,
}

impl From<Player> for Side {
    fn from(player: Player) -> Side {
        match player {
            Player::First => Side::First,
            Player::Second => Side::Second,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// The first side won.
    First,
    /// The second side won.
    Second,
    /// Nobody won.
    Draw,
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Winner(Player::First) => GameResult::First,
            Outcome::Winner(Player::Second) => GameResult::Second,
            Outcome::Draw => GameResult::Draw,
        }
    }
}

/// A position after replaying a request's moves.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct PositionView {
    /// The game's canonical name.
    pub game: String,
    /// The rules preset in force.
    pub rules: String,
    /// The position text (paste it back to continue from here).
    pub position: String,
    /// Whose turn it is.
    pub turn: Side,
    /// Every legal move, in move-generation order (empty when finished).
    pub legal_moves: Vec<String>,
    /// How the game ended, if it did.
    pub result: Option<GameResult>,
    /// The moves replayed from the request's start position.
    pub history: Vec<String>,
}

impl PositionView {
    /// The view of `state`.
    pub fn of(state: &dyn State) -> PositionView {
        PositionView {
            game: state.game().to_string(),
            rules: state.rules().to_string(),
            position: state.to_text(),
            turn: state.turn().into(),
            legal_moves: state.legal_moves(),
            result: state.outcome().map(GameResult::from),
            history: state.history(),
        }
    }
}
