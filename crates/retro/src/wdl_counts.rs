//! Positions counted by value.

use gamesolver_core::Wdl;

/// Positions counted by their value for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WdlCounts {
    /// Won for the side to move.
    pub win: u64,
    /// Drawn.
    pub draw: u64,
    /// Lost for the side to move.
    pub loss: u64,
}

impl WdlCounts {
    /// Counts one more position of value `wdl`.
    pub fn add(&mut self, wdl: Wdl) {
        self.add_many(wdl, 1);
    }

    /// Counts `n` more positions of value `wdl`.
    pub fn add_many(&mut self, wdl: Wdl, n: u64) {
        match wdl {
            Wdl::Win => self.win += n,
            Wdl::Draw => self.draw += n,
            Wdl::Loss => self.loss += n,
        }
    }

    /// All positions counted.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.win + self.draw + self.loss
    }
}
