//! # gamesolver-search
//!
//! Game-tree search that works for any [`gamesolver_core::Game`]: move-path
//! enumeration ([`perft`]) to prove move generators; negamax alpha-beta
//! ([`AlphaBeta`]) with principal variation search, iterative deepening, a
//! transposition table ([`tt`]), killer moves and the history heuristic
//! ([`ordering`]); Monte Carlo tree search ([`Mcts`]); and the limits and
//! stop flag both obey ([`Limits`], [`StopFlag`]).
//!
//! A game plugs in its heuristics through [`Evaluator`] (alpha-beta) and
//! nothing at all for MCTS, which needs only the rules.
//!
//! ```
//! use gamesolver_games::uttt::{Board, Variant};
//! use gamesolver_search::{Engine, Limits, Mcts, perft::perft};
//!
//! let start = Board::start(Variant::Standard);
//! assert_eq!(perft(&start, 3), 6336);
//! let mut mcts = Mcts::<Board>::new(1.0, 7);
//! let info = mcts.think(&start, &Limits::nodes(500), &mut |_| {});
//! assert!(info.best_move().is_some());
//! ```
#![deny(missing_docs)]

mod alphabeta;
mod engine;
mod evaluator;
mod limits;
pub mod mcts;
pub mod ordering;
pub mod perft;
mod repetition;
mod score;
pub mod tt;

pub use alphabeta::{AlphaBeta, MAX_PLY, SearchConfig, SearchInfo};
pub use engine::Engine;
pub use evaluator::Evaluator;
pub use limits::{Budget, Limits, StopFlag};
pub use mcts::Mcts;
pub use score::Score;
