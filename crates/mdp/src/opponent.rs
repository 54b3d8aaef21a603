//! Opponent models: how the fixed opponent chooses its moves.

use gamesolver_core::{Game, Wdl};

use crate::MdpError;

/// A fixed, possibly random, opponent: in every position where it is to
/// move, a probability distribution over its legal moves.
///
/// Probabilities are given as positive integer weights (a move's probability
/// is its weight over the sum), so the exact solver can use them as rationals.
pub trait OpponentModel<G: Game> {
    /// A short name for reports, e.g. `random`.
    fn name(&self) -> &str;

    /// Replaces the contents of `out` with the moves the opponent may play in
    /// `position` (not finished, the opponent to move; its legal moves are
    /// `legal`) and their weights. Moves it never plays may be left out; at
    /// least one must remain.
    fn choices(
        &self,
        position: &G,
        legal: &[G::Move],
        out: &mut Vec<(G::Move, u32)>,
    ) -> Result<(), MdpError>;
}

/// The opponent that plays every legal move with the same probability.
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformRandom;

impl<G: Game> OpponentModel<G> for UniformRandom {
    fn name(&self) -> &str {
        "random"
    }

    fn choices(
        &self,
        _position: &G,
        legal: &[G::Move],
        out: &mut Vec<(G::Move, u32)>,
    ) -> Result<(), MdpError> {
        out.clear();
        out.extend(legal.iter().map(|&mv| (mv, 1)));
        Ok(())
    }
}

/// The opponent that plays a move of best game-theoretic value (win, draw or
/// loss for itself), uniformly among all such moves.
///
/// The values come from any solver through `oracle`, which gives the value of
/// a position for its side to move (for example
/// `|b| solution.get(b).map(|s| s.wdl)` over the loop-free retrograde
/// solution of `gamesolver-retro`). Distances are ignored: every move that
/// keeps the best value is equally likely.
#[derive(Clone, Debug)]
pub struct Minimax<F> {
    oracle: F,
}

impl<F> Minimax<F> {
    /// The minimax opponent whose values come from `oracle`.
    pub fn new(oracle: F) -> Minimax<F> {
        Minimax { oracle }
    }
}

impl<G: Game, F: Fn(&G) -> Option<Wdl>> OpponentModel<G> for Minimax<F> {
    fn name(&self) -> &str {
        "minimax"
    }

    fn choices(
        &self,
        position: &G,
        legal: &[G::Move],
        out: &mut Vec<(G::Move, u32)>,
    ) -> Result<(), MdpError> {
        let mover = position.turn();
        let mut scored = Vec::with_capacity(legal.len());
        for &mv in legal {
            let child = position.after(mv);
            let value = match child.outcome() {
                Some(outcome) => outcome.value_for(mover),
                None => (self.oracle)(&child)
                    .ok_or_else(|| MdpError::UnknownPosition(format!("{child:?}")))?
                    .negate(),
            };
            scored.push((mv, value));
        }
        let best = scored.iter().map(|&(_, v)| v).max();
        out.clear();
        out.extend(
            scored
                .into_iter()
                .filter(|&(_, v)| Some(v) == best)
                .map(|(mv, _)| (mv, 1)),
        );
        Ok(())
    }
}
