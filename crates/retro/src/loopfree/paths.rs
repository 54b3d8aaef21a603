//! Counting complete games (start-to-end paths) over the game graph.

use gamesolver_core::{Game, Outcome, Player};

use super::GameGraph;

/// How many distinct complete games there are from the start, by outcome.
///
/// Counted by dynamic programming over the graph in topological order (the
/// number of paths into a position is the sum over its parents), not by
/// replaying games. Counts saturate at `u128::MAX`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PathCounts {
    /// Games the first player wins.
    pub first_wins: u128,
    /// Games the second player wins.
    pub second_wins: u128,
    /// Drawn games.
    pub draws: u128,
}

impl PathCounts {
    /// Counts the complete games of `graph`.
    #[must_use]
    pub fn count<G: Game, M>(graph: &GameGraph<G, M>) -> PathCounts {
        let mut paths = vec![0u128; graph.len()];
        paths[0] = 1;
        let mut counts = PathCounts::default();
        for &id in graph.topological_order() {
            let here = paths[id as usize];
            for &child in graph.child_ids(id) {
                let c = child as usize;
                paths[c] = paths[c].saturating_add(here);
            }
            match graph.position(id).outcome() {
                Some(Outcome::Winner(Player::First)) => {
                    counts.first_wins = counts.first_wins.saturating_add(here)
                }
                Some(Outcome::Winner(Player::Second)) => {
                    counts.second_wins = counts.second_wins.saturating_add(here)
                }
                Some(Outcome::Draw) => counts.draws = counts.draws.saturating_add(here),
                None => {}
            }
        }
        counts
    }

    /// All complete games.
    #[must_use]
    pub fn total(&self) -> u128 {
        self.first_wins
            .saturating_add(self.second_wins)
            .saturating_add(self.draws)
    }
}
