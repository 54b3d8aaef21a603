//! Independent chunks of a batch call spread over the machine's cores.

use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `work(i)` for every chunk `i` in `0..chunks` on up to
/// `available_parallelism` threads and folds the results with `combine`
/// (which must not depend on the order, e.g. a sum, so the result is the
/// same on any machine). `stop()` is looked at before each chunk; chunks not
/// started when it turns true are skipped.
pub fn for_each_chunk<R: Send>(
    chunks: usize,
    work: impl Fn(usize) -> R + Sync,
    combine: impl Fn(R, R) -> R + Sync,
    empty: impl Fn() -> R + Sync,
    stop: impl Fn() -> bool + Sync,
) -> R {
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(chunks)
        .max(1);
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut total = empty();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= chunks || stop() {
                return total;
            }
            total = combine(total, work(i));
        }
    };
    if threads == 1 {
        return worker();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .fold(empty(), &combine)
    })
}
