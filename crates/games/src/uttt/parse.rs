//! Position text: 81 cells (`X`, `O`, `.`) in global-cell order, a space,
//! then the forced board `0`..`8` or `*` for a free choice. Reading checks
//! that the text can arise in a game and says what is wrong when it cannot.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::{Game, Player, PositionErrorKind};
use thiserror::Error;

use super::{Board, Variant};
use crate::lines::has_line;

/// Why a text is not an ultimate tic-tac-toe position that can arise in a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseBoardError {
    /// The text is not 81 cells, a space and the forced board.
    #[error(
        "a position is 81 cells (X, O or .), a space and the forced board (0-8 or *); \
         this text has {cells} cell characters{}",
        if *.has_forced { "" } else { " and no forced board" }
    )]
    WrongLength {
        /// The number of cell characters found.
        cells: usize,
        /// Whether a forced-board field was present.
        has_forced: bool,
    },
    /// A cell character other than `X`, `O` or `.`.
    #[error("cell {cell} holds {found:?}; only X, O and . are allowed")]
    BadCharacter {
        /// The global cell number 0..80.
        cell: usize,
        /// The character found there.
        found: char,
    },
    /// The forced-board field is not `0`..`8` or `*`.
    #[error("the forced board is {0:?}; write 0-8 or * for a free choice")]
    BadForcedBoard(String),
    /// X moves first, so X has as many marks as O or one more.
    #[error("{x} X and {o} O cannot arise: X moves first, so X has as many marks as O or one more")]
    ImpossibleCounts {
        /// Number of X marks.
        x: u32,
        /// Number of O marks.
        o: u32,
    },
    /// Both players have three in a line on one small board.
    #[error("small board {0} has a line for both X and O; a board closes at its first line")]
    SmallBoardTwoWinners(u8),
    /// Both players have three won boards in a line.
    #[error("both X and O have a line of won boards; the game ends at the first")]
    TwoWinners,
    /// A player won the game, yet the other played on afterwards.
    #[error("{winner} has won the game but {loser} moved after it; the game ends at the win")]
    PlayAfterWin {
        /// The winner, `X` or `O`.
        winner: char,
        /// The player who moved after the win.
        loser: char,
    },
    /// The forced board is closed (won or full): the side to move would have
    /// a free choice instead.
    #[error("the side to move cannot be sent to small board {0}: it is closed (won or full)")]
    ForcedBoardClosed(u8),
    /// No last move can have sent the side to move where the text says.
    #[error("{0}")]
    ImpossibleForcedBoard(String),
}

impl ParseBoardError {
    /// The kind of fault, in the words every game shares.
    #[must_use]
    pub const fn kind(&self) -> PositionErrorKind {
        match self {
            ParseBoardError::WrongLength { .. } => PositionErrorKind::BoardShape,
            ParseBoardError::BadCharacter { .. } => PositionErrorKind::BadCharacter,
            ParseBoardError::BadForcedBoard(_) => PositionErrorKind::BadField,
            ParseBoardError::ImpossibleCounts { .. } => PositionErrorKind::PieceCount,
            ParseBoardError::SmallBoardTwoWinners(_)
            | ParseBoardError::TwoWinners
            | ParseBoardError::PlayAfterWin { .. }
            | ParseBoardError::ForcedBoardClosed(_)
            | ParseBoardError::ImpossibleForcedBoard(_) => PositionErrorKind::Unreachable,
        }
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Reads a position under the standard rules (see [`Board::parse_variant`]).
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        Board::parse_variant(s, Variant::Standard)
    }
}

impl Board {
    /// Reads position text (module documentation) for a game under `variant`.
    pub fn parse_variant(text: &str, variant: Variant) -> Result<Board, ParseBoardError> {
        let text = text.trim();
        let (cells, forced) = match text.rsplit_once(char::is_whitespace) {
            Some((cells, forced)) => (cells.trim_end(), Some(forced)),
            None => (text, None),
        };
        let count = cells.chars().count();
        let Some(forced) = forced.filter(|_| count == 81) else {
            return Err(ParseBoardError::WrongLength {
                cells: count,
                has_forced: forced.is_some(),
            });
        };
        let marks = read_cells(cells)?;
        let forced = read_forced(forced)?;
        validate(marks, forced, variant)
    }
}

