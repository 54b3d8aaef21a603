//! The MDP as dense arrays: states, their actions, and each action's
//! distribution over next states and terminal rewards.

use std::ops::Range;

use gamesolver_core::{Game, Player, Wdl};
use rustc_hash::FxHashMap;

use crate::build::Fraction;
use crate::{Discount, Rational};

/// Where a transition leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A state where the agent is to move again (its id).
    State(u32),
    /// The end of the game, with its value for the agent.
    End(Wdl),
}

/// A finite MDP: a game played by the agent against a fixed opponent model.
///
/// States are the unfinished positions with the agent to move that can be
/// reached from the start under the opponent model, with dense ids
/// `0..len()`. When the state graph is loop-free the ids are in topological
/// order (every transition leads to a larger id), so a sweep from the last id
/// down is a backward induction.
///
/// Each state has one action per legal move (in the game's move order);
/// each action has a distribution over outcomes: a next state, or the end of
/// the game with reward +1 / 0 / −1 for a win / draw / loss of the agent.
/// Arrays are flat: action `a` of the whole MDP owns the outcomes
/// `outcomes(a)`; the start (before the first agent decision) is one more
/// distribution, `start_outcomes()`.
#[derive(Debug)]
pub struct Mdp<G: Game> {
    pub(crate) start: G,
    pub(crate) agent: Player,
    pub(crate) opponent: String,
    pub(crate) discount: Discount,
    pub(crate) states: Vec<G>,
    pub(crate) ids: FxHashMap<G, u32>,
    /// Per state, the first action id; one extra entry at the end.
    pub(crate) action_start: Vec<u32>,
    /// Per action, its move.
    pub(crate) moves: Vec<G::Move>,
    /// Per distribution (actions, then the start), the first outcome; one
    /// extra entry at the end.
    pub(crate) outcome_start: Vec<u32>,
    /// Per outcome: a state id, or `len() + wdl index` for the end of the game.
    pub(crate) target: Vec<u32>,
    /// Per outcome, its probability.
    pub(crate) prob: Vec<f64>,
    /// Per outcome, its probability exactly (as an unreduced fraction).
    pub(crate) fraction: Vec<Fraction>,
    pub(crate) loop_free: bool,
}

/// The value slot of the end of the game with value `wdl` for the agent, in
/// arrays that hold the states' values followed by the three ends.
pub(crate) fn end_slot(states: usize, wdl: Wdl) -> u32 {
    (states + wdl as usize) as u32
}

impl<G: Game> Mdp<G> {
    /// Number of states.
    #[must_use]
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether there are no states (never: the agent moves at least once).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// Number of actions over all states.
    #[must_use]
    pub fn action_count(&self) -> usize {
        self.moves.len()
    }

    /// Number of transitions (outcomes) over all actions.
    #[must_use]
    pub fn transition_count(&self) -> usize {
        self.outcome_start[self.moves.len()] as usize
    }

    /// The game's start position.
    #[must_use]
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The side the agent plays.
    #[must_use]
    pub fn agent(&self) -> Player {
        self.agent
    }

    /// The name of the opponent model.
    #[must_use]
    pub fn opponent(&self) -> &str {
        &self.opponent
    }

    /// The discount factor.
    #[must_use]
    pub fn discount(&self) -> Discount {
        self.discount
    }

    /// Whether no state can be reached from itself (then exact backward
    /// induction applies and ids are topologically ordered).
    #[must_use]
    pub fn is_loop_free(&self) -> bool {
        self.loop_free
    }

    /// The position of state `id`.
    #[must_use]
    pub fn state(&self, id: u32) -> &G {
        &self.states[id as usize]
    }

    /// The id of `position`, if it is a state.
    #[must_use]
    pub fn id_of(&self, position: &G) -> Option<u32> {
        self.ids.get(position).copied()
    }

    /// The action ids of state `id` (one per legal move, in move order).
    #[must_use]
    pub fn actions(&self, id: u32) -> Range<usize> {
        self.action_start[id as usize] as usize..self.action_start[id as usize + 1] as usize
    }

    /// The move of action `action`.
    #[must_use]
    pub fn action_move(&self, action: usize) -> G::Move {
        self.moves[action]
    }

    /// The outcome ids of action `action`.
    #[must_use]
    pub fn outcomes(&self, action: usize) -> Range<usize> {
        self.outcome_start[action] as usize..self.outcome_start[action + 1] as usize
    }

    /// The outcome ids of the start: the agent's first state with
    /// probability 1 if it moves first, else the opponent's openings.
    #[must_use]
    pub fn start_outcomes(&self) -> Range<usize> {
        self.outcomes(self.moves.len())
    }

    /// Where outcome `outcome` leads.
    #[must_use]
    pub fn target(&self, outcome: usize) -> Target {
        let slot = self.target[outcome] as usize;
        match slot.checked_sub(self.len()) {
            None => Target::State(slot as u32),
            Some(w) => Target::End(Wdl::ALL[w]),
        }
    }

    /// The probability of outcome `outcome`.
    #[must_use]
    pub fn probability(&self, outcome: usize) -> f64 {
        self.prob[outcome]
    }

    /// The probability of outcome `outcome`, exactly.
    #[must_use]
    pub fn probability_exact(&self, outcome: usize) -> Rational {
        let f = self.fraction[outcome];
        Rational::new(i128::from(f.num), i128::from(f.den))
    }
}

/// The reward of an end of the game with value `wdl` for the agent.
#[must_use]
pub fn reward(wdl: Wdl) -> i8 {
    match wdl {
        Wdl::Win => 1,
        Wdl::Draw => 0,
        Wdl::Loss => -1,
    }
}
