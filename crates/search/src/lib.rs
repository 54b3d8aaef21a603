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
//!
//! Alpha-beta with an evaluator that calls every unfinished tic-tac-toe
//! position a draw: the search alone proves the game's value.
//!
//! ```
//! use gamesolver_games::tictactoe::{Board, Cell};
//! use gamesolver_search::{AlphaBeta, Evaluator, Limits, Score};
//!
//! struct Blind;
//! impl Evaluator<Board> for Blind {
//!     fn evaluate(&self, _: &Board) -> Score {
//!         Score::DRAW
//!     }
//!     fn key(&self, board: &Board) -> u64 {
//!         u64::from(board.x_mask()) | u64::from(board.o_mask()) << 9
//!     }
//!     fn move_slots(&self) -> usize {
//!         9
//!     }
//!     fn move_index(&self, mv: Cell) -> usize {
//!         mv.index().into()
//!     }
//! }
//! let mut search = AlphaBeta::new(Blind, 1);
//! let info = search.search(&Board::empty(), &Limits::depth(9), |_| {});
//! assert_eq!(info.score, Score::DRAW);
//! let board: Board = "XX.OO....".parse().unwrap();
//! let info = search.search(&board, &Limits::depth(3), |_| {});
//! assert_eq!(info.best_move().map(Cell::index), Some(2));
//! assert_eq!(info.score, Score::win_in(1));
//! ```
#![deny(missing_docs)]

mod adaptive_reserve;
mod alphabeta;
mod cpu_wait;
mod engine;
mod error_chances;
mod evaluator;
mod limits;
pub mod mcts;
mod move_picker;
pub mod ordering;
pub mod perft;
mod repetition;
mod score;
pub mod tt;
mod turn_clock;

pub use adaptive_reserve::{AdaptiveReserve, TurnTiming};
pub use alphabeta::{
    AlphaBeta, LMR_AFTER_MOVES, LMR_MIN_DEPTH, MAX_PLY, STATIC_CUT_MAX_DEPTH, STATIC_CUT_MIN_DEPTH,
    SearchConfig, SearchInfo,
};
pub use cpu_wait::CpuWaits;
pub use engine::Engine;
pub use error_chances::{ErrorChoosing, ErrorModel};
pub use evaluator::Evaluator;
pub use limits::{Budget, Limits, REPORT_INTERVAL, Reserve, StopFlag};
pub use mcts::Mcts;
pub use score::Score;
pub use turn_clock::{MIN_SHARE_LEFT, TurnClock, TurnStart};
