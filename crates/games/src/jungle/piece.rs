//! The eight animals and their letters.

use std::fmt;

/// One of the eight animals, in the standard order of strength (weakest
/// first). Which rank each animal has is fixed by the [`super::Rules`] in
/// force; in the standard rules it is the order here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Rat (`R`): swims, captures the elephant.
    Rat,
    /// Cat (`C`).
    Cat,
    /// Dog (`D`).
    Dog,
    /// Wolf (`W`).
    Wolf,
    /// Leopard (`P`, for panther).
    Leopard,
    /// Tiger (`T`): jumps across the rivers.
    Tiger,
    /// Lion (`L`): jumps across the rivers.
    Lion,
    /// Elephant (`E`): cannot capture the rat outside a trap.
    Elephant,
}

impl Piece {
    /// Every animal, in the standard order of strength.
    pub const ALL: [Piece; 8] = [
        Piece::Rat,
        Piece::Cat,
        Piece::Dog,
        Piece::Wolf,
        Piece::Leopard,
        Piece::Tiger,
        Piece::Lion,
        Piece::Elephant,
    ];

    /// The upper-case letter of the animal (`R C D W P T L E`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Piece::Rat => 'R',
            Piece::Cat => 'C',
            Piece::Dog => 'D',
            Piece::Wolf => 'W',
            Piece::Leopard => 'P',
            Piece::Tiger => 'T',
            Piece::Lion => 'L',
            Piece::Elephant => 'E',
        }
    }

    /// The animal written with `letter`, in either case.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Piece> {
        let upper = letter.to_ascii_uppercase();
        Piece::ALL.into_iter().find(|p| p.letter() == upper)
    }

    /// The animal's English name in lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Rat => "rat",
            Piece::Cat => "cat",
            Piece::Dog => "dog",
            Piece::Wolf => "wolf",
            Piece::Leopard => "leopard",
            Piece::Tiger => "tiger",
            Piece::Lion => "lion",
            Piece::Elephant => "elephant",
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for piece in Piece::ALL {
            assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
            assert_eq!(
                Piece::from_letter(piece.letter().to_ascii_lowercase()),
                Some(piece)
            );
        }
        assert_eq!(Piece::from_letter('x'), None);
    }
}
