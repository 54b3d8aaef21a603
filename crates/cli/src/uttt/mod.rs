//! Ultimate tic-tac-toe wiring: the game's search hooks (evaluation, move
//! ordering, keys) and its fast perft walk.

pub mod codingame;
pub mod display;
pub mod engines;
pub mod eval;
pub mod host;
pub mod openings;
pub mod perft;
pub mod position;
