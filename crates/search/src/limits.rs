//! When a search stops: depth, node and time limits, and a stop flag that
//! another thread may raise.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits of one search; `None` means no limit of that kind. With no limit
/// at all the search runs to its maximum depth or until stopped.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Node (or MCTS iteration) budget.
    pub nodes: Option<u64>,
    /// Wall-clock budget for the move.
    pub movetime: Option<Duration>,
}

impl Limits {
    /// Search for `ms` milliseconds.
    #[must_use]
    pub fn movetime_ms(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search `nodes` nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// A flag to stop a running search from outside (another thread, a `stop`
/// command). Cloning shares the flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A lowered flag.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks the search to stop as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag before a new search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    #[must_use]
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Time kept back from a move-time budget (at most a tenth of it), so the
/// move is returned on time even when the process is briefly descheduled.
const SAFETY: Duration = Duration::from_millis(2);

/// How often a search without iterations reports its progress
/// ([`Budget::report_due`]).
pub const REPORT_INTERVAL: Duration = Duration::from_millis(100);

/// The running state of the limits: decides, cheaply, when to stop.
#[derive(Debug)]
pub struct Budget {
    started: Instant,
    /// When the next progress report is due ([`Budget::report_due`]).
    next_report: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop: StopFlag,
    stopped: bool,
    check_every: u64,
}

impl Budget {
    /// Starts the clock for `limits`, watching `stop`; the clock and the
    /// flag are read every `check_every` nodes (a power of two), which must be
    /// small enough that so many nodes take well under a millisecond.
    #[must_use]
    pub fn start(limits: &Limits, stop: StopFlag, check_every: u64) -> Budget {
        let started = Instant::now();
        Budget {
            started,
            next_report: started + REPORT_INTERVAL,
            // A deadline past what the clock can represent is no deadline.
            deadline: limits
                .movetime
                .and_then(|t| started.checked_add(t.saturating_sub(SAFETY.min(t / 10)))),
            node_limit: limits.nodes,
            stop,
            stopped: false,
            check_every: check_every.next_power_of_two(),
        }
    }

    /// Time since the start.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether the search must stop, having searched `nodes` nodes: checks
    /// the node limit every call and the clock and flag every few hundred
    /// nodes. Once it says stop it keeps saying so.
    #[inline]
    pub fn exhausted(&mut self, nodes: u64) -> bool {
        if !self.stopped {
            let over_nodes = self.node_limit.is_some_and(|n| nodes >= n);
            self.stopped =
                over_nodes || (nodes & (self.check_every - 1) == 0 && self.check_clock());
        }
        self.stopped
    }

    /// Whether the deadline passed or the flag was raised.
    fn check_clock(&self) -> bool {
        self.stop.is_raised() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether a progress report is due, having searched `nodes` nodes:
    /// looks at the clock every few hundred nodes (as
    /// [`Budget::exhausted`] does) and says yes once every
    /// [`REPORT_INTERVAL`], for searches without iterations of their own
    /// (MCTS), so a front end sees their progress while they run.
    #[inline]
    pub fn report_due(&mut self, nodes: u64) -> bool {
        if nodes & (self.check_every - 1) != 0 {
            return false;
        }
        let now = Instant::now();
        if now < self.next_report {
            return false;
        }
        self.next_report = now + REPORT_INTERVAL;
        true
    }

    /// Whether a stop was decided.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether another iteration is worth starting: false once stopped, or
    /// when more than 90% of the time is gone (the next iteration would
    /// not get through its first move; earlier than that, a partial
    /// iteration still improves the choice).
    #[must_use]
    pub fn may_deepen(&mut self) -> bool {
        if self.stopped || self.check_clock() {
            self.stopped = true;
            return false;
        }
        match self.deadline {
            Some(d) => {
                let total = d - self.started;
                self.elapsed() * 10 < total * 9
            }
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 10 finding 9: an enormous move time is no overflow.
    #[test]
    fn an_enormous_movetime_is_no_deadline_and_no_panic() {
        let mut b = Budget::start(&Limits::movetime_ms(u64::MAX), StopFlag::new(), 64);
        assert!(!b.exhausted(64));
        assert!(b.may_deepen());
    }

    #[test]
    fn node_limit_and_stop_flag() {
        let mut b = Budget::start(&Limits::nodes(10), StopFlag::new(), 64);
        assert!(!b.exhausted(9));
        assert!(b.exhausted(10));
        assert!(b.exhausted(1));
        let flag = StopFlag::new();
        let mut b = Budget::start(&Limits::default(), flag.clone(), 64);
        assert!(b.may_deepen());
        flag.stop();
        assert!(b.exhausted(128));
        assert!(!b.may_deepen());
    }
}
