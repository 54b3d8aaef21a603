//! Runs one engine search on a blocking thread: progress reports go to an
//! optional channel, the search is stopped when its client goes away and,
//! as a safety net, shortly after the server's time cap.

use std::time::Duration;

use axum::http::StatusCode;
use gamesolver_api::{AnyEngine, SearchLimits, SearchReport, State};
use tokio::sync::mpsc;

use crate::error::ApiError;
use crate::limits::MAX_MOVETIME_MS;

/// Extra time past the cap before the watchdog raises the stop flag.
const WATCHDOG_GRACE_MS: u64 = 500;

/// What to search.
pub struct SearchJob {
    /// The engine, fresh for this request.
    pub engine: Box<dyn AnyEngine>,
    /// The position.
    pub state: Box<dyn State>,
    /// Validated limits.
    pub limits: SearchLimits,
}

/// Runs `action` when dropped.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// Searches `job`; each intermediate report is offered to `progress` (a full
/// channel skips it; a closed one stops the search).
pub async fn run(
    job: SearchJob,
    progress: Option<mpsc::Sender<SearchReport>>,
) -> Result<SearchReport, ApiError> {
    let stop = job.engine.stop_flag();
    let _stop_if_abandoned = OnDrop({
        let stop = stop.clone();
        move || stop.stop()
    });
    let watchdog = tokio::spawn({
        let stop = stop.clone();
        async move {
            tokio::time::sleep(Duration::from_millis(MAX_MOVETIME_MS + WATCHDOG_GRACE_MS)).await;
            stop.stop();
        }
    });
    let searched = tokio::task::spawn_blocking(move || {
        let SearchJob {
            mut engine,
            state,
            limits,
        } = job;
        let mut on_progress = |report: &SearchReport| {
            if let Some(sender) = &progress
                && sender.try_send(report.clone()).is_err()
                && sender.is_closed()
            {
                stop.stop();
            }
        };
        engine.search(state.as_ref(), &limits, &mut on_progress)
    })
    .await;
    watchdog.abort();
    match searched {
        Ok(result) => Ok(result?),
        Err(join_error) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("the search failed: {join_error}"),
        )),
    }
}
