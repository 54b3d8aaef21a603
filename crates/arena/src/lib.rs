//! Matches between engines: engine processes, the protocols the referee
//! speaks with them (UCI-style, and CodinGame's ultimate tic-tac-toe
//! format), the referee that checks every move, the statistics of the
//! result and the sequential test (SPRT) that stops a match once it has
//! decided.

pub mod codingame;
pub mod engine;
pub mod process;
pub mod referee;
pub mod sprt;
pub mod stats;
pub mod uci;
