//! The MCTS bench: the bench positions of [`crate::uttt::bench::POSITIONS`]
//! searched by a fresh engine for a fixed number of iterations. The total
//! tree size is a signature of the search's behaviour (deterministic for
//! the seed); the speed is iterations per second.

use std::time::Duration;

use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::{Engine, Limits};

use super::search::{MctsOptions, UtttMcts};
use crate::uttt::bench::POSITIONS as UTTT_POSITIONS;

/// Iterations per position of the default bench.
pub const BENCH_ITERATIONS: u64 = 200_000;

/// The result of one bench position.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsBenchLine {
    /// The chosen move (`-` if none).
    pub bestmove: String,
    /// Iterations run.
    pub iterations: u64,
    /// Nodes in the tree afterwards.
    pub tree_nodes: usize,
    /// Time taken.
    pub elapsed: Duration,
}

/// Runs the bench under `variant` with `iterations` per position, calling
/// `each` after every position.
///
/// # Panics
/// If a bench position does not parse (a bug in the constants, caught by
/// the tests).
pub fn run(
    variant: Variant,
    iterations: u64,
    each: &mut dyn FnMut(&MctsBenchLine),
) -> Vec<MctsBenchLine> {
    let mut engine = UtttMcts::new(MctsOptions::default());
    UTTT_POSITIONS
        .iter()
        .map(|text| {
            let board = Board::parse_variant(text, variant).expect("bench positions parse");
            engine.new_game();
            let info = engine.think(&board, &Limits::nodes(iterations), &mut |_| {});
            let line = MctsBenchLine {
                bestmove: info.best_move().map_or("-".into(), |m| m.to_string()),
                iterations: info.nodes,
                tree_nodes: engine.tree_size(),
                elapsed: info.elapsed,
            };
            each(&line);
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bench_is_deterministic() {
        let first = run(Variant::Standard, 3000, &mut |_| {});
        let second = run(Variant::Standard, 3000, &mut |_| {});
        let key = |lines: &[MctsBenchLine]| {
            lines
                .iter()
                .map(|l| (l.bestmove.clone(), l.iterations, l.tree_nodes))
                .collect::<Vec<_>>()
        };
        assert_eq!(key(&first), key(&second));
        assert_eq!(first.len(), UTTT_POSITIONS.len());
    }
}
