//! How a finished game ended, in absolute terms.

use crate::{Player, Wdl};

/// The absolute result of a finished game: who won, or a draw.
///
/// Use [`Outcome::value_for`] to turn it into the side-relative [`Wdl`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given player won.
    Winner(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The result seen by `player`.
    #[must_use]
    pub const fn value_for(self, player: Player) -> Wdl {
        match self {
            Outcome::Draw => Wdl::Draw,
            Outcome::Winner(w) if w.index() == player.index() => Wdl::Win,
            Outcome::Winner(_) => Wdl::Loss,
        }
    }

    /// The outcome that gives `player` the value `wdl`.
    #[must_use]
    pub const fn from_value(player: Player, wdl: Wdl) -> Outcome {
        match wdl {
            Wdl::Win => Outcome::Winner(player),
            Wdl::Loss => Outcome::Winner(player.opponent()),
            Wdl::Draw => Outcome::Draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_for_each_player() {
        let o = Outcome::Winner(Player::First);
        assert_eq!(o.value_for(Player::First), Wdl::Win);
        assert_eq!(o.value_for(Player::Second), Wdl::Loss);
        assert_eq!(Outcome::Draw.value_for(Player::Second), Wdl::Draw);
        for p in Player::BOTH {
            for w in Wdl::ALL {
                assert_eq!(Outcome::from_value(p, w).value_for(p), w);
            }
        }
    }
}
