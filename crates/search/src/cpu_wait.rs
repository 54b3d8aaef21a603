//! How long the calling thread has waited for a processor: the time it was
//! ready to run while others ran (Linux's `run_delay`, the second number of
//! `/proc/thread-self/schedstat`, in nanoseconds since the thread started)
//! and how many times it got a processor (the third number). On a system
//! without that file the reading is `None` and callers go on without it.

use std::time::Duration;

/// The file the reading comes from.
const SCHEDSTAT: &str = "/proc/thread-self/schedstat";

/// A thread's waits for a processor: their total and how many times it
/// was given one (each wait ends with one), since the thread started or
/// between two readings ([`CpuWaits::since`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CpuWaits {
    /// The time spent ready to run, waiting for a processor.
    pub waited: Duration,
    /// How many times the thread was put on a processor.
    pub slices: u64,
}

impl CpuWaits {
    /// The calling thread's waits so far, or `None` where the system does
    /// not say (no `/proc`, another layout).
    #[must_use]
    pub fn of_this_thread() -> Option<CpuWaits> {
        std::fs::read_to_string(SCHEDSTAT)
            .ok()
            .and_then(|text| CpuWaits::parse(&text))
    }

    /// The waits of a `schedstat` line (`cpu_time run_delay slices`, the
    /// times in nanoseconds), if it has them.
    #[must_use]
    pub fn parse(schedstat: &str) -> Option<CpuWaits> {
        let mut numbers = schedstat.split_whitespace().skip(1);
        let nanos = numbers.next()?.parse().ok()?;
        let slices = numbers.next()?.parse().ok()?;
        Some(CpuWaits {
            waited: Duration::from_nanos(nanos),
            slices,
        })
    }

    /// The waits between the reading `earlier` and this one.
    #[must_use]
    pub fn since(self, earlier: CpuWaits) -> CpuWaits {
        CpuWaits {
            waited: self.waited.saturating_sub(earlier.waited),
            slices: self.slices.saturating_sub(earlier.slices),
        }
    }

    /// The mean length of one wait (each slice on a processor follows at
    /// most one), zero without any.
    #[must_use]
    pub fn mean_wait(self) -> Duration {
        match u32::try_from(self.slices) {
            Ok(0) => Duration::ZERO,
            Ok(slices) => self.waited / slices,
            Err(_) => Duration::from_nanos(
                u64::try_from(self.waited.as_nanos() / u128::from(self.slices)).unwrap_or(u64::MAX),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schedstat_line_gives_the_wait_and_the_slices() {
        let waits = |nanos, slices| CpuWaits {
            waited: Duration::from_nanos(nanos),
            slices,
        };
        assert_eq!(CpuWaits::parse("123456 7890 12\n"), Some(waits(7890, 12)));
        assert_eq!(CpuWaits::parse("123456 7890\n"), None);
        assert_eq!(CpuWaits::parse("123456 x 12"), None);
        assert_eq!(CpuWaits::parse(""), None);
        let later = waits(10_000, 15);
        assert_eq!(later.since(waits(7890, 12)), waits(2110, 3));
        assert_eq!(waits(5, 1).since(later), waits(0, 0));
        assert_eq!(waits(9000, 3).mean_wait(), Duration::from_nanos(3000));
        assert_eq!(waits(9000, 0).mean_wait(), Duration::ZERO);
        assert_eq!(waits(9000, u64::MAX).mean_wait(), Duration::ZERO);
    }

    /// Where the file exists (Linux) the readings never go backwards.
    #[test]
    fn readings_grow() {
        if let Some(first) = CpuWaits::of_this_thread() {
            let second = CpuWaits::of_this_thread().expect("the file was there a moment ago");
            assert!(second.waited >= first.waited && second.slices >= first.slices);
        }
    }
}
