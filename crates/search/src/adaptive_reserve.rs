//! A reserve that widens when the machine makes answers late: a bot whose
//! opponent (a referee) times every answer from the moment it sent the
//! question loses time on a busy machine that its search cannot react to —
//! the wait for a processor before it even reads the question, and a wait
//! that falls between the search's last look at the clock and the
//! answer's delivery (on a loaded machine a thread may wait tens of
//! milliseconds at a time). [`AdaptiveReserve`] watches, on every turn,
//! the delay the answer actually had beyond the search's deadline and the
//! mean length of the turn's waits for a processor (what one wait at the
//! wrong moment would cost), and keeps back, on the following turns,
//! twice the largest recent one beyond what the search's own [`Reserve`]
//! covers, fading over a few dozen turns. On a quiet machine both are far
//! below that reserve and nothing more is kept back. It is fed readings
//! (times and processor waits measured by the caller), so it is
//! deterministic and tested without a clock.

use std::time::Duration;

use super::cpu_wait::CpuWaits;
use super::limits::Reserve;

/// What one answered turn measured, from the turn's first input line
/// (when the bot's clock starts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnTiming {
    /// The time the bot waited for a processor between its previous answer
    /// and the turn's first line: the question had arrived, the referee's
    /// clock was running and the bot's had not started (`None` where the
    /// system does not say).
    pub wait_before: Option<Duration>,
    /// Its waits for a processor from the first line to the answer.
    pub waits_during: Option<CpuWaits>,
    /// The move time given to the search ([`AdaptiveReserve::movetime`]).
    pub movetime: Duration,
    /// When the answer had been written and flushed.
    pub answered: Duration,
}

/// The share of the recent largest delay that survives each turn without a
/// larger one, in thousandths: after a burst of load the reserve shrinks
/// back to the search's own over a few dozen turns (halved in 23).
const DECAY_PER_MILLE: u32 = 970;

/// How many times the largest recent delay is kept back: a delay that
/// came once may come again longer.
const SAFETY_FACTOR: u32 = 2;

/// Delays below this are noise (a quiet machine's wake-up and pipe),
/// never a reason to widen.
const NOISE: Duration = Duration::from_micros(300);

/// The reserve of a bot answering on a referee's clock: the search's own
/// [`Reserve`] plus, after turns that showed the machine delaying answers,
/// an extra share (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct AdaptiveReserve {
    /// What the search keeps back of the move time it is given.
    search_reserve: Reserve,
    /// The largest recent delay, decayed.
    recent_delay: Duration,
}

impl AdaptiveReserve {
    /// No extra reserve yet, above the search's `search_reserve`.
    #[must_use]
    pub fn new(search_reserve: Reserve) -> AdaptiveReserve {
        AdaptiveReserve {
            search_reserve,
            recent_delay: Duration::ZERO,
        }
    }

    /// Changes what the search keeps back of the move time it is given
    /// (the delays learnt stay).
    pub fn set_search_reserve(&mut self, search_reserve: Reserve) {
        self.search_reserve = search_reserve;
    }

    /// The time kept back now beyond the search's own reserve of `budget`
    /// (at most half the budget).
    #[must_use]
    pub fn extra(&self, budget: Duration) -> Duration {
        self.recent_delay
            .saturating_mul(SAFETY_FACTOR)
            .saturating_sub(self.search_reserve.of(budget))
            .min(budget / 2)
    }

    /// The move time to give the search for a turn of `budget`: the budget
    /// less the extra reserve.
    #[must_use]
    pub fn movetime(&self, budget: Duration) -> Duration {
        budget.saturating_sub(self.extra(budget))
    }

    /// The delay a turn showed: the wait before its first line was read
    /// plus how long after the search's deadline the answer was delivered
    /// (nothing for a search that ended early), or the mean wait for a
    /// processor during the turn if longer (what a wait just before the
    /// answer would have cost).
    #[must_use]
    pub fn delay(&self, turn: &TurnTiming) -> Duration {
        let deadline = turn
            .movetime
            .saturating_sub(self.search_reserve.of(turn.movetime));
        let seen = turn
            .wait_before
            .unwrap_or_default()
            .saturating_add(turn.answered.saturating_sub(deadline));
        let threatened = turn
            .waits_during
            .map(CpuWaits::mean_wait)
            .unwrap_or_default();
        seen.max(threatened)
    }

