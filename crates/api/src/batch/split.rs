//! A [`SplitChoice`]: whether the calls of a batch run in one part or in
//! several, chosen by timing whole calls of each kind, interleaved, and
//! checked again now and then. The kinds are compared by their total
//! time, stalls included (a helper thread preempted in the middle of its
//! part delays the whole call: on a busy machine that is the cost of a
//! split), which is what the calls' throughput is. Where the second core
//! does not pay (a small batch, a machine whose other cores are busy or
//! slow to wake) the calls fall back to one part by themselves.

/// Calls timed of each kind in a trial, in blocks of [`TRIAL_BLOCK`]
/// (one part, then split, and so on).
const TRIAL_CALLS: usize = 8;

/// Consecutive calls of one kind in a trial: the first split call after
/// a block of one-part calls may find the helpers parked (a long call
/// outlasts their patience) and wait for them to wake, which the calls
/// that follow it do not; a block of several counts that once, as the
/// steady split does.
const TRIAL_BLOCK: usize = 4;

/// Calls run with the winner of a trial before the next trial: the
/// trials' cost (the loser's calls) stays within a few percent.
const CALLS_BETWEEN_TRIALS: u32 = 1024;

/// The choice between one part and `wide` parts for the calls of a batch.
#[derive(Clone, Debug)]
pub struct SplitChoice {
    /// The parts of a split call.
    wide: usize,
    /// Between trials: the winner and the calls left before the next trial.
    winner: usize,
    left: u32,
    /// In a trial: the times of the calls in one part and split.
    alone: Vec<u64>,
    split: Vec<u64>,
}

impl SplitChoice {
    /// Chooses between one part and `wide` (the threads a call can use);
    /// begins with a trial.
    pub fn new(wide: usize) -> SplitChoice {
        SplitChoice {
            wide: wide.max(1),
            winner: 1,
            left: 0,
            alone: Vec::with_capacity(TRIAL_CALLS),
            split: Vec::with_capacity(TRIAL_CALLS),
        }
    }

    /// Whether a trial is under way.
    fn in_trial(&self) -> bool {
        self.left == 0 && self.wide > 1
    }

    /// The parts of the next call: 1 or `wide`.
    pub fn parts(&self) -> usize {
        if !self.in_trial() {
            self.winner
        } else if ((self.alone.len() + self.split.len()) / TRIAL_BLOCK).is_multiple_of(2) {
            1
        } else {
            self.wide
        }
    }

    /// Records that a call in `parts` parts (as [`SplitChoice::parts`]
    /// said) took `nanos`; a trial ends with the faster kind (by the total
    /// time of its calls; one part on a tie) as the winner.
    pub fn record(&mut self, parts: usize, nanos: u64) {
        if !self.in_trial() {
            self.left = self.left.saturating_sub(1);
            return;
        }
        if parts != self.parts() {
            return;
        }
        if parts == 1 {
            self.alone.push(nanos);
        } else {
            self.split.push(nanos);
        }
        if self.split.len() == TRIAL_CALLS {
            let total = |times: &[u64]| times.iter().fold(0u64, |sum, &t| sum.saturating_add(t));
            self.winner = if total(&self.split) < total(&self.alone) {
                self.wide
            } else {
                1
            };
            self.left = CALLS_BETWEEN_TRIALS;
            self.alone.clear();
            self.split.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `calls` calls timed by `time(parts)`; the parts of each.
    fn run(choice: &mut SplitChoice, calls: usize, time: impl Fn(usize) -> u64) -> Vec<usize> {
        (0..calls)
            .map(|_| {
                let parts = choice.parts();
                choice.record(parts, time(parts));
                parts
            })
            .collect()
    }

    #[test]
    fn a_trial_interleaves_then_keeps_the_faster() {
        let mut choice = SplitChoice::new(2);
        let trial = run(&mut choice, 2 * TRIAL_CALLS, |parts| {
            if parts == 1 { 100 } else { 60 }
        });
        let block = [[1; TRIAL_BLOCK], [2; TRIAL_BLOCK]].concat();
        assert_eq!(trial, block.repeat(TRIAL_CALLS / TRIAL_BLOCK));
        let after = run(&mut choice, CALLS_BETWEEN_TRIALS as usize, |_| 1);
        assert!(after.iter().all(|&p| p == 2));
        // The next trial finds one part faster now.
        run(&mut choice, 2 * TRIAL_CALLS, |parts| {
            if parts == 1 { 50 } else { 60 }
        });
        assert_eq!(choice.parts(), 1);
        assert_eq!(
            run(&mut choice, CALLS_BETWEEN_TRIALS as usize, |_| 1),
            vec![1; 1024]
        );
        assert_eq!(choice.parts(), 1, "a new trial begins with one part");
    }

    #[test]
    fn one_part_wins_ties_and_slower_splits() {
        for split_time in [100, 101, 5000] {
            let mut choice = SplitChoice::new(4);
            run(&mut choice, 2 * TRIAL_CALLS, |p| {
                if p == 1 { 100 } else { split_time }
            });
            assert_eq!(choice.parts(), 1, "split calls of {split_time} ns");
        }
    }

    #[test]
    fn stalls_count_against_their_kind() {
        // Split calls are faster but one in four stalls (a preempted
        // helper): in total they are slower, and lose.
        let mut choice = SplitChoice::new(2);
        let mut call = 0;
        for _ in 0..2 * TRIAL_CALLS {
            let parts = choice.parts();
            call += 1;
            let nanos = match (parts, call % 8) {
                (1, _) => 100,
                (_, 0) => 400,
                _ => 70,
            };
            choice.record(parts, nanos);
        }
        assert_eq!(choice.parts(), 1);
        // Without the stalls the split wins.
        let mut choice = SplitChoice::new(2);
        run(
            &mut choice,
            2 * TRIAL_CALLS,
            |p| if p == 1 { 100 } else { 70 },
        );
        assert_eq!(choice.parts(), 2);
    }

    #[test]
    fn huge_times_saturate() {
        let mut choice = SplitChoice::new(2);
        run(&mut choice, 2 * TRIAL_CALLS, |p| {
            if p == 1 { u64::MAX } else { 5 }
        });
        assert_eq!(choice.parts(), 2);
    }

    #[test]
    fn a_record_of_the_wrong_kind_is_ignored() {
        let mut choice = SplitChoice::new(2);
        choice.record(2, 1); // the trial asked for one part
        assert_eq!(choice.parts(), 1);
        for _ in 0..TRIAL_BLOCK {
            assert_eq!(choice.parts(), 1);
            choice.record(1, 100);
        }
        assert_eq!(choice.parts(), 2);
        choice.record(1, 100); // the trial asked for a split
        for _ in 0..TRIAL_BLOCK {
            assert_eq!(choice.parts(), 2);
            choice.record(2, 100);
        }
        assert_eq!(choice.parts(), 1);
    }

    #[test]
    fn one_thread_never_splits() {
        for wide in [0, 1] {
            let mut choice = SplitChoice::new(wide);
            assert!(
                run(&mut choice, 100, |p| if p == 1 { 100 } else { 1 })
                    .iter()
                    .all(|&p| p == 1)
            );
        }
    }
}
