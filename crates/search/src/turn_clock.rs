//! The bookkeeping of an engine answering moves on someone else's clock
//! (a referee's or a GUI's): for each turn, the move time to give the
//! search (the budget less the [`AdaptiveReserve`]'s extra share), and
//! after the answer the [`TurnTiming`] the reserve learns from. One
//! implementation for every host that serves turns: the CodinGame loop,
//! where one thread reads, searches and answers, and the UCI-style
//! session, where a reader thread, the session's loop and a search thread
//! share the work. It is fed readings (processor waits and times measured
//! by the caller), so it is tested without a clock.

use std::time::{Duration, Instant};

use super::adaptive_reserve::{AdaptiveReserve, TurnTiming};
use super::cpu_wait::CpuWaits;
use super::limits::Reserve;

/// The least share of a turn's budget its search is given however long
/// the turn waited for a processor before it was read (one tenth).
pub const MIN_SHARE_LEFT: u32 = 10;

/// A turn under way: when its clock started, the move time its search was
/// given and the input's waits for a processor before the turn was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnStart {
    /// The move time to give the search (the turn's budget less the extra
    /// reserve).
    pub movetime: Duration,
    /// When the turn's clock started (its last line was read).
    started: Instant,
    /// The waits for a processor while the turn's lines were read (`None`
    /// where the system does not say).
    wait_before: Option<Duration>,
}

/// The clock of a session answering turns: an [`AdaptiveReserve`] and the
/// waits for a processor of the lines read since the last answer.
///
/// The waits before a turn are the input thread's while it *read* each of
/// the turn's lines (from just before it asked for a line to just after
/// it had it: the wake-up when the line arrived, which the referee's clock
/// counts), never its waits between lines: an input thread that handed a
/// line on and waited for a processor before asking for the next did so
/// while the search already ran, on no one's clock.
#[derive(Clone, Copy, Debug)]
pub struct TurnClock {
    /// The extra reserve, learnt from the turns answered.
    reserve: AdaptiveReserve,
    /// The waits of the lines read since the last answer (`None` where the
    /// system does not say).
    waits_since_answer: Option<Duration>,
    /// When the last answer was written (lines read before are not the
    /// next turn's).
    last_answer: Option<Instant>,
}

impl TurnClock {
    /// A clock for a search keeping `search_reserve` back, nothing more
    /// yet; `start_up`, the waits of the session's start (loading,
    /// building tables), widens the first turns' reserve on a busy machine.
    #[must_use]
    pub fn new(search_reserve: Reserve, start_up: Option<CpuWaits>) -> TurnClock {
        let mut reserve = AdaptiveReserve::new(search_reserve);
        if let Some(waits) = start_up {
            reserve.note_waits(waits);
        }
        TurnClock {
            reserve,
            waits_since_answer: None,
            last_answer: None,
        }
    }

    /// The share the search keeps back changed (an option was set).
    pub fn set_search_reserve(&mut self, search_reserve: Reserve) {
        self.reserve.set_search_reserve(search_reserve);
    }

    /// The extra time kept back now from a turn of `budget`.
    #[must_use]
    pub fn extra(&self, budget: Duration) -> Duration {
        self.reserve.extra(budget)
    }

    /// A line was read at `read`, the input thread having waited `waits`
    /// for a processor while reading it; a line read before the last
    /// answer (queued while a search ran) is not the next turn's.
    pub fn line_read(&mut self, read: Instant, waits: Option<CpuWaits>) {
        if self.last_answer.is_some_and(|answer| read < answer) {
            return;
        }
        if let Some(waits) = waits {
            let before = self.waits_since_answer.unwrap_or_default();
            self.waits_since_answer = Some(before.saturating_add(waits.waited));
        }
    }

    /// The lines read so far are on no turn's clock (a search without a
    /// move time started, or the other side waited for `readyok`).
    pub fn forget_waits(&mut self) {
        self.waits_since_answer = None;
    }

    /// Starts a turn of `budget` whose clock started at `started` (its
    /// last line read). The time the input waited for a processor while
    /// the turn's lines were read is already gone from the referee's
    /// clock: this turn's search gets that much less (but never less than
    /// [`MIN_SHARE_LEFT`] of the budget, to answer at all).
    #[must_use]
    pub fn begin(&mut self, budget: Duration, started: Instant) -> TurnStart {
        let wait_before = self.waits_since_answer.take();
        let movetime = self
            .reserve
            .movetime(budget)
            .saturating_sub(wait_before.unwrap_or_default())
            .max(budget / MIN_SHARE_LEFT);
        TurnStart {
            movetime,
            started,
            wait_before,
        }
    }