    /// Learns from an answered turn.
    pub fn record(&mut self, turn: &TurnTiming) {
        self.learn(self.delay(turn));
    }

    /// Learns from waits for a processor outside any turn (the start-up,
    /// before the first question): the mean wait threatens the first
    /// turns as it would a turn's.
    pub fn note_waits(&mut self, waits: CpuWaits) {
        self.learn(waits.mean_wait());
    }

    /// Takes in one delay, fading the older ones.
    fn learn(&mut self, delay: Duration) {
        let decayed = self.recent_delay / 1000 * DECAY_PER_MILLE;
        let delay = if delay < NOISE { Duration::ZERO } else { delay };
        self.recent_delay = decayed.max(delay);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUDGET: Duration = Duration::from_millis(100);

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    fn us(micros: u64) -> Duration {
        Duration::from_micros(micros)
    }

    /// A turn that ran to the search's deadline (95 ms of 100 with the
    /// default reserve) and answered `after_deadline` later, having waited
    /// `wait_before` for a processor before its first line.
    fn deadline_turn(
        reserve: &AdaptiveReserve,
        wait_before: Option<Duration>,
        after_deadline: Duration,
    ) -> TurnTiming {
        let movetime = reserve.movetime(BUDGET);
        let deadline = movetime - Reserve::default().of(movetime);
        TurnTiming {
            wait_before,
            movetime,
            answered: deadline + after_deadline,
            ..TurnTiming::default()
        }
    }

    /// What the referee's clock shows for a turn: the wait before the bot
    /// read the question and the bot's own time to its answer.
    fn referee_time(turn: &TurnTiming) -> Duration {
        turn.wait_before.unwrap_or_default() + turn.answered
    }

    #[test]
    fn a_quiet_machine_keeps_the_whole_move_time() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        for _ in 0..1000 {
            assert_eq!(reserve.movetime(BUDGET), BUDGET);
            let turn = deadline_turn(&reserve, Some(us(40)), us(250));
            reserve.record(&turn);
        }
        assert_eq!(reserve.extra(BUDGET), Duration::ZERO);
    }

