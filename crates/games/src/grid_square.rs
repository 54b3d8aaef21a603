//! The square of a rectangular board named by a file letter and a rank
//! number (`a1` the first player's left corner), shared by the games
//! played on such boards: dōbutsu shōgi's 3×4 and Jungle's 7×9. Each game
//! names its own instance (`dobutsu::Square`, `jungle::Square`) and adds
//! what only it has (the width of its bitboards).
//!
//! ```
//! use gamesolver_games::grid_square::GridSquare;
//!
//! type Square = GridSquare<3, 4>;
//! let b2: Square = "b2".parse().unwrap();
//! assert_eq!((b2.file(), b2.rank(), b2.index()), (1, 1, 4));
//! assert_eq!(b2.mirrored(), b2);
//! assert_eq!(Square::at(0, 0).unwrap().rotated().to_string(), "c4");
//! assert!("d1".parse::<Square>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

/// One of the `FILES × RANKS` squares of a board, numbered
/// `rank * FILES + file` from `a1` = 0, so a set of them fits one bitboard
/// of `FILES × RANKS` bits. Files are letters from `a`, ranks numbers from
/// `1` (at most 26 files, 9 ranks and 64 squares).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GridSquare<const FILES: u8, const RANKS: u8>(u8);

impl<const FILES: u8, const RANKS: u8> GridSquare<FILES, RANKS> {
    /// Number of squares; its evaluation checks the board's size.
    pub const SQUARES: u8 = {
        assert!(FILES >= 1 && FILES <= 26 && RANKS >= 1 && RANKS <= 9);
        assert!(FILES as u32 * RANKS as u32 <= 64);
        FILES * RANKS
    };

    /// The square with number `index`, or `None` past the last square.
    #[must_use]
    pub const fn new(index: u8) -> Option<Self> {
        if index < Self::SQUARES {
            Some(GridSquare(index))
        } else {
            None
        }
    }

    /// The square on `file` (`a` = 0) and `rank` (`1` = 0), or `None` off
    /// the board.
    #[must_use]
    pub const fn at(file: u8, rank: u8) -> Option<Self> {
        if file < FILES && rank < RANKS {
            Some(GridSquare(rank * FILES + file))
        } else {
            None
        }
    }

    /// A square number the caller knows to be on the board.
    pub(crate) const fn nth(index: u8) -> Self {
        debug_assert!(index < Self::SQUARES);
        GridSquare(index)
    }

    /// The square number, `0` (`a1`) to the last square.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file (`a` = 0).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank (`1` = 0).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square seen in a mirror standing on the middle file (`a1` ↔
    /// the last file's `1`).
    #[must_use]
    pub const fn mirrored(self) -> Self {
        GridSquare(self.rank() * FILES + (FILES - 1 - self.file()))
    }

    /// The square after the board is turned half a turn: the other
    /// player's view (`a1` ↔ the last square).
    #[must_use]
    pub const fn rotated(self) -> Self {
        GridSquare(Self::SQUARES - 1 - self.0)
    }

    /// Every square, from `a1` to the last.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..Self::SQUARES).map(GridSquare)
    }
}

impl<const FILES: u8, const RANKS: u8> fmt::Debug for GridSquare<FILES, RANKS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.0)
    }
}

impl<const FILES: u8, const RANKS: u8> fmt::Display for GridSquare<FILES, RANKS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file());
        write!(f, "{file}{}", self.rank() + 1)
    }
}

/// Text that is not the name of a square of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a square: squares are a file a-{last_file} then a rank 1-{ranks}, e.g. a1"
)]
pub struct ParseSquareError {
    /// The text read.
    pub text: String,
    /// The board's last file letter.
    pub last_file: char,
    /// The board's number of ranks.
    pub ranks: u8,
}

impl<const FILES: u8, const RANKS: u8> FromStr for GridSquare<FILES, RANKS> {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, ParseSquareError> {
        let square = match s.as_bytes() {
            &[file @ b'a'..=b'z', rank @ b'1'..=b'9'] => Self::at(file - b'a', rank - b'1'),
            _ => None,
        };
        square.ok_or_else(|| ParseSquareError {
            text: s.to_string(),
            last_file: char::from(b'a' + FILES - 1),
            ranks: RANKS,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Small = GridSquare<3, 4>;
    type Large = GridSquare<7, 9>;

    #[test]
    fn names_round_trip_and_symmetries_are_involutions() {
        fn check<const F: u8, const R: u8>() {
            assert_eq!(GridSquare::<F, R>::all().count(), usize::from(F * R));
            for square in GridSquare::<F, R>::all() {
                assert_eq!(square.to_string().parse(), Ok(square));
                assert_eq!(square.mirrored().mirrored(), square);
                assert_eq!(square.rotated().rotated(), square);
                assert_eq!(square.mirrored().rank(), square.rank());
            }
        }
        check::<3, 4>();
        check::<7, 9>();
        assert_eq!(Large::nth(62).to_string(), "g9");
        assert_eq!("d1".parse::<Large>().map(Large::index), Ok(3));
        assert_eq!(Large::nth(0).mirrored(), Large::nth(6));
        assert_eq!(Small::nth(0).rotated().to_string(), "c4");
        assert_eq!(Small::new(12), None);
        assert_eq!(Large::at(7, 0), None);
    }

    #[test]
    fn bad_names_are_refused_with_the_boards_range() {
        for bad in ["", "a", "d1", "a5", "a0", "A1", "a12", "1a", " a1"] {
            assert!(bad.parse::<Small>().is_err(), "{bad:?}");
        }
        for bad in ["h1", "a0", "a10", "A1", "1a", " a1"] {
            assert!(bad.parse::<Large>().is_err(), "{bad:?}");
        }
        let error = "d1".parse::<Small>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"d1\" is not a square: squares are a file a-c then a rank 1-4, e.g. a1"
        );
    }
}
