//! An ultimate tic-tac-toe move: the global cell to mark.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::ParseMoveError;

/// A global cell `board * 9 + pos` (0..80): small board `board` 0..8 and the
/// cell `pos` 0..8 inside it, both row-major from the top-left. As a move, the
/// cell the side to move marks; written as the number 0..80.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell with global number `n`, or `None` if `n > 80`.
    #[must_use]
    pub const fn new(n: u8) -> Option<Cell> {
        if n < 81 { Some(Cell(n)) } else { None }
    }

    /// The cell `pos` of small board `board`, or `None` if either is above 8.
    #[must_use]
    pub const fn at(board: u8, pos: u8) -> Option<Cell> {
        if board < 9 && pos < 9 {
            Some(Cell(board * 9 + pos))
        } else {
            None
        }
    }

    /// The cell `n`, for `n` the caller knows to be below 81.
    #[inline]
    pub(crate) const fn nth(n: u8) -> Cell {
        debug_assert!(n < 81);
        Cell(n)
    }

    /// The global cell number 0..80.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The small board 0..8 the cell lies in.
    #[must_use]
    pub const fn board(self) -> u8 {
        self.0 / 9
    }

    /// The position 0..8 inside its small board (and the board it sends the
    /// opponent to).
    #[must_use]
    pub const fn pos(self) -> u8 {
        self.0 % 9
    }

    /// The row 0..8 on the 9×9 grid (CodinGame's coordinates).
    #[must_use]
    pub const fn grid_row(self) -> u8 {
        self.board() / 3 * 3 + self.pos() / 3
    }

    /// The column 0..8 on the 9×9 grid (CodinGame's coordinates).
    #[must_use]
    pub const fn grid_col(self) -> u8 {
        self.board() % 3 * 3 + self.pos() % 3
    }

    /// The cell at `row`, `col` of the 9×9 grid, or `None` if either is above 8.
    #[must_use]
    pub const fn from_grid(row: u8, col: u8) -> Option<Cell> {
        if row < 9 && col < 9 {
            Cell::at(row / 3 * 3 + col / 3, row % 3 * 3 + col % 3)
        } else {
            None
        }
    }

    /// Every cell in order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell)
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
        let n = crate::cell_number::parse_cell_number(s, 81, "an ultimate tic-tac-toe")?;
        Ok(Cell(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_coordinates_round_trip() {
        for cell in Cell::all() {
            assert_eq!(
                Cell::from_grid(cell.grid_row(), cell.grid_col()),
                Some(cell)
            );
        }
        assert_eq!(Cell::from_grid(0, 3), Cell::at(1, 0));
        assert_eq!(Cell::from_grid(4, 4), Cell::at(4, 4));
    }

    #[test]
    fn parses_numbers_and_refuses_the_rest() {
        assert_eq!("80".parse::<Cell>().unwrap().index(), 80);
        assert!("81".parse::<Cell>().unwrap_err().reason.contains("0..80"));
        assert!("a".parse::<Cell>().is_err());
    }
}
