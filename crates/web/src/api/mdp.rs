//! `POST /api/mdp/solve` and `POST /api/mdp/values`: a game against a
//! fixed opponent as a Markov decision process (the MDP capability of its
//! declaration; tic-tac-toe's among the built-in games).

use axum::Json;
use axum::extract::State;
use std::sync::Arc;

use gamesolver_api::mdp::{MdpReport, MdpRequest, MdpSettings, MdpSolved};
use gamesolver_api::{FacadeError, GameDef};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::blocking;
use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiJson;
use crate::state::AppState;

/// The most Q-learning episodes one request may ask for.
pub const MAX_EPISODES: u64 = 200_000;

/// The fixed opponent.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// Picks uniformly among its legal moves.
    Random,
    /// Plays a perfect move, uniformly among the tied best.
    Minimax,
}

/// The agent's mark.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The agent plays X (moves first).
    X,
    /// The agent plays O.
    O,
}

/// The planning method.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Policy iteration (exact evaluation, greedy improvement).
    PolicyIteration,
    /// Value iteration (Bellman sweeps).
    ValueIteration,
    /// Tabular Q-learning from simulated episodes.
    QLearning,
}

impl Method {
    fn name(self) -> &'static str {
        match self {
            Method::PolicyIteration => "policy-iteration",
            Method::ValueIteration => "value-iteration",
            Method::QLearning => "q-learning",
        }
    }
}

/// The problem and how to solve it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct MdpSolveRequest {
    /// The game (one with an MDP model); absent = the first registered
    /// game that has one.
    #[serde(default)]
    pub game: Option<String>,
    /// The opponent's model.
    pub opponent: Opponent,
    /// The agent's mark.
    pub side: Mark,
    /// The planning method.
    pub method: Method,
    /// Exact rational arithmetic (fractions such as `191/192`); default true.
    #[serde(default = "exact_by_default")]
    pub exact: bool,
    /// Discount factor as a decimal or fraction (default 1).
    #[serde(default)]
    pub gamma: Option<String>,
    /// Q-learning episodes (at most 200000).
    #[serde(default)]
    pub episodes: Option<u64>,
    /// Seed for Q-learning.
    #[serde(default)]
    pub seed: Option<u64>,
}

fn exact_by_default() -> bool {
    true
}

/// One move's value for the agent.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct ActionValue {
    /// The move (cell 0..8).
    #[serde(rename = "move")]
    pub mv: String,
    /// Expected reward (win 1, draw 0, loss −1) of playing it, then the policy.
    pub value: f64,
    /// The same as an exact fraction, when computed exactly.
    pub exact: Option<String>,
}

/// Exact outcome probabilities of the policy against the opponent.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct OutcomeOdds {
    /// Probability that the agent wins.
    pub win: f64,
    /// Probability of a draw.
    pub draw: f64,
    /// Probability that the agent loses.
    pub loss: f64,
    /// The win probability as a fraction.
    pub win_exact: Option<String>,
    /// The draw probability as a fraction.
    pub draw_exact: Option<String>,
    /// The loss probability as a fraction.
    pub loss_exact: Option<String>,
}

/// The solution: optimum, trace, first moves, outcome probabilities.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct MdpView {
    /// V(start) of the policy found.
    pub optimum: f64,
    /// The same as a fraction (exact methods).
    pub optimum_exact: Option<String>,
    /// V(start) per round (policy iteration), per sweep (value iteration)
    /// or per batch of episodes (Q-learning).
    pub trace: Vec<f64>,
    /// What one trace point is: `round`, `sweep` or `batch`.
    pub trace_unit: String,
    /// Every first move's value (from the agent's first position).
    pub first_moves: Vec<ActionValue>,
    /// Outcome probabilities of the policy.
    pub outcome: OutcomeOdds,
}

/// A position and the problem it is taken in.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct MdpValuesRequest {
    /// The problem.
    #[serde(flatten)]
    pub problem: MdpSolveRequest,
    /// A tic-tac-toe position with the agent to move.
    pub position: String,
}

/// Every move's value in one position, and the optimal moves.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct MdpValuesView {
    /// The position.
    pub position: String,
    /// The optimal moves (all ties).
    pub best: Vec<String>,
    /// Every legal move's value, in cell order.
    pub values: Vec<ActionValue>,
}

impl MdpSolveRequest {
    fn to_service(&self) -> Result<MdpRequest, ApiError> {
        if let Some(episodes) = self.episodes
            && !(1..=MAX_EPISODES).contains(&episodes)
        {
            return Err(ApiError::bad_request(
                "bad_limit",
                format!("episodes {episodes} is outside 1..={MAX_EPISODES}"),
            ));
        }
        let defaults = MdpRequest::default();
        Ok(MdpRequest {
            opponent: match self.opponent {
                Opponent::Random => "random",
                Opponent::Minimax => "minimax",
            }
            .into(),
            side: match self.side {
                Mark::X => "x",
                Mark::O => "o",
            }
            .into(),
            method: self.method.name().into(),
            gamma: self.gamma.clone(),
            exact: self.exact,
            episodes: self.episodes.unwrap_or(defaults.episodes.min(MAX_EPISODES)),
            seed: self.seed.unwrap_or(defaults.seed),
        })
    }
}

