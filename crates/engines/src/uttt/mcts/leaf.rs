//! The evaluation at the leaves: the alpha-beta's evaluation
//! ([`UtttEval`]) turned into a win probability by a logistic curve, used
//! with or instead of a playout's result.

use gamesolver_games::uttt::Board;
use gamesolver_search::Evaluator;

use crate::uttt::eval::{EvalWeights, UtttEval};

/// Evaluation units that make odds of e (1 : 2.7): a score of this size
/// is worth a 73% chance.
const SCALE: f32 = 400.0;

/// The leaf evaluation and its weight against the playout.
#[derive(Debug)]
pub(crate) struct LeafEval {
    eval: UtttEval,
    weight: f32,
}

impl LeafEval {
    /// The evaluation with `weight` (in 0..=1) against the playout; `None`
    /// for weight 0 (playouts only).
    pub(crate) fn new(weight: f32) -> Option<LeafEval> {
        (weight > 0.0).then(|| LeafEval {
            eval: UtttEval::new(EvalWeights::default()),
            weight: weight.min(1.0),
        })
    }

    /// Whether the playout is skipped (the evaluation alone decides).
    pub(crate) fn replaces_playouts(&self) -> bool {
        self.weight >= 1.0
    }

    /// The leaf's value for the player who moved into the unfinished
    /// `board`, mixed with the playout's `played` (ignored when the
    /// evaluation replaces playouts).
    pub(crate) fn value(&self, board: &Board, played: f32) -> f32 {
        let score = self.eval.evaluate(board).value() as f32;
        // The score is for the side to move: the mover's chance is the
        // logistic of minus the score.
        let evaluated = 1.0 / (1.0 + (score / SCALE).exp());
        self.weight * evaluated + (1.0 - self.weight) * played
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weight_zero_is_off_and_weights_mix() {
        assert!(LeafEval::new(0.0).is_none());
        let board = Board::default();
        let whole = LeafEval::new(1.0).unwrap();
        assert!(whole.replaces_playouts());
        let evaluated = whole.value(&board, 0.0);
        assert!((0.0..=1.0).contains(&evaluated), "{evaluated}");
        assert_eq!(whole.value(&board, 1.0), evaluated);
        let half = LeafEval::new(0.5).unwrap();
        assert!(!half.replaces_playouts());
        let mixed = half.value(&board, 1.0);
        assert!((mixed - (0.5 * evaluated + 0.5)).abs() < 1e-6, "{mixed}");
    }

    #[test]
    fn a_side_to_move_ahead_means_a_poor_leaf_for_the_mover() {
        // X owns boards 0 and 4 (a diagonal) with O to move: the mover into the node
        // (X) is well ahead.
        let board: Board =
            "XXX...O.O...........O...............XXX......O.O................................. *"
                .parse()
                .unwrap();
        let leaf = LeafEval::new(1.0).unwrap();
        let value = leaf.value(&board, 0.0);
        assert!(value > 0.6, "{value}");
    }
}
