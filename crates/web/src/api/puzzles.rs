//! `/api/games/{game}/puzzles`: a seeded set of tablebase puzzles drawn
//! from the tables the server opened for the game (the same set
//! `gamesolver puzzles` writes for the same tables, request and seed).

use axum::Json;
use axum::extract::State;
use gamesolver_api::tablebases::{MAX_GRADE, PuzzleRequest, PuzzleSet, draw_puzzles};
use serde::Deserialize;
use utoipa::IntoParams;

use super::blocking;
use super::tablebase::loaded_for;
use crate::error::{ApiError, ErrorBody};
use crate::extract::{ApiPath, ApiQuery};
use crate::state::AppState;

/// The most puzzles one request draws.
pub const MAX_SERVED: u32 = 100;

/// What set to draw.
#[derive(Clone, Debug, Deserialize, IntoParams)]
pub struct PuzzleQuery {
    /// How many puzzles, 1 to 100 (10 by default).
    pub count: Option<u32>,
    /// The sampler's seed (1 by default): the same seed, the same set.
    pub seed: Option<u64>,
    /// Only this grade, 1 (wins in 1–3 plies) to 5 (32 plies or more).
    pub grade: Option<u8>,
    /// The pieces of the positions (default: the most the tables have).
    pub pieces: Option<u32>,
}

/// A seeded set of puzzles from the game's tables: won positions where one
/// move keeps the win (`only`) or wins fastest (`fastest`), with the
/// answer, the distance and the grade (docs/FORMATS.md, "Puzzle sets").
#[utoipa::path(get, path = "/api/games/{game}/puzzles", tag = "tablebase",
    params(("game" = String, Path, description = "A registered game or alias"), PuzzleQuery),
    responses((status = 200, body = PuzzleSet),
              (status = 400, description = "A count, grade or piece count out of range", body = ErrorBody),
              (status = 404, description = "No such game, or no tables of it on this server", body = ErrorBody)))]
pub async fn puzzles(
    State(app): State<AppState>,
    ApiPath(game): ApiPath<String>,
    ApiQuery(query): ApiQuery<PuzzleQuery>,
) -> Result<Json<PuzzleSet>, ApiError> {
    let name = loaded_for(&app, &game)?.game;
    let count = query.count.unwrap_or(10);
    if !(1..=MAX_SERVED).contains(&count) {
        return Err(ApiError::bad_request(
            "bad_limit",
            format!("count takes 1 to {MAX_SERVED}, not {count}"),
        ));
    }
    let mut request = PuzzleRequest::new(count as usize, query.seed.unwrap_or(1));
    request.pieces = query.pieces;
    if let Some(grade) = query.grade {
        if !(1..=MAX_GRADE).contains(&grade) {
            return Err(ApiError::bad_request(
                "bad_limit",
                format!("grade takes 1 to {MAX_GRADE}, not {grade}"),
            ));
        }
        request = request.grades(grade, grade);
    }
    let app = app.clone();
    let set = blocking(move || {
        let table = loaded_for(&app, name)?;
        let def = app.registry().get(name)?;
        let tables = def.tablebase().ok_or_else(|| {
            ApiError::bad_request("unsupported", format!("{name} has no tablebases"))
        })?;
        Ok(draw_puzzles(
            def,
            tables,
            table.oracle.as_ref(),
            &table.dir,
            Some(table.oracle.rules()),
            &request,
        )?)
    })
    .await?;
    Ok(Json(set))
}
