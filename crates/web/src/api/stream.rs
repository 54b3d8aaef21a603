//! `GET /api/analyse/stream`: live analysis as server-sent events. Each
//! deepening of the search is an `info` event (a [`SearchReport`]); the end is
//! a `done` event (the final report) or an `error` event ([`ErrorBody`]).
//! Closing the stream stops the search within milliseconds.

use std::convert::Infallible;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use gamesolver_api::SearchReport;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt};
use utoipa::IntoParams;

use super::analyse::{AnalyseRequest, PreparedSearch};
use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiQuery;
use crate::limits::LimitsRequest;
use crate::replay::PositionRequest;
use crate::state::AppState;

/// How many progress reports may wait for a slow client before some are
/// skipped.
const PROGRESS_BUFFER: usize = 32;

/// The analysis request as query parameters (an `EventSource` can only GET).
#[derive(Clone, Debug, Deserialize, IntoParams)]
pub struct AnalyseQuery {
    /// The game's name or alias.
    pub game: String,
    /// The rules preset.
    pub rules: Option<String>,
    /// The start position text (`start` or absent = the start).
    pub position: Option<String>,
    /// The moves played since, separated by spaces.
    pub moves: Option<String>,
    /// The engine kind.
    pub engine: Option<String>,
    /// Thinking time in milliseconds, 1 to 2000.
    pub movetime_ms: Option<u64>,
    /// Maximum depth.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Seed of a randomised engine.
    pub seed: Option<u64>,
    /// Further engine options: a JSON object of names to values, as the
    /// POST body's `options` (e.g. `{"FreeChoice":120}`, URL-encoded).
    pub options: Option<String>,
}

impl TryFrom<AnalyseQuery> for AnalyseRequest {
    type Error = ApiError;

    fn try_from(query: AnalyseQuery) -> Result<AnalyseRequest, ApiError> {
        Ok(AnalyseRequest {
            options: crate::engine_options::from_query(query.options.as_deref())?,
            position: PositionRequest {
                game: query.game,
                rules: query.rules,
                position: query.position,
                moves: query
                    .moves
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
            },
            engine: query.engine,
            limits: LimitsRequest {
                movetime_ms: query.movetime_ms,
                depth: query.depth,
                nodes: query.nodes,
            },
            seed: query.seed,
        })
    }
}

fn event(name: &str, payload: &impl Serialize) -> Event {
    Event::default()
        .event(name)
        .json_data(payload)
        .unwrap_or_else(|_| {
            Event::default()
                .event("error")
                .data("unserialisable report")
        })
}

/// Streams the engine's analysis of the position.
#[utoipa::path(get, path = "/api/analyse/stream", tag = "engine", params(AnalyseQuery),
    responses((status = 200, description = "text/event-stream of `info` events (SearchReport), then `done` (SearchReport) or `error` (ErrorBody)", content_type = "text/event-stream", body = SearchReport),
              (status = 400, description = "Bad position, limit, engine or option", body = ErrorBody),
              (status = 503, description = "Too many searches; see Retry-After", body = ErrorBody)))]
pub async fn analyse_stream(
    State(app): State<AppState>,
    ApiQuery(query): ApiQuery<AnalyseQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let prepared = PreparedSearch::new(&app, &AnalyseRequest::try_from(query)?)?;
    let permit = app.gate().enter().await?;
    let (events, receiver) = mpsc::channel::<Event>(PROGRESS_BUFFER);
    tokio::spawn(async move {
        let (progress, mut reports) = mpsc::channel::<SearchReport>(PROGRESS_BUFFER);
        // Forwards reports until they end or the client goes away; then
        // drops `reports`, which stops the search at once (see
        // `search_task::run`), even between two of its reports.
        let forward = {
            let events = events.clone();
            tokio::spawn(async move {
                loop {
                    let report = tokio::select! {
                        report = reports.recv() => report,
                        () = events.closed() => None,
                    };
                    let Some(report) = report else { break };
                    if events.send(event("info", &report)).await.is_err() {
                        break;
                    }
                }
            })
        };
        let outcome = prepared.run(permit, Some(progress)).await;
        let _ = forward.await;
        let last = match outcome {
            Ok((_, report)) => event("done", &report),
            Err(error) => event("error", &error.body()),
        };
        let _ = events.send(last).await;
    });
    let stream = ReceiverStream::new(receiver).map(Ok::<Event, Infallible>);
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
