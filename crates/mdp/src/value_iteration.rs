//! Value iteration: in-place Bellman optimality sweeps.

use gamesolver_core::Game;

use crate::bellman::{Bellman, sweep_ids};
use crate::{Mdp, MdpError, Policy, StateValues, SweepConfig};

/// One sweep of value iteration.
#[derive(Clone, Copy, Debug)]
pub struct ValueSweep {
    /// The value of the start after this sweep.
    pub start_value: f64,
    /// The largest change of any state's value in this sweep.
    pub max_change: f64,
}

/// The result of value iteration.
#[derive(Clone, Debug)]
pub struct ValueIteration {
    /// Every sweep, the last one changing less than the tolerance.
    pub sweeps: Vec<ValueSweep>,
    /// The greedy policy for the final values.
    pub policy: Policy,
    /// The final values.
    pub values: StateValues,
}

impl<G: Game> Mdp<G> {
    /// Value iteration from zero: sweeps V(s) ← maxₐ Q(s, a) in place until
    /// the largest change is below the tolerance; the policy is greedy for
    /// the final values (ties as in policy iteration).
    pub fn value_iteration(&self, config: &SweepConfig) -> Result<ValueIteration, MdpError> {
        config.validate()?;
        let bellman = Bellman::new(self);
        let mut values = bellman.zero_values();
        let mut sweeps = Vec::new();
        while sweeps.len() < config.max_sweeps as usize {
            let mut change = 0.0f64;
            for s in sweep_ids(self.len(), config.order) {
                let (_, q) = bellman.greedy(&values, s, 0.0);
                change = change.max((q - values[s as usize]).abs());
                values[s as usize] = q;
            }
            sweeps.push(ValueSweep {
                start_value: bellman.start_value(&values),
                max_change: change,
            });
            if change < config.tolerance {
                return Ok(ValueIteration {
                    sweeps,
                    policy: Policy::greedy(&bellman, &values, config.tie),
                    values: StateValues::from_vector(&bellman, values),
                });
            }
        }
        Err(MdpError::NotConverged {
            method: "value iteration",
            limit: config.max_sweeps,
        })
    }
}
