//! Errors shared by every game.

use std::fmt::{Debug, Display};

use thiserror::Error;

/// A move that is not legal in the position it was played in.
///
/// Returned by [`crate::Game::play`]; carries the move's notation so the
/// message says what was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv}{}", reason_suffix(reason))]
pub struct IllegalMove {
    /// The refused move, in the game's move notation.
    pub mv: String,
    /// Why, when known (for example "the game is over").
    pub reason: Option<String>,
}

fn reason_suffix(reason: &Option<String>) -> String {
    reason
        .as_ref()
        .map(|r| format!(": {r}"))
        .unwrap_or_default()
}

impl IllegalMove {
    /// The move `mv` is not legal; `reason` says why if known.
    pub fn new(mv: impl Display, reason: Option<String>) -> IllegalMove {
        IllegalMove {
            mv: mv.to_string(),
            reason,
        }
    }
}

/// Text that is not a move in the game's move notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read move {text:?}: {reason}")]
pub struct ParseMoveError {
    /// The text that was given.
    pub text: String,
    /// What was wrong with it.
    pub reason: String,
}

impl ParseMoveError {
    /// The text `text` is not a move because of `reason`.
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> ParseMoveError {
        ParseMoveError {
            text: text.into(),
            reason: reason.into(),
        }
    }
}
