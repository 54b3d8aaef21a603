//! The value of every move in a state where the agent moves: as the
//! front ends' [`ActionValue`] triples and as the report's
//! [`FirstDecision`]s.

use gamesolver_games::tictactoe::Board;
use gamesolver_mdp::{ExactSolution, Mdp, MdpError, Rational, StateValues, Target};

use gamesolver_api::mdp::{ActionValue, FirstDecision, MoveValue, Value};

/// A move whose optimal value is within a billionth of the best counts as
/// best.
const BEST_WITHIN: f64 = 1e-9;

/// One action of a state with its optimal value, float and exact.
pub(crate) struct Valued {
    /// The action's global id.
    pub(crate) action: usize,
    /// Its float Q-value.
    pub(crate) float: f64,
    /// Its exact Q-value, when exact values are known.
    pub(crate) exact: Option<Rational>,
}

/// Every action of `state` with its optimal value.
pub(crate) fn valued_actions(
    mdp: &Mdp<Board>,
    optimum: &StateValues,
    exact: Option<&ExactSolution>,
    state: u32,
) -> Result<Vec<Valued>, MdpError> {
    let floats = mdp.q_values(optimum, state);
    let exacts: Vec<Option<Rational>> = match exact {
        Some(e) => mdp
            .q_values_exact(&e.values, state)?
            .into_iter()
            .map(Some)
            .collect(),
        None => vec![None; floats.len()],
    };
    Ok(mdp
        .actions(state)
        .zip(floats)
        .zip(exacts)
        .map(|((action, float), exact)| Valued {
            action,
            float,
            exact,
        })
        .collect())
}

/// The front ends' triples: the move as text, the float, the exact text.
pub(crate) fn action_values(mdp: &Mdp<Board>, valued: &[Valued]) -> Vec<ActionValue> {
    valued
        .iter()
        .map(|v| {
            (
                mdp.action_move(v.action).to_string(),
                v.float,
                v.exact.as_ref().map(ToString::to_string),
            )
        })
        .collect()
}

/// The agent's first states: where the start leads (itself when the agent
/// moves first, the opponent's openings otherwise), with its probability.
pub(crate) fn first_states(mdp: &Mdp<Board>) -> impl Iterator<Item = (u32, Rational)> + '_ {
    mdp.start_outcomes()
        .filter_map(move |k| match mdp.target(k) {
            Target::State(state) => Some((state, mdp.probability_exact(k))),
            _ => None,
        })
}

/// The report's first decisions: every move of every first state, exact
/// when known, with Q-learning's learned values if any.
pub(crate) fn first_decisions(
    mdp: &Mdp<Board>,
    optimum: &StateValues,
    exact: Option<&ExactSolution>,
    learned_q: Option<&[f64]>,
) -> Result<Vec<FirstDecision>, MdpError> {
    first_states(mdp)
        .map(|(state, probability)| {
            let valued = valued_actions(mdp, optimum, exact, state)?;
            let best = valued
                .iter()
                .map(|v| v.float)
                .fold(f64::NEG_INFINITY, f64::max);
            let moves = valued
                .iter()
                .map(|v| {
                    let value = Value::either(v.float, v.exact.as_ref());
                    MoveValue {
                        mv: mdp.action_move(v.action).index(),
                        best: value.value >= best - BEST_WITHIN,
                        value,
                        learned: learned_q.map(|q| q[v.action]),
                    }
                })
                .collect();
            Ok(FirstDecision {
                position: mdp.state(state).to_string(),
                probability: probability.to_string(),
                moves,
            })
        })
        .collect()
}
