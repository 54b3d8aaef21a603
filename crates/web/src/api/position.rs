//! `POST /api/legal-moves` and `POST /api/play`: replay a position, list its
//! moves, play one more.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::position_view::PositionView;
use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiJson;
use crate::replay::PositionRequest;
use crate::state::AppState;

/// A position and one move to play in it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct PlayRequest {
    /// The position before the move.
    #[serde(flatten)]
    pub position: PositionRequest,
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
}

/// The position after the request's moves and its legal moves.
#[utoipa::path(post, path = "/api/legal-moves", tag = "play", request_body = PositionRequest,
    responses((status = 200, body = PositionView),
              (status = 400, description = "Unknown game or rules, bad position, illegal move", body = ErrorBody)))]
pub async fn legal_moves(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<PositionRequest>,
) -> Result<Json<PositionView>, ApiError> {
    let replayed = request.replay(app.registry())?;
    Ok(Json(PositionView::of(replayed.state.as_ref())))
}

/// Plays `move` after the request's moves; the answer's `history` ends with it.
#[utoipa::path(post, path = "/api/play", tag = "play", request_body = PlayRequest,
    responses((status = 200, body = PositionView),
              (status = 400, description = "Illegal move, bad position, unknown game or rules", body = ErrorBody)))]
pub async fn play(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<PlayRequest>,
) -> Result<Json<PositionView>, ApiError> {
    let mut replayed = request.position.replay(app.registry())?;
    replayed.state.play(&request.mv)?;
    Ok(Json(PositionView::of(replayed.state.as_ref())))
}
