//! FEN: the position text `l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w`.
//!
//! Ranks 9 down to 1 separated by `/`, each rank from file `a` to `g` with a
//! letter per piece (`R C D W P T L E`, upper case for the bottom side,
//! lower case for the top side) and a digit 1–7 for a run of empty squares;
//! then a space and the side to move, `w` for bottom or `b` for top.
//!
//! A finished game may be written: a piece of the side that just moved on
//! the enemy den, or a side to move without pieces. A position that cannot
//! arise is refused (see [`PositionError`]): in particular the side to move
//! on the enemy den, or the side not to move without pieces, since the game
//! ended before. Endgame tablebases exclude den positions altogether.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::Player;
use thiserror::Error;

use super::square::{FILES, RANKS};
use super::{Piece, Position, PositionError, Square, Variant};

/// The standard start position.
pub const START_FEN: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";

/// Why a text is not a Jungle position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Nothing but white space.
    #[error("empty position; write 9 ranks separated by / and the side to move, e.g. {START_FEN}")]
    Empty,
    /// The board is not followed by the side to move.
    #[error("the side to move is missing: add ` w` (bottom) or ` b` (top) after the board")]
    MissingSideToMove,
    /// The side to move is neither `w` nor `b`.
    #[error("side to move {0:?} is neither w (bottom) nor b (top)")]
    BadSideToMove(String),
    /// Something after the side to move.
    #[error("unexpected {0:?} after the side to move")]
    ExtraText(String),
    /// Not 9 ranks.
    #[error("the board has {0} ranks separated by /; Jungle has 9")]
    RankCount(usize),
    /// A rank that does not cover 7 files.
    #[error("rank {rank} covers {length} files; each rank has 7 (letters and digits 1-7)")]
    RankLength {
        /// The rank, 1..9.
        rank: u8,
        /// The number of files it covers.
        length: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–7.
    #[error(
        "rank {rank} holds {found:?}, which is neither a piece letter (RCDWPTLE, lower case \
        for top) nor a digit 1-7"
    )]
    BadCharacter {
        /// The rank, 1..9.
        rank: u8,
        /// The character.
        found: char,
    },
    /// A placement rule is broken.
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

impl Position {
    /// Reads a position in FEN under `variant`'s rules.
    pub fn from_fen(text: &str, variant: Variant) -> Result<Position, FenError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let side = fields.next().ok_or(FenError::MissingSideToMove)?;
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(FenError::ExtraText(rest.join(" ")));
        }
        let turn = match side {
            "w" => Player::First,
            "b" => Player::Second,
            other => return Err(FenError::BadSideToMove(other.to_string())),
        };
        let pieces = parse_board(board)?;
        Ok(Position::new(variant, turn, pieces)?)
    }

    /// The position in FEN (the side to move after a space).
    #[must_use]
    pub fn fen(&self) -> String {
        self.to_string()
    }
}

/// The pieces of the board part (before the side to move).
fn parse_board(board: &str) -> Result<Vec<(Player, Piece, Square)>, FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != usize::from(RANKS) {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut pieces = Vec::new();
    for (text, rank) in ranks.iter().zip((0..RANKS).rev()) {
        pieces.extend(parse_rank(text, rank)?);
    }
    Ok(pieces)
}

