//! # gamesolver-conformance
//!
//! One conformance suite for every game that implements
//! [`gamesolver_core::Game`]: the built-in games run it in their tests, and a
//! game of your own should too. Each check panics with a message naming the
//! position and the broken rule, so it reads well as a failing test.
//!
//! ```ignore
//! let positions = random_playouts(&MyGame::start(), 200, 7);
//! check_moves(&positions, &all_conceivable_moves);
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