/// The X and O marks of the 81 cell characters.
fn read_cells(cells: &str) -> Result<[u128; 2], ParseBoardError> {
    let mut marks = [0u128; 2];
    for (cell, ch) in cells.chars().enumerate() {
        match ch {
            'X' | 'x' => marks[0] |= 1 << cell,
            'O' | 'o' => marks[1] |= 1 << cell,
            '.' => {}
            found => return Err(ParseBoardError::BadCharacter { cell, found }),
        }
    }
    Ok(marks)
}

/// The forced board of the last field: `Some(board)` or `None` for `*`.
fn read_forced(field: &str) -> Result<Option<u8>, ParseBoardError> {
    match field.as_bytes() {
        [b'*'] => Ok(None),
        [d @ b'0'..=b'8'] => Ok(Some(d - b'0')),
        _ => Err(ParseBoardError::BadForcedBoard(field.to_string())),
    }
}

/// Checks that the marks and forced board can arise in a game.
fn validate(
    marks: [u128; 2],
    forced: Option<u8>,
    variant: Variant,
) -> Result<Board, ParseBoardError> {
    let (x, o) = (marks[0].count_ones(), marks[1].count_ones());
    if !(x == o || x == o + 1) {
        return Err(ParseBoardError::ImpossibleCounts { x, o });
    }
    let free = Board::from_marks(marks, None, variant);
    if let Some(b) = (0..9).find(|&b| {
        has_line(free.small_board(b, Player::First))
            && has_line(free.small_board(b, Player::Second))
    }) {
        return Err(ParseBoardError::SmallBoardTwoWinners(b));
    }
    check_meta(&free, x == o)?;
    if let Some(b) = forced.filter(|&b| free.closed() >> b & 1 == 1) {
        return Err(ParseBoardError::ForcedBoardClosed(b));
    }
    check_last_move(&free, forced)?;
    Ok(Board::from_marks(marks, forced, variant))
}

/// At most one meta-line, made by the player who moved last.
fn check_meta(board: &Board, o_moved_last: bool) -> Result<(), ParseBoardError> {
    let x_line = has_line(board.meta(Player::First));
    let o_line = has_line(board.meta(Player::Second));
    match (x_line, o_line) {
        (true, true) => Err(ParseBoardError::TwoWinners),
        (true, false) if o_moved_last => Err(ParseBoardError::PlayAfterWin {
            winner: 'X',
            loser: 'O',
        }),
        (false, true) if !o_moved_last => Err(ParseBoardError::PlayAfterWin {
            winner: 'O',
            loser: 'X',
        }),
        _ => Ok(()),
    }
}

