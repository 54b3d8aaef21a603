//! The float Bellman backup over the dense arrays.

use gamesolver_core::{Game, Wdl};

use crate::Mdp;
use crate::model::{end_slot, reward};

/// The order in which a sweep visits the states.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SweepOrder {
    /// Last id first. In a loop-free MDP the ids are topological, so this
    /// visits every state after its successors: one in-place sweep is a
    /// complete backward induction.
    #[default]
    Backward,
    /// First id first: values travel one step per sweep, as in the seed.
    Forward,
}

/// Q-values from a value vector: Q(s, a) = Σ p · (r or γ·V(s')).
///
/// Value vectors hold one entry per state followed by three fixed entries,
/// the rewards of a loss, a draw and a win; each outcome carries its
/// probability already multiplied by γ when it leads to a state, so a
/// backup is a branch-free walk over two arrays.
#[derive(Debug)]
pub(crate) struct Bellman<'a, G: Game> {
    pub(crate) mdp: &'a Mdp<G>,
    coef: Vec<f64>,
    rewards: [f64; 3],
}

impl<'a, G: Game> Bellman<'a, G> {
    /// Backups with the MDP's discount and rewards −1 / 0 / +1.
    pub(crate) fn new(mdp: &'a Mdp<G>) -> Self {
        Bellman::with_rewards(
            mdp,
            Wdl::ALL.map(|w| f64::from(reward(w))),
            mdp.discount.float(),
        )
    }

    /// Backups with rewards `rewards` (loss, draw, win) and discount `gamma`.
    pub(crate) fn with_rewards(mdp: &'a Mdp<G>, rewards: [f64; 3], gamma: f64) -> Self {
        let n = mdp.len();
        let coef = mdp
            .target
            .iter()
            .zip(&mdp.prob)
            .map(|(&t, &p)| if (t as usize) < n { p * gamma } else { p })
            .collect();
        Bellman { mdp, coef, rewards }
    }

    /// A value vector with every state at 0 and the ends at their rewards.
    pub(crate) fn zero_values(&self) -> Vec<f64> {
        let n = self.mdp.len();
        let mut values = vec![0.0; n + 3];
        for w in Wdl::ALL {
            values[end_slot(n, w) as usize] = self.rewards[w as usize];
        }
        values
    }

    /// Q(s, a) for the action with global id `action`.
    #[inline]
    pub(crate) fn q(&self, values: &[f64], action: usize) -> f64 {
        let range = self.mdp.outcomes(action);
        let targets = &self.mdp.target[range.clone()];
        let coefs = &self.coef[range];
        targets
            .iter()
            .zip(coefs)
            .map(|(&t, &c)| c * values[t as usize])
            .sum()
    }

    /// The value of the start: the expectation over the start outcomes,
    /// undiscounted (no step has been taken yet).
    pub(crate) fn start_value(&self, values: &[f64]) -> f64 {
        self.mdp
            .start_outcomes()
            .map(|k| self.mdp.prob[k] * values[self.mdp.target[k] as usize])
            .sum()
    }

    /// The first action of `state` (in move order) whose Q-value exceeds
    /// every earlier one by more than `tie`, and that Q-value: the local
    /// index and the value.
    pub(crate) fn greedy(&self, values: &[f64], state: u32, tie: f64) -> (u32, f64) {
        let mut best = (0, f64::NEG_INFINITY);
        for (i, action) in self.mdp.actions(state).enumerate() {
            let q = self.q(values, action);
            if q > best.1 + tie {
                best = (i as u32, q);
            }
        }
        best
    }
}

/// The state ids in the order of `order`.
pub(crate) fn sweep_ids(n: usize, order: SweepOrder) -> Box<dyn Iterator<Item = u32>> {
    match order {
        SweepOrder::Backward => Box::new((0..n as u32).rev()),
        SweepOrder::Forward => Box::new(0..n as u32),
    }
}
