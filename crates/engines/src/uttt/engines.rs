//! The ultimate tic-tac-toe engines and their options, built by name.

use gamesolver_games::uttt::Board;
use gamesolver_search::{AlphaBeta, Engine, Mcts, SearchConfig};

use super::eval::{EvalWeights, UtttEval};
use crate::EngineKind;

/// Settings of an engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineOptions {
    /// The search.
    pub kind: EngineKind,
    /// Transposition-table size for alpha-beta, in MB.
    pub hash_mb: usize,
    /// Evaluation weights for alpha-beta.
    pub weights: EvalWeights,
    /// UCT exploration constant for MCTS.
    pub exploration: f32,
    /// Random seed for MCTS.
    pub seed: u64,
    /// Alpha-beta technique switches.
    pub search: SearchConfig,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            kind: EngineKind::default(),
            hash_mb: 16,
            weights: EvalWeights::default(),
            exploration: 0.9,
            seed: 2026,
            search: SearchConfig::default(),
        }
    }
}

/// A ready engine for `options`.
#[must_use]
pub fn build(options: &EngineOptions) -> Box<dyn Engine<Board> + Send> {
    match options.kind {
        EngineKind::Alphabeta => Box::new(
            AlphaBeta::new(UtttEval::new(options.weights), options.hash_mb)
                .with_config(options.search),
        ),
        EngineKind::Mcts => Box::new(Mcts::<Board>::new(options.exploration, options.seed)),
    }
}
