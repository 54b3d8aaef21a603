//! The position text (SFEN-like) and its errors.
//!
//! `gle/1c1/1C1/ELG b -` is the start: three fields separated by single
//! spaces.
//!
//! 1. The board, rank 4 (the second player's home rank) first and rank 1
//!    last, ranks separated by `/`, each rank from file `a` to file `c`: a
//!    piece letter, or a digit `1`–`3` for that many empty squares. Letters:
//!    `L` lion, `G` giraffe, `E` elephant, `C` chick, `H` hen; upper case for
//!    the first player (who starts on ranks 1–2 and moves up the board),
//!    lower case for the second.
//! 2. The side to move: `b` for the first player (sente, "black" in shōgi's
//!    SFEN), `w` for the second (gote).
//! 3. The hands: `-` when both are empty, otherwise each piece held, the
//!    first player's in upper case and the second's in lower case, a count
//!    `2` before a letter held twice (as in SFEN: `2Cg` = the first player
//!    holds two chicks, the second a giraffe). Printed in the order `G E C g
//!    e c`; read in any order, each letter at most once.
//!
//! A fourth field, SFEN's move number (digits), is accepted and ignored.
//! The pieces must form a position ([`Position::new`]'s rules); the rules
//! preset is not part of the text.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::{Player, PositionErrorKind};
use thiserror::Error;

use super::{Hand, Piece, Position, PositionError, Square, Variant};

/// The start position's text.
pub const START_SFEN: &str = "gle/1c1/1C1/ELG b -";

/// Text that is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SfenError {
    /// Not three (or four) fields separated by single spaces.
    #[error("expected `BOARD SIDE HANDS` such as `{START_SFEN}`, got {0} field(s)")]
    Fields(usize),
    /// The board does not have four ranks.
    #[error("the board must have 4 ranks separated by '/', not {0}")]
    Ranks(usize),
    /// A rank does not describe exactly three squares.
    #[error("rank {rank} does not describe exactly 3 squares")]
    RankWidth {
        /// The rank's number 1..=4.
        rank: u8,
    },
    /// A character that is neither a piece letter nor a digit 1–3.
    #[error("{0:?} is not a piece (L G E C H, lower case for the second player) or a digit 1-3")]
    BoardChar(char),
    /// The side to move is not `b` or `w`.
    #[error("the side to move must be b (first player) or w (second), not {0:?}")]
    Side(String),
    /// The hands field cannot be read.
    #[error("cannot read the hands {text:?}: {reason}")]
    Hands {
        /// The field.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The move number is not a number.
    #[error("the move number must be digits, not {0:?}")]
    MoveNumber(String),
    /// The pieces do not form a position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl SfenError {
    /// The kind of fault, in the words every game shares.
    #[must_use]
    pub const fn kind(&self) -> PositionErrorKind {
        match self {
            SfenError::Fields(_) => PositionErrorKind::Fields,
            SfenError::Ranks(_) | SfenError::RankWidth { .. } => PositionErrorKind::BoardShape,
            SfenError::BoardChar(_) => PositionErrorKind::BadCharacter,
            SfenError::Side(_) => PositionErrorKind::SideToMove,
            SfenError::Hands { .. } | SfenError::MoveNumber(_) => PositionErrorKind::BadField,
            SfenError::Position(error) => error.kind(),
        }
    }
}

impl Position {
    /// Reads a position under the rules `variant`.
    pub fn from_sfen(text: &str, variant: Variant) -> Result<Position, SfenError> {
        let fields: Vec<&str> = text.split(' ').collect();
        if !(3..=4).contains(&fields.len()) || fields.iter().any(|f| f.is_empty()) {
            return Err(SfenError::Fields(text.split_whitespace().count()));
        }
        if let Some(&number) = fields.get(3)
            && !number.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(SfenError::MoveNumber(number.to_string()));
        }
        let pieces = parse_board(fields[0])?;
        let turn = match fields[1] {
            "b" => Player::First,
            "w" => Player::Second,
            other => return Err(SfenError::Side(other.to_string())),
        };
        let hands = parse_hands(fields[2])?;
        Ok(Position::new(&pieces, hands, turn, variant)?)
    }

    /// The position's text (see the module documentation).
    #[must_use]
    pub fn sfen(&self) -> String {
        self.to_string()
    }
}

fn parse_board(text: &str) -> Result<Vec<(Square, Player, Piece)>, SfenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 4 {
        return Err(SfenError::Ranks(ranks.len()));
    }
    let mut pieces = Vec::new();
    for (i, row) in ranks.iter().enumerate() {
        let rank = 3 - i as u8;
        let mut file = 0u8;
        for c in row.chars() {
            let width_error = SfenError::RankWidth { rank: rank + 1 };
            match c {
                '1'..='3' => file += c as u8 - b'0',
                _ => {
                    let (owner, piece) = Piece::from_letter(c).ok_or(SfenError::BoardChar(c))?;
                    let square = Square::at(file, rank).ok_or(width_error)?;
                    pieces.push((square, owner, piece));
                    file += 1;
                }
            }
            if file > 3 {
                return Err(SfenError::RankWidth { rank: rank + 1 });
            }
        }
        if file != 3 {
            return Err(SfenError::RankWidth { rank: rank + 1 });
        }
    }
    Ok(pieces)
}

