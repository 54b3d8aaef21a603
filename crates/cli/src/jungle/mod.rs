//! Jungle in the terminal: drawing the board and noting how a game ended.
//! The engines live in [`gamesolver_engines::jungle`] (re-exported here).

pub mod display;
mod end_note;

pub use end_note::end_note;
pub use gamesolver_engines::jungle::{engine, eval, host, tablebase};
