//! # gamesolver-web
//!
//! `gamesolver serve`: the browser front end. An axum server on tokio with
//!
//! - a JSON API ([`router`], documented by the OpenAPI 3 document at
//!   `/api/openapi.json`, generated from the handler types by utoipa) that
//!   reaches every game only through the façade of `gamesolver-api`, so
//!   the page, the CLI and the Python module give the same answers; the
//!   games are the registry the caller passes in ([`AppState::new`],
//!   [`serve`]), built-in or registered at run time;
//! - live engine analysis as server-sent events;
//! - the pages (plain ES modules and CSS) built into the binary.
//!
//! The server is stateless: a request carries the game, its rules, the start
//! position and the moves played since, so undo is "one move fewer".
//! Bad input gets a 4xx JSON error ([`ApiError`]); searches are bounded in
//! time (2 s) and in number (a semaphore with a queue limit, 503 when full).
//!
//! The router answers in process, without a socket:
//!
//! ```
//! use axum::body::Body;
//! use axum::http::{Request, StatusCode};
//! use gamesolver_web::{AppState, ServeConfig, router};
//! use http_body_util::BodyExt;
//! use tower::ServiceExt;
//!
//! let registry = gamesolver_engines::builtin();
//! let app = router(AppState::new(&ServeConfig::default(), registry).unwrap());
//! let request = Request::get("/api/games").body(Body::empty()).unwrap();
//! let runtime = tokio::runtime::Runtime::new().unwrap();
//! let (status, body) = runtime.block_on(async {
//!     let response = app.oneshot(request).await.unwrap();
//!     let status = response.status();
//!     (status, response.into_body().collect().await.unwrap().to_bytes())
//! });
//! assert_eq!(status, StatusCode::OK);
//! let games: serde_json::Value = serde_json::from_slice(&body).unwrap();
//! assert_eq!(games[2]["name"], "jungle");
//! ```

mod api;
mod assets;
mod body_guard;
mod config;
mod connection;
mod engine_options;
mod error;
mod extract;
mod gate;
mod limits;
mod mdp_cache;
mod openapi;
mod parse_errors;
mod replay;
mod review_jobs;
mod router;
mod search_task;
mod server;
mod state;
mod stats_jobs;

pub use config::ServeConfig;
pub use error::{ApiError, ErrorBody};
pub use limits::MAX_MOVETIME_MS;
pub use openapi::ApiDoc;
pub use router::router;
pub use server::{ServeError, Shutdown, ShutdownSignals, serve, serve_blocking, serve_until};
pub use state::AppState;
