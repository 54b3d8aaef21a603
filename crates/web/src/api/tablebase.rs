//! `/api/tablebase…`: what tablebase the server has, probes with the main
//! line, and the per-material statistics.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use gamesolver_api::{FacadeError, MaterialStatsReport};
use serde::Serialize;
use utoipa::ToSchema;

use super::blocking;
use super::values_view::PositionValues;
use crate::error::{ApiError, ErrorBody};
use crate::extract::{ApiJson, ApiPath};
use crate::replay::PositionRequest;
use crate::state::{AppState, LoadedTablebase};
use crate::stats_jobs::StatsProgress;

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
    /// Every game whose tables the server opened (the first is `game`).
    pub games: Vec<String>,
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
             (build one with `gamesolver tablebase build GAME --max-pieces N`)",
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
        games: app
            .tablebases()
            .iter()
            .map(|t| t.game.to_string())
            .collect(),
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
/// the longest win with an example, of the first game's tables (read from
/// the statistics files the build writes, or counted once and kept);
/// `/api/games/{game}/tablebase/stats` answers per game without waiting.
#[utoipa::path(get, path = "/api/tablebase/stats", tag = "tablebase",
    responses((status = 200, body = [MaterialStats]),
              (status = 404, description = "The server has no tablebase", body = ErrorBody)))]
pub async fn stats(State(app): State<AppState>) -> Result<Json<Vec<MaterialStats>>, ApiError> {
    let game = loaded(&app)?.game;
    let job = app.stats_jobs().start(&app, game);
    loop {
        if let StatsProgress::Ready(rows) = job.wait(Duration::from_secs(3600)).await? {
            return Ok(Json(rows.as_ref().clone()));
        }
    }
}

/// A game's tablebase statistics, or how far their count is.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct GameStats {
    /// The game.
    pub game: String,
    /// Whether the statistics are complete (`materials` holds them);
    /// otherwise they are still being counted: ask again.
    pub ready: bool,
    /// Materials counted so far.
    pub done: usize,
    /// Materials in all (0 until the tables are listed).
    pub total: usize,
    /// Per material, once ready (empty before).
    pub materials: Vec<MaterialStats>,
}

/// How long a statistics request waits for a running count before it
/// answers with the count's progress.
const STATS_PATIENCE: Duration = Duration::from_millis(500);

/// Per material of the game's tables: positions won, drawn and lost for
/// each side to move, the longest win with an example. Read at once from
/// the statistics files the build writes beside the tables; without them
/// the tables are counted on the server (once), and until that ends the
/// answer says how far it is (`ready: false`): ask again.
#[utoipa::path(get, path = "/api/games/{game}/tablebase/stats", tag = "tablebase",
    params(("game" = String, Path, description = "A registered game or alias")),
    responses((status = 200, body = GameStats),
              (status = 404, description = "No such game, or no tables of it on this server", body = ErrorBody)))]
pub async fn game_stats(
    State(app): State<AppState>,
    ApiPath(game): ApiPath<String>,
) -> Result<Json<GameStats>, ApiError> {
    let name = loaded_for(&app, &game)?.game;
    let job = app.stats_jobs().start(&app, name);
    let (ready, done, total, materials) = match job.wait(STATS_PATIENCE).await? {
        StatsProgress::Ready(rows) => (true, rows.len(), rows.len(), rows.as_ref().clone()),
        StatsProgress::Counting { done, total } => (false, done, total, Vec::new()),
    };
    Ok(Json(GameStats {
        game: name.to_string(),
        ready,
        done,
        total,
        materials,
    }))
}

/// The tables the server opened for `game` (a name or alias): 404 for an
/// unknown game or one without tables here.
pub(crate) fn loaded_for<'a>(
    app: &'a AppState,
    game: &str,
) -> Result<&'a LoadedTablebase, ApiError> {
    let def = app.registry().get(game).map_err(|error| match error {
        FacadeError::UnknownGame { .. } => {
            ApiError::new(StatusCode::NOT_FOUND, "unknown_game", error.to_string())
        }
        other => other.into(),
    })?;
    let name = def.info().name;
    app.tablebase_for(name).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_tablebase",
            format!(
                "this server has no {name} tablebase: start it with `gamesolver serve --tablebase DIR` \
                 (build one with `gamesolver tablebase build {name} …`)"
            ),
        )
    })
}
