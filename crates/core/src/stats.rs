//! The statistics of results: Wilson intervals for proportions and the
//! Elo difference of a score.

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A confidence interval for a proportion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl Interval {
    /// The 95% Wilson score interval for `successes` out of `trials`
    /// (sensible even at 0 or `trials` successes, unlike p ± 1.96·σ).
    ///
    /// ```
    /// let i = gamesolver_core::stats::Interval::wilson95(0, 10);
    /// assert_eq!(i.low, 0.0);
    /// assert!(i.high > 0.2 && i.high < 0.35);
    /// ```
    #[must_use]
    pub fn wilson95(successes: u64, trials: u64) -> Interval {
        if trials == 0 {
            return Interval {
                low: 0.0,
                high: 1.0,
            };
        }
        let z = Z95;
        let n = trials as f64;
        let p = successes as f64 / n;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        Interval {
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// The Elo difference that makes `score` the expected score (±∞ at 0 and 1
/// are clamped to ±999).
#[must_use]
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        -999.0
    } else if score >= 1.0 {
        999.0
    } else {
        (-400.0 * (1.0 / score - 1.0).log10()).clamp(-999.0, 999.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WdlCounts;

    #[test]
    fn score_interval_and_elo() {
        let t = WdlCounts {
            win: 30,
            draw: 40,
            loss: 30,
        };
        assert!((t.score() - 0.5).abs() < 1e-12);
        assert!(elo(t.score()).abs() < 1e-9);
        assert!(t.margin95() > 0.05 && t.margin95() < 0.08);
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        assert_eq!(elo(1.0), 999.0);
        let all_draws = WdlCounts {
            win: 0,
            draw: 10,
            loss: 0,
        };
        assert_eq!(all_draws.margin95(), 0.0);
        let i = Interval::wilson95(5, 10);
        assert!(i.low < 0.5 && i.high > 0.5);
    }
}
