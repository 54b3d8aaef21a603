//! What `gamesolver mdp` reports, as data (serialised for `--json`) and as
//! text (see [`text`]).

mod text;

use gamesolver_mdp::{Interval, OutcomeProbabilities, Rational, Tally, to_f64};
use serde::Serialize;

/// A value as a float, and exactly when known.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Value {
    pub(crate) value: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) exact: Option<String>,
}

impl Value {
    /// A float value with no exact counterpart.
    pub(crate) fn float(value: f64) -> Value {
        Value { value, exact: None }
    }

    /// An exact value (and its float).
    pub(crate) fn exact(value: &Rational) -> Value {
        Value {
            value: to_f64(value),
            exact: Some(value.to_string()),
        }
    }

    /// The exact value if there is one, else the float.
    pub(crate) fn either(float: f64, exact: Option<&Rational>) -> Value {
        exact.map_or_else(|| Value::float(float), Value::exact)
    }
}

/// The MDP that was built.
#[derive(Debug, Serialize)]
pub(crate) struct ModelSummary {
    pub(crate) game: &'static str,
    pub(crate) agent: &'static str,
    pub(crate) opponent: String,
    pub(crate) gamma: String,
    pub(crate) states: usize,
    pub(crate) actions: usize,
    pub(crate) transitions: usize,
    pub(crate) build_ms: f64,
}

/// One round of policy iteration.
#[derive(Debug, Serialize)]
pub(crate) struct PolicyRoundRow {
    pub(crate) round: usize,
    pub(crate) sweeps: u32,
    pub(crate) start_value: Value,
    pub(crate) changed: usize,
}

/// One sweep of value iteration.
#[derive(Debug, Serialize)]
pub(crate) struct ValueSweepRow {
    pub(crate) sweep: usize,
    pub(crate) start_value: f64,
    pub(crate) max_change: f64,
}

/// One point of the Q-learning curve.
#[derive(Debug, Serialize)]
pub(crate) struct LearningRow {
    pub(crate) episodes: u64,
    pub(crate) estimate: f64,
    pub(crate) greedy_value: Option<f64>,
}

/// The Q-learning run.
#[derive(Debug, Serialize)]
pub(crate) struct LearningSummary {
    pub(crate) episodes: u64,
    pub(crate) seed: u64,
    pub(crate) epsilon: (f64, f64),
    pub(crate) alpha_exponent: f64,
    pub(crate) curve: Vec<LearningRow>,
    pub(crate) estimate: f64,
    pub(crate) episodes_per_second: f64,
}

/// The trace of the method that was run.
#[derive(Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "method", content = "trace")]
pub(crate) enum Trace {
    PolicyIteration(Vec<PolicyRoundRow>),
    ValueIteration(Vec<ValueSweepRow>),
    QLearning(LearningSummary),
}

/// One move of a first decision, with its optimal value.
#[derive(Debug, Serialize)]
pub(crate) struct MoveValue {
    #[serde(rename = "move")]
    pub(crate) mv: u8,
    pub(crate) value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) learned: Option<f64>,
    pub(crate) best: bool,
}

/// The agent's first decision: after the opponent's opening when the agent
/// plays second.
#[derive(Debug, Serialize)]
pub(crate) struct FirstDecision {
    pub(crate) position: String,
    pub(crate) probability: String,
    pub(crate) moves: Vec<MoveValue>,
}

/// One end of the game: how often it came out in simulation, and its exact
/// probability.
#[derive(Debug, Serialize)]
pub(crate) struct OutcomeRow {
    pub(crate) outcome: &'static str,
    pub(crate) probability: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) games: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) share: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ci95: Option<(f64, f64)>,
}

/// The simulation settings.
#[derive(Debug, Serialize)]
pub(crate) struct SimulationSummary {
    pub(crate) games: u64,
    pub(crate) seed: u64,
}

/// Everything `gamesolver mdp` reports.
#[derive(Debug, Serialize)]
pub(crate) struct Report {
    pub(crate) model: ModelSummary,
    #[serde(flatten)]
    pub(crate) trace: Trace,
    pub(crate) solve_ms: f64,
    /// The value of the start under the policy the method produced.
    pub(crate) policy_value: Value,
    /// The optimal value of the start.
    pub(crate) optimum: Value,
    pub(crate) first_moves: Vec<FirstDecision>,
    pub(crate) outcomes: Vec<OutcomeRow>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) simulation: Option<SimulationSummary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) plot: Option<String>,
}

/// The outcome rows: exact probabilities, with simulated counts if any.
pub(crate) fn outcome_rows(exact: &OutcomeProbabilities, tally: Option<&Tally>) -> Vec<OutcomeRow> {
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
