//! Squares of the 7×9 Jungle board and their names (`a1`…`g9`): the shared
//! [`GridSquare`] of that size, with the board's `u64` bitboards.

use crate::grid_square::GridSquare;
pub use crate::grid_square::ParseSquareError;

/// Number of files (`a`–`g`).
pub const FILES: u8 = 7;
/// Number of ranks (`1`–`9`).
pub const RANKS: u8 = 9;
/// Number of squares.
pub const SQUARES: u8 = FILES * RANKS;

/// One of the 63 squares, numbered `rank * 7 + file` from `a1` = 0 (the
/// bottom side's left corner) to `g9` = 62, so a set of squares fits one
/// `u64` ([`super::board::Bitboard`]).
pub type Square = GridSquare<FILES, RANKS>;

impl GridSquare<FILES, RANKS> {
    /// The square's bit in a [`super::board::Bitboard`].
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_bits() {
        assert_eq!(Square::all().count(), 63);
        assert_eq!("d1".parse::<Square>().map(Square::index), Ok(3));
        assert_eq!(Square::nth(62).to_string(), "g9");
        assert_eq!(Square::nth(62).bit(), 1 << 62);
        assert!("h1".parse::<Square>().is_err());
    }
}