fn parse_hands(text: &str) -> Result<[[u8; 3]; 2], SfenError> {
    let error = |reason| SfenError::Hands {
        text: text.to_string(),
        reason,
    };
    let mut hands = [[0u8; 3]; 2];
    if text == "-" {
        return Ok(hands);
    }
    let mut seen = [[false; 3]; 2];
    let mut count = None;
    for c in text.chars() {
        match c {
            '2' if count.is_none() => count = Some(2),
            '1'..='9' => return Err(error("a count must be 2, and stand before a letter")),
            _ => {
                let hand = Hand::from_letter(c).ok_or(error(
                    "only G, E and C (lower case for the second player) are held",
                ))?;
                let player = usize::from(c.is_ascii_lowercase());
                if std::mem::replace(&mut seen[player][hand.index()], true) {
                    return Err(error("a letter appears twice"));
                }
                hands[player][hand.index()] = count.take().unwrap_or(1);
            }
        }
    }
    if count.is_some() {
        return Err(error("a count must stand before a letter"));
    }
    Ok(hands)
}

impl FromStr for Position {
    type Err = SfenError;

    /// Reads a position under the official rules.
    fn from_str(s: &str) -> Result<Position, SfenError> {
        Position::from_sfen(s, Variant::Official)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..4u8).rev() {
            let mut empty = 0;
            for file in 0..3u8 {
                let square = Square::at(file, rank).expect("on the board");
                match self.piece_at(square) {
                    None => empty += 1,
                    Some((owner, piece)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.letter_of(owner))?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = match self.turn {
            Player::First => 'b',
            Player::Second => 'w',
        };
        write!(f, " {side} ")?;
        let mut any = false;
        for player in Player::BOTH {
            for hand in Hand::ALL {
                let n = self.hand(player, hand);
                if n > 0 {
                    any = true;
                    if n > 1 {
                        write!(f, "{n}")?;
                    }
                    write!(f, "{}", hand.piece().letter_of(player))?;
                }
            }
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let start = Position::start();
        assert_eq!(start.to_string(), START_SFEN);
        assert_eq!(START_SFEN.parse::<Position>(), Ok(start));
        assert_eq!(
            Position::from_sfen("gle/1c1/1C1/ELG b - 1", Variant::Official),
            Ok(start)
        );
    }

    #[test]
    fn hands_and_hens_round_trip() {
        for text in [
            "l2/1H1/3/1L1 w 2GEec",
            "lh1/3/GE1/gL1 b Ce",
            "3/1l1/1L1/3 b 2G2E2C",
        ] {
            let position: Position = text.parse().unwrap();
            assert_eq!(position.to_string(), text);
        }
        let reordered: Position = "lh1/3/GE1/gL1 b eC".parse().unwrap();
        assert_eq!(reordered.to_string(), "lh1/3/GE1/gL1 b Ce");
    }

    #[test]
    fn bad_text_is_refused_with_its_reason() {
        let cases = [
            ("", SfenError::Fields(0)),
            ("gle/1c1/1C1/ELG b", SfenError::Fields(2)),
            ("gle/1c1/1C1/ELG  b -", SfenError::Fields(3)),
            ("gle/1c1/1C1 b -", SfenError::Ranks(3)),
            ("gle/1c2/1C1/ELG b -", SfenError::RankWidth { rank: 3 }),
            ("gle/1c/1C1/ELG b -", SfenError::RankWidth { rank: 3 }),
            ("glex/1c1/1C1/ELG b -", SfenError::BoardChar('x')),
            ("gle/1c1/1C1/ELG x -", SfenError::Side("x".into())),
            ("gle/1c1/1C1/ELG b - x", SfenError::MoveNumber("x".into())),
        ];
        for (text, error) in cases {
            assert_eq!(text.parse::<Position>(), Err(error), "{text:?}");
        }
        for text in [
            "gle/1c1/1C1/ELG b C",
            "gle/1c1/1C1/ELG b 3C",
            "gle/1c1/1C1/ELG b L",
            "gle/1c1/1C1/ELG b 2",
            "gle/1c1/1C1/ELG b CC",
            "gl1/1c1/1C1/ELG b 2E",
        ] {
            let parsed = text.parse::<Position>();
            assert!(parsed.is_err(), "{text:?}: {parsed:?}");
        }
        assert_eq!(
            "gle/1c1/1C1/EG1 b l".parse::<Position>(),
            Err(SfenError::Hands {
                text: "l".into(),
                reason: "only G, E and C (lower case for the second player) are held"
            })
        );
        assert!(matches!(
            "gle/1c1/1C1/EGG b -".parse::<Position>(),
            Err(SfenError::Position(PositionError::PieceCount { .. }))
        ));
        // A smaller material (a kind absent altogether, as its tables hold
        // it) reads; one animal of a kind does not.
        let chicks: Position = "1l1/1c1/1C1/1L1 b -".parse().unwrap();
        assert_eq!(chicks.material(), "LC".parse().unwrap());
        let lions: Position = "1l1/3/3/1L1 w -".parse().unwrap();
        assert_eq!(lions.material(), "L".parse().unwrap());
        assert_eq!(
            "1l1/1c1/1C1/GL1 b -".parse::<Position>(),
            Err(SfenError::Position(PositionError::PieceCount {
                kind: "giraffe",
                count: 1
            }))
        );
        // The player who just moved must still have its lion.
        assert!(matches!(
            "gLe/1c1/1C1/E1G w l".parse::<Position>(),
            Err(SfenError::Hands { .. })
        ));
        assert!(matches!(
            "g1e/1c1/1C1/ELG b -".parse::<Position>(),
            Err(SfenError::Position(PositionError::LionMissing { .. }))
        ));
        assert!("g1e/1c1/1C1/ELG w -".parse::<Position>().is_ok());
    }
}
