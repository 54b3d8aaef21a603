//! Ultimate tic-tac-toe in the terminal: drawing the board and reading
//! positions from command-line words. The engines live in
//! [`gamesolver_engines::uttt`] (re-exported here).

pub mod display;
pub mod position;

pub use gamesolver_engines::uttt::{codingame, engines, eval, host, openings, perft};
