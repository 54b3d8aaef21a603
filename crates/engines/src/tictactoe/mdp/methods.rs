//! The three solution methods, each with its trace: policy iteration,
//! value iteration and Q-learning.

use std::time::Instant;

use gamesolver_games::tictactoe::Board;
use gamesolver_mdp::{Mdp, MdpError, Policy, QLearningConfig, StateValues, SweepConfig};

use gamesolver_api::mdp::{
    LearningRow, LearningSummary, PolicyRoundRow, Trace, Value, ValueSweepRow,
};

/// How to solve the MDP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Method {
    /// Evaluate, improve greedily, until no state changes.
    PolicyIteration,
    /// Bellman optimality sweeps until nothing changes.
    ValueIteration,
    /// Model-free learning from sampled games.
    QLearning,
}

impl Method {
    /// The method named `text` (the CLI's spelling, any case).
    pub(crate) fn parse(text: &str) -> Option<Method> {
        match text.trim().to_ascii_lowercase().as_str() {
            "policy-iteration" => Some(Method::PolicyIteration),
            "value-iteration" => Some(Method::ValueIteration),
            "q-learning" => Some(Method::QLearning),
            _ => None,
        }
    }
}

/// What a method produced.
pub(crate) struct Solved {
    /// Its trace, for the report.
    pub(crate) trace: Trace,
    /// V(start) per round, sweep or checkpoint, as floats.
    pub(crate) start_values: Vec<f64>,
    /// The policy it found.
    pub(crate) policy: Policy,
    /// The optimal values (float).
    pub(crate) optimum: StateValues,
    /// Q-learning's Q-value per action.
    pub(crate) learned_q: Option<Vec<f64>>,
}

/// Runs `method`; Q-learning takes its episodes and seed from `learning`.
/// With `exact`, every policy-iteration round is also valued exactly.
pub(crate) fn run(
    mdp: &Mdp<Board>,
    method: Method,
    learning: QLearningConfig,
    sweeps: &SweepConfig,
    exact: bool,
) -> Result<Solved, MdpError> {
    match method {
        Method::PolicyIteration => policy_iteration(mdp, sweeps, exact),
        Method::ValueIteration => value_iteration(mdp, sweeps),
        Method::QLearning => q_learning(mdp, learning, sweeps),
    }
}

fn policy_iteration(
    mdp: &Mdp<Board>,
    sweeps: &SweepConfig,
    exact: bool,
) -> Result<Solved, MdpError> {
    let pi = mdp.policy_iteration(sweeps)?;
    let mut rows = Vec::with_capacity(pi.rounds.len());
    for (i, round) in pi.rounds.iter().enumerate() {
        let exact_value = exact
            .then(|| mdp.evaluate_exact(&round.policy))
            .transpose()?;
        rows.push(PolicyRoundRow {
            round: i + 1,
            sweeps: round.sweeps,
            start_value: Value::either(round.start_value, exact_value.as_ref().map(|v| &v.start)),
            changed: round.changed,
        });
    }
    Ok(Solved {
        start_values: pi.rounds.iter().map(|r| r.start_value).collect(),
        trace: Trace::PolicyIteration(rows),
        policy: pi.policy,
        optimum: pi.values,
        learned_q: None,
    })
}

fn value_iteration(mdp: &Mdp<Board>, sweeps: &SweepConfig) -> Result<Solved, MdpError> {
    let vi = mdp.value_iteration(sweeps)?;
    let rows = vi
        .sweeps
        .iter()
        .enumerate()
        .map(|(i, s)| ValueSweepRow {
            sweep: i + 1,
            start_value: s.start_value,
            max_change: s.max_change,
        })
        .collect();
    Ok(Solved {
        start_values: vi.sweeps.iter().map(|s| s.start_value).collect(),
        trace: Trace::ValueIteration(rows),
        policy: vi.policy,
        optimum: vi.values,
        learned_q: None,
    })
}

/// Q-learning; the optimum it is compared with comes from value iteration.
fn q_learning(
    mdp: &Mdp<Board>,
    settings: QLearningConfig,
    sweeps: &SweepConfig,
) -> Result<Solved, MdpError> {
    let started = Instant::now();
    let learned = mdp.q_learning(&settings)?;
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let optimum = mdp.value_iteration(sweeps)?.values;
    let curve = learned
        .checkpoints
        .iter()
        .map(|c| LearningRow {
            episodes: c.episodes,
            estimate: c.estimate,
            greedy_value: c.greedy_value,
        })
        .collect();
    Ok(Solved {
        start_values: learned.checkpoints.iter().map(|c| c.estimate).collect(),
        trace: Trace::QLearning(LearningSummary {
            episodes: settings.episodes,
            seed: settings.seed,
            epsilon: (settings.epsilon_start, settings.epsilon_end),
            alpha_exponent: settings.alpha_exponent,
            curve,
            estimate: learned.estimate,
            episodes_per_second: settings.episodes as f64 / seconds,
        }),
        policy: learned.policy,
        optimum,
        learned_q: Some(learned.q),
    })
}
