//! `POST /api/review` and `GET /api/review/{id}`: a whole game reviewed
//! in the background (every position evaluated, the tables' exact values
//! where they know them, each move classified), its progress polled.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use gamesolver_api::review::{FacadeJudge, GameReview, review_game};
use gamesolver_api::{EngineSpec, SearchLimits};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiJson;
use crate::replay::PositionRequest;
use crate::state::AppState;

/// The transposition table of a review's engine, in MiB.
const HASH_MB: usize = 16;
/// The longest search per position, in milliseconds.
pub const MAX_REVIEW_MOVETIME_MS: u64 = 1000;
/// The most positions one review evaluates.
pub const MAX_REVIEW_POSITIONS: usize = 601;

/// A game to review and how long to think per position.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct ReviewRequest {
    /// The game: its start position and the moves played from it.
    #[serde(flatten)]
    pub position: PositionRequest,
    /// Thinking time per position in milliseconds, 1 to 1000 (100 when
    /// neither this nor `depth` is given).
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// Search depth per position instead (1 to 100; still stopped at
    /// 1000 ms).
    #[serde(default)]
    pub depth: Option<u32>,
}

/// A review started.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReviewStarted {
    /// The job's number, for `GET /api/review/{id}`.
    pub id: u64,
    /// The positions it evaluates.
    pub total: usize,
}

/// A review's progress, and the review once done.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReviewStatus {
    /// The job's number.
    pub id: u64,
    /// Positions evaluated.
    pub done: usize,
    /// Positions to evaluate.
    pub total: usize,
    /// Whether it has finished (with `review` or `error`).
    pub finished: bool,
    /// The review, once done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review: Option<GameReview>,
    /// Why it failed, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorBody>,
}

/// The limits of a review request, checked.
fn limits(request: &ReviewRequest) -> Result<SearchLimits, ApiError> {
    let bad = |message: String| ApiError::bad_request("bad_limit", message);
    if let Some(ms) = request.movetime_ms
        && !(1..=MAX_REVIEW_MOVETIME_MS).contains(&ms)
    {
        return Err(bad(format!(
            "movetime_ms {ms} is outside 1..={MAX_REVIEW_MOVETIME_MS} for a review"
        )));
    }
    if let Some(depth) = request.depth
        && !(1..=100).contains(&depth)
    {
        return Err(bad(format!("depth {depth} is outside 1..=100")));
    }
    Ok(SearchLimits {
        movetime_ms: Some(match (request.movetime_ms, request.depth) {
            (Some(ms), _) => ms,
            (None, Some(_)) => MAX_REVIEW_MOVETIME_MS,
            (None, None) => 100,
        }),
        depth: request.depth,
        nodes: None,
    })
}

/// Starts reviewing a game in the background (in one of the server's
/// search slots, with one engine for the whole game).
#[utoipa::path(post, path = "/api/review", tag = "engine", request_body = ReviewRequest,
    responses((status = 202, body = ReviewStarted),
              (status = 400, description = "Bad position, move, limit or game", body = ErrorBody),
              (status = 503, description = "Too many searches; see Retry-After", body = ErrorBody)))]
pub async fn start(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<ReviewRequest>,
) -> Result<(StatusCode, Json<ReviewStarted>), ApiError> {
    let limits = limits(&request)?;
    let total = request.position.moves.len() + 1;
    if total > MAX_REVIEW_POSITIONS {
        return Err(ApiError::bad_request(
            "too_many_moves",
            format!("a review takes at most {} moves", MAX_REVIEW_POSITIONS - 1),
        ));
    }
    // Checks every move before a slot is taken.
    request.position.replay(app.registry())?;
    let mut start_request = request.position.clone();
    start_request.moves.clear();
    let start = start_request.replay(app.registry())?;
    let game = start.game;
    let table = app
        .tablebase_for(game.info().name)
        .filter(|table| table.oracle.rules() == start.state.rules());
    let engine = if game.capabilities().search {
        Some(game.engine(&EngineSpec {
            rules: Some(start.state.rules().to_string()),
            tablebase: table.map(|t| t.dir.clone()),
            hash_mb: Some(HASH_MB),
            ..EngineSpec::default()
        })?)
    } else {
        None
    };
    let permit = app.gate().enter().await?;
    let job = app.reviews().create(total);
    let started = ReviewStarted { id: job.id, total };
    let moves = request.position.moves;
    let state = start.state;
    let worker_app = app.clone();
    tokio::task::spawn_blocking(move || {
        let _slot = permit;
        let table = worker_app
            .tablebase_for(game.info().name)
            .filter(|table| table.oracle.rules() == state.rules());
        let mut judge = FacadeJudge {
            solved: game.solved(),
            tables: table.map(|t| t.oracle.as_ref()),
            engine,
            limits,
        };
        let result = review_game(state.as_ref(), &moves, &mut judge, &mut |done, _| {
            job.progress(done)
        });
        job.finish(result.map_err(ApiError::from));
    });
    Ok((StatusCode::ACCEPTED, Json(started)))
}

/// A review's progress, and the review once done.
#[utoipa::path(get, path = "/api/review/{id}", tag = "engine",
    params(("id" = u64, Path, description = "The job's number")),
    responses((status = 200, body = ReviewStatus),
              (status = 404, description = "No such review (or forgotten)", body = ErrorBody)))]
pub async fn status(
    State(app): State<AppState>,
    Path(id): Path<u64>,
) -> Result<Json<ReviewStatus>, ApiError> {
    let job = app.reviews().get(id).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_review",
            format!("no review {id} (finished reviews are kept only for a while)"),
        )
    })?;
    let (done, outcome) = job.status();
    let (review, error) = match outcome {
        Some(Ok(review)) => (Some(review), None),
        Some(Err(error)) => (None, Some(error)),
        None => (None, None),
    };
    Ok(Json(ReviewStatus {
        id,
        done,
        total: job.total,
        finished: review.is_some() || error.is_some(),
        review,
        error,
    }))
}
