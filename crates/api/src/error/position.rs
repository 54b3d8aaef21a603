//! A text that is not a position of the game, and a move that cannot be
//! played: typed reasons beside the game's message.

pub use gamesolver_core::PositionErrorKind;
use thiserror::Error;

/// Why a text is not a position of the game: the kind of fault (shared by
/// every game), the offending text and the game's own message (its
/// `Display`).
///
/// ```
/// use gamesolver_api::{PositionError, PositionErrorKind};
///
/// let error = PositionError::new(PositionErrorKind::BadCharacter, "x?", "cell 1 holds '?'");
/// assert_eq!(error.kind.name(), "bad_character");
/// assert_eq!(error.to_string(), "cell 1 holds '?'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct PositionError {
    /// The kind of fault.
    pub kind: PositionErrorKind,
    /// The text that was given (a position, a material or tier name).
    pub input: String,
    /// What is wrong, for a person (the game's message, naming the part).
    pub message: String,
}

impl PositionError {
    /// `input` is no position because of a fault of `kind`, said by
    /// `message`.
    pub fn new(
        kind: PositionErrorKind,
        input: impl Into<String>,
        message: impl Into<String>,
    ) -> PositionError {
        PositionError {
            kind,
            input: input.into(),
            message: message.into(),
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveErrorKind {
    /// The text is no move of the game's notation.
    Unreadable,
    /// A move of the notation, but not legal in the position.
    Illegal,
    /// The game is over: no move can be played.
    GameOver,
    /// The action number is no legal move's (out of range, or not legal
    /// here).
    BadAction,
}

impl MoveErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [MoveErrorKind; 4] = [
        MoveErrorKind::Unreadable,
        MoveErrorKind::Illegal,
        MoveErrorKind::GameOver,
        MoveErrorKind::BadAction,
    ];

    /// The stable machine-readable name (`snake_case`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MoveErrorKind::Unreadable => "unreadable",
            MoveErrorKind::Illegal => "illegal",
            MoveErrorKind::GameOver => "game_over",
            MoveErrorKind::BadAction => "bad_action",
        }
    }
}

impl std::fmt::Display for MoveErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
