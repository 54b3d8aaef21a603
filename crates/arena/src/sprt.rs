//! The sequential probability ratio test of a match (as cutechess,
//! fastchess and OpenBench run it on game results): is engine A's Elo
//! advantage `elo1` (accept H1) or `elo0` (accept H0)?
//!
//! The log-likelihood ratio is the generalised SPRT's normal approximation
//! for trinomial results (win 1, draw ½, loss 0) on the logistic Elo scale:
//! with `N` games, mean score `s`, per-game score variance
//! `v = W + D/4 − s²` (`W`, `D` the win and draw fractions) and the
//! expected scores `s0`, `s1` of the two hypotheses,
//! `LLR = N (s1 − s0)(2s − s0 − s1) / (2v)`.
//! The test stops at `ln(β/(1−α))` (H0) or `ln((1−β)/α)` (H1). A result
//! kind never seen counts as [`PSEUDO_COUNT`] games, so one-sided results
//! (all wins: no spread at all) still decide, after a few games.

use thiserror::Error;

use crate::stats::Tally;

/// A refused SPRT set-up.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SprtError {
    /// The hypotheses are not `elo0 < elo1`, or are not finite.
    #[error("SPRT needs finite elo0 < elo1, got elo0 = {elo0}, elo1 = {elo1}")]
    Bounds {
        /// The null hypothesis.
        elo0: f64,
        /// The alternative hypothesis.
        elo1: f64,
    },
    /// An error rate outside (0, 0.5).
    #[error("SPRT error rate {name} = {value} must lie strictly between 0 and 0.5")]
    ErrorRate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The value given.
        value: f64,
    },
}

/// The count given to a result kind (win, draw, loss) never seen.
pub const PSEUDO_COUNT: f64 = 0.5;

/// An SPRT: hypotheses in logistic Elo and the two error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The LLR reached the lower bound: A is not `elo1` better (H0).
    AcceptH0,
    /// The LLR reached the upper bound: A is `elo1` better (H1).
    AcceptH1,
    /// Neither bound reached yet.
    Continue,
}

impl Sprt {
    /// A test of H0: Elo = `elo0` against H1: Elo = `elo1`, with false
    /// positive rate `alpha` and false negative rate `beta`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::Bounds { elo0, elo1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::ErrorRate { name, value });
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The hypotheses `(elo0, elo1)`.
    #[must_use]
    pub fn hypotheses(&self) -> (f64, f64) {
        (self.elo0, self.elo1)
    }

    /// The lower (accept H0) and upper (accept H1) LLR bounds,
    /// `ln(β/(1−α))` and `ln((1−β)/α)`, as differences of logarithms: an
    /// error rate as small as the smallest float still gives finite bounds
    /// (the quotient would overflow).
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            self.beta.ln() - (1.0 - self.alpha).ln(),
            (1.0 - self.beta).ln() - self.alpha.ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `tally` (0 before
    /// the first game).
    #[must_use]
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.total() == 0 {
            return 0.0;
        }
        let count = |n: u64| if n == 0 { PSEUDO_COUNT } else { n as f64 };
        let (wins, draws, losses) = (count(tally.win), count(tally.draw), count(tally.loss));
        let games = wins + draws + losses;
        let (wins, draws) = (wins / games, draws / games);
        let score = wins + draws / 2.0;
        let variance = wins + draws / 4.0 - score * score;
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        games * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance)
    }

    /// Whether `tally` ends the test.
    #[must_use]
    pub fn verdict(&self, tally: &Tally) -> SprtVerdict {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

/// The expected score of a player `elo` logistic Elo stronger.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(win: u64, draw: u64, loss: u64) -> Tally {
        Tally { win, draw, loss }
    }

    /// Reference values computed independently (Python, from the raw
    /// definition), with the exact generalised SPRT (maximum-likelihood
    /// trinomial under each hypothesis' mean, solved by bisection) beside
    /// them: the approximation must stay within 10% of it.
    #[test]
    fn llr_matches_independent_values() {
        let cases = [
            (
                (120, 232, 48),
                (0.0, 10.0),
                4.917_857_753_7,
                4.575_944_803_4,
            ),
            (
                (100, 100, 100),
                (0.0, 5.0),
                -0.046_592_280_7,
                -0.046_595_899_5,
            ),
            ((60, 20, 40), (0.0, 20.0), 1.181_345_926_2, 1.144_287_423_7),
            (
                (300, 400, 250),
                (-5.0, 5.0),
                2.497_523_554_8,
                2.485_441_632_8,
            ),
            (
                (48, 232, 120),
                (0.0, 10.0),
                -5.772_310_047_7,
                -5.280_755_800_3,
            ),
            ((10, 5, 12), (0.0, 20.0), -0.197_248_101_9, -0.196_027_147_2),
        ];
        for ((w, d, l), (elo0, elo1), approx, exact) in cases {
            let llr = Sprt::new(elo0, elo1, 0.05, 0.05)
                .unwrap()
                .llr(&tally(w, d, l));
            assert!(
                (llr - approx).abs() < 1e-6,
                "{w}-{d}-{l}: {llr} vs {approx}"
            );
            assert!((llr - exact).abs() < 0.1 * exact.abs(), "{llr} vs {exact}");
        }
    }

    #[test]
    fn bounds_and_verdicts() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((upper - 2.944_438_979_2).abs() < 1e-9 && (lower + upper).abs() < 1e-12);
        assert_eq!(sprt.verdict(&tally(120, 232, 48)), SprtVerdict::AcceptH1);
        assert_eq!(sprt.verdict(&tally(48, 232, 120)), SprtVerdict::AcceptH0);
        assert_eq!(sprt.verdict(&tally(10, 5, 12)), SprtVerdict::Continue);
        assert_eq!(sprt.llr(&tally(0, 0, 0)), 0.0);
        // One-sided results count a missing kind as half a game (values
        // from the same Python script).
        assert!((sprt.llr(&tally(40, 0, 0)) - 18.773_781_618_3).abs() < 1e-6);
        assert!((sprt.llr(&tally(0, 40, 0)) + 0.695_903_971_4).abs() < 1e-6);
        assert!((sprt.llr(&tally(2, 0, 0)) - 0.071_862_181_9).abs() < 1e-6);
        assert_eq!(sprt.verdict(&tally(0, 0, 1)), SprtVerdict::Continue);
        let skewed = Sprt::new(0.0, 10.0, 0.01, 0.2).unwrap().bounds();
        assert!((skewed.0 - (0.2f64 / 0.99).ln()).abs() < 1e-12);
        assert!((skewed.1 - (0.8f64 / 0.01).ln()).abs() < 1e-12);
    }

    #[test]
    fn bad_set_ups_are_refused() {
        assert!(matches!(
            Sprt::new(5.0, 0.0, 0.05, 0.05),
            Err(SprtError::Bounds { .. })
        ));
        assert!(Sprt::new(0.0, f64::NAN, 0.05, 0.05).is_err());
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.0, 0.05),
            Err(SprtError::ErrorRate { name: "alpha", .. })
        ));
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.7).is_err());
        assert!((expected_score(0.0) - 0.5).abs() < 1e-12);
        assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn the_smallest_error_rates_give_finite_bounds() {
        let tiny = f64::from_bits(1);
        let test = Sprt::new(0.0, 10.0, tiny, tiny).unwrap();
        let (lower, upper) = test.bounds();
        assert!(lower.is_finite() && upper.is_finite() && lower < upper);
    }
}
