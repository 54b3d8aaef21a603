//! # gamesolver-games
//!
//! The built-in games: rules, notation, and (where a solver needs them)
//! position indexers. Each game lives in its own module and implements
//! [`gamesolver_core::Game`]; nothing here knows about search or solving.
//!
//! ```
//! use gamesolver_core::Game;
//! use gamesolver_games::{jungle, tictactoe, uttt};
//!
//! let board: tictactoe::Board = "XX.OO....".parse().unwrap();
//! assert_eq!(board.moves().len(), 5);
//! let after = board.play("2".parse().unwrap()).unwrap();
//! assert!(after.is_finished());
//! assert_eq!(uttt::Board::start(uttt::Variant::Standard).moves().len(), 81);
//! let start = jungle::Position::start();
//! assert_eq!(start.to_string(), jungle::START_FEN);
//! ```
#![deny(missing_docs)]

mod cell_number;
pub mod dobutsu;
pub mod grid_square;
pub mod jungle;
mod lines;
pub mod tictactoe;
pub mod uttt;
