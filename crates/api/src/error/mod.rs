//! The one error type of the façade: its `Display` is the user message,
//! and each variant carries typed reasons front ends map without reading
//! the text ([`FacadeError::kind`], [`FacadeError::reason`]).

mod io;
mod position;
mod tablebase;

pub use io::{IoError, io_kind_name};
pub use position::{MoveErrorKind, PositionError, PositionErrorKind};
pub use tablebase::{TablebaseCause, TablebaseError};
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
    /// The position text is not a position of the game: the kind of
    /// fault, the text, the game's message.
    #[error(transparent)]
    BadPosition(PositionError),
    /// The move is not legal here.
    #[error("illegal move {mv:?} in {position}: {reason}")]
    IllegalMove {
        /// The move text.
        mv: String,
        /// The position, in the game's notation.
        position: String,
        /// Why, for a person.
        reason: String,
        /// Why, typed.
        kind: MoveErrorKind,
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
    /// An engine option by name that the game's option table refuses: no
    /// such option, a value out of its range, or one the engine's own
    /// settings set.
    #[error("{reason}")]
    BadOption {
        /// The option's name as given.
        name: String,
        /// Why, for a person.
        reason: String,
    },
    /// A tablebase or table file cannot be used: a file damaged, foreign,
    /// of another format version or unreadable (an answer that needed it
    /// is not given), or tables that do not fit the request (missing or
    /// empty directory, other rules …). The cause and the file are typed.
    #[error(transparent)]
    Tablebase(TablebaseError),
    /// Reading or writing a file failed: its path and the system's kind.
    #[error(transparent)]
    Io(IoError),
    /// A failure of the library itself, not of the request (a report that
    /// could not be written, a solve that failed).
    #[error("{0}")]
    Internal(String),
    /// The caller asked a long computation to stop (Ctrl-C).
    #[error("cancelled")]
    Cancelled,
}

impl FacadeError {
    /// A [`FacadeError::BadPosition`] of `kind` about `input`.
    pub fn bad_position(
        kind: PositionErrorKind,
        input: impl Into<String>,
        message: impl Into<String>,
    ) -> FacadeError {
        FacadeError::BadPosition(PositionError::new(kind, input, message))
    }

    /// A [`FacadeError::Tablebase`] of `cause`, at no particular file.
    pub fn tablebase(cause: TablebaseCause, message: impl Into<String>) -> FacadeError {
        FacadeError::Tablebase(TablebaseError::new(cause, message))
    }

    /// The stable machine-readable name of the variant (`snake_case`):
    /// `unknown_game`, `unknown_rules`, `bad_position`, `illegal_move`,
    /// `bad_action`, `unsupported`, `bad_limit`, `bad_option`, `table_file` (a
    /// tablebase error whose cause is a file's fault), `tablebase` (the
    /// others), `io`, `internal`, `cancelled`.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            FacadeError::UnknownGame { .. } => "unknown_game",
            FacadeError::UnknownRules { .. } => "unknown_rules",
            FacadeError::BadPosition(_) => "bad_position",
            FacadeError::IllegalMove { .. } => "illegal_move",
            FacadeError::BadAction { .. } => "bad_action",
            FacadeError::Unsupported { .. } => "unsupported",
            FacadeError::BadLimit(_) => "bad_limit",
            FacadeError::BadOption { .. } => "bad_option",
            FacadeError::Tablebase(error) if error.cause.is_file_fault() => "table_file",
            FacadeError::Tablebase(_) => "tablebase",
            FacadeError::Io(_) => "io",
            FacadeError::Internal(_) => "internal",
            FacadeError::Cancelled => "cancelled",
        }
    }

    /// The typed reason inside the kind, by its stable name: a position's
    /// [`PositionErrorKind`], a move's [`MoveErrorKind`], a tablebase's
    /// [`TablebaseCause`], an I/O error's kind ([`io_kind_name`]); `None`
    /// for the others.
    #[must_use]
    pub fn reason(&self) -> Option<String> {
        match self {
            FacadeError::BadPosition(error) => Some(error.kind.name().to_string()),
            FacadeError::IllegalMove { kind, .. } => Some(kind.name().to_string()),
            FacadeError::BadAction { .. } => Some(MoveErrorKind::BadAction.name().to_string()),
            FacadeError::Tablebase(error) => Some(error.cause.name().to_string()),
            FacadeError::Io(error) => Some(error.kind_name()),
            _ => None,
        }
    }
}

impl From<PositionError> for FacadeError {
    fn from(error: PositionError) -> FacadeError {
        FacadeError::BadPosition(error)
    }
}

impl From<TablebaseError> for FacadeError {
    fn from(error: TablebaseError) -> FacadeError {
        FacadeError::Tablebase(error)
    }
}

impl From<IoError> for FacadeError {
    fn from(error: IoError) -> FacadeError {
        FacadeError::Io(error)
    }
}

/// `error` and its causes, as one message (`top: cause: deeper cause`).
pub use gamesolver_retro::with_causes as error_chain;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_reasons_come_from_the_types() {
        let position =
            FacadeError::bad_position(PositionErrorKind::BadCharacter, "X?", "cell 1 holds '?'");
        assert_eq!(position.kind(), "bad_position");
        assert_eq!(position.reason().as_deref(), Some("bad_character"));
        assert_eq!(position.to_string(), "cell 1 holds '?'");
        let damaged = FacadeError::Tablebase(
            TablebaseError::new(TablebaseCause::Checksum, "E-e.gstb is corrupted").at("E-e.gstb"),
        );
        assert_eq!(damaged.kind(), "table_file");
        assert_eq!(damaged.reason().as_deref(), Some("checksum"));
        let mismatch = FacadeError::tablebase(TablebaseCause::RulesMismatch, "other rules");
        assert_eq!(mismatch.kind(), "tablebase");
        let io = FacadeError::Io(IoError::new(
            "out.bin",
            &std::io::Error::from(std::io::ErrorKind::PermissionDenied),
            "cannot write out.bin",
        ));
        assert_eq!(io.kind(), "io");
        assert_eq!(io.reason().as_deref(), Some("permission_denied"));
        let illegal = FacadeError::IllegalMove {
            mv: "a9".into(),
            position: "start".into(),
            reason: "the game is over".into(),
            kind: MoveErrorKind::GameOver,
        };
        assert_eq!(
            (illegal.kind(), illegal.reason().as_deref()),
            ("illegal_move", Some("game_over"))
        );
        assert_eq!(FacadeError::Cancelled.reason(), None);
    }

    #[test]
    fn move_kind_names_are_distinct() {
        let names: std::collections::BTreeSet<_> =
            MoveErrorKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), MoveErrorKind::ALL.len());
    }
}