/// The forced board must be where some mark of the last mover sends the
/// side to move: board `b` needs a last-mover mark at position `b`; a free
/// choice needs one at a position whose board is closed (or no marks at all).
fn check_last_move(board: &Board, forced: Option<u8>) -> Result<(), ParseBoardError> {
    let last = board.turn().opponent();
    let used_positions = (0..9).fold(0u16, |acc, b| acc | board.small_board(b, last));
    let nobody_moved = board.marks(Player::First) == 0;
    let ok = match forced {
        Some(b) => used_positions >> b & 1 == 1,
        None => nobody_moved || used_positions & board.closed() != 0 || board.is_finished(),
    };
    if ok {
        return Ok(());
    }
    let mover = Board::player_name(last);
    Err(ParseBoardError::ImpossibleForcedBoard(match forced {
        Some(b) if nobody_moved => {
            format!("no move has been played, so nobody can be sent to board {b}")
        }
        Some(b) => format!(
            "{mover} moved last but has no mark at position {b} of any small board, \
             so cannot have sent the opponent to board {b}"
        ),
        None => format!(
            "a free choice needs {mover}'s last move to point at a closed board, \
             but no {mover} mark is at the position of a closed board"
        ),
    }))
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(83);
        for cell in 0..81 {
            let bit = 1u128 << cell;
            text.push(if self.marks(Player::First) & bit != 0 {
                'X'
            } else if self.marks(Player::Second) & bit != 0 {
                'O'
            } else {
                '.'
            });
        }
        text.push(' ');
        match self.forced() {
            Some(b) => text.push(char::from(b'0' + b)),
            None => text.push('*'),
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseBoardError {
        text.parse::<Board>().unwrap_err()
    }

    /// 81 cells built from (cell, char) marks on an empty grid.
    fn grid(marks: &[(usize, char)]) -> String {
        let mut cells = vec!['.'; 81];
        for &(c, ch) in marks {
            cells[c] = ch;
        }
        cells.into_iter().collect()
    }

    #[test]
    fn reads_and_writes_the_start() {
        let start = format!("{} *", ".".repeat(81));
        let board: Board = start.parse().unwrap();
        assert_eq!(board, Board::empty());
        assert_eq!(board.to_string(), start);
    }

    #[test]
    fn refuses_wrong_lengths_and_characters() {
        assert_eq!(
            err(&".".repeat(81)),
            ParseBoardError::WrongLength {
                cells: 81,
                has_forced: false
            }
        );
        assert_eq!(
            err(&format!("{} *", ".".repeat(80))),
            ParseBoardError::WrongLength {
                cells: 80,
                has_forced: true
            }
        );
        assert_eq!(
            err(&format!("{}Z *", ".".repeat(80))),
            ParseBoardError::BadCharacter {
                cell: 80,
                found: 'Z'
            }
        );
        assert_eq!(
            err(&format!("{} 9", ".".repeat(81))),
            ParseBoardError::BadForcedBoard("9".into())
        );
    }

    #[test]
    fn refuses_impossible_counts() {
        assert_eq!(
            err(&format!("{} *", grid(&[(0, 'O')]))),
            ParseBoardError::ImpossibleCounts { x: 0, o: 1 }
        );
    }

    #[test]
    fn refuses_two_lines_on_one_small_board() {
        let text = grid(&[
            (0, 'X'),
            (1, 'X'),
            (2, 'X'),
            (3, 'O'),
            (4, 'O'),
            (5, 'O'),
            (80, 'X'),
        ]);
        assert_eq!(
            err(&format!("{text} 1")),
            ParseBoardError::SmallBoardTwoWinners(0)
        );
    }

    #[test]
    fn refuses_play_after_the_game_ended() {
        // X owns boards 0, 1, 2 (top rows), O has as many marks: O moved after.
        let mut marks: Vec<(usize, char)> = Vec::new();
        for b in 0..3 {
            marks.extend((0..3).map(|p| (b * 9 + p, 'X')));
        }
        marks.extend((0..9).map(|i| (36 + i, 'O')).filter(|&(c, _)| c != 40));
        marks.push((80, 'O'));
        let text = grid(&marks);
        assert_eq!(
            err(&format!("{text} *")),
            ParseBoardError::PlayAfterWin {
                winner: 'X',
                loser: 'O'
            }
        );
    }

    #[test]
    fn refuses_closed_or_impossible_forced_boards() {
        let won = grid(&[
            (0, 'X'),
            (1, 'X'),
            (2, 'X'),
            (10, 'O'),
            (11, 'O'),
            (12, 'O'),
        ]);
        assert_eq!(
            err(&format!("{won} 0")),
            ParseBoardError::ForcedBoardClosed(0)
        );
        // O moved last with marks at positions 1, 2 and 3 only.
        assert!(matches!(
            err(&format!("{won} 5")),
            ParseBoardError::ImpossibleForcedBoard(_)
        ));
        assert!(
            err(&format!("{} 4", ".".repeat(81)))
                .to_string()
                .contains("no move")
        );
        // Free choice needs O's last mark to point at a closed board.
        assert!(matches!(
            err(&format!("{won} *")),
            ParseBoardError::ImpossibleForcedBoard(_)
        ));
        let sent_to_closed = grid(&[(0, 'X'), (1, 'X'), (2, 'X'), (9, 'O'), (11, 'O'), (13, 'O')]);
        assert!(format!("{sent_to_closed} *").parse::<Board>().is_ok());
    }
}
