//! Match statistics: score with a 95% confidence interval and the Elo
//! difference it implies.

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

impl Tally {
    /// Number of games.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score: (wins + draws / 2) / games.
    #[must_use]
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games().max(1))
    }

    /// Half-width of the 95% confidence interval of the score (normal
    /// approximation with the sample variance of the per-game results).
    #[must_use]
    pub fn margin95(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        1.96 * (variance / n).sqrt()
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

    #[test]
    fn score_interval_and_elo() {
        let t = Tally {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        assert!((t.score() - 0.5).abs() < 1e-12);
        assert!(elo(t.score()).abs() < 1e-9);
        assert!(t.margin95() > 0.05 && t.margin95() < 0.08);
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        assert_eq!(elo(1.0), 999.0);
        let all_draws = Tally {
            wins: 0,
            draws: 10,
            losses: 0,
        };
        assert_eq!(all_draws.margin95(), 0.0);
    }
}
