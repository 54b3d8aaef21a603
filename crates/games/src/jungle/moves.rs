//! A Jungle move and its notation: from-square then to-square, e.g. `g3g4`.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::ParseMoveError;

use super::Square;

/// A move: the piece on `from` goes to `to` (a step, or a river jump for
/// the lion and tiger), capturing whatever enemy stands there.
///
/// Any pair of squares can be written; whether it is legal depends on the
/// position ([`gamesolver_core::Game::play`] checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece arrives on.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Every move the notation can name: all 63 × 63 pairs of squares.
    pub fn all() -> impl Iterator<Item = Move> {
        Square::all().flat_map(|from| Square::all().map(move |to| Move::new(from, to)))
    }

    /// The move seen in a mirror standing on the `d` file.
    #[must_use]
    pub const fn mirrored(self) -> Move {
        Move::new(self.from.mirrored(), self.to.mirrored())
    }

    /// The move seen from the other side of the board.
    #[must_use]
    pub const fn rotated(self) -> Move {
        Move::new(self.from.rotated(), self.to.rotated())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let text = s.trim();
        let (from, to) = match (text.get(..2), text.get(2..)) {
            (Some(from), Some(to)) if text.len() == 4 => (from, to),
            _ => {
                return Err(ParseMoveError::new(
                    s,
                    "a Jungle move is two squares, from then to, e.g. g3g4",
                ));
            }
        };
        let square = |part: &str| {
            part.parse::<Square>()
                .map_err(|e| ParseMoveError::new(s, e.to_string()))
        };
        Ok(Move::new(square(from)?, square(to)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let mv: Move = "g3g4".parse().unwrap();
        assert_eq!(mv.to_string(), "g3g4");
        assert_eq!(mv.from.to_string(), "g3");
        assert_eq!(Move::all().count(), 63 * 63);
        for mv in Move::all().step_by(7) {
            assert_eq!(mv.to_string().parse(), Ok(mv));
        }
    }

    #[test]
    fn refuses_bad_moves_with_the_reason() {
        for bad in ["", "g3", "g3g", "g3g4g5", "h3g4", "g0g1", "g3-g4", "é3g4"] {
            let error = bad.parse::<Move>().unwrap_err();
            assert_eq!(error.text, bad);
        }
        assert!(
            "h3g4"
                .parse::<Move>()
                .unwrap_err()
                .reason
                .contains("\"h3\"")
        );
    }
}
