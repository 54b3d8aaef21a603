//! Squares of the 3×4 dōbutsu shōgi board and their names (`a1`…`c4`):
//! the shared [`GridSquare`] of that size, with the board's `u16`
//! bitboards.

use crate::grid_square::GridSquare;
pub use crate::grid_square::ParseSquareError;

/// Number of files (`a`–`c`).
pub const FILES: u8 = 3;
/// Number of ranks (`1`–`4`).
pub const RANKS: u8 = 4;

/// One of the 12 squares, numbered `rank * 3 + file` from `a1` = 0 (the
/// first player's left corner, seen from the first player) to `c4` = 11, so
/// a set of squares fits one `u16` bitboard.
pub type Square = GridSquare<FILES, RANKS>;

impl GridSquare<FILES, RANKS> {
    /// The square's bit in a bitboard.
    #[must_use]
    pub const fn bit(self) -> u16 {
        1 << self.index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_bits_and_the_list_of_squares() {
        assert_eq!(Square::all().count(), 12);
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("c4".parse::<Square>().unwrap().index(), 11);
        assert_eq!("b2".parse::<Square>().unwrap().mirrored().to_string(), "b2");
        assert_eq!("a1".parse::<Square>().unwrap().rotated().to_string(), "c4");
        assert_eq!(Square::nth(11).bit(), 1 << 11);
        assert!("a5".parse::<Square>().is_err());
    }
}
