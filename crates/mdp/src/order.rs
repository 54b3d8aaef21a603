//! Topological order of the state graph, and renumbering the MDP by it.

use gamesolver_core::Game;

use crate::Mdp;

/// The state ids in an order where every transition leads to a later state,
/// or `None` if some state lies on a cycle. The current order when it
/// already is one (as breadth-first discovery is in games whose positions
/// all lie a fixed number of moves from the start); otherwise Kahn's
/// algorithm.
pub(crate) fn topological_order<G: Game>(mdp: &Mdp<G>) -> Option<Vec<u32>> {
    let n = mdp.len();
    if is_increasing(mdp) {
        return Some((0..n as u32).collect());
    }
    let mut parents = vec![0u32; n];
    for_each_successor(mdp, |next| parents[next as usize] += 1);
    let mut order: Vec<u32> = (0..n as u32)
        .filter(|&s| parents[s as usize] == 0)
        .collect();
    let mut next = 0;
    while next < order.len() {
        let state = order[next];
        for action in mdp.actions(state) {
            for outcome in mdp.outcomes(action) {
                let t = mdp.target[outcome] as usize;
                if t < n {
                    parents[t] -= 1;
                    if parents[t] == 0 {
                        order.push(t as u32);
                    }
                }
            }
        }
        next += 1;
    }
    (order.len() == n).then_some(order)
}

/// Whether every transition between states leads to a larger id.
fn is_increasing<G: Game>(mdp: &Mdp<G>) -> bool {
    let n = mdp.len();
    (0..n as u32).all(|s| {
        let outcomes = mdp.outcome_start[mdp.action_start[s as usize] as usize] as usize
            ..mdp.outcome_start[mdp.action_start[s as usize + 1] as usize] as usize;
        mdp.target[outcomes].iter().all(|&t| t > s)
    })
}

/// Calls `f(next)` for every transition from a state to a state.
fn for_each_successor<G: Game>(mdp: &Mdp<G>, mut f: impl FnMut(u32)) {
    let n = mdp.len();
    for state in 0..n as u32 {
        for action in mdp.actions(state) {
            for outcome in mdp.outcomes(action) {
                let t = mdp.target[outcome];
                if (t as usize) < n {
                    f(t);
                }
            }
        }
    }
}

impl<G: Game> Mdp<G> {
    /// Gives state `order[i]` the id `i`, moving its actions and outcomes.
    pub(crate) fn renumber(&mut self, order: &[u32]) {
        if order.iter().enumerate().all(|(i, &s)| i == s as usize) {
            return;
        }
        let n = self.len();
        let mut new_id = vec![0u32; n];
        for (i, &s) in order.iter().enumerate() {
            new_id[s as usize] = i as u32;
        }
        let remap = |t: u32| {
            if (t as usize) < n {
                new_id[t as usize]
            } else {
                t
            }
        };
        let mut copy = Layout::default();
        for &s in order {
            for action in self.actions(s) {
                copy.push_distribution(self, action, remap);
                copy.moves.push(self.moves[action]);
            }
            copy.action_start.push(copy.moves.len() as u32);
        }
        copy.push_distribution(self, self.moves.len(), remap);
        self.states = order
            .iter()
            .map(|&s| self.states[s as usize].clone())
            .collect();
        for id in self.ids.values_mut() {
            *id = new_id[*id as usize];
        }
        copy.install(self);
    }
}

/// The flat arrays of an MDP, rebuilt in a new state order.
struct Layout<M> {
    action_start: Vec<u32>,
    moves: Vec<M>,
    outcome_start: Vec<u32>,
    target: Vec<u32>,
    prob: Vec<f64>,
    fraction: Vec<crate::build::Fraction>,
}

impl<M> Default for Layout<M> {
    fn default() -> Self {
        Layout {
            action_start: vec![0],
            moves: Vec::new(),
            outcome_start: vec![0],
            target: Vec::new(),
            prob: Vec::new(),
            fraction: Vec::new(),
        }
    }
}

impl<M> Layout<M> {
    /// Copies distribution `d` of `mdp`, its targets renamed by `remap`.
    fn push_distribution<G: Game<Move = M>>(
        &mut self,
        mdp: &Mdp<G>,
        d: usize,
        remap: impl Fn(u32) -> u32,
    ) {
        for k in mdp.outcomes(d) {
            self.target.push(remap(mdp.target[k]));
            self.prob.push(mdp.prob[k]);
            self.fraction.push(mdp.fraction[k]);
        }
        self.outcome_start.push(self.target.len() as u32);
    }

    fn install<G: Game<Move = M>>(self, mdp: &mut Mdp<G>) {
        mdp.action_start = self.action_start;
        mdp.moves = self.moves;
        mdp.outcome_start = self.outcome_start;
        mdp.target = self.target;
        mdp.prob = self.prob;
        mdp.fraction = self.fraction;
    }
}
