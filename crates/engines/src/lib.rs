//! # gamesolver-engines
//!
//! Everything that plays: the evaluators and engine set-ups of every game
//! ([`uttt`], [`jungle`]), the hybrid tablebase player, the UCI-style
//! protocol host ([`protocol`]), the match referee ([`arena`]), openings,
//! the bench, and the game registry and façade ([`facade`]) that every
//! front end (the CLI, the web server, the Python module) uses.
//!
//! Front ends go through the façade ([`Registry`]); a Rust program may also
//! set an engine up directly:
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
pub mod arena;
pub mod bench;
mod data_lines;
mod engine_kind;
pub mod jungle;
pub mod openings;
pub mod protocol;
pub mod uttt;

pub use engine_kind::{EngineKind, UnknownEngine};
pub mod facade;
pub mod mdp_service;
pub mod tictactoe;

pub use facade::{
    AnyEngine, Capabilities, Category, EngineSpec, ErasedHost, FacadeError, GameDef, GameInfo,
    MaterialStatsReport, MoveVerdictText, Observation, PlayoutStats, PositionReport, Registry,
    SearchLimits, SearchReport, SolvedOracle, State, TablebaseOracle, Verdict,
};
