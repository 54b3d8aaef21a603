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
    /// When the move's clock started (the instant the request arrived, so
    /// the time it waited before the search began counts); `None`: when
    /// the search starts.
    pub started: Option<Instant>,
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

/// The time a search keeps back from a move time, so that the answer
/// arrives before the budget ends: a share of the move time, in
/// thousandths, at least `MIN_MARGIN` (never more than half the move
/// time). The search stops at the move time less this reserve; with the
/// default share ([`Reserve::DEFAULT_PER_MILLE`], 5%) a move uses 19 ms of
/// 20, 95 ms of 100 and 950 ms of CodinGame's first turn of 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reserve {
    per_mille: u32,
}

impl Reserve {
    /// The default share kept back, in thousandths of the move time.
    pub const DEFAULT_PER_MILLE: u32 = 50;

    /// The largest share, in thousandths: half the move time.
    pub const MAX_PER_MILLE: u32 = 500;

    /// A reserve of `per_mille` thousandths of the move time (at most
    /// [`Reserve::MAX_PER_MILLE`]).
    #[must_use]
    pub fn per_mille(per_mille: u32) -> Reserve {
        Reserve {
            per_mille: per_mille.min(Reserve::MAX_PER_MILLE),
        }
    }

    /// The share kept back, in thousandths of the move time.
    #[must_use]
    pub fn share_per_mille(self) -> u32 {
        self.per_mille
    }

    /// The time kept back from `movetime`.
    #[must_use]
    pub fn of(self, movetime: Duration) -> Duration {
        (movetime / 1000)
            .saturating_mul(self.per_mille)
            .max(MIN_MARGIN)
            .min(movetime / 2)
    }
}

impl Default for Reserve {
    fn default() -> Reserve {
        Reserve::per_mille(Reserve::DEFAULT_PER_MILLE)
    }
}

/// The least time kept back: what a stop (at most 257 nodes after the
/// deadline, a few tens of microseconds), the answer and the process's
/// wake-up take (about 0.2 ms through the UCI-style protocol on an idle
/// machine), with room for a short wait for a CPU.
pub const MIN_MARGIN: Duration = Duration::from_micros(500);

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
    /// The node count at which the clock is read next.
    next_check: u64,
    /// The node count at the last reading of the clock.
    last_check: u64,
    /// The most nodes searched between two readings of the clock.
    widest_gap: u64,
}

impl Budget {
    /// Starts the clock for `limits`, watching `stop`; the clock and the
    /// flag are read once at least `check_every` more nodes were counted,
    /// so `check_every` must be small enough that so many nodes take well
    /// under a millisecond. The node count handed to [`Budget::exhausted`]
    /// may skip values (nodes counted where the search does not ask): the
    /// clock is still read within `check_every` nodes of the last reading.
    #[must_use]
    pub fn start(limits: &Limits, stop: StopFlag, check_every: u64) -> Budget {
        Budget::start_with(limits, stop, check_every, Reserve::default())
    }

    /// [`Budget::start`] keeping `reserve` back from the move time; the
    /// clock runs from `limits.started` when it is given.
    #[must_use]
    pub fn start_with(
        limits: &Limits,
        stop: StopFlag,
        check_every: u64,
        reserve: Reserve,
    ) -> Budget {
        let started = limits.started.unwrap_or_else(Instant::now);
        let check_every = check_every.max(1);
        Budget {
            started,
            next_report: started + REPORT_INTERVAL,
            // A deadline past what the clock can represent is no deadline.
            deadline: limits
                .movetime
                .and_then(|t| started.checked_add(t.saturating_sub(reserve.of(t)))),
            node_limit: limits.nodes,
            stop,
            stopped: false,
            check_every,
            next_check: check_every,
            last_check: 0,
            widest_gap: 0,
        }
    }

