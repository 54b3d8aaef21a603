//! The hooks a game gives the alpha-beta search: evaluation, position keys
//! and move indices for the ordering tables.

use gamesolver_core::{Game, Solution};

use crate::Score;

/// What [`crate::AlphaBeta`] needs to know about a game beyond its rules.
///
/// The search is generic; a game (or a variant of its evaluation) provides
/// one `Evaluator`. Implement it on a type of your own (the orphan rule keeps
/// it out of the rules crate, so the rules never depend on a search).
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

    /// Whether `mv` is a move of a kind the game knows to be usually
    /// poor (ultimate tic-tac-toe: sending the opponent to a closed board,
    /// which gives them a free choice). Late move reductions reduce such a
    /// move [`crate::SearchConfig::poor_move_reduction`] plies more; only
    /// asked for a move about to be reduced. False by default.
    fn is_poor_move(&self, _position: &G, _mv: G::Move) -> bool {
        false
    }

    /// Adds [`Evaluator::order_bonus`] of each move to its key, for the
    /// moves of one position (in the order the game lists them, perhaps
    /// with some left out). The default calls `order_bonus` for each; an
    /// evaluator can override it to share work between the moves, with
    /// the same result.
    fn add_order_bonuses(&self, position: &G, keyed: &mut [(i32, G::Move)]) {
        for (key, mv) in keyed {
            *key += self.order_bonus(position, *mv);
        }
    }

    /// Whether `mv` can never be undone (a capture in Jungle), so no
    /// position before it can recur after it. The search looks for
    /// repetitions only back to the last irreversible move; the default,
    /// every move irreversible, suits games without cycles and switches
    /// repetition detection off.
    fn is_irreversible(&self, _position: &G, _mv: G::Move) -> bool {
        true
    }

    /// Quiescence search: the moves of `position` that must be searched
    /// past the nominal depth because they change the evaluation sharply
    /// (captures, game-ending moves), into `out` (cleared first). The
    /// default gives none, so leaves are evaluated as they are.
    fn tactical_moves(&self, _position: &G, out: &mut Vec<G::Move>) {
        out.clear();
    }

    /// Null-move pruning: `position` with the turn passed to the opponent,
    /// if the game's positions allow it (`None`, the default, switches the
    /// technique off). The search uses it only where a pass is unlikely to
    /// be the best move (no zugzwang).
    fn null_move(&self, _position: &G) -> Option<G> {
        None
    }

    /// An exact verdict on `position` when one is known without search,
    /// typically from an endgame tablebase; the search then scores the node
    /// as that win, draw or loss instead of searching it. `None` (the
    /// default) for positions it does not know.
    fn exact(&self, _position: &G) -> Option<Solution> {
        None
    }
}
