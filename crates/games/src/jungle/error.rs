//! Why a placement of pieces is not a Jungle position.

use gamesolver_core::{Player, PositionErrorKind};
use thiserror::Error;

use super::{Piece, Square};

/// The name of a side in messages: `bottom` (upper case, moves first) or
/// `top` (lower case).
#[must_use]
pub const fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "bottom",
        Player::Second => "top",
    }
}

/// A placement rule a position breaks (see [`super::Position::new`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Two pieces on one square.
    #[error("{square} holds two pieces: the {} {} and the {} {}",
        side_name(first.0), first.1, side_name(second.0), second.1)]
    Occupied {
        /// The square.
        square: Square,
        /// The piece placed first.
        first: (Player, Piece),
        /// The piece placed second.
        second: (Player, Piece),
    },
    /// A side with two pieces of one kind.
    #[error("the {} side has two {piece}s, on {first} and on {second}; each side has one of each animal",
        side_name(*player))]
    Duplicate {
        /// The side.
        player: Player,
        /// The animal.
        piece: Piece,
        /// Where the first one stands.
        first: Square,
        /// Where the second one stands.
        second: Square,
    },
    /// A piece other than a rat in water.
    #[error("the {} {piece} on {square} is in water; only rats may enter water",
        side_name(*player))]
    NotRatInWater {
        /// The side.
        player: Player,
        /// The animal.
        piece: Piece,
        /// The water square.
        square: Square,
    },
    /// A piece on its own den.
    #[error("the {} {piece} is on its own den; pieces may never enter their own den",
        side_name(*player))]
    OwnDen {
        /// The side.
        player: Player,
        /// The animal.
        piece: Piece,
    },
    /// The side to move stands on the enemy den: the game ended when it
    /// entered, before the other side's turn.
    #[error("the {} side is to move but already stands on the enemy den; \
        the game ended when it entered", side_name(*player))]
    MoverOnEnemyDen {
        /// The side to move.
        player: Player,
    },
    /// The side that just moved has no pieces: the game ended when its last
    /// piece was captured.
    #[error("the {} side has no pieces but the other side is to move; \
        the game ended when its last piece was captured", side_name(*player))]
    NoPieces {
        /// The side without pieces (the side not to move).
        player: Player,
    },
}

impl PositionError {
    /// The kind of fault, in the words every game shares.
    #[must_use]
    pub const fn kind(&self) -> PositionErrorKind {
        match self {
            PositionError::Occupied { .. }
            | PositionError::NotRatInWater { .. }
            | PositionError::OwnDen { .. } => PositionErrorKind::Placement,
            PositionError::Duplicate { .. } => PositionErrorKind::PieceCount,
            PositionError::MoverOnEnemyDen { .. } | PositionError::NoPieces { .. } => {
                PositionErrorKind::Unreachable
            }
        }
    }
}
