//! `/api/tablebase…`: what tablebase the server has, probes with the main
//! line, and the per-material statistics.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use gamesolver_api::MaterialStatsReport;
use serde::Serialize;
use utoipa::ToSchema;

use super::blocking;
use super::values_view::PositionValues;
use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiJson;
use crate::replay::PositionRequest;
use crate::state::{AppState, LoadedTablebase};

/// The tablebase the server was started with.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct TablebaseInfo {
    /// Whether there is one (`--tablebase DIR`).
    pub loaded: bool,
    /// Its game.
    pub game: Option<String>,
    /// Its rules preset.
    pub rules: Option<String>,
    /// The most pieces a covered position has.
    pub max_pieces: Option<u32>,
}

/// A probe's answer.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct ProbeView {
    /// Whether the position is inside the tables.
    pub covered: bool,
    /// The most pieces a covered position has.
    pub max_pieces: u32,
    /// The exact values, when covered.
    pub report: Option<PositionValues>,
}

/// Won, drawn and lost positions of one material, per side to move.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct MaterialStats {
    /// The material, `BOTTOM-TOP` strongest first (e.g. `LR-e`).
    pub material: String,
    /// Wins, draws, losses with the bottom side to move.
    pub bottom_to_move: [u64; 3],
    /// Wins, draws, losses with the top side to move.
    pub top_to_move: [u64; 3],
    /// The longest win in plies.
    pub longest_win: u32,
    /// A position (FEN) with that longest win.
    pub longest_win_example: Option<String>,
}

impl From<MaterialStatsReport> for MaterialStats {
    fn from(report: MaterialStatsReport) -> MaterialStats {
        MaterialStats {
            material: report.material,
            bottom_to_move: report.bottom_to_move,
            top_to_move: report.top_to_move,
            longest_win: report.longest_win,
            longest_win_example: report.longest_win_example,
        }
    }
}

fn loaded(app: &AppState) -> Result<&LoadedTablebase, ApiError> {
    app.tablebase().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_tablebase",
            "this server has no tablebase: start it with `gamesolver serve --tablebase DIR` \
             (build one with `gamesolver tablebase build jungle --max-pieces 3`)",
        )
    })
}

/// The loaded tablebase, if any.
#[utoipa::path(get, path = "/api/tablebase", tag = "tablebase",
    responses((status = 200, body = TablebaseInfo)))]
pub async fn info(State(app): State<AppState>) -> Json<TablebaseInfo> {
    let table = app.tablebase();
    Json(TablebaseInfo {
        loaded: table.is_some(),
        game: table.map(|t| t.game.to_string()),
        rules: table.map(|t| t.oracle.rules().to_string()),
        max_pieces: table.map(|t| t.oracle.max_pieces()),
    })
}

/// Probes the position: value, distance, every move sorted as lichess does
/// (wins shortest first, draws, losses longest first) and the main line.
#[utoipa::path(post, path = "/api/tablebase/probe", tag = "tablebase", request_body = PositionRequest,
    responses((status = 200, body = ProbeView),
              (status = 400, description = "Bad position, other game or rules", body = ErrorBody),
              (status = 404, description = "The server has no tablebase", body = ErrorBody)))]
pub async fn probe(
    State(app): State<AppState>,
    ApiJson(request): ApiJson<PositionRequest>,
) -> Result<Json<ProbeView>, ApiError> {
    let first = loaded(&app)?;
    let replayed = request.replay(app.registry())?;
    let (game, rules) = (replayed.state.game(), replayed.state.rules());
    let table = app.tablebase_for(game).unwrap_or(first);
    if game != table.game || rules != table.oracle.rules() {
        return Err(ApiError::bad_request(
            "unsupported",
            format!(
                "the tablebase is for {} with rules {}, not {game} with rules {rules}",
                table.game,
                table.oracle.rules()
            ),
        ));
    }
    let max_pieces = table.oracle.max_pieces();
    let app = app.clone();
    let report = blocking(move || {
        let state = replayed.state.as_ref();
        let table = app.tablebase_for(state.game()).ok_or_else(|| {
            ApiError::bad_request("unsupported", "the tablebase is gone for this game")
        })?;
        Ok(table.oracle.probe(state)?)
    })
    .await?;
    Ok(Json(ProbeView {
        covered: report.is_some(),
        max_pieces,
        report: report.map(PositionValues::from),
    }))
}

/// Per material: positions won, drawn and lost for each side to move, and
/// the longest win with an example (computed once, then cached).
#[utoipa::path(get, path = "/api/tablebase/stats", tag = "tablebase",
    responses((status = 200, body = [MaterialStats]),
              (status = 404, description = "The server has no tablebase", body = ErrorBody)))]
pub async fn stats(State(app): State<AppState>) -> Result<Json<Vec<MaterialStats>>, ApiError> {
    loaded(&app)?;
    let cached = app
        .stats_cache()
        .get_or_try_init(|| {
            let app = app.clone();
            blocking(move || {
                let reports = loaded(&app)?.oracle.stats()?;
                Ok(reports.into_iter().map(MaterialStats::from).collect())
            })
        })
        .await?;
    Ok(Json(cached.clone()))
}
