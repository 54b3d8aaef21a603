//! The evaluation as a weighted sum of features: the feature vector of a
//! position and the matching weight vector of [`EvalWeights`], so that
//! `UtttEval::evaluate` equals their dot product up to rounding.

use gamesolver_games::uttt::{Board, Variant};

use gamesolver_engines::uttt::eval::{EvalWeights, UtttEval, meta_lines_dead};

/// The number of features.
pub const FEATURE_COUNT: usize = 9;

/// The features' names: the [`EvalWeights`] field each one's weight is.
pub const FEATURE_NAMES: [&str; FEATURE_COUNT] = [
    "scale",
    "centre_lines",
    "tempo",
    "free_choice",
    "centre_board",
    "corner_boards",
    "edge_boards",
    "count_board",
    "race_board",
];

/// Which weights the tuning fits: all but `count_board`, which is the sum
/// of the three board-class features while a meta-line is open (a
/// redundant direction; it stays at its current value).
pub const FITTED: [bool; FEATURE_COUNT] = [true, true, true, true, true, true, true, false, true];

/// The feature vector of `board` for `eval`'s small-board tables (and its
/// `mover_threat` setting), from the side to move: meta-line value
/// difference, the part of it through the centre board, 1 (the tempo), a
/// free choice (0 or 1), the take-probability differences of the centre,
/// corner and edge boards, and under CodinGame's rule the expected
/// board-count difference while a meta-line is open and once none is.
#[must_use]
pub fn features(eval: &UtttEval, board: &Board) -> [f32; FEATURE_COUNT] {
    let sides = eval.side_probabilities(board);
    let [mine, theirs] = &sides;
    let [centre_lines, centre, corners, edges] = UtttEval::class_differences(&sides);
    let mut count = [0.0; 2];
    if board.variant() == Variant::CodinGame {
        count[usize::from(meta_lines_dead(board))] = UtttEval::count_difference(&sides);
    }
    [
        UtttEval::line_value(mine) - UtttEval::line_value(theirs),
        centre_lines,
        1.0,
        f32::from(u8::from(board.forced().is_none())),
        centre,
        corners,
        edges,
        count[0],
        count[1],
    ]
}

/// The weights in the order of [`FEATURE_NAMES`].
#[must_use]
pub fn weight_vector(weights: &EvalWeights) -> [f64; FEATURE_COUNT] {
    let [centre_lines, centre_board, corner_boards, edge_boards] = weights.class_weights();
    [
        weights.scale,
        centre_lines,
        weights.tempo as f32,
        weights.free_choice as f32,
        centre_board,
        corner_boards,
        edge_boards,
        weights.count_board,
        weights.race_board,
    ]
    .map(f64::from)
}

/// `base` with the weights of `vector` (in the order of [`FEATURE_NAMES`]),
/// each rounded to a whole number.
#[must_use]
pub fn weights_from_vector(vector: &[f64; FEATURE_COUNT], base: EvalWeights) -> EvalWeights {
    let whole = |i: usize| vector[i].round() as f32;
    EvalWeights {
        scale: whole(0),
        centre_lines: whole(1),
        tempo: vector[2].round() as i32,
        free_choice: vector[3].round() as i32,
        centre_board: whole(4),
        corner_boards: whole(5),
        edge_boards: whole(6),
        count_board: whole(7),
        race_board: whole(8),
        ..base
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamesolver_core::Game;
    use gamesolver_search::Evaluator;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Positions of random games under `variant`, every ply.
    fn random_positions(variant: Variant, games: usize, seed: u64) -> Vec<Board> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut positions = Vec::new();
        for _ in 0..games {
            let mut board = Board::start(variant);
            while !board.is_finished() {
                positions.push(board);
                let moves = board.moves();
                board = board.after(moves[rng.random_range(0..moves.len())]);
            }
        }
        positions
    }

    #[test]
    fn the_evaluation_is_the_weighted_feature_sum() {
        let mut rng = SmallRng::seed_from_u64(5);
        for variant in [Variant::Standard, Variant::CodinGame] {
            for mover_threat in [false, true] {
                // Random whole weights, the scale kept well above 1.
                let vector: [f64; FEATURE_COUNT] = std::array::from_fn(|i| {
                    let offset = if i == 0 { 900.0 } else { 0.0 };
                    f64::from(rng.random_range(-300..=300)) + offset
                });
                let weights = EvalWeights {
                    mover_threat,
                    ..weights_from_vector(&vector, EvalWeights::default())
                };
                assert_eq!(weight_vector(&weights), vector);
                let eval = UtttEval::new(weights);
                for board in random_positions(variant, 20, 9) {
                    let sum: f64 = features(&eval, &board)
                        .iter()
                        .zip(&vector)
                        .map(|(f, w)| f64::from(*f) * w)
                        .sum();
                    let value = eval.evaluate(&board).value();
                    assert!(
                        (f64::from(value) - sum).abs() <= 2.0,
                        "{board}: evaluation {value}, feature sum {sum}"
                    );
                }
            }
        }
    }

    #[test]
    fn count_features_only_under_codingame_rules() {
        let eval = UtttEval::default();
        for board in random_positions(Variant::Standard, 5, 3) {
            let f = features(&eval, &board);
            assert_eq!([f[7], f[8]], [0.0, 0.0]);
        }
        let late = random_positions(Variant::CodinGame, 30, 4);
        assert!(late.iter().any(|b| features(&eval, b)[7] != 0.0));
    }
}