    /// Learns from `turn`, answered (written and flushed) at `at`;
    /// `waits_during` are the searching thread's waits for a processor
    /// from when it was handed the turn (or began waiting for it) to the
    /// answer.
    pub fn answered(&mut self, turn: TurnStart, at: Instant, waits_during: Option<CpuWaits>) {
        self.reserve.record(&TurnTiming {
            wait_before: turn.wait_before,
            waits_during,
            movetime: turn.movetime,
            answered: at.saturating_duration_since(turn.started),
        });
        self.waits_since_answer = None;
        self.last_answer = Some(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUDGET: Duration = Duration::from_millis(100);

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    fn waits(millis: u64, slices: u64) -> Option<CpuWaits> {
        Some(CpuWaits {
            waited: ms(millis),
            slices,
        })
    }

    /// A session's instants, `millis` after its start.
    struct Timeline(Instant);

    impl Timeline {
        fn at(&self, millis: u64) -> Instant {
            self.0 + ms(millis)
        }
    }

    fn timeline() -> Timeline {
        Timeline(Instant::now())
    }

    #[test]
    fn a_quiet_session_gives_the_search_the_whole_budget() {
        let t = timeline();
        let mut clock = TurnClock::new(Reserve::default(), waits(0, 3));
        for turn in 0..100 {
            let read = t.at(200 * turn);
            clock.line_read(read, waits(0, 1));
            clock.line_read(read, waits(0, 0));
            let start = clock.begin(BUDGET, read);
            assert_eq!(start.movetime, BUDGET);
            clock.answered(start, read + ms(95), waits(0, 2));
        }
        assert_eq!(clock.extra(BUDGET), Duration::ZERO);
    }

    /// The waits while the turn's lines were read (each line's own) are
    /// gone from the referee's clock, and a delay the next turns keep
    /// back twice (less the search's own 5 ms).
    #[test]
    fn the_waits_reading_the_turn_widen_the_next_turns() {
        let t = timeline();
        let mut clock = TurnClock::new(Reserve::default(), None);
        clock.line_read(t.at(10), waits(4, 1));
        clock.line_read(t.at(10), waits(3, 1));
        let start = clock.begin(BUDGET, t.at(10));
        // The 7 ms waited before the turn was read are gone already.
        assert_eq!(start.movetime, ms(93));
        // Answered at the search's deadline (93 ms less its 5%): on the
        // referee's clock, which started 7 ms before ours, 7 ms more.
        let deadline = ms(93) - Reserve::default().of(ms(93));
        clock.answered(start, t.at(10) + deadline, waits(0, 5));
        assert_eq!(clock.extra(BUDGET), ms(9));
        clock.line_read(t.at(200), waits(0, 1));
        assert_eq!(clock.begin(BUDGET, t.at(200)).movetime, ms(91));
    }

    /// Lines queued while a search ran (read before its answer) are not
    /// the next turn's; nor are the lines before `readyok` or before a
    /// search without a move time.
    #[test]
    fn only_the_lines_read_since_the_answer_count() {
        let t = timeline();
        let mut clock = TurnClock::new(Reserve::default(), None);
        clock.line_read(t.at(0), waits(0, 1));
        let start = clock.begin(BUDGET, t.at(0));
        clock.line_read(t.at(50), waits(30, 1));
        clock.answered(start, t.at(95), waits(0, 5));
        clock.line_read(t.at(50), waits(30, 1));
        clock.line_read(t.at(120), waits(0, 1));
        assert_eq!(clock.begin(BUDGET, t.at(120)).movetime, BUDGET);
        clock.line_read(t.at(130), waits(30, 1));
        clock.forget_waits();
        clock.line_read(t.at(140), waits(0, 1));
        assert_eq!(clock.begin(BUDGET, t.at(140)).movetime, BUDGET);
    }

    /// A turn read late searches only what is left of the referee's
    /// clock, and at least a tenth of it.
    #[test]
    fn a_turn_read_late_searches_only_what_is_left() {
        let t = timeline();
        let mut clock = TurnClock::new(Reserve::default(), None);
        clock.line_read(t.at(0), waits(30, 1));
        assert_eq!(clock.begin(BUDGET, t.at(0)).movetime, ms(70));
        clock.line_read(t.at(0), waits(150, 2));
        assert_eq!(clock.begin(BUDGET, t.at(0)).movetime, ms(10));
        clock.line_read(t.at(0), None);
        assert_eq!(clock.begin(BUDGET, t.at(0)).movetime, BUDGET);
    }

    /// Without the system's readings only the lateness counts.
    #[test]
    fn without_readings_the_lateness_still_counts() {
        let t = timeline();
        let mut clock = TurnClock::new(Reserve::default(), None);
        clock.line_read(t.at(0), None);
        let start = clock.begin(BUDGET, t.at(0));
        clock.answered(start, t.at(101), None);
        // 6 ms past the deadline of 95: twice that less 5.
        assert_eq!(clock.extra(BUDGET), ms(7));
        let next = clock.begin(BUDGET, t.at(200));
        clock.answered(next, t.at(210), None);
        // An early answer: only the decay, 3% of 6 ms.
        assert_eq!(clock.extra(BUDGET), Duration::from_micros(2 * 5820 - 5000));
    }

    /// A busy start-up widens the first turn; the search's own reserve
    /// can be changed between turns.
    #[test]
    fn the_start_up_and_the_search_reserve_set_the_first_turn() {
        let t = timeline();
        let mut clock = TurnClock::new(Reserve::default(), waits(60, 6));
        assert_eq!(clock.begin(BUDGET, t.at(0)).movetime, ms(85));
        clock.set_search_reserve(Reserve::per_mille(100));
        assert_eq!(clock.begin(BUDGET, t.at(0)).movetime, ms(90));
    }
}
