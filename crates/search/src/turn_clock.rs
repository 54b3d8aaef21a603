//! The bookkeeping of an engine answering moves on someone else's clock
//! (a referee's or a GUI's): for each turn, the move time to give the
//! search (the budget less the [`AdaptiveReserve`]'s extra share), and
//! after the answer the [`TurnTiming`] the reserve learns from. One
//! implementation for every host that serves turns: the CodinGame loop,
//! where one thread reads, searches and answers, and the UCI-style
//! session, where a reader thread, the session's loop and a search thread
//! share the work. It is fed readings (processor waits and times measured
//! by the caller), so it is tested without a clock.

use std::time::Duration;

use super::adaptive_reserve::{AdaptiveReserve, TurnTiming};
use super::cpu_wait::CpuWaits;
use super::limits::Reserve;

/// The least share of a turn's budget its search is given however long
/// the turn waited for a processor before it was read (one tenth).
pub const MIN_SHARE_LEFT: u32 = 10;

/// A turn under way: the move time its search was given and the input
/// thread's wait before the turn's first line was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnStart {
    /// The move time to give the search (the turn's budget less the extra
    /// reserve).
    pub movetime: Duration,
    /// The input thread's waits for a processor between the previous
    /// answer and the turn's first line (`None` where the system does not
    /// say).
    wait_before: Option<Duration>,
}

/// The clock of a session answering turns: an [`AdaptiveReserve`] and the
/// input thread's processor waits at the last answer.
#[derive(Clone, Copy, Debug)]
pub struct TurnClock {
    /// The extra reserve, learnt from the turns answered.
    reserve: AdaptiveReserve,
    /// The input thread's waits when the last answer was written (or when
    /// the session started).
    reader_at_answer: Option<CpuWaits>,
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
            reader_at_answer: None,
        }
    }

    /// Sets the input thread's reading the next turn's wait is counted
    /// from (the session's start, where the input thread is the one that
    /// started it).
    pub fn mark_reader(&mut self, reader: Option<CpuWaits>) {
        self.reader_at_answer = reader;
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

    /// Starts a turn of `budget` whose first line the input thread read
    /// with `reader_at_read` as its waits. The time the input thread
    /// waited for a processor before reading the line is already gone from
    /// the referee's clock: this turn's search gets that much less (but
    /// never less than [`MIN_SHARE_LEFT`] of the budget, to answer at all).
    #[must_use]
    pub fn begin(&self, budget: Duration, reader_at_read: Option<CpuWaits>) -> TurnStart {
        let wait_before = reader_at_read
            .zip(self.reader_at_answer)
            .map(|(read, answer)| read.since(answer).waited);
        let movetime = self
            .reserve
            .movetime(budget)
            .saturating_sub(wait_before.unwrap_or_default())
            .max(budget / MIN_SHARE_LEFT);
        TurnStart {
            movetime,
            wait_before,
        }
    }

    /// Learns from `turn`, answered (written and flushed) `answered` after
    /// its first line was read; `waits_during` are the searching thread's
    /// waits for a processor in the turn, `reader_now` the input thread's
    /// latest reading (the next turn's wait is counted from it).
    pub fn answered(
        &mut self,
        turn: TurnStart,
        answered: Duration,
        waits_during: Option<CpuWaits>,
        reader_now: Option<CpuWaits>,
    ) {
        self.reserve.record(&TurnTiming {
            wait_before: turn.wait_before,
            waits_during,
            movetime: turn.movetime,
            answered,
        });
        self.reader_at_answer = reader_now;
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

    #[test]
    fn a_quiet_session_gives_the_search_the_whole_budget() {
        let mut clock = TurnClock::new(Reserve::default(), waits(0, 3));
        clock.mark_reader(waits(0, 3));
        for turn in 0..100 {
            let start = clock.begin(BUDGET, waits(0, 4 + turn));
            assert_eq!(start.movetime, BUDGET);
            clock.answered(start, ms(95), waits(0, 2), waits(0, 4 + turn));
        }
        assert_eq!(clock.extra(BUDGET), Duration::ZERO);
    }

    /// The input thread's wait before the turn's line, counted from its
    /// reading at the previous answer, is a delay the next turns keep
    /// back twice (less the search's own 5 ms).
    #[test]
    fn the_reader_s_wait_since_the_last_answer_widens_the_next_turns() {
        let mut clock = TurnClock::new(Reserve::default(), None);
        clock.mark_reader(waits(2, 10));
        let start = clock.begin(BUDGET, waits(9, 11));
        // The 7 ms waited before the line was read are gone already.
        assert_eq!(start.movetime, ms(93));
        // Answered at the search's deadline (93 ms less its 5%): on the
        // referee's clock, which started 7 ms before ours, 7 ms more.
        let deadline = ms(93) - Reserve::default().of(ms(93));
        clock.answered(start, deadline, waits(0, 5), waits(9, 11));
        assert_eq!(clock.extra(BUDGET), ms(9));
        assert_eq!(clock.begin(BUDGET, waits(9, 12)).movetime, ms(91));
    }

    /// A turn read late searches only what is left of the referee's
    /// clock, and at least a tenth of it.
    #[test]
    fn a_turn_read_late_searches_only_what_is_left() {
        let mut clock = TurnClock::new(Reserve::default(), None);
        clock.mark_reader(waits(0, 1));
        assert_eq!(clock.begin(BUDGET, waits(30, 2)).movetime, ms(70));
        assert_eq!(clock.begin(BUDGET, waits(150, 2)).movetime, ms(10));
        assert_eq!(clock.begin(BUDGET, None).movetime, BUDGET);
    }

    /// Without the input thread's reading at the last answer (the first
    /// turn of a session whose reader started later, or no `/proc`) only
    /// the lateness and the waits during the turn count.
    #[test]
    fn without_a_reader_mark_the_lateness_still_counts() {
        let mut clock = TurnClock::new(Reserve::default(), None);
        let start = clock.begin(BUDGET, waits(30, 2));
        clock.answered(start, ms(101), None, waits(30, 2));
        // 6 ms past the deadline of 95: twice that less 5.
        assert_eq!(clock.extra(BUDGET), ms(7));
        // The next turn's wait is counted from the reading at the answer.
        let next = clock.begin(BUDGET, waits(30, 3));
        clock.answered(next, ms(10), None, waits(30, 3));
        // An early answer: only the decay, 3% of 6 ms.
        assert_eq!(clock.extra(BUDGET), Duration::from_micros(2 * 5820 - 5000));
    }

    /// A busy start-up widens the first turn; the search's own reserve
    /// can be changed between turns.
    #[test]
    fn the_start_up_and_the_search_reserve_set_the_first_turn() {
        let clock = TurnClock::new(Reserve::default(), waits(60, 6));
        assert_eq!(clock.begin(BUDGET, None).movetime, ms(85));
        let mut wider = clock;
        wider.set_search_reserve(Reserve::per_mille(100));
        assert_eq!(wider.begin(BUDGET, None).movetime, ms(90));
    }
}
