//! `POST /api/record/write` and `POST /api/record/read`: the game record
//! (docs/FORMATS.md, "Game records") of a game the page holds, and a
//! pasted record read back into a start position and moves.

use axum::Json;
use axum::extract::State;
use gamesolver_api::{RecordError, SavedGame};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiJson;
use crate::replay::PositionRequest;
use crate::state::AppState;

/// A game to write: its start and moves, and who played.
#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct WriteRecordRequest {
    /// The game: its start position and the moves played from it.
    #[serde(flatten)]
    pub position: PositionRequest,
    /// Who played the first side.
    #[serde(default)]
    pub first: Option<String>,
    /// Who played the second side.
    #[serde(default)]
    pub second: Option<String>,
    /// The date, `YYYY.MM.DD`.
    #[serde(default)]
    pub date: Option<String>,
}

/// A record's text.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct RecordText {
    /// The record, in the format of docs/FORMATS.md.
    pub text: String,
}

/// A record read and replayed.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ReadRecord {
    /// The game's registry name.
    pub game: String,
    /// The rules preset.
    pub rules: String,
    /// The start position, in the game's notation.
    pub position: String,
    /// The moves from the start.
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Every tag of the record, in the order written.
    pub tags: Vec<RecordTag>,
}

/// One tag of a record.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RecordTag {
    /// Its name (`Game`, `First` …).
    pub name: String,
    /// Its value.
    pub value: String,
}

/// A game record's error as an API error (400, kind `bad_record`).
fn bad_record(error: &RecordError) -> ApiError {
    ApiError::bad_request("bad_record", error.to_string())
}

/// The game record of a game: tags, moves and result.
#[utoipa::path(post, path = "/api/record/write", tag = "games", request_body = WriteRecordRequest,
    responses((status = 200, body = RecordText),
              (status = 400, description = "Unknown game, bad position or illegal move", body = ErrorBody)))]
pub async fn write(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<WriteRecordRequest>,
) -> Result<Json<RecordText>, ApiError> {
    let mut start_request = request.position.clone();
    start_request.moves.clear();
    let start = start_request.replay(app.registry())?;
    request.position.replay(app.registry())?;
    let mut record = SavedGame::of_game(
        app.registry(),
        start.state.as_ref(),
        &request.position.moves,
    )
    .map_err(|e| bad_record(&e))?;
    record.first = request.first.filter(|s| !s.is_empty());
    record.second = request.second.filter(|s| !s.is_empty());
    record.date = request.date.filter(|s| !s.is_empty());
    let text = record.to_text().map_err(|e| bad_record(&e))?;
    Ok(Json(RecordText { text }))
}

/// Reads a game record: the game, its start, moves and tags (every move
/// checked by the game's rules).
#[utoipa::path(post, path = "/api/record/read", tag = "games", request_body = RecordText,
    responses((status = 200, body = ReadRecord),
              (status = 400, description = "Not a record of one game, or a move that cannot be played", body = ErrorBody)))]
pub async fn read(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<RecordText>,
) -> Result<Json<ReadRecord>, ApiError> {
    let record = SavedGame::parse(&request.text).map_err(|e| bad_record(&e))?;
    if record.moves.len() > crate::replay::MAX_MOVES {
        return Err(ApiError::bad_request(
            "too_many_moves",
            format!(
                "the record has {} moves; at most {}",
                record.moves.len(),
                crate::replay::MAX_MOVES
            ),
        ));
    }
    let replayed = record.replay(app.registry()).map_err(|e| bad_record(&e))?;
    let tags = gamesolver_api::NAMED_TAGS
        .iter()
        .filter_map(|name| record.tag(name).map(|v| (name.to_string(), v.to_string())))
        .chain(record.tags.iter().cloned())
        .map(|(name, value)| RecordTag { name, value })
        .collect();
    Ok(Json(ReadRecord {
        game: replayed.start.game().to_string(),
        rules: replayed.start.rules().to_string(),
        position: replayed.start.to_text(),
        moves: record.moves.clone(),
        result: record.result.token().to_string(),
        tags,
    }))
}