/// The game `name` of the served registry (the first with an MDP model
/// when absent), refused if it has no MDP model.
fn modelled_game(app: &AppState, name: Option<&str>) -> Result<Arc<dyn GameDef>, ApiError> {
    let registry = app.registry();
    let name = match name {
        Some(name) => name,
        None => registry
            .games()
            .find(|game| game.mdp().is_some())
            .map(|game| game.info().name)
            .ok_or_else(|| ApiError::bad_request("unsupported", "no game has an MDP model"))?,
    };
    let game = registry.shared(name)?;
    if game.mdp().is_none() {
        return Err(FacadeError::Unsupported {
            game: game.info().name,
            what: "MDP model",
        }
        .into());
    }
    Ok(game)
}

/// The solved session of `request` for the game `name`: from the cache, or
/// solved now in a search slot.
async fn session(
    app: &AppState,
    name: Option<&str>,
    request: MdpRequest,
) -> Result<Arc<dyn MdpSolved>, ApiError> {
    let game = modelled_game(app, name)?;
    let key = (game.info().name, request.clone());
    if let Some(session) = app.mdp_cache().get(&key) {
        return Ok(session);
    }
    let _slot = app.gate().enter().await?;
    let session = blocking(move || {
        let model = game
            .mdp()
            .ok_or_else(|| ApiError::bad_request("unsupported", "the game has no MDP model"))?;
        Ok(Arc::from(model.solve(&request, &MdpSettings::default())?))
    })
    .await?;
    app.mdp_cache().put(&key, Arc::clone(&session));
    Ok(session)
}

fn action_value((mv, value, exact): (String, f64, Option<String>)) -> ActionValue {
    ActionValue { mv, value, exact }
}

fn view(report: &MdpReport, method: Method) -> MdpView {
    let odds = &report.outcome_probabilities;
    MdpView {
        optimum: report.optimum,
        optimum_exact: report.optimum_exact.clone(),
        trace: report.trace.clone(),
        trace_unit: match method {
            Method::PolicyIteration => "round",
            Method::ValueIteration => "sweep",
            Method::QLearning => "batch",
        }
        .into(),
        first_moves: report
            .first_moves
            .iter()
            .cloned()
            .map(action_value)
            .collect(),
        outcome: OutcomeOdds {
            win: odds.win,
            draw: odds.draw,
            loss: odds.loss,
            win_exact: Some(odds.win_exact.clone()),
            draw_exact: Some(odds.draw_exact.clone()),
            loss_exact: Some(odds.loss_exact.clone()),
        },
    }
}

/// The moves of highest value (ties by exact value when there is one).
fn best_moves(values: &[ActionValue]) -> Vec<String> {
    let Some(top) = values.iter().max_by(|a, b| a.value.total_cmp(&b.value)) else {
        return Vec::new();
    };
    let tied = |v: &ActionValue| match (&v.exact, &top.exact) {
        (Some(exact), Some(top_exact)) => exact == top_exact,
        _ => (v.value - top.value).abs() <= 1e-12,
    };
    values
        .iter()
        .filter(|v| tied(v))
        .map(|v| v.mv.clone())
        .collect()
}

/// Solves the problem: optimum, trace, first moves, outcome probabilities.
#[utoipa::path(post, path = "/api/mdp/solve", tag = "mdp", request_body = MdpSolveRequest,
    responses((status = 200, body = MdpView),
              (status = 400, description = "Unknown opponent, side or method; bad gamma or episodes", body = ErrorBody),
              (status = 503, description = "Too many computations; see Retry-After", body = ErrorBody)))]
pub async fn solve(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<MdpSolveRequest>,
) -> Result<Json<MdpView>, ApiError> {
    let session = session(&app, request.game.as_deref(), request.to_service()?).await?;
    Ok(Json(view(session.report(), request.method)))
}

/// Every move's value in a position with the agent to move, and the best.
#[utoipa::path(post, path = "/api/mdp/values", tag = "mdp", request_body = MdpValuesRequest,
    responses((status = 200, body = MdpValuesView),
              (status = 400, description = "Bad position (or not the agent's turn), bad problem", body = ErrorBody),
              (status = 503, description = "Too many computations; see Retry-After", body = ErrorBody)))]
pub async fn values(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<MdpValuesRequest>,
) -> Result<Json<MdpValuesView>, ApiError> {
    let problem = &request.problem;
    let session = session(&app, problem.game.as_deref(), problem.to_service()?).await?;
    let values: Vec<ActionValue> = session
        .action_values(&request.position)?
        .into_iter()
        .map(action_value)
        .collect();
    let best = best_moves(&values);
    Ok(Json(MdpValuesView {
        position: request.position,
        best,
        values,
    }))
}
