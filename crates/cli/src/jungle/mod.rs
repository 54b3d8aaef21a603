//! Jungle in the terminal: drawing the board. The engines live in
//! [`gamesolver_engines::jungle`] (re-exported here).

pub mod display;

pub use gamesolver_engines::jungle::{engine, eval, host, tablebase};
