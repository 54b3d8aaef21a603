//! Summary counts of a solved loop-free game.

use gamesolver_core::{Game, Outcome, Player, Wdl};

use super::LoopFreeSolution;
pub use gamesolver_core::WdlCounts;

/// The positions of one layer (for tic-tac-toe: one ply).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayerStats {
    /// The layer's depth: longest distance in plies from the start.
    pub depth: u32,
    /// Its positions by value for the side to move (finished ones included).
    pub wdl: WdlCounts,
    /// How many of them are finished.
    pub finished: u64,
}

/// Counts that describe a solved game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Reachable positions.
    pub positions: u64,
    /// Finished positions the first player has won.
    pub finished_first_wins: u64,
    /// Finished positions the second player has won.
    pub finished_second_wins: u64,
    /// Finished positions that are drawn.
    pub finished_draws: u64,
    /// Positions where the game goes on, by value for the side to move.
    pub unfinished: WdlCounts,
    /// Positions without a winner (unfinished or drawn), by value for the
    /// side to move: the convention of the seed document 000, which counts
    /// the full-board draws of tic-tac-toe with the positions still in play.
    pub without_winner: WdlCounts,
    /// Per layer, shallowest first.
    pub layers: Vec<LayerStats>,
}

impl SolveStats {
    /// All finished positions.
    #[must_use]
    pub fn finished(&self) -> u64 {
        self.finished_first_wins + self.finished_second_wins + self.finished_draws
    }

    /// Counts the positions of `solution`.
    #[must_use]
    pub fn of<G: Game, M>(solution: &LoopFreeSolution<G, M>) -> SolveStats {
        let graph = solution.graph();
        let mut stats = SolveStats {
            positions: graph.len() as u64,
            ..SolveStats::default()
        };
        for depth in 0..graph.layer_count() {
            let mut layer = LayerStats {
                depth: depth as u32,
                ..LayerStats::default()
            };
            for &id in graph.layer(depth) {
                let wdl = solution.solution(id).wdl;
                layer.wdl.add(wdl);
                let outcome = graph.position(id).outcome();
                stats.count_position(outcome, wdl);
                layer.finished += u64::from(outcome.is_some());
            }
            stats.layers.push(layer);
        }
        stats
    }

    fn count_position(&mut self, outcome: Option<Outcome>, wdl: Wdl) {
        match outcome {
            None => {
                self.unfinished.add(wdl);
                self.without_winner.add(wdl);
            }
            Some(Outcome::Draw) => {
                self.finished_draws += 1;
                self.without_winner.add(wdl);
            }
            Some(Outcome::Winner(Player::First)) => self.finished_first_wins += 1,
            Some(Outcome::Winner(Player::Second)) => self.finished_second_wins += 1,
        }
    }
}
