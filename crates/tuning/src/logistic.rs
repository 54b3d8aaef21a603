//! The logistic fit: the mean cross-entropy of `sigmoid(K · w·f)` against
//! the results, the fit of `K` for fixed weights (golden-section search on
//! `ln K`) and of the weights for fixed `K` (damped Newton steps).

use crate::linear::solve;

/// One training example: a feature vector and the result for the side to
/// move (1 win, 0.5 draw, 0 loss; any value in between is a soft label).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample<const N: usize> {
    /// The features.
    pub features: [f32; N],
    /// The result.
    pub result: f32,
}

/// The smallest and largest `K` the search tries.
const K_RANGE: (f64, f64) = (1e-7, 10.0);

/// Newton steps at most.
const MAX_STEPS: usize = 100;

/// `w · f`.
fn dot<const N: usize>(weights: &[f64; N], features: &[f32; N]) -> f64 {
    weights
        .iter()
        .zip(features)
        .map(|(w, f)| w * f64::from(*f))
        .sum()
}

/// `ln(1 + e^x)` without overflow.
fn softplus(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

/// The logistic function.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean cross-entropy of `sigmoid(k · w·f)` against the results (0
/// for no samples).
#[must_use]
pub fn loss<const N: usize>(samples: &[Sample<N>], weights: &[f64; N], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let x = k * dot(weights, &s.features);
            softplus(x) - f64::from(s.result) * x
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The `K` that minimises [`loss`] for `weights` (the loss is convex in
/// `K`, so unimodal in `ln K`).
#[must_use]
pub fn fit_k<const N: usize>(samples: &[Sample<N>], weights: &[f64; N]) -> f64 {
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (K_RANGE.0.ln(), K_RANGE.1.ln());
    let at = |log_k: f64| loss(samples, weights, log_k.exp());
    for _ in 0..80 {
        let a = high - golden * (high - low);
        let b = low + golden * (high - low);
        if at(a) <= at(b) {
            high = b;
        } else {
            low = a;
        }
    }
    ((low + high) / 2.0).exp()
}

/// The gradient and Hessian of [`loss`] in the weights, zero outside
/// `fitted` (the Hessian's diagonal there is 1, so a step leaves them).
fn derivatives<const N: usize>(
    samples: &[Sample<N>],
    weights: &[f64; N],
    k: f64,
    fitted: &[bool; N],
) -> ([f64; N], [[f64; N]; N]) {
    let mut gradient = [0.0; N];
    let mut hessian = [[0.0; N]; N];
    for s in samples {
        let p = sigmoid(k * dot(weights, &s.features));
        let z = s.features.map(|f| k * f64::from(f));
        let (residual, curvature) = (p - f64::from(s.result), p * (1.0 - p));
        for i in (0..N).filter(|&i| fitted[i]) {
            gradient[i] += residual * z[i];
            for j in (0..N).filter(|&j| fitted[j]) {
                hessian[i][j] += curvature * z[i] * z[j];
            }
        }
    }
    let n = samples.len().max(1) as f64;
    let trace: f64 = (0..N).map(|i| hessian[i][i]).sum::<f64>() / n;
    for (i, (g, row)) in gradient.iter_mut().zip(&mut hessian).enumerate() {
        *g /= n;
        row.iter_mut().for_each(|h| *h /= n);
        // A small ridge keeps features that never vary from making the
        // system singular; fixed weights get an identity row.
        row[i] += if fitted[i] { 1e-9 * trace + 1e-30 } else { 1.0 };
    }
    (gradient, hessian)
}

/// The weights that minimise [`loss`] at `k`, starting from `start` and
/// changing only the `fitted` ones: Newton steps, halved until the loss
/// falls, until a step no longer lowers it by `1e-12`.
#[must_use]
pub fn fit_weights<const N: usize>(
    samples: &[Sample<N>],
    start: &[f64; N],
    k: f64,
    fitted: &[bool; N],
) -> [f64; N] {
    let mut weights = *start;
    let mut current = loss(samples, &weights, k);
    for _ in 0..MAX_STEPS {
        let (gradient, hessian) = derivatives(samples, &weights, k, fitted);
        let Some(step) = solve(hessian, gradient) else {
            break;
        };
        let mut scale = 1.0;
        let improved = loop {
            let trial: [f64; N] = std::array::from_fn(|i| weights[i] - scale * step[i]);
            let trial_loss = loss(samples, &trial, k);
            if trial_loss < current {
                break Some((trial, trial_loss));
            }
            scale /= 2.0;
            if scale < 1e-6 {
                break None;
            }
        };
        let Some((trial, trial_loss)) = improved else {
            break;
        };
        let gain = current - trial_loss;
        (weights, current) = (trial, trial_loss);
        if gain < 1e-12 {
            break;
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Samples with random features (a constant first one) labelled with
    /// the probability `sigmoid(k · truth·f)` itself (soft labels, so
    /// `truth` is the exact minimiser) or with a result drawn from it.
    fn synthetic(truth: &[f64; 3], k: f64, soft: bool, seed: u64) -> Vec<Sample<3>> {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..4000)
            .map(|_| {
                let features = [
                    1.0,
                    rng.random_range(-2.0..2.0),
                    rng.random_range(-1.0..1.0),
                ];
                let p = sigmoid(k * dot(truth, &features));
                let result = if soft {
                    p as f32
                } else {
                    f32::from(u8::from(rng.random_bool(p)))
                };
                Sample { features, result }
            })
            .collect()
    }

    #[test]
    fn recovers_the_weights_of_soft_labels() {
        let truth = [20.0, 300.0, -150.0];
        let samples = synthetic(&truth, 0.004, true, 1);
        let start = [0.0, 100.0, 0.0];
        let fitted = fit_weights(&samples, &start, 0.004, &[true; 3]);
        for (f, t) in fitted.iter().zip(truth) {
            assert!((f - t).abs() < 0.5, "fitted {fitted:?}, truth {truth:?}");
        }
        assert!(loss(&samples, &fitted, 0.004) < loss(&samples, &start, 0.004));
    }

    #[test]
    fn k_is_found_for_fixed_weights_and_fixed_weights_stay() {
        let truth = [0.0, 500.0, 250.0];
        let samples = synthetic(&truth, 0.002, true, 2);
        let k = fit_k(&samples, &truth);
        assert!((k / 0.002 - 1.0).abs() < 1e-3, "K {k}");
        // Half the true weights: K doubles to make up.
        let k = fit_k(&samples, &truth.map(|w| w / 2.0));
        assert!((k / 0.004 - 1.0).abs() < 1e-3, "K {k}");
        let start = [0.0, 100.0, 250.0];
        let fitted = fit_weights(&samples, &start, 0.002, &[true, true, false]);
        assert_eq!(fitted[2], 250.0);
        assert!(
            (fitted[1] - 500.0).abs() < 0.5 && fitted[0].abs() < 0.5,
            "{fitted:?}"
        );
    }

    #[test]
    fn the_loss_falls_on_noisy_results() {
        let truth = [-30.0, 400.0, 200.0];
        let samples = synthetic(&truth, 0.003, false, 3);
        let start = [0.0, 50.0, 0.0];
        let before = loss(&samples, &start, 0.003);
        let fitted = fit_weights(&samples, &start, 0.003, &[true; 3]);
        let after = loss(&samples, &fitted, 0.003);
        assert!(after < before - 0.01, "{before} -> {after}");
        // The direction of the weights is recovered within the noise.
        let cosine = dot(&fitted, &truth.map(|t| t as f32)) / (norm(&fitted) * norm(&truth));
        assert!(cosine > 0.98, "cosine {cosine}, fitted {fitted:?}");
    }

    /// The Euclidean norm.
    fn norm(v: &[f64; 3]) -> f64 {
        v.iter().map(|x| x * x).sum::<f64>().sqrt()
    }
}
