//! Capability: the game against a fixed opponent as a Markov decision
//! process. One request in ([`MdpRequest`], [`MdpSettings`]), one solved
//! problem out ([`MdpSolved`]): its short report ([`MdpReport`], the web's
//! and Python's), its whole account ([`MdpDetails`], the CLI's) and the
//! optimal value of every move of a position. The front ends only parse
//! their arguments and format these.

mod details;
mod report;

use gamesolver_mdp::SweepConfig;
use serde::{Deserialize, Serialize};

pub use details::{
    FirstDecision, LearningRow, LearningSummary, MdpDetails, ModelSummary, MoveValue, OutcomeRow,
    PolicyRoundRow, SimulationSummary, Trace, Value, ValueSweepRow, outcome_rows,
};
pub use report::{ActionValue, MdpReport, OutcomeOdds};

use crate::FacadeError;

/// Capability: a game's MDP model (the game with its opponent models).
pub trait MdpModel: Send + Sync {
    /// Builds the MDP of `request` and solves it with `settings`.
    fn solve(
        &self,
        request: &MdpRequest,
        settings: &MdpSettings,
    ) -> Result<Box<dyn MdpSolved>, FacadeError>;
}

/// A solved MDP that answers further questions.
pub trait MdpSolved: Send + Sync {
    /// The short report.
    fn report(&self) -> &MdpReport;
    /// Everything the run found.
    fn details(&self) -> &MdpDetails;
    /// The optimal value of every move in `position` (the game's text), a
    /// position where the agent is to move; exact when exact values were
    /// asked for.
    fn action_values(&self, position: &str) -> Result<Vec<ActionValue>, FacadeError>;
}

/// The most games a simulation plays: a billion games of a few
/// microseconds each take minutes, not days.
pub const MAX_SIMULATED_GAMES: u64 = 1_000_000_000;

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
    /// Seed of Q-learning and of the simulation.
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

/// Settings beyond the request: how policy and value iteration sweep, and
/// whether to play games with the policy found. The CLI sets them; the web
/// server and the Python module use the defaults.
#[derive(Clone, Copy, Debug, Default)]
pub struct MdpSettings {
    /// Tolerance, order and limits of the sweeps.
    pub sweeps: SweepConfig,
    /// Play this many games (1..=[`MAX_SIMULATED_GAMES`]) with the policy
    /// against the opponent model, seeded by the request's seed.
    pub simulate: Option<u64>,
}

impl MdpSettings {
    /// Refuses settings that make no sense, saying which.
    pub fn check(&self) -> Result<(), FacadeError> {
        self.sweeps.validate().map_err(failed)?;
        match self.simulate {
            Some(games) if !(1..=MAX_SIMULATED_GAMES).contains(&games) => Err(failed(format!(
                "simulate between 1 and {MAX_SIMULATED_GAMES} games, not {games}"
            ))),
            _ => Ok(()),
        }
    }
}

/// Any MDP failure as a façade error.
pub fn failed(error: impl std::fmt::Display) -> FacadeError {
    FacadeError::BadLimit(error.to_string())
}
