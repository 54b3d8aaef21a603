//! Jungle engines: the evaluation and move ordering of the search, the
//! engines (alpha-beta with the game history, the tablebase hybrid, MCTS),
//! and the protocol host.

pub mod engine;
pub mod eval;
pub mod host;
pub mod rule_report;
pub mod selfcheck;
pub mod table_stats;
pub mod tablebase;
