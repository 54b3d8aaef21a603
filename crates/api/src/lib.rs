//! # gamesolver-api
//!
//! The façade every front end (the CLI, the web server, the Python module)
//! uses: one object-safe API over every game.
//!
//! A game is declared by a [`GameDef`] (usually a typed [`GameModel`]
//! bridged by [`ModelDef`], or any text notation through [`text_game`]).
//! Its declaration has optional capability members, each `None` unless the
//! game offers it; the [`Capabilities`] a front end lists are derived from
//! them ([`GameDef::capabilities`]):
//!
//! | member | trait | what it offers |
//! |---|---|---|
//! | [`GameDef::solved`] | [`SolvedOracle`] | the exact solution of the whole game, its `solve` and `query` reports |
//! | [`GameDef::tablebase`] | [`Tablebases`] | endgame tablebases: build (progress, cancellation), probe ([`TablebaseOracle`]), stats, verify, WDL files, self-check; [`TieredTablebases`] serves any game with tiers |
//! | [`GameDef::mdp`] | [`MdpModel`] | the game against a fixed opponent as a Markov decision process |
//! | [`GameDef::bench`] | [`Bench`] | fixed positions searched to a fixed depth (a node-count signature) |
//! | [`GameDef::terminal`] | [`TerminalRenderer`] | the board drawn for a terminal, moves typed there |
//! | [`GameDef::arena`] | [`ArenaRules`] | how matches open, and bot formats beside the UCI-style protocol |
//!
//! A front end asks for a capability and refuses, by the capability's
//! name, a game that lacks it ([`FacadeError::Unsupported`]).
//!
//! The games are kept in a [`Registry`] the caller builds and passes in:
//! this crate knows no game. Find a game in the registry, get a [`State`]
//! from [`GameDef::start`] or [`GameDef::parse`], play moves as text or
//! action numbers, search with an [`AnyEngine`], serve the UCI-style
//! protocol ([`protocol`]) with [`GameDef::protocol_host`]. Every failure
//! is a [`FacadeError`] whose message says what was wrong.
//!
//! ```
//! # use gamesolver_core::{Game, Outcome, ParseMoveError, Player};
//! # #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! # struct Countdown(u8);
//! # impl std::fmt::Display for Countdown {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) }
//! # }
//! # impl std::str::FromStr for Countdown {
//! #     type Err = std::num::ParseIntError;
//! #     fn from_str(s: &str) -> Result<Self, Self::Err> { s.parse().map(Countdown) }
//! # }
//! # #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
//! # struct Take(u8);
//! # impl std::fmt::Display for Take {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) }
//! # }
//! # impl std::str::FromStr for Take {
//! #     type Err = ParseMoveError;
//! #     fn from_str(s: &str) -> Result<Self, ParseMoveError> {
//! #         s.parse().map(Take).map_err(|_| ParseMoveError::new(s, "a number"))
//! #     }
//! # }
//! # impl Game for Countdown {
//! #     type Move = Take;
//! #     const NAME: &'static str = "countdown";
//! #     fn turn(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
//! #     fn legal_moves(&self, out: &mut Vec<Take>) { out.clear(); out.extend((1..=self.0.min(2)).map(Take)); }
//! #     fn play_unchecked(&mut self, mv: Take) { self.0 -= mv.0; }
//! #     fn outcome(&self) -> Option<Outcome> { (self.0 == 0).then(|| Outcome::Winner(self.turn().opponent())) }
//! # }
//! use gamesolver_api::{EngineSpec, Registry, SearchLimits, text_game};
//!
//! let registry = Registry::new().with(text_game("countdown", "Countdown", Countdown(5)));
//! let game = registry.get("countdown").unwrap();
//! assert!(game.capabilities().search && !game.capabilities().bench);
//! let state = game.start(None).unwrap();
//! let mut engine = game.engine(&EngineSpec::default()).unwrap();
//! let limits = SearchLimits { nodes: Some(500), ..SearchLimits::default() };
//! let report = engine.search(state.as_ref(), &limits, &mut |_| {}).unwrap();
//! assert_eq!(report.bestmove.as_deref(), Some("2"));
//! assert!(registry.get("chess").is_err());
//! ```
//!
//! # Actions and observations
//!
//! Every game numbers its moves as actions `0 .. GameInfo::action_space`
//! and may describe a position as [`Observation`] planes; each game's
//! declaration documents its numbering and planes. A [`text_game`]'s
//! actions are indices into [`State::legal_moves`] (`action_space` 0) and
//! it has no planes (`[0, 0, 0]`). Observations are planes × rows ×
//! columns of `f32`, row-major, plane after plane.

mod any_engine;
mod arena_rules;
pub mod batch;
pub mod bench;
mod capabilities;
pub mod data_lines;
mod engine_kind;
mod engine_options;
mod error;
mod game_def;
mod game_record;
mod host;
pub mod match_player;
pub mod mdp;
pub mod model;
pub mod observation_bits;
mod oracles;
pub mod playouts;
pub mod protocol;
mod registry;
mod report;
pub mod review;
mod state;
pub mod tablebases;
mod terminal;
mod text_game;
mod tour;
mod types;
mod web_board;

pub use any_engine::AnyEngine;
pub use arena_rules::{ArenaRules, BotFormat, DEFAULT_OPENING_PLIES};
pub use bench::{BadBenchPosition, Bench, BenchLine, BenchReport, BenchSet};
pub use capabilities::Capabilities;
pub use engine_kind::{EngineKind, UnknownEngine};
pub use engine_options::{apply_options, check_spec};
pub use error::{
    FacadeError, IoError, MoveErrorKind, PositionError, PositionErrorKind, TablebaseCause,
    TablebaseError, error_chain, io_kind_name,
};
pub use game_def::GameDef;
pub use game_record::{
    GameResult, NAMED_TAGS, RecordError, Replayed, SavedGame, parse_games, record_date,
};
pub use host::ErasedHost;
pub use mdp::{MdpModel, MdpSolved};
pub use model::{Declared, GameModel, ModelDef};
pub use oracles::{Rendered, SolvedOracle, TablebaseOracle};
pub use registry::Registry;
pub use report::{position_report, position_report_probed};
pub use state::State;
pub use tablebases::{
    BuildPlan, BuildTarget, PieceLimits, TablebaseViews, Tablebases, TieredGame, TieredTablebases,
};
pub use terminal::{TerminalRenderer, TerminalStyle};
pub use text_game::{TextGame, text_game};
pub use tour::TourStep;
pub use types::{
    Category, DEFAULT_MOVETIME_MS, EngineSpec, GameInfo, HASH_MB_RANGE, MaterialStatsReport,
    MoveVerdictText, Observation, Planes, PlayoutStats, PositionReport, SearchLimits, SearchReport,
    Verdict, check_hash_mb,
};
pub use web_board::WebBoard;
