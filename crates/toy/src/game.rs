//! The rules of ring coins (see the crate's documentation) and their
//! un-moves.

use std::fmt;
use std::str::FromStr;

use gamesolver_core::{Game, Outcome, ParseMoveError, Player, Retrograde};

/// The cells of the ring.
pub const RING: u8 = 5;

/// The most coins a pile holds.
pub const MAX_PILE: u8 = 9;

/// A position: the pile, the token's cell, the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coins {
    pile: u8,
    cell: u8,
    turn: Player,
}

impl Coins {
    /// The position with `pile` coins (at most [`MAX_PILE`]), the token on
    /// `cell` (taken modulo [`RING`]) and `turn` to move.
    #[must_use]
    pub fn new(pile: u8, cell: u8, turn: Player) -> Coins {
        Coins {
            pile: pile.min(MAX_PILE),
            cell: cell % RING,
            turn,
        }
    }

    /// The coins left.
    #[must_use]
    pub fn pile(&self) -> u8 {
        self.pile
    }

    /// The token's cell.
    #[must_use]
    pub fn cell(&self) -> u8 {
        self.cell
    }
}

/// A move: the token a cell forward or back, or a coin taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The token to the next cell (`+`).
    Forward,
    /// The token to the previous cell (`-`).
    Back,
    /// A coin from the pile, the token on cell 0 (`take`).
    Take,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::Forward => "+",
            Step::Back => "-",
            Step::Take => "take",
        })
    }
}

impl FromStr for Step {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Step, ParseMoveError> {
        match s {
            "+" => Ok(Step::Forward),
            "-" => Ok(Step::Back),
            "take" => Ok(Step::Take),
            _ => Err(ParseMoveError::new(s, "+, - or take")),
        }
    }
}

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.turn == Player::First { 'x' } else { 'o' };
        write!(f, "{} {} {side}", self.pile, self.cell)
    }
}

impl FromStr for Coins {
    type Err = String;

    /// `PILE CELL SIDE`, e.g. `3 0 x`.
    fn from_str(s: &str) -> Result<Coins, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let [pile, cell, side] = words[..] else {
            return Err(format!(
                "{s:?}: write the pile, the cell and x or o, e.g. 3 0 x"
            ));
        };
        let pile: u8 = pile
            .parse()
            .ok()
            .filter(|&p| p <= MAX_PILE)
            .ok_or_else(|| format!("{pile:?} is no pile (0 to {MAX_PILE} coins)"))?;
        let cell: u8 = cell
            .parse()
            .ok()
            .filter(|&c| c < RING)
            .ok_or_else(|| format!("{cell:?} is no cell (0 to {})", RING - 1))?;
        let turn = match side {
            "x" => Player::First,
            "o" => Player::Second,
            _ => return Err(format!("{side:?} is not x or o")),
        };
        Ok(Coins { pile, cell, turn })
    }
}

impl Game for Coins {
    type Move = Step;
    const NAME: &'static str = "ringcoins";

    fn turn(&self) -> Player {
        self.turn
    }

    fn legal_moves(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.pile == 0 {
            return;
        }
        out.extend([Step::Forward, Step::Back]);
        if self.cell == 0 {
            out.push(Step::Take);
        }
    }

    fn play_unchecked(&mut self, mv: Step) {
        match mv {
            Step::Forward => self.cell = (self.cell + 1) % RING,
            Step::Back => self.cell = (self.cell + RING - 1) % RING,
            Step::Take => {
                self.pile -= 1;
                self.cell = RING / 2;
            }
        }
        self.turn = self.turn.opponent();
    }

    /// An empty pile: the side to move lost (the other took the last coin).
    fn outcome(&self) -> Option<Outcome> {
        (self.pile == 0).then(|| Outcome::Winner(self.turn.opponent()))
    }
}

impl Retrograde for Coins {
    /// The step taken back (only steps stay in a tier).
    type Unmove = Step;

    fn unmoves(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.pile > 0 {
            out.extend([Step::Forward, Step::Back]);
        }
    }

    fn unplay(&self, unmove: Step) -> Coins {
        let cell = match unmove {
            Step::Forward => (self.cell + RING - 1) % RING,
            Step::Back | Step::Take => (self.cell + 1) % RING,
        };
        Coins {
            pile: self.pile,
            cell,
            turn: self.turn.opponent(),
        }
    }

    fn stays_in_tier(&self, mv: Step) -> bool {
        mv != Step::Take
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn un_moves_undo_moves() {
        let mut every = Vec::new();
        for pile in 0..=3 {
            for cell in 0..RING {
                for turn in Player::BOTH {
                    every.push(Coins::new(pile, cell, turn));
                }
            }
        }
        gamesolver_conformance::check_unmoves(&every);
    }

    #[test]
    fn text_round_trips_and_bad_text_is_refused() {
        let coins: Coins = "3 0 x".parse().unwrap();
        assert_eq!(coins.to_string(), "3 0 x");
        for bad in ["", "3 0", "10 0 x", "3 6 x", "3 0 y", "a 0 x"] {
            assert!(bad.parse::<Coins>().is_err(), "{bad}");
        }
    }
}
