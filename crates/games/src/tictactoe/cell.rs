//! A tic-tac-toe move: the cell to mark.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::ParseMoveError;

/// A cell 0..8 (row-major from the top-left); as a move, the cell the side
/// to move marks. Written as the single digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell with number `n`, or `None` if `n > 8`.
    #[must_use]
    pub const fn new(n: u8) -> Option<Cell> {
        if n < 9 { Some(Cell(n)) } else { None }
    }

    /// The cell `n`, for `n` the caller knows to be below 9.
    pub(crate) const fn nth(n: u8) -> Cell {
        debug_assert!(n < 9);
        Cell(n)
    }

    /// The cell number 0..8.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Every cell in order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..9).map(Cell)
    }

    /// The cell's bit in a 9-bit mask.
    pub(crate) const fn bit(self) -> u16 {
        1 << self.0
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Cell {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Cell, ParseMoveError> {
        let n = crate::cell_number::parse_cell_number(s, 9, "a tic-tac-toe")?;
        Ok(Cell(n))
    }
}
