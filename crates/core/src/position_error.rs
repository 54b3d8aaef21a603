//! What kind of fault makes a text no position of a game: the typed reason
//! every game's parser gives beside its own message.

use std::fmt;

/// Why a text is not a position, in words every game shares (a game's own
/// error enum says more, and names the offending part). Front ends map it
/// to machine-readable kinds ([`PositionErrorKind::name`]) without reading
/// messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionErrorKind {
    /// Nothing but white space.
    Empty,
    /// Fields missing, extra or not separated as the notation wants
    /// (the side to move missing, text after the last field …).
    Fields,
    /// The board has the wrong shape: ranks, files or cells miscounted.
    BoardShape,
    /// A character that is neither a piece nor a count of empty squares.
    BadCharacter,
    /// The side-to-move field names no side.
    SideToMove,
    /// Another field (a counter, the hands, the forced board) cannot be read.
    BadField,
    /// Too many or too few pieces (of a kind, of a side, or in total).
    PieceCount,
    /// A piece where it can never stand (two on a square, a piece in water
    /// or on its own den, a lion in hand …).
    Placement,
    /// Each part is well formed, but the whole cannot arise in a game
    /// (both sides have won, play went on after the end …).
    Unreachable,
    /// A position of another game was given.
    WrongGame,
    /// A valid position outside what the request covers (another
    /// model's positions, a table without it).
    OutsideScope,
    /// A material or tier name the game does not have.
    BadMaterial,
    /// A game's fault that none of the above describes.
    Other,
}

impl PositionErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [PositionErrorKind; 13] = [
        PositionErrorKind::Empty,
        PositionErrorKind::Fields,
        PositionErrorKind::BoardShape,
        PositionErrorKind::BadCharacter,
        PositionErrorKind::SideToMove,
        PositionErrorKind::BadField,
        PositionErrorKind::PieceCount,
        PositionErrorKind::Placement,
        PositionErrorKind::Unreachable,
        PositionErrorKind::WrongGame,
        PositionErrorKind::OutsideScope,
        PositionErrorKind::BadMaterial,
        PositionErrorKind::Other,
    ];

    /// The stable machine-readable name (`snake_case`), e.g.
    /// `bad_character`: what the web API and Python report.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PositionErrorKind::Empty => "empty",
            PositionErrorKind::Fields => "fields",
            PositionErrorKind::BoardShape => "board_shape",
            PositionErrorKind::BadCharacter => "bad_character",
            PositionErrorKind::SideToMove => "side_to_move",
            PositionErrorKind::BadField => "bad_field",
            PositionErrorKind::PieceCount => "piece_count",
            PositionErrorKind::Placement => "placement",
            PositionErrorKind::Unreachable => "unreachable",
            PositionErrorKind::WrongGame => "wrong_game",
            PositionErrorKind::OutsideScope => "outside_scope",
            PositionErrorKind::BadMaterial => "bad_material",
            PositionErrorKind::Other => "other",
        }
    }
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::PositionErrorKind;

    #[test]
    fn names_are_distinct_snake_case() {
        let names: std::collections::BTreeSet<_> =
            PositionErrorKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), PositionErrorKind::ALL.len());
        for name in names {
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name}"
            );
        }
    }
}
