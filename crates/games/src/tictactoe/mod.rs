//! Tic-tac-toe on a 3×3 board.
//!
//! Cells are numbered 0..8 row-major from the top-left. A position is written
//! as 9 characters of `X`, `O` and `.` in cell order, for example `O...X....`;
//! X moves first and the side to move follows from the counts. Text that
//! cannot arise in a game is refused with a [`ParseBoardError`] that says why.

mod board;
mod cell;
mod code;
mod parse;

pub use board::Board;
pub use cell::Cell;
pub use code::Base3Indexer;
pub use parse::ParseBoardError;
