//! Tic-tac-toe against a fixed opponent as a Markov decision process, one
//! request in and one serialisable report out, shared by the CLI, the web
//! server and the Python module.
//!
//! ```
//! use gamesolver_engines::mdp_service::{MdpRequest, MdpSession};
//!
//! let request = MdpRequest { exact: true, ..MdpRequest::default() };
//! let session = MdpSession::new(&request).unwrap();
//! // X against a uniformly random O wins with value 0.99... (exact rational).
//! assert!(session.report().optimum > 0.9);
//! let values = session.action_values(".........").unwrap();
//! assert_eq!(values.len(), 9);
//! ```

use std::collections::BTreeMap;

use gamesolver_core::Player;
use gamesolver_games::tictactoe::Board;
use gamesolver_mdp::{
    Discount, ExactSolution, Mdp, Minimax, Policy, QLearningConfig, Rational, StateValues,
    SweepConfig, Target, UniformRandom, to_f64,
};
use serde::{Deserialize, Serialize};

use crate::facade::FacadeError;

/// What to solve. Strings are the CLI's spellings.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct MdpRequest {
    /// `random` | `minimax`.
    pub opponent: String,
    /// `x` | `o`: the side the agent plays.
    pub side: String,
    /// `policy-iteration` | `value-iteration` | `q-learning`.
    pub method: String,
    /// Discount γ in (0, 1] as a decimal or a fraction (None = 1).
    pub gamma: Option<String>,
    /// Also compute exact rational values.
    pub exact: bool,
    /// Q-learning episodes.
    pub episodes: u64,
    /// Q-learning seed.
    pub seed: u64,
}

impl Default for MdpRequest {
    fn default() -> MdpRequest {
        MdpRequest {
            opponent: "random".into(),
            side: "x".into(),
            method: "policy-iteration".into(),
            gamma: None,
            exact: false,
            episodes: 200_000,
            seed: 1,
        }
    }
}

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

/// A solved MDP that answers further questions.
pub struct MdpSession {
    mdp: Mdp<Board>,
    optimum: StateValues,
    exact: Option<ExactSolution>,
    report: MdpReport,
}

/// Any MDP failure as a façade error.
fn failed(error: impl std::fmt::Display) -> FacadeError {
    FacadeError::BadLimit(error.to_string())
}

impl MdpSession {
    /// Builds the MDP of `request` and solves it.
    pub fn new(request: &MdpRequest) -> Result<MdpSession, FacadeError> {
        let agent = match request.side.trim().to_ascii_lowercase().as_str() {
            "x" => Player::First,
            "o" => Player::Second,
            other => return Err(failed(format!("side must be x or o, not {other:?}"))),
        };
        let gamma = match &request.gamma {
            None => Discount::NONE,
            Some(text) => text.parse().map_err(failed)?,
        };
        let mdp = match request.opponent.trim().to_ascii_lowercase().as_str() {
            "random" => Mdp::build(Board::empty(), agent, &UniformRandom, gamma),
            "minimax" => {
                let solution = crate::tictactoe::solve().map_err(failed)?;
                let minimax = Minimax::new(|b: &Board| solution.get(b).map(|s| s.wdl));
                Mdp::build(Board::empty(), agent, &minimax, gamma)
            }
            other => {
                return Err(failed(format!(
                    "opponent must be random or minimax, not {other:?}"
                )));
            }
        }
        .map_err(failed)?;
        let exact = request
            .exact
            .then(|| mdp.solve_exact())
            .transpose()
            .map_err(failed)?;
        let config = SweepConfig::default();
        let (policy, optimum, trace) = solve(&mdp, request, &config)?;
        let mut session = MdpSession {
            report: MdpReport {
                optimum: optimum.start,
                optimum_exact: exact.as_ref().map(|e| e.values.start.to_string()),
                trace,
                first_moves: Vec::new(),
                first_position: String::new(),
                outcome_probabilities: odds(&mdp, &policy)?,
                policy: policy_map(&mdp, &policy),
                states: mdp.len(),
            },
            mdp,
            optimum,
            exact,
        };
        if let Some(state) = session.first_state() {
            session.report.first_position = session.mdp.state(state).to_string();
            session.report.first_moves = session.values_of(state)?;
        }
        Ok(session)
    }

    /// The report.
    #[must_use]
    pub fn report(&self) -> &MdpReport {
        &self.report
    }

    /// The optimal value of every move in `position` (tic-tac-toe text), a
    /// position where the agent is to move.
    pub fn action_values(&self, position: &str) -> Result<Vec<ActionValue>, FacadeError> {
        let board: Board = position
            .parse()
            .map_err(|e| FacadeError::BadPosition(format!("{e}")))?;
        let state = self.mdp.id_of(&board).ok_or_else(|| {
            FacadeError::BadPosition(format!(
                "{board} is not a position where the agent is to move in this model"
            ))
        })?;
        self.values_of(state)
    }

