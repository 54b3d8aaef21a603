//! Any game with a text notation, registered in one line.
//!
//! A type that implements [`gamesolver_core::Game`], `Display` (its
//! position text) and `FromStr` (reading it back) becomes a façade game:
//! parse, play, legal moves, outcome, perft, random playouts, MCTS engine
//! and protocol host. Its actions are indices into the legal-move list
//! (`action_space` 0) and it has no observation planes.
//!
//! ```
//! use gamesolver_api::{Registry, text_game};
//! # use gamesolver_core::{Game, Outcome, ParseMoveError, Player};
//! # #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! # struct Countdown(u8);
//! # impl std::fmt::Display for Countdown {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) }
//! # }
//! # impl std::str::FromStr for Countdown {
//! #     type Err = std::num::ParseIntError;
//! #     fn from_str(s: &str) -> Result<Self, Self::Err> { s.parse().map(Countdown) }
//! # }
//! # #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
//! # struct Take(u8);
//! # impl std::fmt::Display for Take {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) }
//! # }
//! # impl std::str::FromStr for Take {
//! #     type Err = ParseMoveError;
//! #     fn from_str(s: &str) -> Result<Self, ParseMoveError> {
//! #         s.parse().map(Take).map_err(|_| ParseMoveError::new(s, "a number"))
//! #     }
//! # }
//! # impl Game for Countdown {
//! #     type Move = Take;
//! #     const NAME: &'static str = "countdown";
//! #     fn turn(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
//! #     fn legal_moves(&self, out: &mut Vec<Take>) { out.clear(); out.extend((1..=self.0.min(2)).map(Take)); }
//! #     fn play_unchecked(&mut self, mv: Take) { self.0 -= mv.0; }
//! #     fn outcome(&self) -> Option<Outcome> { (self.0 == 0).then(|| Outcome::Winner(self.turn().opponent())) }
//! # }
//! let registry = Registry::new().with(text_game("countdown", "Countdown", Countdown(5)));
//! let game = registry.get("countdown").unwrap();
//! let mut state = game.start(None).unwrap();
//! state.play("2").unwrap();
//! assert_eq!(state.to_text(), "3");
//! assert_eq!(state.perft(2).unwrap(), 3);
//! ```

use std::fmt::Display;
use std::str::FromStr;

use gamesolver_core::Game;

use crate::model::{GameModel, ModelDef};
use crate::{GameDef, GameInfo, PositionError, PositionErrorKind};

/// A user's game known by its text notation.
pub struct TextGame<G> {
    info: GameInfo,
    start: G,
}

impl<G> TextGame<G> {
    /// The game called `name` (titled `title`) that starts at `start`.
    #[must_use]
    pub fn new(name: &'static str, title: &'static str, start: G) -> TextGame<G> {
        TextGame {
            info: GameInfo {
                name,
                aliases: &[],
                title,
                titles: &[],
                rules: &["standard"],
                engines: &["mcts"],
                action_space: 0,
                observation_shape: [0, 0, 0],
            },
            start,
        }
    }
}

impl<G> GameModel for TextGame<G>
where
    G: Game<Move: Send + Sync> + Display + FromStr + Send + Sync + 'static,
    <G as FromStr>::Err: Display,
{
    type G = G;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn start(&self, _rules: &'static str) -> G {
        self.start.clone()
    }

    fn parse(&self, text: &str, _rules: &'static str) -> Result<G, PositionError> {
        text.parse().map_err(|e| {
            PositionError::new(
                PositionErrorKind::Other,
                text,
                format!("cannot read the {} position {text:?}: {e}", self.info.name),
            )
        })
    }

    fn rules_of(&self, _game: &G) -> &'static str {
        "standard"
    }
}

/// The game `G` starting at `start`, ready for [`crate::Registry::with`].
#[must_use]
pub fn text_game<G>(name: &'static str, title: &'static str, start: G) -> Box<dyn GameDef>
where
    G: Game<Move: Send + Sync> + Display + FromStr + Send + Sync + 'static,
    <G as FromStr>::Err: Display,
{
    Box::new(ModelDef::new(TextGame::new(name, title, start)))
}
