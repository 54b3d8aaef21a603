//! Game reviews running in the background: `POST /api/review` starts one
//! in a search slot of the gate (one engine for the whole game),
//! `GET /api/review/{id}` reports its progress and, once done, the review.
//! A review nobody asked about for [`ABANDON_AFTER`] stops; the last
//! [`KEPT_JOBS`] jobs are kept.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gamesolver_api::review::GameReview;

use crate::error::{ApiError, ErrorBody};

/// A review whose progress nobody asked for this long is stopped.
pub const ABANDON_AFTER: Duration = Duration::from_secs(30);
/// How many jobs (running or finished) are kept.
pub const KEPT_JOBS: usize = 16;

/// One review job's shared state.
pub struct ReviewJob {
    /// Its number.
    pub id: u64,
    /// Positions to evaluate.
    pub total: usize,
    /// Positions evaluated.
    done: AtomicUsize,
    /// The last time a client asked about it.
    last_poll: Mutex<Instant>,
    /// The review or its error, once finished.
    outcome: Mutex<Option<Result<GameReview, ErrorBody>>>,
}

impl ReviewJob {
    /// Records progress; false once the job was abandoned (stop).
    pub fn progress(&self, done: usize) -> bool {
        self.done.store(done, Ordering::Relaxed);
        self.last_poll
            .lock()
            .map(|at| at.elapsed() < ABANDON_AFTER)
            .unwrap_or(false)
    }

    /// Stores the result.
    pub fn finish(&self, result: Result<GameReview, ApiError>) {
        if let Ok(mut slot) = self.outcome.lock() {
            *slot = Some(result.map_err(|e| e.body()));
        }
    }

    /// Positions done, and the result once finished; counts as a poll.
    pub fn status(&self) -> (usize, Option<Result<GameReview, ErrorBody>>) {
        if let Ok(mut at) = self.last_poll.lock() {
            *at = Instant::now();
        }
        let outcome = self.outcome.lock().ok().and_then(|slot| slot.clone());
        (self.done.load(Ordering::Relaxed), outcome)
    }
}

/// The jobs kept, newest last.
#[derive(Default)]
pub struct ReviewJobs {
    next: AtomicU64,
    jobs: Mutex<VecDeque<Arc<ReviewJob>>>,
}

impl ReviewJobs {
    /// A new job of `total` positions (the oldest kept one forgotten
    /// beyond [`KEPT_JOBS`]).
    pub fn create(&self, total: usize) -> Arc<ReviewJob> {
        let job = Arc::new(ReviewJob {
            id: self.next.fetch_add(1, Ordering::Relaxed) + 1,
            total,
            done: AtomicUsize::new(0),
            last_poll: Mutex::new(Instant::now()),
            outcome: Mutex::new(None),
        });
        if let Ok(mut jobs) = self.jobs.lock() {
            if jobs.len() >= KEPT_JOBS {
                jobs.pop_front();
            }
            jobs.push_back(Arc::clone(&job));
        }
        job
    }

    /// The job numbered `id`, if kept.
    pub fn get(&self, id: u64) -> Option<Arc<ReviewJob>> {
        self.jobs
            .lock()
            .ok()
            .and_then(|jobs| jobs.iter().find(|job| job.id == id).cloned())
    }
}
