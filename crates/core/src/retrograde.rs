//! Un-move generation, for retrograde analysis of games with cycles.

use crate::Game;

/// A game that can generate the positions one move *before* a position.
///
/// Un-moves are the inverses of the moves that stay inside a tier
/// ([`Retrograde::stays_in_tier`]: in Jungle, the moves that capture nothing
/// and do not enter the den); they never restore a captured piece, because a
/// capture leads to a smaller tier that is solved first and probed forwards.
/// The positions they lead to are never finished (a finished position has no
/// move).
///
/// Invariant (checked by the conformance suite): for every unfinished
/// position `p` and legal move `m` that stays in the tier, `p.after(m)` has
/// an un-move back to `p`; and every un-move of a position `c` leads to a
/// position with a legal move to `c` that stays in the tier.
pub trait Retrograde: Game {
    /// An un-move: what to take back.
    type Unmove: Copy + std::fmt::Debug;

    /// Replaces the contents of `out` with the un-moves of this position.
    fn unmoves(&self, out: &mut Vec<Self::Unmove>);

    /// The position before `unmove`, which must come from [`Retrograde::unmoves`].
    #[must_use]
    fn unplay(&self, unmove: Self::Unmove) -> Self;

    /// Whether the position after `mv` belongs to this position's tier, so
    /// that an un-move takes `mv` back. Moves that change the material or
    /// end the game by themselves (a den entry) leave the tier; a move to a
    /// position where the opponent has no move stays in it.
    fn stays_in_tier(&self, mv: Self::Move) -> bool;
}