/// The pieces of one rank (0 = rank 1).
fn parse_rank(text: &str, rank: u8) -> Result<Vec<(Player, Piece, Square)>, FenError> {
    let mut pieces = Vec::new();
    let mut length = 0usize;
    for found in text.chars() {
        if let Some(run @ 1..=7) = found.to_digit(10) {
            length += run as usize;
        } else if let Some(piece) = Piece::from_letter(found) {
            let player = if found.is_ascii_uppercase() {
                Player::First
            } else {
                Player::Second
            };
            pieces.extend(Square::at(length as u8, rank).map(|sq| (player, piece, sq)));
            length += 1;
        } else {
            return Err(FenError::BadCharacter {
                rank: rank + 1,
                found,
            });
        }
        if length > usize::from(FILES) {
            break;
        }
    }
    if length != usize::from(FILES) {
        return Err(FenError::RankLength {
            rank: rank + 1,
            length,
        });
    }
    Ok(pieces)
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let square = Square::at(file, rank).expect("on the board");
                match self.piece_at(square) {
                    None => empty += 1,
                    Some((player, piece)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let letter = piece.letter();
                        let letter = match player {
                            Player::First => letter,
                            Player::Second => letter.to_ascii_lowercase(),
                        };
                        write!(f, "{letter}")?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        let side = match self.turn() {
            Player::First => 'w',
            Player::Second => 'b',
        };
        write!(f, " {side}")
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Reads a position in FEN under the standard rules.
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s, Variant::Standard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> FenError {
        text.parse::<Position>().unwrap_err()
    }

    #[test]
    fn start_round_trips() {
        let start: Position = START_FEN.parse().unwrap();
        assert_eq!(start, Position::start());
        assert_eq!(start.to_string(), START_FEN);
        let top: Position = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b"
            .parse()
            .unwrap();
        assert_eq!(top.turn(), Player::Second);
        assert_eq!(top.fen(), "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b");
    }

    #[test]
    fn accepts_runs_split_over_digits_and_extra_spaces() {
        let a: Position = "  l32t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L   w "
            .parse()
            .unwrap();
        assert_eq!(a, Position::start());
    }

    #[test]
    fn syntax_errors_say_what_is_wrong() {
        assert_eq!(err(""), FenError::Empty);
        assert_eq!(err("   "), FenError::Empty);
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L"),
            FenError::MissingSideToMove
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x"),
            FenError::BadSideToMove("x".into())
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1"),
            FenError::ExtraText("0 1".into())
        );
        assert_eq!(err("7/7/7 w"), FenError::RankCount(3));
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L/7 w"),
            FenError::RankCount(10)
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/6/7/E1W1P1R/1C3D1/T5L w"),
            FenError::RankLength { rank: 5, length: 6 }
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T6L w"),
            FenError::RankLength { rank: 1, length: 8 }
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5LL w"),
            FenError::RankLength { rank: 1, length: 8 }
        );
        assert_eq!(
            err("l5t/1d3x1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w"),
            FenError::BadCharacter {
                rank: 8,
                found: 'x'
            }
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T0L w"),
            FenError::BadCharacter {
                rank: 1,
                found: '0'
            }
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L ww"),
            FenError::BadSideToMove("ww".into())
        );
    }

    #[test]
    fn placement_errors_say_what_is_wrong() {
        let sq = |name: &str| name.parse::<Square>().unwrap();
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5T w"),
            FenError::Invalid(PositionError::Duplicate {
                player: Player::First,
                piece: Piece::Tiger,
                first: sq("a1"),
                second: sq("g1"),
            })
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w1e/7/1e5/7/E1W1P1R/1C3D1/T5L w"),
            FenError::Invalid(PositionError::Duplicate {
                player: Player::Second,
                piece: Piece::Elephant,
                first: sq("g7"),
                second: sq("b5"),
            })
        );
        assert_eq!(
            err("l5t/1d3c1/r1p1w2/7/7/5e1/E1W1P1R/1C3D1/T5L w"),
            FenError::Invalid(PositionError::NotRatInWater {
                player: Player::Second,
                piece: Piece::Elephant,
                square: sq("f4"),
            })
        );
        assert_eq!(
            err("l2c2t/1d5/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w"),
            FenError::Invalid(PositionError::OwnDen {
                player: Player::Second,
                piece: Piece::Cat,
            })
        );
        assert_eq!(
            err("l2C2t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/5D1/T5L w"),
            FenError::Invalid(PositionError::MoverOnEnemyDen {
                player: Player::First
            })
        );
        assert_eq!(
            err("7/7/7/7/7/7/7/7/R6 w"),
            FenError::Invalid(PositionError::NoPieces {
                player: Player::Second
            })
        );
    }

    #[test]
    fn finished_positions_are_accepted() {
        let den: Position = "l2C2t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/5D1/T5L b"
            .parse()
            .unwrap();
        assert!(den.den_entered());
        let wiped: Position = "7/7/7/7/7/7/7/7/R6 b".parse().unwrap();
        assert_eq!(wiped.count_moves(), 0);
        let rat_in_water: Position = "7/7/7/2r4/7/7/7/7/R6 b".parse().unwrap();
        assert_eq!(rat_in_water.to_string(), "7/7/7/2r4/7/7/7/7/R6 b");
    }

    #[test]
    fn messages_name_the_problem() {
        let message = err("l5t/1d3c1/r1p1w2/7/7/5e1/E1W1P1R/1C3D1/T5L w").to_string();
        assert!(message.contains("top elephant on f4"), "{message}");
        let message = err("l5t/1d3c1/r1p1w1e/7/6/7/E1W1P1R/1C3D1/T5L w").to_string();
        assert!(message.contains("rank 5 covers 6"), "{message}");
    }
}
