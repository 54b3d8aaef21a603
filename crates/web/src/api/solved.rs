//! `POST /api/solved` and `GET /api/solved/{game}/per-ply`: the exact
//! solution of a solved game (tic-tac-toe).

use axum::Json;
use axum::extract::{Path, State};
use gamesolver_api::{GameDef, SolvedOracle};

use super::blocking;
use super::values_view::PositionValues;
use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiJson;
use crate::replay::PositionRequest;
use crate::state::AppState;

fn oracle_of(game: &dyn GameDef) -> Result<&dyn SolvedOracle, ApiError> {
    game.solved().ok_or_else(|| {
        ApiError::bad_request(
            "unsupported",
            format!("{} has no solved table", game.info().title),
        )
    })
}

/// The position's exact value, every move's value and distance, the best
/// moves and the main line.
#[utoipa::path(post, path = "/api/solved", tag = "solved", request_body = PositionRequest,
    responses((status = 200, body = PositionValues),
              (status = 400, description = "Bad position, or a game without a solved table", body = ErrorBody)))]
pub async fn query(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<PositionRequest>,
) -> Result<Json<PositionValues>, ApiError> {
    let replayed = request.replay(app.registry())?;
    oracle_of(replayed.game.as_ref())?;
    let report = blocking(move || {
        let oracle = oracle_of(replayed.game.as_ref())?;
        Ok(oracle.query(replayed.state.as_ref())?)
    })
    .await?;
    Ok(Json(report.into()))
}

/// Per ply: how many positions are won, drawn and lost for the side to move.
#[utoipa::path(get, path = "/api/solved/{game}/per-ply", tag = "solved",
    params(("game" = String, Path, description = "A game with a solved table")),
    responses((status = 200, description = "Per-ply counts, as the `solve` command reports them", body = Object),
              (status = 400, body = ErrorBody)))]
pub async fn per_ply(
    State(app): State<AppState>,
    Path(game): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let game = app.registry().shared(&game)?;
    oracle_of(game.as_ref())?;
    Ok(Json(
        blocking(move || Ok(oracle_of(game.as_ref())?.per_ply_counts())).await?,
    ))
}
