//! Jungle wiring: the evaluation and move ordering of the search, the
//! engines (alpha-beta with the game history, the tablebase hybrid, MCTS),
//! the protocol host, terminal drawing and the bench positions.

pub mod bench;
pub mod display;
pub mod engine;
pub mod eval;
pub mod host;
