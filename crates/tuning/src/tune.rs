//! The whole tuning run on a labelled-position set: fit `K` to the current
//! weights, fit the weights, round them, and report the losses on the
//! training positions and on a held-out part.

use crate::features::{FEATURE_COUNT, FITTED, features, weight_vector, weights_from_vector};
use crate::logistic::{Sample, fit_k, fit_weights, loss};
use crate::selfplay::LabelledPosition;
use gamesolver_engines::uttt::eval::{EvalWeights, UtttEval};

/// One position in this many is held out of the fit to check it.
pub const HOLD_OUT_EVERY: usize = 10;

/// The losses of one set of weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Losses {
    /// On the positions the fit used.
    pub training: f64,
    /// On the held-out positions.
    pub held_out: f64,
}

/// What a tuning run found.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneReport {
    /// Training and held-out positions.
    pub positions: (usize, usize),
    /// The `K` fitted to the starting weights.
    pub k: f64,
    /// The losses of the starting weights.
    pub before: Losses,
    /// The losses of the fitted weights (unrounded).
    pub fitted: Losses,
    /// The losses of the rounded weights.
    pub after: Losses,
    /// The fitted weights, rounded to whole numbers.
    pub weights: EvalWeights,
}

/// The training and held-out samples of `positions`.
fn split_samples(
    start: EvalWeights,
    positions: &[LabelledPosition],
) -> (Vec<Sample<FEATURE_COUNT>>, Vec<Sample<FEATURE_COUNT>>) {
    let eval = UtttEval::new(start);
    let (mut training, mut held_out) = (Vec::new(), Vec::new());
    for (i, p) in positions.iter().enumerate() {
        let sample = Sample {
            features: features(&eval, &p.board),
            result: p.result,
        };
        if i % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 {
            held_out.push(sample);
        } else {
            training.push(sample);
        }
    }
    (training, held_out)
}

/// Tunes `start` (the weights in use) on `positions`.
#[must_use]
pub fn tune(start: EvalWeights, positions: &[LabelledPosition]) -> TuneReport {
    let (training, held_out) = split_samples(start, positions);
    let losses = |w: &[f64; FEATURE_COUNT], k: f64| Losses {
        training: loss(&training, w, k),
        held_out: loss(&held_out, w, k),
    };
    let initial = weight_vector(&start);
    let k = fit_k(&training, &initial);
    let fitted = fit_weights(&training, &initial, k, &FITTED);
    let weights = weights_from_vector(&fitted, start);
    TuneReport {
        positions: (training.len(), held_out.len()),
        k,
        before: losses(&initial, k),
        fitted: losses(&fitted, k),
        after: losses(&weight_vector(&weights), k),
        weights,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::SelfPlay;
    use gamesolver_games::uttt::Variant;

    #[test]
    fn tuning_lowers_the_training_loss_of_a_spoilt_start() {
        let positions = SelfPlay {
            variant: Variant::Standard,
            games: 6,
            nodes: 200,
            random_plies: 4,
            seed: 11,
        }
        .generate();
        // Weights that ignore the meta-lines cannot fit the outcomes.
        let spoilt = EvalWeights {
            scale: 1.0,
            ..EvalWeights::default()
        };
        let report = tune(spoilt, &positions);
        assert_eq!(report.positions.0 + report.positions.1, positions.len());
        assert!(
            report.fitted.training < report.before.training - 0.01,
            "{report:?}"
        );
        assert!(report.weights.scale > 10.0, "{report:?}");
    }
}
