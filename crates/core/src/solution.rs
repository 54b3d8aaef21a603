//! A solved position: its value and its distance to the end of the game.

use std::cmp::Ordering;
use std::fmt;

use crate::Wdl;

/// The exact game-theoretic verdict on a position, for the side to move.
///
/// `distance` counts plies to the end of the game under optimal play: the
/// winner takes the shortest win, the loser the longest defence. A finished
/// position has distance 0; a move that ends the game at once gives the mover
/// distance 1. For draws, tic-tac-toe style solvers use the shortest path to
/// the end of the game.
///
/// The [`Ord`] of `Solution` ranks verdicts from the mover's point of view,
/// worst first, following the project's best-move convention: a higher value
/// is better; among wins and draws a shorter distance is better; among losses
/// a longer one is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// Win, draw or loss for the side to move.
    pub wdl: Wdl,
    /// Plies to the end of the game under optimal play.
    pub distance: u16,
}

impl Solution {
    /// A verdict with the given value and distance.
    #[must_use]
    pub const fn new(wdl: Wdl, distance: u16) -> Solution {
        Solution { wdl, distance }
    }

    /// The verdict on a finished position: distance 0.
    #[must_use]
    pub const fn finished(wdl: Wdl) -> Solution {
        Solution { wdl, distance: 0 }
    }

    /// What moving into a position with verdict `child` (for the opponent,
    /// who is then to move) is worth to the mover: the value negated and one
    /// ply further from the end.
    #[must_use]
    pub const fn through_child(child: Solution) -> Solution {
        Solution {
            wdl: child.wdl.negate(),
            distance: child.distance.saturating_add(1),
        }
    }

    /// A single number ordering verdicts from the mover's point of view:
    /// larger is better. Used by the [`Ord`] implementation.
    const fn preference(self) -> i32 {
        let d = self.distance as i32;
        match self.wdl {
            Wdl::Win => 3 * 65_536 - d,
            Wdl::Draw => 2 * 65_536 - d,
            Wdl::Loss => d,
        }
    }
}

impl Ord for Solution {
    fn cmp(&self, other: &Self) -> Ordering {
        self.preference().cmp(&other.preference())
    }
}

impl PartialOrd for Solution {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} in {}", self.wdl, self.distance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_prefer_short_losses_prefer_long_draws_prefer_short() {
        let win = |d| Solution::new(Wdl::Win, d);
        let draw = |d| Solution::new(Wdl::Draw, d);
        let loss = |d| Solution::new(Wdl::Loss, d);
        assert!(win(1) > win(3));
        assert!(loss(6) > loss(2));
        assert!(draw(2) > draw(4));
        assert!(win(99) > draw(0));
        assert!(draw(99) > loss(65_535));
    }

    #[test]
    fn through_child_negates_and_counts_one_ply() {
        let child = Solution::finished(Wdl::Loss);
        assert_eq!(Solution::through_child(child), Solution::new(Wdl::Win, 1));
        let child = Solution::new(Wdl::Draw, 4);
        assert_eq!(Solution::through_child(child), Solution::new(Wdl::Draw, 5));
    }
}
