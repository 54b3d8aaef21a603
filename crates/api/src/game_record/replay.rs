//! A record played through the game's rules: the start, every move
//! checked, the result compared with where the moves lead.

use super::{GameResult, RecordError, SavedGame};
use crate::registry::Registry;
use crate::state::State;

/// A record's game replayed: its start and the position after its moves.
#[derive(Debug)]
pub struct Replayed {
    /// The start position.
    pub start: Box<dyn State>,
    /// The position after the last move (its history holds the moves).
    pub end: Box<dyn State>,
}

impl SavedGame {
    /// Plays the record through the rules of its game in `registry`: the
    /// game, rules and start must be known, every move legal, no move after
    /// the end, and a finished game's result the recorded one (an
    /// unfinished game may carry any result: a forfeit, an adjudication).
    pub fn replay(&self, registry: &Registry) -> Result<Replayed, RecordError> {
        let game = registry.get(&self.game).map_err(RecordError::Game)?;
        let rules = self.rules.as_deref();
        let start = match &self.start {
            Some(text) => game.parse(text, rules),
            None => game.start(rules),
        }
        .map_err(RecordError::Game)?;
        let mut end = start.clone();
        for (index, mv) in self.moves.iter().enumerate() {
            if end.is_terminal() {
                return Err(RecordError::MoveAfterEnd {
                    number: index + 1,
                    mv: mv.clone(),
                });
            }
            end.play(mv).map_err(|reason| RecordError::IllegalMove {
                number: index + 1,
                mv: mv.clone(),
                reason,
            })?;
        }
        let actual = GameResult::of(end.outcome());
        if actual != GameResult::Unfinished && actual != self.result {
            return Err(RecordError::WrongResult {
                actual: actual.token(),
                recorded: self.result.token(),
            });
        }
        Ok(Replayed { start, end })
    }

    /// The record of the moves played since `start` to reach `end` (the
    /// moves are `end`'s history after `start`'s), its game, rules and
    /// result from the position; `start` is written only when it is not
    /// the game's start.
    pub fn of_game(
        registry: &Registry,
        start: &dyn State,
        moves: &[String],
    ) -> Result<SavedGame, RecordError> {
        let game = registry.get(start.game()).map_err(RecordError::Game)?;
        let default_start = game.start(Some(start.rules())).map_err(RecordError::Game)?;
        let mut end = start.clone_box();
        for (index, mv) in moves.iter().enumerate() {
            end.play(mv).map_err(|reason| RecordError::IllegalMove {
                number: index + 1,
                mv: mv.clone(),
                reason,
            })?;
        }
        let default_rules = game.info().rules.first().copied();
        Ok(SavedGame {
            game: game.info().name.to_string(),
            rules: (default_rules != Some(start.rules())).then(|| start.rules().to_string()),
            start: (start.to_text() != default_start.to_text()).then(|| start.to_text()),
            result: GameResult::of(end.outcome()),
            termination: end.end_reason().map(str::to_string),
            moves: moves.to_vec(),
            ..SavedGame::default()
        })
    }
}
