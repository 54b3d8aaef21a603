//! The short report the web server and the Python module serve
//! ([`MdpReport`]); the whole account is [`super::MdpDetails`].

use std::collections::BTreeMap;

use gamesolver_mdp::{OutcomeProbabilities, to_f64};
use serde::Serialize;

/// One move's value: the move, its float value, its exact value if asked.
pub type ActionValue = (String, f64, Option<String>);

/// How likely each end is under the computed policy, for the agent.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeOdds {
    /// The agent wins.
    pub win: f64,
    /// Draw.
    pub draw: f64,
    /// The agent loses.
    pub loss: f64,
    /// The same as exact fractions.
    pub win_exact: String,
    /// Draw, exact.
    pub draw_exact: String,
    /// Loss, exact.
    pub loss_exact: String,
}

impl OutcomeOdds {
    /// The odds of exact probabilities.
    #[must_use]
    pub fn of(p: &OutcomeProbabilities) -> OutcomeOdds {
        OutcomeOdds {
            win: to_f64(&p.win),
            draw: to_f64(&p.draw),
            loss: to_f64(&p.loss),
            win_exact: p.win.to_string(),
            draw_exact: p.draw.to_string(),
            loss_exact: p.loss.to_string(),
        }
    }
}

/// What the method found.
#[derive(Clone, Debug, Serialize)]
pub struct MdpReport {
    /// V*(start) (float).
    pub optimum: f64,
    /// V*(start) as a fraction (`191/192`), when exact values were asked.
    pub optimum_exact: Option<String>,
    /// The start value per round (policy iteration), sweep (value
    /// iteration) or checkpoint (Q-learning estimate).
    pub trace: Vec<f64>,
    /// The agent's first decision: every move with its optimal value.
    pub first_moves: Vec<ActionValue>,
    /// The position of that first decision.
    pub first_position: String,
    /// The ends of the game under the method's policy.
    pub outcome_probabilities: OutcomeOdds,
    /// The method's policy: position text → move, for every agent state.
    pub policy: BTreeMap<String, String>,
    /// States of the model.
    pub states: usize,
}
