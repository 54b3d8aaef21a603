//! Ultimate tic-tac-toe as one unit: its declaration ([`Uttt`]), the
//! search hooks (evaluation, move ordering, keys), the engine set-ups, the
//! protocol hosts (UCI-style and CodinGame's referee format, and a
//! CodinGame bot as a match player, and the bot as one submittable file),
//! openings, the fast perft walk, the bench positions and the terminal
//! board.

pub mod accumulator;
pub mod bench;
pub mod codingame;
pub mod codingame_bot;
pub mod count_race;
pub mod endgame;
pub mod endgame_suite;
pub mod engines;
pub mod eval;
mod game;
pub mod host;
pub mod mcts;
pub mod network;
mod network_weights;
pub mod openings;
pub mod perft;
pub mod search_settings;
pub mod solving;
pub mod submission;
mod take;
pub mod terminal;
mod tour;
mod xo_pair;

pub use game::Uttt;
