//! Iterative policy evaluation by in-place (Gauss–Seidel) sweeps.

use gamesolver_core::Game;

use crate::bellman::{Bellman, sweep_ids};
use crate::{Mdp, MdpError, Policy, SweepConfig};

/// The values of every state and of the start under some policy.
#[derive(Clone, Debug, PartialEq)]
pub struct StateValues {
    /// One value per state id.
    pub states: Vec<f64>,
    /// The value of the start position.
    pub start: f64,
}

impl StateValues {
    /// Keeps the states' part of a value vector (which ends with the three
    /// end rewards) and the start value.
    pub(crate) fn from_vector<G: Game>(bellman: &Bellman<'_, G>, mut values: Vec<f64>) -> Self {
        let start = bellman.start_value(&values);
        values.truncate(bellman.mdp.len());
        StateValues {
            states: values,
            start,
        }
    }
}

/// Sweeps V(s) ← Q(s, π(s)) in place until no value changes by
/// `config.tolerance` or more; returns the number of sweeps.
pub(crate) fn evaluate_in_place<G: Game>(
    bellman: &Bellman<'_, G>,
    policy: &Policy,
    values: &mut [f64],
    config: &SweepConfig,
) -> Result<u32, MdpError> {
    let mdp = bellman.mdp;
    for sweep in 1..=config.max_sweeps {
        let mut change = 0.0f64;
        for s in sweep_ids(mdp.len(), config.order) {
            let q = bellman.q(values, policy.action(mdp, s));
            change = change.max((q - values[s as usize]).abs());
            values[s as usize] = q;
        }
        if change < config.tolerance {
            return Ok(sweep);
        }
    }
    Err(MdpError::NotConverged {
        method: "policy evaluation",
        limit: config.max_sweeps,
    })
}

impl<G: Game> Mdp<G> {
    /// The values of `policy`, by in-place sweeps from zero.
    pub fn evaluate(&self, policy: &Policy, config: &SweepConfig) -> Result<StateValues, MdpError> {
        config.validate()?;
        let bellman = Bellman::new(self);
        let mut values = bellman.zero_values();
        evaluate_in_place(&bellman, policy, &mut values, config)?;
        Ok(StateValues::from_vector(&bellman, values))
    }

    /// The greedy policy for `values`: in each state the first action (in
    /// move order) whose Q-value beats every earlier one by more than `tie`.
    #[must_use]
    pub fn greedy_policy(&self, values: &StateValues, tie: f64) -> Policy {
        let bellman = Bellman::new(self);
        Policy::greedy(&bellman, &extend(&bellman, &values.states), tie)
    }

    /// Q(s, a) of every action of `state` under `values`, in move order.
    #[must_use]
    pub fn q_values(&self, values: &StateValues, state: u32) -> Vec<f64> {
        let bellman = Bellman::new(self);
        let full = extend(&bellman, &values.states);
        self.actions(state).map(|a| bellman.q(&full, a)).collect()
    }
}

/// The value vector of `states` followed by the end rewards.
fn extend<G: Game>(bellman: &Bellman<'_, G>, states: &[f64]) -> Vec<f64> {
    let mut full = bellman.zero_values();
    full[..states.len()].copy_from_slice(states);
    full
}
