//! The game record: one plain-text file format for every game (PGN-like:
//! tag lines such as `[Game "jungle"]`, then the moves and the result),
//! written by `play`, `match --save-games`, the web pages and Python, and
//! read wherever a position is read (the position after its last move).
//! docs/FORMATS.md, "Game records", specifies it.
//!
//! ```
//! use gamesolver_api::{GameResult, SavedGame};
//!
//! let text = "[Game \"tictactoe\"]\n[Result \"1-0\"]\n\n1. 4 0 2. 2 6 3. 3 5 4. 1 8 5. 7 1-0\n";
//! let game = SavedGame::parse(text).unwrap();
//! assert_eq!(game.game, "tictactoe");
//! assert_eq!(game.moves.len(), 9);
//! assert_eq!(game.result, GameResult::FirstWins);
//! assert_eq!(SavedGame::parse(&game.to_text().unwrap()).unwrap(), game);
//! ```

mod date;
mod error;
mod parse;
mod replay;
mod write;

pub use date::record_date;
pub use error::RecordError;
pub use parse::parse_games;
pub use replay::Replayed;

use gamesolver_core::{Outcome, Player};

/// A game's result, as the record's `Result` tag and last word write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// `1-0`: the first player won.
    FirstWins,
    /// `0-1`: the second player won.
    SecondWins,
    /// `1/2-1/2`: drawn.
    Draw,
    /// `*`: unfinished (or unknown).
    #[default]
    Unfinished,
}

impl GameResult {
    /// The result's token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub fn token(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// The result a token writes, None for another word.
    #[must_use]
    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::FirstWins),
            "0-1" => Some(GameResult::SecondWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }

    /// The result of a finished game's outcome (None: unfinished).
    #[must_use]
    pub fn of(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            Some(Outcome::Winner(Player::First)) => GameResult::FirstWins,
            Some(Outcome::Winner(Player::Second)) => GameResult::SecondWins,
            Some(Outcome::Draw) => GameResult::Draw,
            None => GameResult::Unfinished,
        }
    }
}

/// One game as its record holds it: the game and rules, the start, the
/// moves, the result and the other tags.
#[derive(Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct SavedGame {
    /// The game's registry name (tag `Game`, required).
    pub game: String,
    /// The rule preset (tag `Rules`; None: the game's default).
    pub rules: Option<String>,
    /// The start position in the game's notation (tag `Start`; None: the
    /// game's start position).
    pub start: Option<String>,
    /// Who played the first side (tag `First`).
    pub first: Option<String>,
    /// Who played the second side (tag `Second`).
    pub second: Option<String>,
    /// When, `YYYY.MM.DD` as PGN writes it (tag `Date`).
    pub date: Option<String>,
    /// The result (tag `Result` and the last word of the moves).
    pub result: GameResult,
    /// How it ended, in words (tag `Termination`: `den entered`, `time
    /// forfeit` …).
    pub termination: Option<String>,
    /// Every other tag, in the order read.
    pub tags: Vec<(String, String)>,
    /// The moves from the start, in the game's notation.
    pub moves: Vec<String>,
}

/// The tags with a field of their own in [`SavedGame`], in the order a
/// record writes them (before any other tag).
pub const NAMED_TAGS: [&str; 8] = [
    "Game",
    "Rules",
    "Date",
    "First",
    "Second",
    "Result",
    "Termination",
    "Start",
];

impl SavedGame {
    /// A record of `moves` of `game` from its start, nothing else known.
    #[must_use]
    pub fn new(game: &str, moves: Vec<String>) -> SavedGame {
        SavedGame {
            game: game.to_string(),
            moves,
            ..SavedGame::default()
        }
    }

    /// The value of tag `name` (the named fields' tags included), if set.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        let named = match name {
            "Game" => Some(self.game.as_str()),
            "Rules" => self.rules.as_deref(),
            "Start" => self.start.as_deref(),
            "First" => self.first.as_deref(),
            "Second" => self.second.as_deref(),
            "Date" => self.date.as_deref(),
            "Result" => Some(self.result.token()),
            "Termination" => self.termination.as_deref(),
            _ => None,
        };
        named.or_else(|| {
            self.tags
                .iter()
                .find(|(tag, _)| tag == name)
                .map(|(_, value)| value.as_str())
        })
    }

    /// Sets tag `name` to `value` (a named field's, or one of the others).
    pub fn set_tag(&mut self, name: &str, value: String) -> Result<(), RecordError> {
        match name {
            "Game" => self.game = value,
            "Rules" => self.rules = Some(value),
            "Start" => self.start = Some(value),
            "First" => self.first = Some(value),
            "Second" => self.second = Some(value),
            "Date" => self.date = Some(value),
            "Termination" => self.termination = Some(value),
            "Result" => {
                self.result =
                    GameResult::from_token(&value).ok_or(RecordError::BadResult { value })?;
            }
            _ => match self.tags.iter_mut().find(|(tag, _)| tag == name) {
                Some(slot) => slot.1 = value,
                None => self.tags.push((name.to_string(), value)),
            },
        }
        Ok(())
    }

    /// Parses the one game of `text` (see [`parse_games`] for files of
    /// several games).
    pub fn parse(text: &str) -> Result<SavedGame, RecordError> {
        let mut games = parse_games(text)?;
        match games.len() {
            1 => Ok(games.remove(0)),
            0 => Err(RecordError::Empty),
            count => Err(RecordError::SeveralGames { count }),
        }
    }
}
