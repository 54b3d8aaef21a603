//! # gamesolver-games
//!
//! The built-in games: rules, notation, and (where a solver needs them)
//! position indexers. Each game lives in its own module and implements
//! [`gamesolver_core::Game`]; nothing here knows about search or solving.
#![deny(missing_docs)]

mod cell_number;
pub mod jungle;
mod lines;
pub mod tictactoe;
pub mod uttt;
