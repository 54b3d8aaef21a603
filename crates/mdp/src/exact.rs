//! Exact values as rationals, by backward induction over the loop-free
//! state graph.

use gamesolver_core::{Game, Wdl};

use crate::model::reward;
use crate::rational::{add, mul};
use crate::{Mdp, MdpError, Policy, Rational};

/// Exact values of every state and of the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactValues {
    /// One value per state id.
    pub states: Vec<Rational>,
    /// The value of the start position.
    pub start: Rational,
}

/// The exact optimum: optimal values and an optimal policy.
#[derive(Clone, Debug)]
pub struct ExactSolution {
    /// V* of every state and of the start.
    pub values: ExactValues,
    /// In every state the first optimal action in move order.
    pub policy: Policy,
}

/// How likely each end of the game is, for the agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomeProbabilities {
    /// The agent wins.
    pub win: Rational,
    /// Draw.
    pub draw: Rational,
    /// The agent loses.
    pub loss: Rational,
}

/// Exact backups: rewards per end (loss, draw, win) and a discount.
struct ExactBackup<'a, G: Game> {
    mdp: &'a Mdp<G>,
    rewards: [Rational; 3],
    gamma: Rational,
}

impl<G: Game> ExactBackup<'_, G> {
    /// The value of outcome `k` given the values of the states after it;
    /// `discounted` says whether a step has been taken.
    fn outcome(
        &self,
        values: &[Rational],
        k: usize,
        discounted: bool,
    ) -> Result<Rational, MdpError> {
        let slot = self.mdp.target[k] as usize;
        let value = match slot.checked_sub(self.mdp.len()) {
            Some(w) => self.rewards[w],
            None if discounted => mul(&self.gamma, &values[slot])?,
            None => values[slot],
        };
        mul(&self.mdp.probability_exact(k), &value)
    }

    /// Q(s, a) exactly for the action with global id `action`.
    fn q(&self, values: &[Rational], action: usize) -> Result<Rational, MdpError> {
        self.mdp
            .outcomes(action)
            .try_fold(Rational::from_integer(0), |sum, k| {
                add(&sum, &self.outcome(values, k, true)?)
            })
    }

    /// The value of the start (undiscounted).
    fn start(&self, values: &[Rational]) -> Result<Rational, MdpError> {
        self.mdp
            .start_outcomes()
            .try_fold(Rational::from_integer(0), |sum, k| {
                add(&sum, &self.outcome(values, k, false)?)
            })
    }

    /// Backward induction: every state after its successors. With a policy,
    /// its action; without, the first best action (which is recorded).
    fn induct(&self, policy: Option<&Policy>) -> Result<(ExactValues, Vec<u32>), MdpError> {
        if !self.mdp.is_loop_free() {
            return Err(MdpError::NotLoopFree);
        }
        let n = self.mdp.len();
        let mut values = vec![Rational::from_integer(0); n];
        let mut choice = vec![0u32; n];
        for s in (0..n as u32).rev() {
            let (c, v) = match policy {
                Some(p) => (p.choice(s), self.q(&values, p.action(self.mdp, s))?),
                None => self.best(&values, s)?,
            };
            values[s as usize] = v;
            choice[s as usize] = c;
        }
        let start = self.start(&values)?;
        Ok((
            ExactValues {
                states: values,
                start,
            },
            choice,
        ))
    }

    /// The first action of `state` with the largest Q-value, and that value.
    fn best(&self, values: &[Rational], state: u32) -> Result<(u32, Rational), MdpError> {
        let mut best: Option<(u32, Rational)> = None;
        for (i, action) in self.mdp.actions(state).enumerate() {
            let q = self.q(values, action)?;
            if best.as_ref().is_none_or(|(_, b)| q > *b) {
                best = Some((i as u32, q));
            }
        }
        best.ok_or_else(|| MdpError::StuckPosition(format!("state {state}")))
    }
}

impl<G: Game> Mdp<G> {
    fn exact_backup(&self, rewards: [Rational; 3], gamma: Rational) -> ExactBackup<'_, G> {
        ExactBackup {
            mdp: self,
            rewards,
            gamma,
        }
    }

    fn agent_rewards(&self) -> ExactBackup<'_, G> {
        let rewards = Wdl::ALL.map(|w| Rational::from_integer(i128::from(reward(w))));
        self.exact_backup(rewards, self.discount.exact())
    }

    /// The exact optimal values and policy, by backward induction (needs a
    /// loop-free state graph).
    pub fn solve_exact(&self) -> Result<ExactSolution, MdpError> {
        let (values, choice) = self.agent_rewards().induct(None)?;
        Ok(ExactSolution {
            values,
            policy: Policy::from_valid_choices(choice),
        })
    }

    /// The exact values of `policy`, by backward induction.
    pub fn evaluate_exact(&self, policy: &Policy) -> Result<ExactValues, MdpError> {
        Ok(self.agent_rewards().induct(Some(policy))?.0)
    }

    /// Q(s, a) exactly for every action of `state`, in move order.
    pub fn q_values_exact(
        &self,
        values: &ExactValues,
        state: u32,
    ) -> Result<Vec<Rational>, MdpError> {
        let backup = self.agent_rewards();
        self.actions(state)
            .map(|a| backup.q(&values.states, a))
            .collect()
    }

    /// The exact probability of each end of the game when the agent follows
    /// `policy` from the start (undiscounted, whatever the MDP's γ).
    pub fn outcome_probabilities(&self, policy: &Policy) -> Result<OutcomeProbabilities, MdpError> {
        let one = Rational::from_integer(1);
        let probability_of = |wdl: Wdl| -> Result<Rational, MdpError> {
            let mut rewards = [Rational::from_integer(0); 3];
            rewards[wdl as usize] = one;
            Ok(self
                .exact_backup(rewards, one)
                .induct(Some(policy))?
                .0
                .start)
        };
        Ok(OutcomeProbabilities {
            win: probability_of(Wdl::Win)?,
            draw: probability_of(Wdl::Draw)?,
            loss: probability_of(Wdl::Loss)?,
        })
    }
}
