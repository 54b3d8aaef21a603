//! The tablebase statistics of each game, counted once per server on a
//! blocking thread: read at once from the statistics companions the build
//! writes, or counted from the tables (minutes for large ones) while the
//! page shows how far the count is.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use crate::api::tablebase::MaterialStats;
use crate::error::ApiError;
use crate::state::AppState;

/// How often a waiting request looks at a running count.
const POLL: Duration = Duration::from_millis(10);

/// An error kept for every later request: status, kind, message.
type KeptError = (StatusCode, &'static str, String);

/// One game's count: progress while it runs, then its rows or its error.
#[derive(Default)]
pub struct StatsJob {
    done: AtomicUsize,
    total: AtomicUsize,
    result: OnceLock<Result<Arc<Vec<MaterialStats>>, KeptError>>,
}

/// Where a count is.
pub enum StatsProgress {
    /// Still counting: materials done of all.
    Counting {
        /// Materials done.
        done: usize,
        /// Materials in all (0 until the tables are listed).
        total: usize,
    },
    /// Finished.
    Ready(Arc<Vec<MaterialStats>>),
}

impl StatsJob {
    /// Where the count is now (an error if it failed).
    pub fn progress(&self) -> Result<StatsProgress, ApiError> {
        match self.result.get() {
            Some(Ok(rows)) => Ok(StatsProgress::Ready(rows.clone())),
            Some(Err((status, kind, message))) => {
                Err(ApiError::new(*status, kind, message.clone()))
            }
            None => Ok(StatsProgress::Counting {
                done: self.done.load(Ordering::Relaxed),
                total: self.total.load(Ordering::Relaxed),
            }),
        }
    }

    /// Waits up to `patience` for the count to end, then says where it is.
    pub async fn wait(&self, patience: Duration) -> Result<StatsProgress, ApiError> {
        let until = Instant::now() + patience;
        loop {
            let now = self.progress()?;
            if matches!(now, StatsProgress::Ready(_)) || Instant::now() >= until {
                return Ok(now);
            }
            tokio::time::sleep(POLL).await;
        }
    }
}

/// The counts of every game's tables, started by the first request.
#[derive(Default)]
pub struct StatsJobs {
    jobs: Mutex<HashMap<&'static str, Arc<StatsJob>>>,
}

impl StatsJobs {
    /// The count of `game`'s opened tables, started on a blocking thread if
    /// none runs or has succeeded (a failed count is tried again).
    pub fn start(&self, app: &AppState, game: &'static str) -> Arc<StatsJob> {
        let mut jobs = self
            .jobs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(job) = jobs.get(game)
            && !matches!(job.result.get(), Some(Err(_)))
        {
            return job.clone();
        }
        let job = Arc::new(StatsJob::default());
        jobs.insert(game, job.clone());
        let (app, running) = (app.clone(), job.clone());
        tokio::task::spawn_blocking(move || {
            let counted = match app.tablebase_for(game) {
                None => Err((
                    StatusCode::NOT_FOUND,
                    "no_tablebase",
                    format!("this server has no {game} tablebase"),
                )),
                Some(table) => table
                    .oracle
                    .stats_progress(
                        &|done, total| {
                            running.done.store(done, Ordering::Relaxed);
                            running.total.store(total, Ordering::Relaxed);
                        },
                        &|| false,
                    )
                    .map(|rows| Arc::new(rows.into_iter().map(MaterialStats::from).collect()))
                    .map_err(|error| {
                        let error = ApiError::from(error);
                        (error.status(), error.kind(), error.body().message)
                    }),
            };
            let _ = running.result.set(counted);
        });
        job
    }
}
