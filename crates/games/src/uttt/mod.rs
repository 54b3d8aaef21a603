//! Ultimate tic-tac-toe: nine tic-tac-toe boards on a meta-board.
//!
//! Rules (the common ones; see Wikipedia's "Ultimate tic-tac-toe",
//! <https://en.wikipedia.org/wiki/Ultimate_tic-tac-toe>): small boards 0..8
//! and cells 0..8 inside each are row-major; a move is the global cell
//! `board * 9 + pos` (0..80) and sends the opponent to small board `pos`, or
//! anywhere open if that board is closed (won by a line, or full). Three won boards in a line win; when no
//! move is left the game is drawn, or under [`Variant::CodinGame`] won by the
//! owner of more small boards.
//!
//! Position text: 81 characters `X`, `O`, `.` in global-cell order, a space,
//! and the forced board `0`..`8` or `*`; the start is 81 dots and ` *`.

mod board;
mod cell;
mod parse;
pub mod playout;
mod variant;
mod zobrist;

pub use crate::lines::{COMPLETING, FULL, LINES, has_line};
pub use board::Board;
pub use cell::Cell;
pub use parse::ParseBoardError;
pub use variant::{ParseVariantError, Variant};
