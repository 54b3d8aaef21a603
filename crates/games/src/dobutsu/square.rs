//! Squares of the 3×4 dōbutsu shōgi board and their names (`a1`…`c4`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Number of files (`a`–`c`).
pub const FILES: u8 = 3;
/// Number of ranks (`1`–`4`).
pub const RANKS: u8 = 4;
/// Number of squares.
pub const SQUARES: u8 = FILES * RANKS;

/// One of the 12 squares, numbered `rank * 3 + file` from `a1` = 0 (the
/// first player's left corner, seen from the first player) to `c4` = 11, so
/// a set of squares fits one `u16` bitboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Every square, `a1` first.
    pub const ALL: [Square; 12] = {
        let mut all = [Square(0); 12];
        let mut i = 0;
        while i < 12 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with number `index`, or `None` if `index >= 12`.
    #[must_use]
    pub const fn new(index: u8) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` 0..3 (`a` = 0) and `rank` 0..4 (`1` = 0).
    #[must_use]
    pub const fn at(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// A square number the caller knows to be below 12.
    pub(crate) const fn nth(index: u8) -> Square {
        debug_assert!(index < SQUARES);
        Square(index)
    }

    /// The square number 0..12.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file 0..3 (`a` = 0).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank 0..4 (`1` = 0).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square's bit in a bitboard.
    #[must_use]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// The square seen in a mirror (files `a` and `c` swapped).
    #[must_use]
    pub const fn mirrored(self) -> Square {
        Square(self.rank() * FILES + (FILES - 1 - self.file()))
    }

    /// The square after the board is turned half a turn (the other
    /// player's view).
    #[must_use]
    pub const fn rotated(self) -> Square {
        Square(SQUARES - 1 - self.0)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Text that is not a square name (`a1`…`c4`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("not a square: {0:?} (files a-c, ranks 1-4)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            &[file @ b'a'..=b'c', rank @ b'1'..=b'4'] => {
                Ok(Square((rank - b'1') * FILES + (file - b'a')))
            }
            _ => Err(ParseSquareError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_symmetries_are_involutions() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.mirrored().mirrored(), sq);
            assert_eq!(sq.rotated().rotated(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("c4".parse::<Square>().unwrap().index(), 11);
        assert_eq!("b2".parse::<Square>().unwrap().mirrored().to_string(), "b2");
        assert_eq!("a1".parse::<Square>().unwrap().rotated().to_string(), "c4");
        for bad in ["", "a", "d1", "a5", "a0", "A1", "a12"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
