//! The two players of a game.

/// One of the two players. `First` moves first from the start position
/// (X in tic-tac-toe, the bottom side in Jungle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first from the start position.
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// Both players, first then second.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second: handy for per-player arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for p in Player::BOTH {
            assert_ne!(p, p.opponent());
            assert_eq!(p, p.opponent().opponent());
        }
        assert_eq!(Player::First.index(), 0);
        assert_eq!(Player::Second.index(), 1);
    }
}
