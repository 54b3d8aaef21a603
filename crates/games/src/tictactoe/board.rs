//! The tic-tac-toe position and its rules.

use std::fmt;

use gamesolver_core::{Game, Outcome, Player};

use super::Cell;
use crate::lines::{FULL, has_line};

/// A tic-tac-toe position: which cells hold an X and which an O.
///
/// Every value of this type is a position that can arise in a game (the
/// parser and [`Board::from_masks`] refuse the others); the side to move
/// follows from the counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    x: u16,
    o: u16,
}

impl Board {
    /// The empty board, X to move.
    #[must_use]
    pub const fn empty() -> Board {
        Board { x: 0, o: 0 }
    }

    /// The board with X on the cells of `x` and O on those of `o` (bit `i` =
    /// cell `i`), checked with the same rules as the text parser.
    pub fn from_masks(x: u16, o: u16) -> Result<Board, super::ParseBoardError> {
        super::parse::validate(x, o)
    }

    /// Builds a board without checking it; the caller vouches for it.
    pub(crate) const fn from_masks_unchecked(x: u16, o: u16) -> Board {
        Board { x, o }
    }

    /// The cells holding an X, as a 9-bit mask.
    #[must_use]
    pub const fn x_mask(self) -> u16 {
        self.x
    }

    /// The cells holding an O, as a 9-bit mask.
    #[must_use]
    pub const fn o_mask(self) -> u16 {
        self.o
    }

    /// The mark on `cell`: `Some(Player::First)` for X, `Some(Player::Second)`
    /// for O, `None` if empty.
    #[must_use]
    pub const fn at(self, cell: Cell) -> Option<Player> {
        if self.x & cell.bit() != 0 {
            Some(Player::First)
        } else if self.o & cell.bit() != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The number of marks on the board (the ply number).
    #[must_use]
    pub const fn marks(self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// The board drawn as a 3×3 grid, one row per line.
    #[must_use]
    pub fn grid(self) -> String {
        let mut out = String::new();
        for row in 0..3u8 {
            let cells: Vec<String> = (0..3u8)
                .map(|col| self.symbol(Cell::nth(row * 3 + col)).to_string())
                .collect();
            out.push_str(&format!(" {}\n", cells.join(" | ")));
            if row < 2 {
                out.push_str("---+---+---\n");
            }
        }
        out
    }

    fn symbol(self, cell: Cell) -> char {
        match self.at(cell) {
            Some(Player::First) => 'X',
            Some(Player::Second) => 'O',
            None => '.',
        }
    }
}

impl Game for Board {
    type Move = Cell;
    const NAME: &'static str = "tictactoe";

    fn turn(&self) -> Player {
        if self.x.count_ones() == self.o.count_ones() {
            Player::First
        } else {
            Player::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<Cell>) {
        out.clear();
        if self.outcome().is_some() {
            return;
        }
        let mut free = FULL & !(self.x | self.o);
        while free != 0 {
            // trailing_zeros < 9 because free has only the low nine bits.
            out.push(Cell::nth(free.trailing_zeros() as u8));
            free &= free - 1;
        }
    }

    fn play_unchecked(&mut self, mv: Cell) {
        match self.turn() {
            Player::First => self.x |= mv.bit(),
            Player::Second => self.o |= mv.bit(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if has_line(self.x) {
            Some(Outcome::Winner(Player::First))
        } else if has_line(self.o) {
            Some(Outcome::Winner(Player::Second))
        } else if self.x | self.o == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn player_name(player: Player) -> &'static str {
        match player {
            Player::First => "X",
            Player::Second => "O",
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: String = (0..9u8).map(|n| self.symbol(Cell::nth(n))).collect();
        f.pad(&text)
    }
}
