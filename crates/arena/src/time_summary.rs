//! Move times summed up as a competitor reads them: mean (also as a share
//! of the budget), 99th percentile, maximum, and how many moves went over
//! the budget. The CLI's `selfplay` and `match` print it.

use std::io::Write;
use std::time::Duration;

/// The summary of a list of move times.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeSummary {
    /// Moves timed.
    pub count: usize,
    /// Mean time.
    pub mean: Duration,
    /// The time 99% of the moves stay within (nearest rank).
    pub p99: Duration,
    /// The longest move.
    pub max: Duration,
}

impl TimeSummary {
    /// The summary of `times` (all zero when empty).
    ///
    /// ```
    /// use std::time::Duration;
    /// use gamesolver_arena::time_summary::TimeSummary;
    ///
    /// let times: Vec<Duration> = (1..=4).map(Duration::from_millis).collect();
    /// let summary = TimeSummary::of(&times);
    /// assert_eq!(summary.mean, Duration::from_micros(2_500));
    /// assert_eq!(summary.max, Duration::from_millis(4));
    /// let mut text = Vec::new();
    /// summary.write(&mut text, "moves", Some(Duration::from_millis(5)))?;
    /// assert!(String::from_utf8_lossy(&text).contains("(50.0% of 5 ms)"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn of(times: &[Duration]) -> TimeSummary {
        let mut sorted = times.to_vec();
        sorted.sort_unstable();
        let count = sorted.len();
        if count == 0 {
            return TimeSummary::default();
        }
        let total: Duration = sorted.iter().sum();
        TimeSummary {
            count,
            mean: total / u32::try_from(count).unwrap_or(u32::MAX),
            p99: sorted[(count * 99).div_ceil(100) - 1],
            max: sorted[count - 1],
        }
    }

    /// Writes `LABEL over N moves: mean M ms (P% of the budget), p99 …, max …`;
    /// with no budget (node or depth limits) the share is left out.
    pub fn write(
        &self,
        out: &mut dyn Write,
        label: &str,
        budget: Option<Duration>,
    ) -> std::io::Result<()> {
        let share = budget
            .filter(|b| !b.is_zero())
            .map(|b| {
                format!(
                    " ({:.1}% of {} ms)",
                    100.0 * self.mean.as_secs_f64() / b.as_secs_f64(),
                    b.as_millis()
                )
            })
            .unwrap_or_default();
        writeln!(
            out,
            "{label} over {} moves: mean {:.2} ms{share}, p99 {:.2} ms, max {:.2} ms",
            self.count,
            ms(self.mean),
            ms(self.p99),
            ms(self.max)
        )
    }
}

/// Milliseconds with fractions.
fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn mean_p99_and_max_of_a_hundred_moves() {
        let times: Vec<Duration> = (1..=100).rev().map(ms).collect();
        let s = TimeSummary::of(&times);
        assert_eq!(s.count, 100);
        assert_eq!(s.mean, Duration::from_micros(50_500));
        assert_eq!(s.p99, ms(99));
        assert_eq!(s.max, ms(100));
        let mut text = Vec::new();
        s.write(&mut text, "A", Some(ms(100))).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "A over 100 moves: mean 50.50 ms (50.5% of 100 ms), p99 99.00 ms, max 100.00 ms\n"
        );
    }

    #[test]
    fn one_move_and_no_move() {
        assert_eq!(TimeSummary::of(&[ms(7)]).p99, ms(7));
        assert_eq!(TimeSummary::of(&[]), TimeSummary::default());
        let mut text = Vec::new();
        TimeSummary::of(&[]).write(&mut text, "B", None).unwrap();
        assert!(
            String::from_utf8(text)
                .unwrap()
                .starts_with("B over 0 moves")
        );
    }
}
