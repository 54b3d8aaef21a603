//! Jungle as one unit: its declaration ([`Jungle`]), the evaluation and
//! move ordering of the search, the engines (alpha-beta with the game
//! history, the tablebase hybrid, MCTS), the protocol host, the tablebase
//! handle, statistics and self-check, the bench positions and the terminal
//! board.

pub mod bench;
pub mod engine;
pub mod eval;
mod game;
pub mod host;
pub mod rule_report;
pub mod selfcheck;
pub mod table_stats;
pub mod tablebase;
mod tablebase_views;
mod tables;
pub mod terminal;
mod tour;
pub mod zeroing_search;

pub use game::Jungle;
pub use tables::{JungleTablebase, JungleTables};