    /// The first state where the agent moves (the start, or the first of
    /// the opponent's openings).
    fn first_state(&self) -> Option<u32> {
        self.mdp
            .start_outcomes()
            .find_map(|k| match self.mdp.target(k) {
                Target::State(state) => Some(state),
                _ => None,
            })
    }

    fn values_of(&self, state: u32) -> Result<Vec<ActionValue>, FacadeError> {
        let floats = self.mdp.q_values(&self.optimum, state);
        let exact: Option<Vec<Rational>> = self
            .exact
            .as_ref()
            .map(|e| self.mdp.q_values_exact(&e.values, state))
            .transpose()
            .map_err(failed)?;
        Ok(self
            .mdp
            .actions(state)
            .enumerate()
            .map(|(i, action)| {
                (
                    self.mdp.action_move(action).to_string(),
                    floats[i],
                    exact.as_ref().map(|e| e[i].to_string()),
                )
            })
            .collect())
    }
}

/// Runs the method: its policy, V* (float) and its trace.
fn solve(
    mdp: &Mdp<Board>,
    request: &MdpRequest,
    config: &SweepConfig,
) -> Result<(Policy, StateValues, Vec<f64>), FacadeError> {
    match request.method.trim().to_ascii_lowercase().as_str() {
        "policy-iteration" => {
            let pi = mdp.policy_iteration(config).map_err(failed)?;
            let trace = pi.rounds.iter().map(|r| r.start_value).collect();
            Ok((pi.policy, pi.values, trace))
        }
        "value-iteration" => {
            let vi = mdp.value_iteration(config).map_err(failed)?;
            let trace = vi.sweeps.iter().map(|s| s.start_value).collect();
            Ok((vi.policy, vi.values, trace))
        }
        "q-learning" => {
            let settings = QLearningConfig {
                episodes: request.episodes,
                seed: request.seed,
                ..QLearningConfig::default()
            };
            let learned = mdp.q_learning(&settings).map_err(failed)?;
            let optimum = mdp.value_iteration(config).map_err(failed)?.values;
            let trace = learned.checkpoints.iter().map(|c| c.estimate).collect();
            Ok((learned.policy, optimum, trace))
        }
        other => Err(failed(format!(
            "method must be policy-iteration, value-iteration or q-learning, not {other:?}"
        ))),
    }
}

fn odds(mdp: &Mdp<Board>, policy: &Policy) -> Result<OutcomeOdds, FacadeError> {
    let p = mdp.outcome_probabilities(policy).map_err(failed)?;
    Ok(OutcomeOdds {
        win: to_f64(&p.win),
        draw: to_f64(&p.draw),
        loss: to_f64(&p.loss),
        win_exact: p.win.to_string(),
        draw_exact: p.draw.to_string(),
        loss_exact: p.loss.to_string(),
    })
}

fn policy_map(mdp: &Mdp<Board>, policy: &Policy) -> BTreeMap<String, String> {
    (0..mdp.len() as u32)
        .map(|state| {
            (
                mdp.state(state).to_string(),
                policy.move_in(mdp, state).to_string(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_against_random_matches_the_cli_numbers() {
        let request = MdpRequest {
            exact: true,
            ..MdpRequest::default()
        };
        let session = MdpSession::new(&request).unwrap();
        let report = session.report();
        let exact = report.optimum_exact.as_deref().unwrap();
        assert!((report.optimum - to_f64(&exact.parse::<Rational>().unwrap())).abs() < 1e-9);
        assert_eq!(report.first_moves.len(), 9);
        assert_eq!(report.policy.len(), report.states);
        let odds = &report.outcome_probabilities;
        assert!((odds.win + odds.draw + odds.loss - 1.0).abs() < 1e-9);
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        for (field, request) in [
            (
                "side",
                MdpRequest {
                    side: "z".into(),
                    ..MdpRequest::default()
                },
            ),
            (
                "opponent",
                MdpRequest {
                    opponent: "genius".into(),
                    ..MdpRequest::default()
                },
            ),
            (
                "method",
                MdpRequest {
                    method: "magic".into(),
                    ..MdpRequest::default()
                },
            ),
        ] {
            let error = MdpSession::new(&request).err().unwrap().to_string();
            assert!(error.contains(field), "{error}");
        }
        let session = MdpSession::new(&MdpRequest::default()).unwrap();
        assert!(session.action_values("X........").is_err());
    }
}
