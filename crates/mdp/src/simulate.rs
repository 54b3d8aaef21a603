//! Playing games with a policy against the opponent model.

use gamesolver_core::{Game, WdlCounts};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::{Mdp, MdpError, OpponentModel, Policy};

/// Games counted by their end, for the agent (the one W/D/L tally type of
/// the workspace).
pub type Tally = WdlCounts;

/// A confidence interval for a proportion (see [`gamesolver_core::stats`]).
pub use gamesolver_core::stats::Interval;

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
