//! Policy iteration: evaluate the policy, improve it greedily, repeat.

use gamesolver_core::Game;

use crate::bellman::Bellman;
use crate::evaluation::evaluate_in_place;
use crate::{Mdp, MdpError, Policy, StateValues, SweepConfig};

/// Gives up after this many rounds (a finite MDP needs far fewer).
const MAX_ROUNDS: u32 = 10_000;

/// One round of policy iteration.
#[derive(Clone, Debug)]
pub struct PolicyRound {
    /// Sweeps the evaluation of this round's policy took.
    pub sweeps: u32,
    /// The value of the start under this round's policy.
    pub start_value: f64,
    /// States whose action the improvement step changed.
    pub changed: usize,
    /// The policy evaluated in this round.
    pub policy: Policy,
}

/// The result of policy iteration.
#[derive(Clone, Debug)]
pub struct PolicyIteration {
    /// Every round, the last one changing nothing.
    pub rounds: Vec<PolicyRound>,
    /// The final (optimal) policy.
    pub policy: Policy,
    /// Its values.
    pub values: StateValues,
}

impl<G: Game> Mdp<G> {
    /// Policy iteration from the policy that plays the first legal move
    /// everywhere. Each round evaluates the policy by in-place sweeps
    /// (starting from the previous round's values) until the largest change
    /// is below the tolerance, then picks in every state, from scratch, the
    /// first action (in move order) whose Q-value beats every earlier one by
    /// more than `config.tie`. It stops when no state changes.
    pub fn policy_iteration(&self, config: &SweepConfig) -> Result<PolicyIteration, MdpError> {
        config.validate()?;
        let bellman = Bellman::new(self);
        let mut values = bellman.zero_values();
        let mut policy = Policy::first_moves(self);
        let mut rounds = Vec::new();
        while rounds.len() < MAX_ROUNDS as usize {
            let sweeps = evaluate_in_place(&bellman, &policy, &mut values, config)?;
            let improved = Policy::greedy(&bellman, &values, config.tie);
            let changed = improved.differences(&policy);
            rounds.push(PolicyRound {
                sweeps,
                start_value: bellman.start_value(&values),
                changed,
                policy: std::mem::replace(&mut policy, improved),
            });
            if changed == 0 {
                return Ok(PolicyIteration {
                    rounds,
                    policy,
                    values: StateValues::from_vector(&bellman, values),
                });
            }
        }
        Err(MdpError::NotConverged {
            method: "policy iteration",
            limit: MAX_ROUNDS,
        })
    }
}
