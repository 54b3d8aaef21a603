//! Deterministic policies: one action per state.

use gamesolver_core::Game;

use crate::Mdp;
use crate::bellman::Bellman;

/// A deterministic policy: for each state, the index of its chosen action
/// among the state's actions (0 = its first legal move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    choice: Vec<u32>,
}

impl Policy {
    /// The policy that plays the first legal move (in the game's move
    /// order; the lowest cell in tic-tac-toe) everywhere.
    #[must_use]
    pub fn first_moves<G: Game>(mdp: &Mdp<G>) -> Policy {
        Policy {
            choice: vec![0; mdp.len()],
        }
    }

    /// The policy with the given choices, if each is a valid action index.
    #[must_use]
    pub fn from_choices<G: Game>(mdp: &Mdp<G>, choice: Vec<u32>) -> Option<Policy> {
        let valid = choice.len() == mdp.len()
            && (0..mdp.len() as u32).all(|s| (choice[s as usize] as usize) < mdp.actions(s).len());
        valid.then_some(Policy { choice })
    }

    /// The policy with choices the caller has taken from the MDP's own
    /// action ranges.
    pub(crate) fn from_valid_choices(choice: Vec<u32>) -> Policy {
        Policy { choice }
    }

    /// The greedy policy for `values` (see [`Mdp::greedy_policy`]).
    pub(crate) fn greedy<G: Game>(bellman: &Bellman<'_, G>, values: &[f64], tie: f64) -> Policy {
        let choice = (0..bellman.mdp.len() as u32)
            .map(|s| bellman.greedy(values, s, tie).0)
            .collect();
        Policy { choice }
    }

    /// The index of the action chosen in state `state`.
    #[must_use]
    pub fn choice(&self, state: u32) -> u32 {
        self.choice[state as usize]
    }

    /// The global action id chosen in `state` of `mdp`.
    #[must_use]
    pub fn action<G: Game>(&self, mdp: &Mdp<G>, state: u32) -> usize {
        mdp.actions(state).start + self.choice(state) as usize
    }

    /// The move chosen in `state` of `mdp`.
    #[must_use]
    pub fn move_in<G: Game>(&self, mdp: &Mdp<G>, state: u32) -> G::Move {
        mdp.action_move(self.action(mdp, state))
    }

    /// Number of states where `self` and `other` choose differently.
    #[must_use]
    pub fn differences(&self, other: &Policy) -> usize {
        self.choice
            .iter()
            .zip(&other.choice)
            .filter(|(a, b)| a != b)
            .count()
    }
}
