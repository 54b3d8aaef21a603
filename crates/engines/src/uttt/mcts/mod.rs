//! The ultimate tic-tac-toe Monte Carlo tree search (the `mcts` engine of
//! this game; other games use the generic UCT of `gamesolver-search`).
//!
//! - [`node`]: 16-byte nodes with the MCTS-solver's proof and distance.
//! - [`tree`]: the arena (flat `Vec`, `u32` indices, contiguous children)
//!   and tree reuse: the subtree of the moves played is kept.
//! - [`solver`]: proven wins, draws and losses climb the tree.
//! - [`rollout`]: playouts on per-board bitboards with cheap heuristics
//!   (take a board-winning move; avoid sending the opponent to a board it
//!   wins at once or to a free choice), under both rules.
//! - [`bits`]: the small-board tables of the playouts.
//! - [`search`]: [`UtttMcts`], UCT selection and the `Engine` face.
//! - [`bench`]: the fixed-iteration bench (signature and iterations/s).

pub mod bench;
mod bits;
mod node;
mod rollout;
mod search;
mod solver;
mod tree;

pub use search::{MctsOptions, UtttMcts};
