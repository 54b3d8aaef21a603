//! The players of a match: an engine program the referee asks for moves,
//! in the UCI-style protocol ([`EngineProcess`]) or in CodinGame's
//! ultimate tic-tac-toe turn format ([`CodinGameBot`]), named on the
//! command line by [`EngineCommand`].

use super::codingame::CodinGameBot;
use super::process::{EngineError, EngineProcess};
use super::referee::MoveLimit;
use crate::facade::State;

/// An engine the referee plays games with.
pub trait MatchEngine {
    /// Gets ready for a new game from `opening`.
    fn new_game(&mut self, opening: &dyn State) -> Result<(), EngineError>;

    /// The move (in the game's notation) it plays after `moves` from
    /// `opening`, answered within `limit` and `grace_ms` more.
    fn choose(
        &mut self,
        opening: &dyn State,
        moves: &[String],
        limit: MoveLimit,
        grace_ms: u64,
    ) -> Result<String, EngineError>;
}

/// The prefix of an engine command that speaks CodinGame's format.
pub const CODINGAME_PREFIX: &str = "codingame:";

/// An engine as given to `gamesolver match --engine`: a command line run
/// with `sh -c`, in the UCI-style protocol, or with the prefix
/// [`CODINGAME_PREFIX`] in CodinGame's ultimate tic-tac-toe format (one
/// process per game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineCommand {
    /// Speaks the UCI-style protocol.
    Uci(String),
    /// Speaks CodinGame's ultimate tic-tac-toe turn format.
    CodinGame(String),
}

impl EngineCommand {
    /// Reads `--engine`'s text: [`CODINGAME_PREFIX`] selects CodinGame's
    /// format; an empty command is refused.
    pub fn parse(text: &str) -> Result<EngineCommand, String> {
        let (command, build): (&str, fn(String) -> EngineCommand) =
            match text.trim_start().strip_prefix(CODINGAME_PREFIX) {
                Some(rest) => (rest, EngineCommand::CodinGame),
                None => (text, EngineCommand::Uci),
            };
        if command.trim().is_empty() {
            return Err(format!("the engine command {text:?} is empty"));
        }
        Ok(build(command.trim().to_string()))
    }

    /// Whether it speaks CodinGame's format.
    #[must_use]
    pub fn is_codingame(&self) -> bool {
        matches!(self, EngineCommand::CodinGame(_))
    }

    /// The engine, ready for games: a UCI-style program is started and
    /// greeted; a CodinGame bot starts with each game.
    pub fn start(&self) -> Result<Box<dyn MatchEngine>, EngineError> {
        Ok(match self {
            EngineCommand::Uci(command) => Box::new(EngineProcess::start(command)?),
            EngineCommand::CodinGame(command) => Box::new(CodinGameBot::new(command)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prefix_selects_codingame_and_empty_commands_are_refused() {
        assert_eq!(
            EngineCommand::parse("gamesolver engine uttt"),
            Ok(EngineCommand::Uci("gamesolver engine uttt".into()))
        );
        let bot = EngineCommand::parse("codingame: ./bot 20").unwrap();
        assert_eq!(bot, EngineCommand::CodinGame("./bot 20".into()));
        assert!(bot.is_codingame());
        assert!(
            EngineCommand::parse("codingame:  ")
                .unwrap_err()
                .contains("empty")
        );
        assert!(EngineCommand::parse(" ").unwrap_err().contains("empty"));
    }
}
