//! The positions the tables store (*interior* positions) and the values of
//! the others, known without a table.
//!
//! A position is interior when both lions are on the board, neither lion
//! stands on its far rank, and the side to move cannot take the enemy lion.
//! Every other unfinished position is won in one ply by taking the lion
//! (under the try-after-reply preset, a lion that arrived safely on the
//! far rank makes the side to move lose in one ply instead). So the moves
//! that leave the interior are the lion's steps to the far rank and the
//! moves that leave one's own lion attacked, whose values follow at once.

use gamesolver_core::{Solution, Wdl};

use super::board::far_rank;
use super::{Piece, Position, Variant};

impl Position {
    /// Whether the side to move can take the enemy lion at once.
    #[must_use]
    pub fn can_take_lion(&self) -> bool {
        let us = self.turn;
        self.lion(us.opponent())
            .is_some_and(|lion| self.attackers(lion, us) != 0)
    }

    /// Whether the tables store this position: both lions on the board,
    /// neither on its far rank, and the side to move unable to take the
    /// enemy lion (see the module documentation). A position without a legal
    /// move may be interior (it is lost at once).
    #[must_use]
    pub fn is_interior(&self) -> bool {
        let us = self.turn;
        let them = us.opponent();
        let lions = self.by_piece[Piece::Lion.index()];
        let ours = lions & self.by_player[us.index()];
        let theirs = lions & self.by_player[them.index()];
        ours != 0
            && theirs != 0
            && ours & far_rank(us) == 0
            && theirs & far_rank(them) == 0
            && !self.can_take_lion()
    }

    /// The value of an unfinished position the tables do not store, for
    /// its side to move: a win in one ply when it can take the lion, and
    /// under [`Variant::TryAfterReply`] a loss in one ply when the enemy
    /// lion arrived safely (every reply leaves it there). `None` for a
    /// finished or an interior position, or a preset the tables do not
    /// cover.
    #[must_use]
    pub fn value_outside_tables(&self) -> Option<Solution> {
        if self.game_end().is_some() || self.is_interior() {
            return None;
        }
        if self.can_take_lion() {
            return Some(Solution::new(Wdl::Win, 1));
        }
        let them = self.turn.opponent();
        match self.variant {
            Variant::TryAfterReply if self.pieces(them, Piece::Lion) & far_rank(them) != 0 => {
                Some(Solution::new(Wdl::Loss, 1))
            }
            _ => None,
        }
    }
}
