//! Win, draw or loss from the point of view of the side to move.

use std::fmt;

/// The game-theoretic value of a position for the side to move.
///
/// Ordered from worst to best for that side: `Loss < Draw < Win`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses against best play.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins against best play.
    Win,
}

impl Wdl {
    /// All three values, worst first.
    pub const ALL: [Wdl; 3] = [Wdl::Loss, Wdl::Draw, Wdl::Win];

    /// The same result seen by the other player.
    #[must_use]
    pub const fn negate(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The lower-case name used in text and JSON output: `win`, `draw`, `loss`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negation_swaps_win_and_loss() {
        assert_eq!(Wdl::Win.negate(), Wdl::Loss);
        assert_eq!(Wdl::Loss.negate(), Wdl::Win);
        assert_eq!(Wdl::Draw.negate(), Wdl::Draw);
        assert!(Wdl::Loss < Wdl::Draw && Wdl::Draw < Wdl::Win);
        assert_eq!(Wdl::Win.to_string(), "win");
    }
}
