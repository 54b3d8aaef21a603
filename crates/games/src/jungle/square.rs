//! Squares of the 7×9 Jungle board and their names (`a1`…`g9`).

use std::fmt;
use std::str::FromStr;

/// Number of files (`a`–`g`).
pub const FILES: u8 = 7;
/// Number of ranks (`1`–`9`).
pub const RANKS: u8 = 9;
/// Number of squares.
pub const SQUARES: u8 = FILES * RANKS;

/// One of the 63 squares, numbered `rank * 7 + file` from `a1` = 0 (the
/// bottom side's left corner) to `g9` = 62, so a set of squares fits one
/// `u64` ([`super::board::Bitboard`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with number `index`, or `None` if `index >= 63`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` 0..7 (`a` = 0) and `rank` 0..9 (`1` = 0).
    #[must_use]
    pub const fn at(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// A square number the caller knows to be below 63.
    pub(crate) const fn nth(index: u8) -> Square {
        debug_assert!(index < SQUARES);
        Square(index)
    }

    /// The square number 0..63.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file 0..7 (`a` = 0).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank 0..9 (`1` = 0).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square's bit in a [`super::board::Bitboard`].
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The square seen in a mirror standing on the `d` file (`a1` ↔ `g1`).
    #[must_use]
    pub const fn mirrored(self) -> Square {
        Square(self.rank() * FILES + (FILES - 1 - self.file()))
    }

    /// The square seen from the other side of the board (`a1` ↔ `g9`).
    #[must_use]
    pub const fn rotated(self) -> Square {
        Square(SQUARES - 1 - self.0)
    }

    /// Every square, from `a1` to `g9`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file());
        write!(f, "{file}{}", self.rank() + 1)
    }
}

/// Text that is not a square name `a1`…`g9`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a square: squares are a file a-g then a rank 1-9, e.g. d1")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let error = || ParseSquareError(s.to_string());
        match s.as_bytes() {
            &[file @ b'a'..=b'g', rank @ b'1'..=b'9'] => {
                Square::at(file - b'a', rank - b'1').ok_or_else(error)
            }
            _ => Err(error()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        assert_eq!(Square::nth(0).to_string(), "a1");
        assert_eq!(Square::nth(62).to_string(), "g9");
        assert_eq!("d1".parse::<Square>().map(Square::index), Ok(3));
    }

    #[test]
    fn refuses_bad_names() {
        for bad in ["", "a", "h1", "a0", "a10", "A1", "1a", " a1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn mirror_and_rotation_are_involutions() {
        for square in Square::all() {
            assert_eq!(square.mirrored().mirrored(), square);
            assert_eq!(square.rotated().rotated(), square);
            assert_eq!(square.mirrored().rank(), square.rank());
        }
        assert_eq!(Square::nth(0).mirrored(), Square::nth(6));
        assert_eq!(Square::nth(0).rotated(), Square::nth(62));
    }
}
