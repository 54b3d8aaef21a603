//! # gamesolver-engines
//!
//! The built-in games, each one unit: its declaration (a
//! [`gamesolver_api::GameModel`] with its capabilities), its evaluators,
//! engines, protocol hosts, bench positions and terminal board, in one
//! module tree per game ([`tictactoe`], [`uttt`], [`jungle`], [`dobutsu`]).
//! [`builtin`] is the registry of all of them, one line per game; front
//! ends pass it (plus any games of their own) to everything they serve.
//!
//! ```
//! use gamesolver_api::{EngineSpec, SearchLimits};
//!
//! let registry = gamesolver_engines::builtin();
//! let uttt = registry.get("ultimate").unwrap();
//! let state = uttt.parse("start", None).unwrap();
//! let mut engine = uttt.engine(&EngineSpec::default()).unwrap();
//! let limits = SearchLimits { depth: Some(3), ..SearchLimits::default() };
//! let report = engine.search(state.as_ref(), &limits, &mut |_| {}).unwrap();
//! assert!(state.legal_moves().contains(report.bestmove.as_ref().unwrap()));
//! ```
//!
//! A Rust program may also set an engine up directly:
//!
//! ```
//! use gamesolver_engines::uttt::engines::{EngineOptions, build};
//! use gamesolver_games::uttt::{Board, Variant};
//! use gamesolver_search::Limits;
//!
//! let mut engine = build(&EngineOptions::default());
//! let start = Board::start(Variant::Standard);
//! let info = engine.think(&start, &Limits::depth(4), &mut |_| {});
//! assert!(start.legal_mask() >> info.best_move().unwrap().index() & 1 == 1);
//! ```
#![deny(missing_docs)]

pub mod answer_first;
mod cells;
pub mod dobutsu;
pub mod jungle;
pub mod tictactoe;
pub mod uttt;

use gamesolver_api::{ModelDef, Registry};

/// The built-in games: tic-tac-toe, ultimate tic-tac-toe, Jungle, dōbutsu
/// shōgi.
#[must_use]
pub fn builtin() -> Registry {
    Registry::new()
        .with(Box::new(ModelDef::new(tictactoe::TicTacToe::default())))
        .with(Box::new(ModelDef::new(uttt::Uttt)))
        .with(Box::new(ModelDef::new(jungle::Jungle)))
        .with(Box::new(ModelDef::new(dobutsu::Dobutsu)))
}
