//! The evaluation at the leaves: the alpha-beta's evaluation
//! ([`UtttEval`]) turned into a win probability by a logistic curve, used
//! with or instead of a playout's result. It is computed from the search's
//! [`State`] (nine take-probability lookups per player, no [`Board`]), with
//! the evaluation's weights and terms in the same order, so its score is
//! the one [`UtttEval`] gives the same position (the tests check it).
//!
//! [`Board`]: gamesolver_games::uttt::Board

use gamesolver_games::uttt::FULL;
use gamesolver_search::Score;

use super::state::{FREE, State};
use crate::uttt::eval::{EvalWeights, UtttEval, lines_dead};
use crate::uttt::take::TakeTable;

/// The default of [`LeafEval`]'s scale: evaluation units that make odds
/// of e (1 : 2.7), so a score of this size is worth a 73% chance.
pub(crate) const DEFAULT_LEAF_SCALE: f32 = 400.0;

/// The leaf evaluation and its weight against the playout.
#[derive(Debug)]
pub(crate) struct LeafEval {
    weights: EvalWeights,
    take: TakeTable,
    weight: f32,
    /// Evaluation units that make odds of e.
    scale: f32,
}

impl LeafEval {
    /// The evaluation with the default weights and scale, with `weight` (in
    /// 0..=1) against the playout; `None` for weight 0 (playouts only).
    #[cfg(test)]
    fn new(weight: f32) -> Option<LeafEval> {
        LeafEval::with_weights(weight, DEFAULT_LEAF_SCALE, EvalWeights::default())
    }

    /// The evaluation with `weights` (their `mover_threat` look-ahead and
    /// count odds, `count_win` and `race_win`, are not supported here:
    /// ignored) and `scale` (evaluation units for odds
    /// of e, at least 1), with `weight` against the playout; `None` for
    /// weight 0.
    pub(crate) fn with_weights(weight: f32, scale: f32, weights: EvalWeights) -> Option<LeafEval> {
        (weight > 0.0).then(|| LeafEval {
            weights: EvalWeights {
                mover_threat: false,
                count_win: 0.0,
                race_win: 0.0,
                ..weights
            },
            take: TakeTable::new(),
            weight: weight.min(1.0),
            scale: scale.max(1.0),
        })
    }

    /// Whether the playout is skipped (the evaluation alone decides).
    pub(crate) fn replaces_playouts(&self) -> bool {
        self.weight >= 1.0
    }

    /// The leaf's value for the player who moved into the unfinished
    /// `state`, mixed with the playout's `played` (ignored when the
    /// evaluation replaces playouts).
    pub(crate) fn value(&self, state: &State, played: f32) -> f32 {
        let score = self.score(state) as f32;
        // The score is for the side to move: the mover's chance is the
        // logistic of minus the score.
        let evaluated = 1.0 / (1.0 + (score / self.scale).exp());
        self.weight * evaluated + (1.0 - self.weight) * played
    }

    /// [`UtttEval`]'s score of the unfinished `state` for the side to move
    /// (its `evaluate`, term by term; the one-move look-ahead of
    /// `mover_threat` is not supported: off in the default weights).
    fn score(&self, state: &State) -> i32 {
        let w = &self.weights;
        let sides = self.side_probabilities(state);
        let [mine, theirs] = &sides;
        let mut advantage = UtttEval::line_value(mine) - UtttEval::line_value(theirs);
        if state.codingame() {
            let per_board = if meta_lines_dead(state) {
                w.race_board
            } else {
                w.count_board
            };
            advantage += UtttEval::count_difference(&sides) * per_board / w.scale.max(1.0);
        }
        let free = if state.forced == FREE {
            w.free_choice
        } else {
            0
        };
        let score = advantage * w.scale + UtttEval::class_terms(w, &sides);
        Score::eval(score as i32 + w.tempo + free).value()
    }

    /// Each side's probability of taking each small board, the side to
    /// move first.
    #[inline]
    fn side_probabilities(&self, state: &State) -> [[f32; 9]; 2] {
        // X's probabilities go to side `turn` (0 when X moves), O's to the other.
        let (x_side, o_side) = (state.turn & 1, !state.turn & 1);
        let [xs, os] = &state.cells;
        let mut sides = [[0.0f32; 9]; 2];
        for (b, (&x, &o)) in xs.iter().zip(os).enumerate() {
            [sides[x_side][b], sides[o_side][b]] = self.take.get(x, o);
        }
        sides
    }
}

