//! Wins, draws and losses counted: positions by value (tables) or games by
//! result (self-play, matches, simulations), one type for all.

use crate::Wdl;

/// Positions or games counted by value, from one side's point of view (the
/// side to move for positions; the agent or the first engine for games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WdlCounts {
    /// Won.
    pub win: u64,
    /// Drawn.
    pub draw: u64,
    /// Lost.
    pub loss: u64,
}

impl WdlCounts {
    /// Counts one more of value `wdl`.
    pub fn add(&mut self, wdl: Wdl) {
        self.add_many(wdl, 1);
    }

    /// Counts `n` more of value `wdl`.
    pub fn add_many(&mut self, wdl: Wdl, n: u64) {
        match wdl {
            Wdl::Win => self.win += n,
            Wdl::Draw => self.draw += n,
            Wdl::Loss => self.loss += n,
        }
    }

    /// Adds every count of `other`.
    pub fn add_counts(&mut self, other: WdlCounts) {
        self.win += other.win;
        self.draw += other.draw;
        self.loss += other.loss;
    }

    /// All counted.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.win + self.draw + self.loss
    }

    /// The score: (wins + draws / 2) / total (0 when nothing is counted).
    #[must_use]
    pub fn score(&self) -> f64 {
        (self.win as f64 + 0.5 * self.draw as f64) / self.total().max(1) as f64
    }

    /// Half-width of the 95% confidence interval of [`WdlCounts::score`]
    /// (normal approximation with the sample variance of the per-game
    /// results).
    #[must_use]
    pub fn margin95(&self) -> f64 {
        let n = self.total().max(1) as f64;
        let s = self.score();
        let variance = (self.win as f64 * (1.0 - s).powi(2)
            + self.draw as f64 * (0.5 - s).powi(2)
            + self.loss as f64 * s.powi(2))
            / n;
        crate::stats::Z95 * (variance / n).sqrt()
    }
}
