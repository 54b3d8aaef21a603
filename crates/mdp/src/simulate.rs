//! Playing games with a policy against the opponent model.

use gamesolver_core::{Game, Wdl};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::{Mdp, MdpError, OpponentModel, Policy};

/// Games counted by their end, for the agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the agent won.
    pub wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games the agent lost.
    pub losses: u64,
}

impl Tally {
    /// All games counted.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    fn add(&mut self, wdl: Wdl) {
        match wdl {
            Wdl::Win => self.wins += 1,
            Wdl::Draw => self.draws += 1,
            Wdl::Loss => self.losses += 1,
        }
    }
}

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
    #[must_use]
    pub fn wilson95(successes: u64, trials: u64) -> Interval {
        if trials == 0 {
            return Interval {
                low: 0.0,
                high: 1.0,
            };
        }
        let z = 1.959_963_984_540_054_f64;
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

impl<G: Game> Mdp<G> {
    /// Plays `games` games from the start, the agent following `policy` and
    /// the opponent sampling from `opponent` (the model itself, not the
    /// MDP's transition arrays, so this also checks the construction), with
    /// random numbers seeded by `seed`.
    pub fn simulate<O: OpponentModel<G>>(
        &self,
        policy: &Policy,
        opponent: &O,
        games: u64,
        seed: u64,
    ) -> Result<Tally, MdpError> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut tally = Tally::default();
        let (mut legal, mut choices) = (Vec::new(), Vec::new());
        for _ in 0..games {
            let mut position = self.start.clone();
            while position.outcome().is_none() {
                let mv = if position.turn() == self.agent {
                    let id = self
                        .id_of(&position)
                        .ok_or_else(|| MdpError::UnknownPosition(format!("{position:?}")))?;
                    policy.move_in(self, id)
                } else {
                    position.legal_moves(&mut legal);
                    opponent.choices(&position, &legal, &mut choices)?;
                    pick(&choices, &mut rng)
                        .ok_or_else(|| MdpError::BadOpponentChoice(format!("{position:?}")))?
                };
                position.play_unchecked(mv);
            }
            if let Some(outcome) = position.outcome() {
                tally.add(outcome.value_for(self.agent));
            }
        }
        Ok(tally)
    }
}

/// A move drawn with probability proportional to its weight.
fn pick<M: Copy>(choices: &[(M, u32)], rng: &mut SmallRng) -> Option<M> {
    let total: u64 = choices.iter().map(|&(_, w)| u64::from(w)).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.random_range(0..total);
    for &(mv, w) in choices {
        if r < u64::from(w) {
            return Some(mv);
        }
        r -= u64::from(w);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_proportion_and_stays_in_range() {
        let i = Interval::wilson95(50, 100);
        assert!(i.low < 0.5 && 0.5 < i.high);
        assert!((i.high - i.low - 0.19).abs() < 0.01);
        let zero = Interval::wilson95(0, 1000);
        assert!(zero.low.abs() < 1e-15);
        assert!(zero.high > 0.0 && zero.high < 0.01);
        let all = Interval::wilson95(1000, 1000);
        assert!((all.high - 1.0).abs() < 1e-15 && all.low > 0.99);
    }
}
