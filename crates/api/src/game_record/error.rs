//! What can be wrong with a game record ([`RecordError`]).

use crate::error::FacadeError;

/// A game record that cannot be read, written or replayed; the message
/// says where and why.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The text holds no game.
    #[error("the text holds no game record (it begins with tag lines such as [Game \"NAME\"])")]
    Empty,
    /// One game was asked for, the text holds several.
    #[error("the text holds {count} game records, not one")]
    SeveralGames {
        /// How many.
        count: usize,
    },
    /// A tag line that is not `[Name "value"]`.
    #[error("line {line}: {reason}")]
    BadTag {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A game without its `Game` tag.
    #[error("the game record ending on line {line} has no [Game \"NAME\"] tag")]
    NoGame {
        /// The line of its last word.
        line: usize,
    },
    /// A `Result` that is none of `1-0`, `0-1`, `1/2-1/2`, `*`.
    #[error("result {value:?} is none of 1-0, 0-1, 1/2-1/2, *")]
    BadResult {
        /// The value read.
        value: String,
    },
    /// The result after the moves differs from the `Result` tag.
    #[error("line {line}: the moves end with {found}, the Result tag says {tag}")]
    ResultsDiffer {
        /// The line of the result word.
        line: usize,
        /// The result word after the moves.
        found: &'static str,
        /// The tag's.
        tag: &'static str,
    },
    /// A comment `{` never closed.
    #[error("line {line}: a comment begun with {{ is never closed")]
    OpenComment {
        /// Where it began.
        line: usize,
    },
    /// A move or tag value the format cannot hold.
    #[error("{0}")]
    Unwritable(String),
    /// The game, rules or start cannot be used (unknown game, bad position).
    #[error("{0}")]
    Game(FacadeError),
    /// A move of the record cannot be played.
    #[error("move {number} ({mv}) cannot be played: {reason}")]
    IllegalMove {
        /// The ply's number, from 1.
        number: usize,
        /// The move's text.
        mv: String,
        /// Why.
        reason: FacadeError,
    },
    /// The game the moves reach is over with another result than the
    /// record's.
    #[error("the moves end the game {actual}, the record says {recorded}")]
    WrongResult {
        /// The result the rules give.
        actual: &'static str,
        /// The record's.
        recorded: &'static str,
    },
    /// Moves after the end of the game.
    #[error("move {number} ({mv}) comes after the end of the game")]
    MoveAfterEnd {
        /// The ply's number, from 1.
        number: usize,
        /// The move's text.
        mv: String,
    },
}
