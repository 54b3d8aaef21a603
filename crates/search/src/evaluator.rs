//! The hooks a game gives the alpha-beta search: evaluation, position keys
//! and move indices for the ordering tables.

use gamesolver_core::Game;

use crate::Score;

/// What [`crate::AlphaBeta`] needs to know about a game beyond its rules.
///
/// The search is generic; a game (or a variant of its evaluation) provides
/// one `Evaluator`. Implement it on a type of your own (the orphan rule keeps
/// it out of the rules crate, as DESIGN.md §2 wants).
pub trait Evaluator<G: Game> {
    /// A heuristic value of the unfinished `position` for the side to move
    /// (use [`Score::eval`]). Higher is better for the side to move.
    fn evaluate(&self, position: &G) -> Score;

    /// A 64-bit key of `position`, equal for equal positions and rarely equal
    /// otherwise (Zobrist hashing): the transposition-table key.
    fn key(&self, position: &G) -> u64;

    /// How many distinct [`Evaluator::move_index`] values there are.
    fn move_slots(&self) -> usize;

    /// A dense index `< move_slots()` of `mv` for the history table. Moves
    /// with the same index share history.
    fn move_index(&self, mv: G::Move) -> usize;

    /// A static ordering bonus for `mv` in `position` (for example, moves
    /// that win something first). Added to the history score; 0 by default.
    fn order_bonus(&self, _position: &G, _mv: G::Move) -> i32 {
        0
    }
}
