//! The routes: `/api/…` (JSON) and the pages and their assets.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Uri;
use axum::middleware;
use axum::routing::{get, post};

use crate::api;
use crate::assets;
use crate::body_guard::guard_body;
use crate::error::ApiError;
use crate::openapi;
use crate::state::AppState;

/// The largest request body accepted (413 beyond).
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The whole application: the JSON API under `/api` and the pages, every
/// request's body read first (`guard_body`: size and time limits).
pub fn router(state: AppState) -> Router {
    Router::new()
        .nest("/api", api_routes())
        .merge(assets::routes(&state))
        .layer(middleware::from_fn_with_state(state.clone(), guard_body))
        .with_state(state)
}

fn api_routes() -> Router<AppState> {
    Router::new()
        .route("/games", get(api::games::list))
        .route("/games/{game}/options", get(api::games::options))
        .route(
            "/games/{game}/tablebase/stats",
            get(api::tablebase::game_stats),
        )
        .route("/games/{game}/puzzles", get(api::puzzles::puzzles))
        .route("/legal-moves", post(api::position::legal_moves))
        .route("/play", post(api::position::play))
        .route("/solved", post(api::solved::query))
        .route("/solved/{game}/per-ply", get(api::solved::per_ply))
        .route("/tablebase", get(api::tablebase::info))
        .route("/tablebase/probe", post(api::tablebase::probe))
        .route("/tablebase/stats", get(api::tablebase::stats))
        .route("/analyse", post(api::analyse::analyse))
        .route("/analyse/stream", get(api::stream::analyse_stream))
        .route("/engine-move", post(api::analyse::engine_move))
        .route("/record/write", post(api::record::write))
        .route("/record/read", post(api::record::read))
        .route("/review", post(api::review::start))
        .route("/review/{id}", get(api::review::status))
        .route("/mdp/solve", post(api::mdp::solve))
        .route("/mdp/values", post(api::mdp::values))
        .route("/openapi.json", get(openapi::document))
        .fallback(unknown_endpoint)
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

async fn unknown_endpoint(uri: Uri) -> ApiError {
    ApiError::not_found(uri.path())
}

async fn wrong_method(uri: Uri) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!(
            "{} does not accept this method; see /api/openapi.json",
            uri.path()
        ),
    )
}
