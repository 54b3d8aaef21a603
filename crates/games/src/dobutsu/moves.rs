//! A move and its notation: `b1b2` (from, to) or `C*b2` (a drop).

use std::fmt;
use std::str::FromStr;

use gamesolver_core::ParseMoveError;

use super::{Hand, Square};

/// A move: a piece stepping from one square to another (a capture if an
/// enemy piece stands there; a chick reaching the far rank always becomes a
/// hen, so no promotion is written), or a piece from the hand dropped on an
/// empty square.
///
/// Notation: the two squares, `b1b2`; a drop is the piece's upper-case
/// letter, `*` and the square, `C*b2` (as in shōgi's USI notation; `G`, `E`
/// or `C`, lower case accepted when reading).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// 0..12: the square the piece leaves; 12..15: a drop of `Hand` index
    /// `from - 12`.
    from: u8,
    to: u8,
}

/// Where a move's piece comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A piece on the board steps from this square.
    Board(Square),
    /// A piece of this kind is dropped from the hand.
    Hand(Hand),
}

const DROP: u8 = 12;

impl Move {
    /// A step from `from` to `to`.
    #[must_use]
    pub const fn step(from: Square, to: Square) -> Move {
        Move {
            from: from.index(),
            to: to.index(),
        }
    }

    /// A drop of `hand` on `to`.
    #[must_use]
    pub const fn drop(hand: Hand, to: Square) -> Move {
        Move {
            from: DROP + hand as u8,
            to: to.index(),
        }
    }

    /// Where the piece comes from.
    #[must_use]
    pub const fn origin(self) -> Origin {
        if self.from < DROP {
            Origin::Board(Square::nth(self.from))
        } else {
            Origin::Hand(Hand::ALL[(self.from - DROP) as usize])
        }
    }

    /// Whether the move is a drop.
    #[must_use]
    pub const fn is_drop(self) -> bool {
        self.from >= DROP
    }

    /// The square the piece arrives on.
    #[must_use]
    pub const fn to(self) -> Square {
        Square::nth(self.to)
    }

    /// Every move the notation can name (the moves of any position are
    /// among them): 12 × 11 steps and 3 × 12 drops.
    pub fn all() -> impl Iterator<Item = Move> {
        let steps = Square::all().flat_map(|from| {
            Square::all()
                .filter(move |&to| to != from)
                .map(move |to| Move::step(from, to))
        });
        let drops = Hand::ALL
            .into_iter()
            .flat_map(|hand| Square::all().map(move |to| Move::drop(hand, to)));
        steps.chain(drops)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.origin() {
            Origin::Board(from) => write!(f, "{from}{}", self.to()),
            Origin::Hand(hand) => write!(f, "{}*{}", hand.piece().letter(), self.to()),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let error = |reason: &str| ParseMoveError::new(s, reason);
        if !s.is_ascii() || s.len() != 4 {
            return Err(error(
                "expected two squares such as b1b2, or a drop such as C*b2",
            ));
        }
        let (head, tail) = s.split_at(2);
        let to: Square = tail.parse().map_err(|_| error("bad target square"))?;
        if let Some(letter) = head.strip_suffix('*') {
            let hand = letter
                .chars()
                .next()
                .and_then(Hand::from_letter)
                .ok_or_else(|| error("a drop names G, E or C"))?;
            return Ok(Move::drop(hand, to));
        }
        let from: Square = head.parse().map_err(|_| error("bad origin square"))?;
        if from == to {
            return Err(error("a move must leave its square"));
        }
        Ok(Move::step(from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_move() {
        let all: Vec<Move> = Move::all().collect();
        assert_eq!(all.len(), 132 + 36);
        for mv in all {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
        assert_eq!("c*a4".parse::<Move>(), "C*a4".parse::<Move>());
        for bad in [
            "", "b1", "b1b1", "L*b2", "b1b5", "*b2", "C*d2", "b1-b2", "é1b2",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
