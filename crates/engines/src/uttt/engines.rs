//! The ultimate tic-tac-toe engines and their options, built by name.

use gamesolver_games::uttt::{Board, Variant};
use gamesolver_search::{AlphaBeta, Engine, ErrorChoosing, ErrorModel, SearchConfig};

use super::search_settings::{HASH_MB, search_config};

use super::eval::{EvalWeights, UtttEval};
use super::mcts::{MctsOptions, UtttMcts};
use super::solving::SolvingAlphaBeta;
use gamesolver_api::EngineKind;

/// Settings of an engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineOptions {
    /// The search.
    pub kind: EngineKind,
    /// Transposition-table size for alpha-beta, in MB ([`HASH_MB`] by
    /// default).
    pub hash_mb: usize,
    /// Evaluation weights (alpha-beta's, and the MCTS's at the leaves).
    pub weights: EvalWeights,
    /// UCT exploration constant for MCTS.
    pub exploration: f32,
    /// Random seed for MCTS.
    pub seed: u64,
    /// MCTS playouts with the rollout heuristics (false, the default:
    /// uniformly random; see [`MctsOptions::heuristic_playouts`]).
    pub heuristic_playouts: bool,
    /// MCTS: weight of the evaluation at the leaves against the playout
    /// (0 playouts only, 1 the evaluation only: the default).
    pub leaf_eval: f32,
    /// MCTS: evaluation units of the leaf evaluation for odds of e
    /// ([`MctsOptions::leaf_scale`]).
    pub leaf_scale: f32,
    /// Alpha-beta technique switches ([`search_config`] by default).
    pub search: SearchConfig,
    /// CodinGame's rule: playable cells at or below which the exact
    /// endgame solver is tried before alpha-beta (0, the default: never;
    /// [`super::solving::SOLVE_BELOW`] lost an SPRT at 20 ms, see docs/PERFORMANCE.md).
    pub solve_below: u32,
    /// Alpha-beta: with budget left after proving a draw or a loss, choose
    /// among the moves keeping it against an opponent erring so
    /// ([`ErrorChoosing`]); `None`, the default, keeps the search's choice.
    pub error_model: Option<ErrorModel>,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            kind: EngineKind::default(),
            hash_mb: HASH_MB,
            weights: EvalWeights::STANDARD,
            exploration: MctsOptions::default().exploration,
            seed: 2026,
            heuristic_playouts: false,
            leaf_eval: 1.0,
            leaf_scale: MctsOptions::default().leaf_scale,
            search: search_config(Variant::Standard),
            solve_below: 0,
            error_model: None,
        }
    }
}

impl EngineOptions {
    /// The default options under `variant`: its evaluation weights
    /// ([`EvalWeights::for_variant`]) and search settings
    /// ([`search_config`]).
    ///
    /// ```
    /// use gamesolver_engines::uttt::engines::EngineOptions;
    /// use gamesolver_engines::uttt::eval::EvalWeights;
    /// use gamesolver_games::uttt::Variant;
    ///
    /// let options = EngineOptions::for_variant(Variant::CodinGame);
    /// assert_eq!(options.weights, EvalWeights::CODINGAME);
    /// assert_eq!(options.search.singular_extension, 1);
    /// assert_eq!(EngineOptions::for_variant(Variant::Standard), EngineOptions::default());
    /// ```
    #[must_use]
    pub fn for_variant(variant: Variant) -> EngineOptions {
        EngineOptions {
            weights: EvalWeights::for_variant(variant),
            search: search_config(variant),
            ..EngineOptions::default()
        }
    }
}

/// A ready engine for `options`.
#[must_use]
pub fn build(options: &EngineOptions) -> Box<dyn Engine<Board> + Send> {
    match options.kind {
        EngineKind::Alphabeta => {
            let search = SolvingAlphaBeta::new(
                AlphaBeta::new(UtttEval::new(options.weights), options.hash_mb)
                    .with_config(options.search),
                options.solve_below,
            );
            match options.error_model {
                Some(model) => Box::new(ErrorChoosing::new(
                    search,
                    UtttEval::new(options.weights),
                    model,
                    options.search.reserve,
                )),
                None => Box::new(search),
            }
        }
        EngineKind::Mcts => Box::new(UtttMcts::new(MctsOptions {
            exploration: options.exploration,
            seed: options.seed,
            heuristic_playouts: options.heuristic_playouts,
            leaf_eval: options.leaf_eval,
            leaf_scale: options.leaf_scale,
            weights: options.weights,
            ..MctsOptions::default()
        })),
    }
}
