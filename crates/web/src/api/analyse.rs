//! `POST /api/analyse` and `POST /api/engine-move`: an engine searches the
//! position within the request's limits (capped at 2 s), through the search
//! gate.

use axum::Json;
use axum::extract::State;
use gamesolver_api::{EngineSpec, SearchLimits, SearchReport};
use serde::{Deserialize, Serialize};
use tokio::sync::{OwnedSemaphorePermit, mpsc};
use utoipa::ToSchema;

use super::position_view::PositionView;
use crate::engine_options::{self, EngineOptions};
use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiJson;
use crate::limits::LimitsRequest;
use crate::replay::{PositionRequest, Replayed};
use crate::search_task::{self, SearchJob};
use crate::state::AppState;

/// The transposition table of a request's engine, in MiB: a search lasts at
/// most 2 s, and a fresh table is allocated (and cleared) for every request.
const HASH_MB: usize = 16;

/// A position to search, the engine and the limits.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct AnalyseRequest {
    /// The position.
    #[serde(flatten)]
    pub position: PositionRequest,
    /// The engine kind (`alphabeta`, `mcts`; the game's default when absent).
    #[serde(default)]
    pub engine: Option<String>,
    /// The limits (at most 2000 ms).
    #[serde(flatten)]
    pub limits: LimitsRequest,
    /// Seed of a randomised engine (MCTS).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Further options of the game's engine by name (any case), e.g.
    /// `{"FreeChoice": 120}`: `GET /api/games/{game}/options` lists them;
    /// an unknown name or a value out of range is a 400 `bad_option`.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub options: EngineOptions,
}

/// The engine's move and the position after it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EngineMoveView {
    /// The search that chose the move.
    pub report: SearchReport,
    /// The position after the move.
    pub position: PositionView,
}

/// A validated search, ready to run once a slot is free.
pub struct PreparedSearch {
    replayed: Replayed,
    spec: EngineSpec,
    limits: SearchLimits,
}

impl PreparedSearch {
    /// Checks the position and limits (fails fast, before queueing).
    pub fn new(app: &AppState, request: &AnalyseRequest) -> Result<PreparedSearch, ApiError> {
        let limits = request.limits.validate()?;
        let replayed = request.position.replay(app.registry())?;
        if replayed.state.is_terminal() {
            return Err(ApiError::bad_request(
                "game_over",
                "the game is over: there is nothing to search",
            ));
        }
        let tablebase = app
            .tablebase_for(replayed.state.game())
            .filter(|table| table.oracle.rules() == replayed.state.rules())
            .map(|table| table.dir.clone());
        let spec = EngineSpec {
            kind: request.engine.clone().filter(|kind| !kind.is_empty()),
            rules: Some(replayed.state.rules().to_string()),
            seed: request.seed,
            tablebase,
            hash_mb: Some(HASH_MB),
            options: engine_options::as_texts(&request.options),
        };
        // Refused now, before the request waits for a search slot (the
        // server's own tables, opened already, are left to the search,
        // whose errors name a damaged file).
        let checked = EngineSpec {
            tablebase: None,
            ..spec.clone()
        };
        gamesolver_api::check_spec(replayed.game.as_ref(), &checked)?;
        Ok(PreparedSearch {
            replayed,
            spec,
            limits,
        })
    }

    /// Runs the search in the slot `permit` holds; progress reports go to
    /// `progress`. Returns the position searched and the final report.
    pub async fn run(
        self,
        permit: OwnedSemaphorePermit,
        progress: Option<mpsc::Sender<SearchReport>>,
    ) -> Result<(Replayed, SearchReport), ApiError> {
        let _slot = permit;
        let engine = self.replayed.game.engine(&self.spec)?;
        let job = SearchJob {
            engine,
            state: self.replayed.state.clone_box(),
            limits: self.limits,
        };
        let report = search_task::run(job, progress).await?;
        Ok((self.replayed, report))
    }

    /// Validates `request`, waits for a slot and searches (no progress).
    async fn search_now(
        app: &AppState,
        request: &AnalyseRequest,
    ) -> Result<(Replayed, SearchReport), ApiError> {
        let prepared = PreparedSearch::new(app, request)?;
        let permit = app.gate().enter().await?;
        prepared.run(permit, None).await
    }
}

/// Searches the position: best move, score, depth, nodes, PV.
#[utoipa::path(post, path = "/api/analyse", tag = "engine", request_body = AnalyseRequest,
    responses((status = 200, body = SearchReport),
              (status = 400, description = "Bad position, limit, engine or option; game over", body = ErrorBody),
              (status = 503, description = "Too many searches; see Retry-After", body = ErrorBody)))]
pub async fn analyse(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<AnalyseRequest>,
) -> Result<Json<SearchReport>, ApiError> {
    let (_, report) = PreparedSearch::search_now(&app, &request).await?;
    Ok(Json(report))
}

/// The engine chooses a move and plays it.
#[utoipa::path(post, path = "/api/engine-move", tag = "engine", request_body = AnalyseRequest,
    responses((status = 200, body = EngineMoveView),
              (status = 400, description = "Bad position, limit, engine or option; game over", body = ErrorBody),
              (status = 503, description = "Too many searches; see Retry-After", body = ErrorBody)))]
pub async fn engine_move(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<AnalyseRequest>,
) -> Result<Json<EngineMoveView>, ApiError> {
    let (mut replayed, report) = PreparedSearch::search_now(&app, &request).await?;
    let bestmove = report.bestmove.clone().ok_or_else(|| {
        ApiError::bad_request("game_over", "the engine found no move: the game is over")
    })?;
    replayed.state.play(&bestmove)?;
    Ok(Json(EngineMoveView {
        report,
        position: PositionView::of(replayed.state.as_ref()),
    }))
}
