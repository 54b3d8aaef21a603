//! The façade: one object-safe API over every game, used by the CLI, the
//! web server and the Python module.
//!
//! Find a game in the [`Registry`], get a [`State`] from
//! [`GameDef::start`] or [`GameDef::parse`], play moves as text or action
//! numbers, search with an [`AnyEngine`], and ask the exact oracles
//! ([`SolvedOracle`], [`TablebaseOracle`]) where the game has them. Every
//! failure is a [`FacadeError`] whose message says what was wrong.
//!
//! # Actions
//!
//! | game | action | space |
//! |---|---|---|
//! | tictactoe | cell 0..8, row-major from the top-left | 9 |
//! | uttt | global cell 0..80 (`board * 9 + pos`) | 81 |
//! | jungle | `from * 63 + to`, squares `a1` = 0 … `g9` = 62 (file + 7 × rank) | 3969 |
//! | a [`text_game`] | index into [`State::legal_moves`] | 0 |
//!
//! # Observations
//!
//! Planes × rows × columns of `f32`, row-major, plane after plane:
//!
//! - **tictactoe** `[3, 3, 3]`: plane 0 X marks, plane 1 O marks, plane 2
//!   all ones when X is to move; row 0 is the top row.
//! - **uttt** `[4, 9, 9]`: plane 0 X marks, plane 1 O marks, plane 2 the
//!   legal moves, plane 3 all ones when X is to move; the 9 × 9 grid as
//!   drawn (row 0 is the top row of boards 0, 1, 2).
//! - **jungle** `[17, 9, 7]`: planes 0..8 the bottom side's pieces, 8..16
//!   the top side's, each in the order rat, cat, dog, wolf, leopard,
//!   tiger, lion, elephant ([`gamesolver_games::jungle::Piece::ALL`]);
//!   plane 16 all ones when the bottom side is to move. Row 0 is rank 9
//!   (as in the FEN), column 0 is file a. Terrain is fixed and not
//!   encoded.
//! - **a [`text_game`]** `[0, 0, 0]`: no planes.

mod cells;
pub mod custom;
mod error;
pub mod jungle;
pub mod model;
pub mod playouts;
pub mod registry;
mod report;
pub mod tictactoe;
mod traits;
mod types;
pub mod uttt;

pub use custom::{TextGame, text_game};
pub use error::FacadeError;
pub use registry::Registry;
pub use report::position_report;
pub use traits::{AnyEngine, ErasedHost, GameDef, SolvedOracle, State, TablebaseOracle};
pub use types::{
    Capabilities, DEFAULT_MOVETIME_MS, EngineSpec, GameInfo, HASH_MB_RANGE, MaterialStatsReport,
    MoveVerdictText, Observation, PlayoutStats, PositionReport, SearchLimits, SearchReport,
    Verdict, check_hash_mb,
};
