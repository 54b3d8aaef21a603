//! Reading and validating tic-tac-toe position text.

use std::str::FromStr;

use gamesolver_core::PositionErrorKind;
use thiserror::Error;

use super::Board;
use crate::lines::has_line;

/// Why a text is not a tic-tac-toe position that can arise in a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseBoardError {
    /// The text does not have exactly 9 cells.
    #[error("a tic-tac-toe position has 9 cells (X, O or .), this text has {0}")]
    WrongLength(usize),
    /// A character other than `X`, `O` or `.`.
    #[error("cell {cell} holds {found:?}; only X, O and . are allowed")]
    BadCharacter {
        /// The cell number 0..8.
        cell: usize,
        /// The character found there.
        found: char,
    },
    /// X moves first, so X has as many marks as O or one more.
    #[error("{x} X and {o} O cannot arise: X moves first, so X has as many marks as O or one more")]
    ImpossibleCounts {
        /// Number of X marks.
        x: u32,
        /// Number of O marks.
        o: u32,
    },
    /// Both players have three in a line.
    #[error("both X and O have three in a line; the game ends at the first line")]
    TwoWinners,
    /// A player made a line, yet the other played on afterwards.
    #[error(
        "{winner} has three in a line but {loser} moved after it; the game ends at the first line"
    )]
    PlayAfterWin {
        /// The player with the line, `X` or `O`.
        winner: char,
        /// The player who moved after the win.
        loser: char,
    },
}

impl ParseBoardError {
    /// The kind of fault, in the words every game shares.
    #[must_use]
    pub const fn kind(&self) -> PositionErrorKind {
        match self {
            ParseBoardError::WrongLength(_) => PositionErrorKind::BoardShape,
            ParseBoardError::BadCharacter { .. } => PositionErrorKind::BadCharacter,
            ParseBoardError::ImpossibleCounts { .. } => PositionErrorKind::PieceCount,
            ParseBoardError::TwoWinners | ParseBoardError::PlayAfterWin { .. } => {
                PositionErrorKind::Unreachable
            }
        }
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let text = s.trim();
        let count = text.chars().count();
        if count != 9 {
            return Err(ParseBoardError::WrongLength(count));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (cell, ch) in text.chars().enumerate() {
            match ch {
                'X' | 'x' => x |= 1 << cell,
                'O' | 'o' => o |= 1 << cell,
                '.' => {}
                found => return Err(ParseBoardError::BadCharacter { cell, found }),
            }
        }
        validate(x, o)
    }
}

/// Checks that X on `x` and O on `o` can arise in a game.
pub(super) fn validate(x: u16, o: u16) -> Result<Board, ParseBoardError> {
    let (nx, no) = (x.count_ones(), o.count_ones());
    if x & o != 0 || x >> 9 != 0 || o >> 9 != 0 || !(nx == no || nx == no + 1) {
        return Err(ParseBoardError::ImpossibleCounts { x: nx, o: no });
    }
    match (has_line(x), has_line(o)) {
        (true, true) => Err(ParseBoardError::TwoWinners),
        // X's winning move is the last one: X has one mark more than O.
        (true, false) if nx == no => Err(ParseBoardError::PlayAfterWin {
            winner: 'X',
            loser: 'O',
        }),
        // O's winning move is the last one: the counts are equal.
        (false, true) if nx != no => Err(ParseBoardError::PlayAfterWin {
            winner: 'O',
            loser: 'X',
        }),
        _ => Ok(Board::from_masks_unchecked(x, o)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseBoardError {
        text.parse::<Board>().unwrap_err()
    }

    #[test]
    fn refuses_bad_texts_with_the_reason() {
        assert_eq!(err("X..."), ParseBoardError::WrongLength(4));
        assert_eq!(err("X........."), ParseBoardError::WrongLength(10));
        assert_eq!(
            err("X...Z...."),
            ParseBoardError::BadCharacter {
                cell: 4,
                found: 'Z'
            }
        );
        assert_eq!(
            err("XX......."),
            ParseBoardError::ImpossibleCounts { x: 2, o: 0 }
        );
        assert_eq!(
            err("O........"),
            ParseBoardError::ImpossibleCounts { x: 0, o: 1 }
        );
        assert_eq!(err("XXXOOO..."), ParseBoardError::TwoWinners);
        assert_eq!(
            err("XXXOO.O.."),
            ParseBoardError::PlayAfterWin {
                winner: 'X',
                loser: 'O'
            }
        );
        assert_eq!(
            err("OOOXX.X.X"),
            ParseBoardError::PlayAfterWin {
                winner: 'O',
                loser: 'X'
            }
        );
    }

    #[test]
    fn accepts_real_positions() {
        for text in [
            ".........",
            "O...X....",
            "XXXOO....",
            "OOOXX.X..",
            "XOXXOOOXX",
        ] {
            let board: Board = text.parse().unwrap();
            assert_eq!(board.to_string(), text);
        }
    }

    #[test]
    fn messages_say_what_is_wrong() {
        assert!(err("X..").to_string().contains("has 3"));
        assert!(err("X...Z....").to_string().contains("'Z'"));
    }
}