    /// Time since the start.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether the search must stop, having searched `nodes` nodes: checks
    /// the node limit every call and the clock and flag once `check_every`
    /// nodes passed since they were last read. Once it says stop it keeps
    /// saying so.
    #[inline]
    pub fn exhausted(&mut self, nodes: u64) -> bool {
        if !self.stopped {
            let over_nodes = self.node_limit.is_some_and(|n| nodes >= n);
            self.stopped = over_nodes || (nodes >= self.next_check && self.read_clock(nodes));
        }
        self.stopped
    }

    /// Reads the clock and the flag at node count `nodes`, scheduling the
    /// next reading.
    #[cold]
    fn read_clock(&mut self, nodes: u64) -> bool {
        self.widest_gap = self.widest_gap.max(nodes - self.last_check);
        self.last_check = nodes;
        self.next_check = nodes.saturating_add(self.check_every);
        self.check_clock()
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

    /// The most nodes counted between two readings of the clock so far:
    /// at most `check_every` plus what one call's count can jump by (the
    /// bound on how late a stop can be, in nodes).
    #[must_use]
    pub fn widest_gap(&self) -> u64 {
        self.widest_gap
    }

    /// Whether another iteration is worth starting: false once stopped or
    /// past the deadline, true otherwise. An iteration cut short still
    /// improves the choice (the previous best move is searched first, and
    /// a move that beats it after a full search replaces it), so the search
    /// uses its time to the deadline rather than stopping when the next
    /// iteration looks too long to finish.
    #[must_use]
    pub fn may_deepen(&mut self) -> bool {
        if self.stopped || self.check_clock() {
            self.stopped = true;
            return false;
        }
        true
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

    /// A count that skips the multiples of the check interval still reads
    /// the clock: the stop comes within `check_every` nodes of the flag.
    #[test]
    fn the_clock_is_read_however_the_node_count_jumps() {
        let flag = StopFlag::new();
        let mut b = Budget::start(&Limits::default(), flag.clone(), 64);
        let mut nodes = 1;
        while nodes < 10_000 {
            assert!(!b.exhausted(nodes));
            nodes += 3;
        }
        assert!(b.widest_gap() <= 64 + 3, "{}", b.widest_gap());
        flag.stop();
        let raised_at = nodes;
        while !b.exhausted(nodes) {
            nodes += 3;
        }
        assert!(nodes - raised_at <= 64 + 3, "{} nodes", nodes - raised_at);
    }

    #[test]
    fn the_reserve_is_a_share_within_its_bounds() {
        let ms = Duration::from_millis;
        let us = Duration::from_micros;
        let default = Reserve::default();
        assert_eq!(default.of(ms(20)), ms(1));
        assert_eq!(default.of(ms(100)), ms(5));
        assert_eq!(default.of(ms(1000)), ms(50));
        assert_eq!(default.of(ms(4)), us(500));
        assert_eq!(default.of(ms(1)), us(500));
        assert_eq!(default.of(us(600)), us(300));
        assert_eq!(default.of(Duration::ZERO), Duration::ZERO);
        assert!(default.of(Duration::MAX) <= Duration::MAX / 2);
        assert_eq!(Reserve::per_mille(100).of(ms(20)), ms(2));
        assert_eq!(Reserve::per_mille(0).of(ms(100)), us(500));
        assert_eq!(Reserve::per_mille(9999).share_per_mille(), 500);
        assert_eq!(Reserve::per_mille(9999).of(ms(10)), ms(5));
    }

    /// The clock runs from `started`: a move whose request waited past its
    /// whole budget is over at once, whatever the searcher does.
    #[test]
    fn the_clock_runs_from_the_request() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(20)),
            started: Instant::now().checked_sub(Duration::from_millis(50)),
            ..Limits::default()
        };
        if limits.started.is_none() {
            return; // a clock too young to go back 50 ms
        }
        let mut b = Budget::start(&limits, StopFlag::new(), 64);
        assert!(b.elapsed() >= Duration::from_millis(50));
        assert!(!b.may_deepen());
        assert!(b.exhausted(1));
    }
}
