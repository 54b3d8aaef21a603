//! # gamesolver-arena
//!
//! Matches between engines, for any game of the façade: engine programs
//! run as processes ([`process`]) and spoken to in the UCI-style protocol
//! ([`uci`]) or in a bot format the game declares
//! ([`gamesolver_api::BotFormat`], chosen by [`engine::EngineCommand`]),
//! the referee that checks every move ([`referee`]) and draws a game by
//! the repetition rule the game declares ([`repetition`]), openings
//! ([`openings`]), the statistics of the result ([`stats`]), the move
//! times as a competitor reads them ([`time_summary`]) and the sequential
//! test that stops a match once it has decided ([`sprt`]).

pub mod engine;
pub mod openings;
pub mod process;
pub mod referee;
pub mod repetition;
pub mod sprt;
pub mod stats;
pub mod time_summary;
pub mod uci;

pub use gamesolver_api::match_player::{EngineError, MatchEngine, MoveLimit};
