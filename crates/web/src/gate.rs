//! The search gate: at most N searches at once, at most Q waiting; beyond
//! that a request is refused at once with 503 and Retry-After, so cheap
//! requests stay fast while searches run.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;

/// Seconds a refused client is told to wait (a search takes at most 2 s).
const RETRY_AFTER_S: u64 = 2;

/// Bounds the number of concurrent and queued searches.
#[derive(Debug)]
pub struct SearchGate {
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue_limit: usize,
}

/// Counts one waiter while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl SearchGate {
    /// A gate with `slots` concurrent searches (at least 1) and a queue of
    /// `queue_limit` waiters.
    pub fn new(slots: usize, queue_limit: usize) -> SearchGate {
        SearchGate {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            waiting: AtomicUsize::new(0),
            queue_limit,
        }
    }

    /// A search slot: at once if one is free, after waiting if the queue has
    /// room, else [`ApiError::busy`]. The slot is released when the permit
    /// is dropped.
    pub async fn enter(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() {
            return Ok(permit);
        }
        let ahead = self.waiting.fetch_add(1, Ordering::SeqCst);
        let _waiting = Waiting(&self.waiting);
        if ahead >= self.queue_limit {
            return Err(ApiError::busy(RETRY_AFTER_S));
        }
        Arc::clone(&self.slots)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::busy(RETRY_AFTER_S))
    }

    /// The number of free slots (for tests and diagnostics).
    pub fn free_slots(&self) -> usize {
        self.slots.available_permits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn refuses_when_slots_and_queue_are_full() {
        let gate = Arc::new(SearchGate::new(1, 1));
        let held = gate.enter().await.expect("a free slot");
        let queued = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.enter().await.map(drop) })
        };
        while gate.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        let refused = gate.enter().await.expect_err("queue is full");
        assert_eq!(
            refused.status(),
            axum::http::StatusCode::SERVICE_UNAVAILABLE
        );
        drop(held);
        queued
            .await
            .expect("joined")
            .expect("the waiter gets the slot");
        assert_eq!(gate.free_slots(), 1);
        assert_eq!(gate.waiting.load(Ordering::SeqCst), 0);
    }
}
