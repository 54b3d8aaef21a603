//! Busy and idle time per worker of a distributed build.

use std::time::Duration;

/// One worker's share of a build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkerTime {
    /// The worker (its rank).
    pub worker: usize,
    /// Tiers it built or checked.
    pub tiers: usize,
    /// Time on jobs, as the worker measured it.
    pub busy: Duration,
    /// The rest of the build's wall time: waiting for a job.
    pub idle: Duration,
}

impl WorkerTime {
    /// The times of every worker, from their busy times, tier counts and
    /// the build's wall time.
    pub fn of_workers(busy: &[Duration], tiers: &[usize], wall: Duration) -> Vec<WorkerTime> {
        busy.iter()
            .zip(tiers)
            .enumerate()
            .map(|(worker, (&busy, &tiers))| WorkerTime {
                worker,
                tiers,
                busy,
                idle: wall.saturating_sub(busy),
            })
            .collect()
    }

    /// The idle share of the build: idle time over all workers' wall time
    /// (0 without workers).
    pub fn idle_share(workers: &[WorkerTime]) -> f64 {
        let idle: f64 = workers.iter().map(|w| w.idle.as_secs_f64()).sum();
        let total: f64 = workers
            .iter()
            .map(|w| (w.idle + w.busy).as_secs_f64())
            .sum();
        if total > 0.0 { idle / total } else { 0.0 }
    }
}

impl std::fmt::Display for WorkerTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let all = (self.busy + self.idle).as_secs_f64();
        let share = if all > 0.0 {
            100.0 * self.idle.as_secs_f64() / all
        } else {
            0.0
        };
        write!(
            f,
            "rank {}: {} tiers, busy {:.2} s, idle {:.2} s ({share:.0}%)",
            self.worker,
            self.tiers,
            self.busy.as_secs_f64(),
            self.idle.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_is_the_wall_time_a_worker_did_not_work() {
        let secs = Duration::from_secs;
        let times = WorkerTime::of_workers(&[secs(3), secs(1)], &[2, 1], secs(4));
        assert_eq!(times[0].idle, secs(1));
        assert_eq!(times[1].idle, secs(3));
        assert_eq!(WorkerTime::idle_share(&times), 0.5);
        assert_eq!(
            times[1].to_string(),
            "rank 1: 1 tiers, busy 1.00 s, idle 3.00 s (75%)"
        );
        assert_eq!(WorkerTime::idle_share(&[]), 0.0);
    }
}
