//! # gamesolver-search
//!
//! Game-tree search that works for any [`gamesolver_core::Game`]: move-path
//! enumeration ([`perft`]) to prove move generators, and (as the engines
//! grow) alpha-beta, iterative deepening, transposition tables, move
//! ordering, time control and MCTS.
#![deny(missing_docs)]

pub mod perft;
