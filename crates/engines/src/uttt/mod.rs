//! Ultimate tic-tac-toe engines: the search hooks (evaluation, move
//! ordering, keys), the engine set-ups, the protocol hosts (UCI-style and
//! CodinGame's referee format), openings and the fast perft walk.

pub mod codingame;
pub mod count_race;
pub mod endgame;
pub mod endgame_suite;
pub mod engines;
pub mod eval;
pub mod host;
pub mod mcts;
pub mod openings;
pub mod perft;
pub mod solving;
mod take;
pub mod tuning;