/// Whether no meta-line can still be completed by either player (each
/// line holds a board won by each player, or a drawn board).
#[inline]
fn meta_lines_dead(state: &State) -> bool {
    lines_dead(!state.open & FULL, state.meta)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_core::Game;
    use gamesolver_games::uttt::{Board, Variant};
    use gamesolver_search::Evaluator;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn weight_zero_is_off_and_weights_mix() {
        assert!(LeafEval::new(0.0).is_none());
        let state = State::new(&Board::default());
        let whole = LeafEval::new(1.0).unwrap();
        assert!(whole.replaces_playouts());
        let evaluated = whole.value(&state, 0.0);
        assert!((0.0..=1.0).contains(&evaluated), "{evaluated}");
        assert_eq!(whole.value(&state, 1.0), evaluated);
        let half = LeafEval::new(0.5).unwrap();
        assert!(!half.replaces_playouts());
        let mixed = half.value(&state, 1.0);
        assert!((mixed - (0.5 * evaluated + 0.5)).abs() < 1e-6, "{mixed}");
    }

    /// X owns boards 0 and 4 (a diagonal) with O to move: the mover into
    /// the node (X) is well ahead.
    const X_AHEAD: &str =
        "XXX...O.O...........O...............XXX......O.O................................. *";

    #[test]
    fn a_side_to_move_ahead_means_a_poor_leaf_for_the_mover() {
        let board: Board = X_AHEAD.parse().unwrap();
        let leaf = LeafEval::new(1.0).unwrap();
        let value = leaf.value(&State::new(&board), 0.0);
        assert!(value > 0.6, "{value}");
    }

    /// A larger scale pulls the same score towards an even chance, by the
    /// logistic curve: the leaf's odds are e^(score / scale).
    #[test]
    fn the_scale_sets_how_sure_a_score_is() {
        let board: Board = X_AHEAD.parse().unwrap();
        let state = State::new(&board);
        let at = |scale| {
            let leaf = LeafEval::with_weights(1.0, scale, EvalWeights::default()).unwrap();
            leaf.value(&state, 0.0)
        };
        let (default, wider, widest) = (at(DEFAULT_LEAF_SCALE), at(800.0), at(3200.0));
        assert!(
            default > wider && wider > widest && widest > 0.5,
            "{default} {wider} {widest}"
        );
        let log_odds = |p: f32| (p / (1.0 - p)).ln();
        let ratio = log_odds(default) / log_odds(wider);
        assert!((ratio - 2.0).abs() < 1e-3, "{ratio}");
        let threat = EvalWeights {
            mover_threat: true,
            ..EvalWeights::default()
        };
        let leaf = LeafEval::with_weights(1.0, DEFAULT_LEAF_SCALE, threat).unwrap();
        assert_eq!(
            leaf.value(&state, 0.0),
            default,
            "the look-ahead is ignored"
        );
    }

    /// The score from the state is the evaluation's score of the board,
    /// along random games under both rules, with the default weights and
    /// with the tuned ones (count race and board-class terms on).
    #[test]
    fn the_state_score_is_the_evaluations_score() {
        let mut rng = SmallRng::seed_from_u64(5);
        let weight_sets = [
            EvalWeights::default(),
            EvalWeights::TUNED_STANDARD,
            EvalWeights::TUNED_CODINGAME,
            EvalWeights::SPSA_CODINGAME,
        ];
        for weights in weight_sets {
            let leaf = LeafEval::with_weights(1.0, DEFAULT_LEAF_SCALE, weights).unwrap();
            let eval = UtttEval::new(weights);
            for variant in [Variant::Standard, Variant::CodinGame] {
                for _ in 0..60 {
                    let mut board = Board::start(variant);
                    while !board.is_finished() {
                        let state = State::new(&board);
                        assert_eq!(leaf.score(&state), eval.evaluate(&board).value(), "{board}");
                        let moves = board.moves();
                        board.play_unchecked(moves[rng.random_range(0..moves.len())]);
                    }
                }
            }
        }
    }

    #[test]
    fn dead_meta_lines_are_recognised() {
        // Meta-board  X O X / O = O / X O .  (= drawn): every line is
        // blocked for both players; board 8 is open.
        let (x, o, drawn, open) = ("XXXXX....", "OOO......", "XOXXOOOXX", "OO.O.O...");
        let text = [x, o, x, o, drawn, o, x, o, open].concat() + " *";
        let board = Board::parse_variant(&text, Variant::CodinGame).unwrap();
        assert!(meta_lines_dead(&State::new(&board)));
        assert!(!meta_lines_dead(&State::new(&Board::default())));
    }
}
