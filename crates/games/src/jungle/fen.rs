//! FEN: the position text `l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w`.
//!
//! Ranks 9 down to 1 separated by `/`, each rank from file `a` to `g` with a
//! letter per piece (`R C D W P T L E`, upper case for the bottom side,
//! lower case for the top side) and a digit 1–7 for a run of empty squares;
//! then a space and the side to move, `w` for bottom or `b` for top.
//!
//! The long form of other Jungle programs, `… w - - 0 1`, is read too
//! ([`Fen`]): two `-` placeholders, the plies since the last capture (for
//! the 200-ply rule) and the move number. Output is the short form unless
//! the long one is asked for ([`Fen::to_long`], [`super::JungleGame::long_fen`]).
//!
//! A finished game may be written: a piece of the side that just moved on
//! the enemy den, or a side to move without pieces. A position that cannot
//! arise is refused (see [`PositionError`]): in particular the side to move
//! on the enemy den, or the side not to move without pieces, since the game
//! ended before. Endgame tablebases exclude den positions altogether.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::{Player, PositionErrorKind};
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
    /// Something after the side to move other than the counters other
    /// Jungle programs write (`- - HALFMOVES MOVENUMBER`).
    #[error(
        "unexpected {0:?} after the side to move; only the four fields `- - HALFMOVES \
        MOVENUMBER` of other Jungle programs may follow it (e.g. `w - - 0 1`)"
    )]
    ExtraText(String),
    /// The half-move field is not a count of plies.
    #[error(
        "the half-move field {0:?} is not a whole number of plies since the last capture \
        (0 to 4294967295)"
    )]
    BadHalfmoves(String),
    /// The move-number field is not a move number.
    #[error("the move number {0:?} is not a whole number from 1 to 4294967295")]
    BadMoveNumber(String),
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

impl FenError {
    /// The kind of fault, in the words every game shares.
    #[must_use]
    pub const fn kind(&self) -> PositionErrorKind {
        match self {
            FenError::Empty => PositionErrorKind::Empty,
            FenError::MissingSideToMove | FenError::ExtraText(_) => PositionErrorKind::Fields,
            FenError::BadSideToMove(_) => PositionErrorKind::SideToMove,
            FenError::BadHalfmoves(_) | FenError::BadMoveNumber(_) => PositionErrorKind::BadField,
            FenError::RankCount(_) | FenError::RankLength { .. } => PositionErrorKind::BoardShape,
            FenError::BadCharacter { .. } => PositionErrorKind::BadCharacter,
            FenError::Invalid(error) => error.kind(),
        }
    }
}

/// A FEN with its counters: the short form `BOARD SIDE` leaves them at
/// their start values; the long form of other Jungle programs,
/// `BOARD SIDE - - HALFMOVES MOVENUMBER`, sets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fen {
    /// The position.
    pub position: Position,
    /// Plies played since the last capture (the half-move field; 0 in the
    /// short form): what the 200-ply rule counts.
    pub quiet_plies: u32,
    /// The move number (1 in the short form); it grows after each move of
    /// the top side (`b`), as in chess.
    pub move_number: u32,
}

impl Fen {
    /// Reads a short or long FEN under `variant`'s rules.
    pub fn parse(text: &str, variant: Variant) -> Result<Fen, FenError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let side = fields.next().ok_or(FenError::MissingSideToMove)?;
        let rest: Vec<&str> = fields.collect();
        let turn = match side {
            "w" => Player::First,
            "b" => Player::Second,
            other => return Err(FenError::BadSideToMove(other.to_string())),
        };
        let (quiet_plies, move_number) = parse_counters(&rest)?;
        let pieces = parse_board(board)?;
        Ok(Fen {
            position: Position::new(variant, turn, pieces)?,
            quiet_plies,
            move_number,
        })
    }

    /// The long form: `BOARD SIDE - - HALFMOVES MOVENUMBER`.
    #[must_use]
    pub fn to_long(&self) -> String {
        format!(
            "{} - - {} {}",
            self.position, self.quiet_plies, self.move_number
        )
    }
}

/// The counters after the side to move: none (0 quiet plies, move 1) or
/// `- - HALFMOVES MOVENUMBER`.
fn parse_counters(rest: &[&str]) -> Result<(u32, u32), FenError> {
    match rest {
        [] => Ok((0, 1)),
        ["-", "-", halfmoves, number] => {
            let quiet = parse_count(halfmoves)
                .ok_or_else(|| FenError::BadHalfmoves((*halfmoves).to_string()))?;
            let number = parse_count(number)
                .filter(|&n| n >= 1)
                .ok_or_else(|| FenError::BadMoveNumber((*number).to_string()))?;
            Ok((quiet, number))
        }
        _ => Err(FenError::ExtraText(rest.join(" "))),
    }
}

/// A count written in decimal digits only (no sign).
fn parse_count(text: &str) -> Option<u32> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

impl Position {
    /// Reads a position in FEN under `variant`'s rules (the counters of the
    /// long form are checked, then dropped: see [`Fen`]).
    pub fn from_fen(text: &str, variant: Variant) -> Result<Position, FenError> {
        Fen::parse(text, variant).map(|fen| fen.position)
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
    fn the_counters_of_other_programs_are_read() {
        let fen = Fen::parse(&format!("{START_FEN} - - 17 9"), Variant::Standard).unwrap();
        assert_eq!(fen.position, Position::start());
        assert_eq!((fen.quiet_plies, fen.move_number), (17, 9));
        assert_eq!(fen.to_long(), format!("{START_FEN} - - 17 9"));
        let short = Fen::parse(START_FEN, Variant::Standard).unwrap();
        assert_eq!((short.quiet_plies, short.move_number), (0, 1));
        let long: Position = format!("{START_FEN} - - 0 1").parse().unwrap();
        assert_eq!(long.to_string(), START_FEN);
    }

    #[test]
    fn bad_counters_say_what_is_wrong() {
        let with = |tail: &str| err(&format!("{START_FEN} {tail}"));
        assert_eq!(with("- - x 1"), FenError::BadHalfmoves("x".into()));
        assert_eq!(with("- - -1 1"), FenError::BadHalfmoves("-1".into()));
        assert_eq!(with("- - +1 1"), FenError::BadHalfmoves("+1".into()));
        assert_eq!(
            with("- - 4294967296 1"),
            FenError::BadHalfmoves("4294967296".into())
        );
        assert_eq!(with("- - 0 0"), FenError::BadMoveNumber("0".into()));
        assert_eq!(with("- - 0 one"), FenError::BadMoveNumber("one".into()));
        assert_eq!(with("K - 0 1"), FenError::ExtraText("K - 0 1".into()));
        assert_eq!(with("- - 0"), FenError::ExtraText("- - 0".into()));
        assert_eq!(with("- - 0 1 2"), FenError::ExtraText("- - 0 1 2".into()));
        let message = with("- - x 1").to_string();
        assert!(message.contains("half-move field \"x\""), "{message}");
        let message = with("0 1").to_string();
        assert!(message.contains("- - HALFMOVES MOVENUMBER"), "{message}");
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