    /// Delays the search's own reserve covers twice over do not widen it.
    #[test]
    fn delays_within_half_the_search_reserve_are_covered_already() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        reserve.record(&deadline_turn(&reserve, Some(us(1500)), us(1000)));
        assert_eq!(reserve.extra(BUDGET), Duration::ZERO);
    }

    #[test]
    fn a_delayed_answer_widens_the_reserve_of_the_next_turns() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        let late = deadline_turn(&reserve, Some(ms(4)), ms(3));
        assert!(referee_time(&late) > BUDGET, "the example is a late answer");
        assert_eq!(reserve.delay(&late), ms(7));
        reserve.record(&late);
        // Twice the 7 ms delay, less the 5 ms the search keeps back.
        assert_eq!(reserve.extra(BUDGET), ms(9));
        assert_eq!(reserve.movetime(BUDGET), ms(91));
        // The same delay again is no longer late.
        let again = deadline_turn(&reserve, Some(ms(4)), ms(3));
        assert!(referee_time(&again) <= BUDGET);
    }

    /// Under a steady load each turn's delays are met by the reserve the
    /// turns before them set: only the first delayed turn can be late.
    #[test]
    fn a_steady_load_is_late_at_most_once() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        let mut late = 0;
        for turn in 0..500u64 {
            // Waits of 0 to 6 ms before the question, 0 to 3 ms after the
            // deadline, in a fixed irregular pattern.
            let before = us(turn * 7919 % 6000);
            let after = us(turn * 104_729 % 3000);
            let timing = deadline_turn(&reserve, Some(before), after);
            late += usize::from(referee_time(&timing) > BUDGET);
            reserve.record(&timing);
        }
        assert!(late <= 1, "{late} late answers");
        assert!(reserve.extra(BUDGET) > Duration::ZERO);
    }

    #[test]
    fn the_extra_reserve_fades_once_the_load_is_gone() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        reserve.record(&deadline_turn(&reserve, Some(ms(10)), ms(2)));
        assert_eq!(reserve.extra(BUDGET), ms(19));
        let mut turns = 0;
        while reserve.extra(BUDGET) > Duration::ZERO {
            reserve.record(&deadline_turn(&reserve, Some(us(30)), us(200)));
            turns += 1;
        }
        assert!((40..=60).contains(&turns), "{turns} turns");
    }

    /// Long waits for a processor during a turn that was not late yet
    /// widen the reserve: one of them at the deadline would make it late.
    #[test]
    fn long_waits_during_a_turn_widen_the_reserve_before_any_late_answer() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        let mut turn = deadline_turn(&reserve, Some(us(20)), us(200));
        turn.waits_during = Some(CpuWaits {
            waited: ms(80),
            slices: 10,
        });
        assert!(referee_time(&turn) <= BUDGET);
        assert_eq!(reserve.delay(&turn), ms(8));
        reserve.record(&turn);
        assert_eq!(reserve.extra(BUDGET), ms(11));
        // Short waits (a shared but not overloaded machine) are covered.
        let mut shared = AdaptiveReserve::new(Reserve::default());
        turn.waits_during = Some(CpuWaits {
            waited: ms(30),
            slices: 20,
        });
        shared.record(&turn);
        assert_eq!(shared.extra(BUDGET), Duration::ZERO);
    }

    /// A loaded start-up widens the first turns' reserve; a quiet one not.
    #[test]
    fn the_start_up_s_waits_set_the_first_reserve() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        reserve.note_waits(CpuWaits {
            waited: us(500),
            slices: 40,
        });
        assert_eq!(reserve.extra(BUDGET), Duration::ZERO);
        reserve.note_waits(CpuWaits {
            waited: ms(60),
            slices: 6,
        });
        assert_eq!(reserve.extra(BUDGET), ms(15));
    }

    /// A search that ended early (a proved result) was never near the
    /// deadline: only its wait before the question counts.
    #[test]
    fn an_early_answer_counts_only_its_wait_before() {
        let reserve = AdaptiveReserve::new(Reserve::default());
        let early = TurnTiming {
            wait_before: Some(ms(3)),
            movetime: BUDGET,
            answered: ms(12),
            ..TurnTiming::default()
        };
        assert_eq!(reserve.delay(&early), ms(3));
    }

    /// Without the system's processor waits only the lateness after the
    /// deadline is seen, and the reserve still widens for it.
    #[test]
    fn without_processor_waits_the_lateness_after_the_deadline_counts() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        let turn = deadline_turn(&reserve, None, ms(6));
        assert_eq!(reserve.delay(&turn), ms(6));
        reserve.record(&turn);
        assert_eq!(reserve.extra(BUDGET), ms(7));
    }

    #[test]
    fn the_extra_reserve_is_at_most_half_the_budget() {
        let mut reserve = AdaptiveReserve::new(Reserve::default());
        reserve.record(&deadline_turn(
            &reserve,
            Some(Duration::from_secs(3)),
            ms(1),
        ));
        assert_eq!(reserve.extra(BUDGET), ms(50));
        assert_eq!(reserve.movetime(BUDGET), ms(50));
        assert_eq!(reserve.movetime(ms(1000)), ms(500));
        let mut tiny = AdaptiveReserve::new(Reserve::default());
        tiny.record(&TurnTiming {
            wait_before: Some(Duration::MAX),
            waits_during: Some(CpuWaits {
                waited: Duration::MAX,
                slices: 1,
            }),
            movetime: Duration::ZERO,
            answered: Duration::MAX,
        });
        assert_eq!(tiny.movetime(Duration::ZERO), Duration::ZERO);
        assert_eq!(tiny.movetime(ms(1)), us(500));
    }
}
