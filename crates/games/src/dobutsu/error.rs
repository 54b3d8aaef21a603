//! Placement rules a position can break.

use gamesolver_core::PositionErrorKind;
use thiserror::Error;

use super::Piece;

/// Why pieces and hands do not form a dōbutsu shōgi position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A kind of animal (chicks and hens counted together) appears once or
    /// more than twice on the board and in the hands together (two, or none
    /// in a smaller material).
    #[error("there must be two {kind}s (board and hands together) or none, not {count}")]
    PieceCount {
        /// The kind's name (`giraffe`, `elephant`, `chick or hen`).
        kind: &'static str,
        /// How many there are.
        count: u8,
    },
    /// A player has more than one lion.
    #[error("the {side} player has {count} lions")]
    TwoLions {
        /// `first` or `second`.
        side: &'static str,
        /// How many.
        count: u8,
    },
    /// The player who just moved has no lion: the game ended before.
    #[error("the {side} player, who just moved, has no lion (the game ended before)")]
    LionMissing {
        /// `first` or `second`.
        side: &'static str,
    },
    /// Two pieces on one square (only a hand-made position can say so).
    #[error("two pieces on {square}")]
    SquareTaken {
        /// The square's name.
        square: String,
    },
    /// A lion in a hand.
    #[error("a lion cannot be held in hand")]
    LionInHand,
}

impl PositionError {
    /// The kind of fault, in the words every game shares.
    #[must_use]
    pub const fn kind(&self) -> PositionErrorKind {
        match self {
            PositionError::PieceCount { .. } | PositionError::TwoLions { .. } => {
                PositionErrorKind::PieceCount
            }
            PositionError::LionMissing { .. } => PositionErrorKind::Unreachable,
            PositionError::SquareTaken { .. } | PositionError::LionInHand => {
                PositionErrorKind::Placement
            }
        }
    }
}

/// The name of a piece kind in messages.
pub(crate) const fn kind_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Lion => "lion",
        Piece::Giraffe => "giraffe",
        Piece::Elephant => "elephant",
        Piece::Chick | Piece::Hen => "chick or hen",
    }
}
