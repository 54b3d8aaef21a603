//! The one error type of the façade: its `Display` is the user message.

use thiserror::Error;

/// What went wrong, with a message that says what was wrong.
#[derive(Debug, Error)]
pub enum FacadeError {
    /// No registered game has this name or alias.
    #[error("unknown game {name:?}; the games are {}", known.join(", "))]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered games.
        known: Vec<&'static str>,
    },
    /// The game has no rule preset of this name.
    #[error("{game} has no rules {rules:?}; its presets are {}", known.join(", "))]
    UnknownRules {
        /// The game.
        game: &'static str,
        /// The preset asked for.
        rules: String,
        /// The game's presets, default first.
        known: Vec<&'static str>,
    },
    /// The position text is not a position of the game (the game's message).
    #[error("{0}")]
    BadPosition(String),
    /// The move is not legal here.
    #[error("illegal move {mv:?} in {position}: {reason}")]
    IllegalMove {
        /// The move text.
        mv: String,
        /// The position, in the game's notation.
        position: String,
        /// Why.
        reason: String,
    },
    /// The action number is not a legal move here.
    #[error("action {action} cannot be played: {reason}")]
    BadAction {
        /// The action.
        action: u32,
        /// Why.
        reason: String,
    },
    /// The game lacks what was asked for.
    #[error("{game} has no {what}")]
    Unsupported {
        /// The game.
        game: &'static str,
        /// What it lacks: "tablebase", "solved table", "engine mcts" …
        what: &'static str,
    },
    /// A search limit or engine setting out of range.
    #[error("{0}")]
    BadLimit(String),
    /// A tablebase cannot be used (missing directory, damaged file, rules
    /// mismatch …).
    #[error("{0}")]
    Tablebase(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(String),
}

/// `error` and its causes, as one message (`top: cause: deeper cause`).
#[must_use]
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    message
}
