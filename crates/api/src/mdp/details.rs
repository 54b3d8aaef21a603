//! The whole account of one MDP run ([`MdpDetails`]): the model, the
//! method's trace, the values of the start and of the first moves, the
//! ends of the game (exact, and simulated when asked), the times. The
//! CLI prints it as text or JSON; the web server and the Python module can
//! read it from [`super::MdpSolved::details`].

use gamesolver_mdp::{Interval, OutcomeProbabilities, Rational, Tally, to_f64};
use serde::Serialize;

/// A value as a float, and exactly when known.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Value {
    /// The value (the exact value's nearest float when there is one).
    pub value: f64,
    /// The exact value as a fraction (`191/192`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
}

impl Value {
    /// A float value with no exact counterpart.
    #[must_use]
    pub fn float(value: f64) -> Value {
        Value { value, exact: None }
    }

    /// An exact value (and its float).
    #[must_use]
    pub fn exact(value: &Rational) -> Value {
        Value {
            value: to_f64(value),
            exact: Some(value.to_string()),
        }
    }

    /// The exact value if there is one, else the float.
    #[must_use]
    pub fn either(float: f64, exact: Option<&Rational>) -> Value {
        exact.map_or_else(|| Value::float(float), Value::exact)
    }
}

/// The MDP that was built.
#[derive(Clone, Debug, Serialize)]
pub struct ModelSummary {
    /// The game (`tictactoe`).
    pub game: &'static str,
    /// The agent's side: `X` or `O`.
    pub agent: &'static str,
    /// The opponent model's name (`random`, `minimax`).
    pub opponent: String,
    /// The discount γ as text (`1`, `9/10`).
    pub gamma: String,
    /// States: unfinished positions with the agent to move.
    pub states: usize,
    /// Actions over all states.
    pub actions: usize,
    /// Transitions over all actions.
    pub transitions: usize,
    /// Milliseconds the construction took (wall clock).
    pub build_ms: f64,
}

/// One round of policy iteration.
#[derive(Clone, Debug, Serialize)]
pub struct PolicyRoundRow {
    /// The round, from 1.
    pub round: usize,
    /// Evaluation sweeps of the round.
    pub sweeps: u32,
    /// V(start) under the round's policy (exact when exact values are on).
    pub start_value: Value,
    /// States whose move the improvement changed.
    pub changed: usize,
}

/// One sweep of value iteration.
#[derive(Clone, Debug, Serialize)]
pub struct ValueSweepRow {
    /// The sweep, from 1.
    pub sweep: usize,
    /// V(start) after the sweep.
    pub start_value: f64,
    /// The largest change of a value in the sweep.
    pub max_change: f64,
}

/// One point of the Q-learning curve.
#[derive(Clone, Debug, Serialize)]
pub struct LearningRow {
    /// Episodes played so far.
    pub episodes: u64,
    /// The learner's own estimate of V(start).
    pub estimate: f64,
    /// The true value of its greedy policy, when the evaluation converged.
    pub greedy_value: Option<f64>,
}

/// The Q-learning run.
#[derive(Clone, Debug, Serialize)]
pub struct LearningSummary {
    /// Episodes played.
    pub episodes: u64,
    /// The seed.
    pub seed: u64,
    /// Exploration rate at the first and at the last episode.
    pub epsilon: (f64, f64),
    /// The learning rate is `n^-ω` with this ω.
    pub alpha_exponent: f64,
    /// The learning curve.
    pub curve: Vec<LearningRow>,
    /// The final estimate of V(start).
    pub estimate: f64,
    /// Episodes per second (wall clock).
    pub episodes_per_second: f64,
}

/// The trace of the method that was run.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "method", content = "trace")]
pub enum Trace {
    /// Policy iteration's rounds.
    PolicyIteration(Vec<PolicyRoundRow>),
    /// Value iteration's sweeps.
    ValueIteration(Vec<ValueSweepRow>),
    /// Q-learning's curve and settings.
    QLearning(LearningSummary),
}

/// One move of a first decision, with its optimal value.
#[derive(Clone, Debug, Serialize)]
pub struct MoveValue {
    /// The move's number (tic-tac-toe: its cell, 0..8).
    #[serde(rename = "move")]
    pub mv: u8,
    /// Its optimal value (playing it, then optimally).
    pub value: Value,
    /// Q-learning's learned Q-value of the move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub learned: Option<f64>,
    /// Whether it is among the best moves.
    pub best: bool,
}

/// The agent's first decision: after the opponent's opening when the agent
/// plays second.
#[derive(Clone, Debug, Serialize)]
pub struct FirstDecision {
    /// The position (tic-tac-toe text).
    pub position: String,
    /// How likely the start leads here, as a fraction.
    pub probability: String,
    /// Every legal move with its value.
    pub moves: Vec<MoveValue>,
}

/// One end of the game: its exact probability, and how often it came out
/// in simulation.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeRow {
    /// `win`, `draw` or `loss` (for the agent).
    pub outcome: &'static str,
    /// The exact probability under the method's policy.
    pub probability: Value,
    /// Simulated games that ended so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
    /// Their share of the simulated games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share: Option<f64>,
    /// The 95% Wilson interval of that share.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ci95: Option<(f64, f64)>,
}

/// The simulation settings.
#[derive(Clone, Debug, Serialize)]
pub struct SimulationSummary {
    /// Games played.
    pub games: u64,
    /// Their seed.
    pub seed: u64,
}

/// Everything one run found (see the module documentation).
#[derive(Clone, Debug, Serialize)]
pub struct MdpDetails {
    /// The model.
    pub model: ModelSummary,
    /// The method and its trace.
    #[serde(flatten)]
    pub trace: Trace,
    /// Milliseconds the exact solution and the method took (wall clock).
    pub solve_ms: f64,
    /// The value of the start under the policy the method produced.
    pub policy_value: Value,
    /// The optimal value of the start.
    pub optimum: Value,
    /// The agent's first decisions (one per opening of the opponent when
    /// the agent plays second).
    pub first_moves: Vec<FirstDecision>,
    /// The ends of the game under the method's policy.
    pub outcomes: Vec<OutcomeRow>,
    /// The simulation, when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub simulation: Option<SimulationSummary>,
}

/// The outcome rows: exact probabilities, with simulated counts if any.
#[must_use]
pub fn outcome_rows(exact: &OutcomeProbabilities, tally: Option<&Tally>) -> Vec<OutcomeRow> {
    let rows = [
        ("win", exact.win, tally.map(|t| t.win)),
        ("draw", exact.draw, tally.map(|t| t.draw)),
        ("loss", exact.loss, tally.map(|t| t.loss)),
    ];
    let games = tally.map_or(0, Tally::total);
    rows.into_iter()
        .map(|(outcome, p, count)| OutcomeRow {
            outcome,
            probability: Value::exact(&p),
            games: count,
            share: count.map(|c| c as f64 / games.max(1) as f64),
            ci95: count.map(|c| {
                let i = Interval::wilson95(c, games);
                (i.low, i.high)
            }),
        })
        .collect()
}
