//! # gamesolver-conformance
//!
//! One conformance suite for every game that implements
//! [`gamesolver_core::Game`]: the built-in games run it in their tests, and a
//! game of your own should too. Each check panics with a message naming the
//! position and the broken rule, so it reads well as a failing test.
//!
//! ```
//! use gamesolver_conformance::{check_move_notation, check_moves, check_position_notation, random_playouts};
//! use gamesolver_games::tictactoe::{Board, Cell};
//!
//! let positions = random_playouts(&Board::empty(), 200, 7);
//! let every_cell: Vec<Cell> = Cell::all().collect();
//! check_moves(&positions, &every_cell);
//! check_move_notation(&positions);
//! check_position_notation(&positions);
//! ```
#![deny(missing_docs)]

mod checks;
mod playouts;
mod unmoves;

pub use checks::{
    check_index_round_trip, check_move_notation, check_moves, check_position_notation,
};
pub use playouts::{play_choices, random_playouts};
pub use unmoves::check_unmoves;
