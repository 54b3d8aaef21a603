//! The ultimate tic-tac-toe Monte Carlo tree search (the `mcts` engine of
//! this game; other games use the generic UCT of `gamesolver-search`).
//!
//! - `node`: 16-byte nodes with the MCTS-solver's proof and distance.
//! - `tree`: the arena (flat `Vec`, `u32` indices, contiguous children)
//!   and tree reuse: the subtree of the moves played is kept.
//! - `solver`: proven wins, draws and losses climb the tree.
//! - `state`: the position the descent and the playouts play on (per
//!   board 9-bit masks; no 128-bit masks, no key).
//! - `rollout`: playouts, uniformly random or with cheap heuristics
//!   (take a board-winning move; avoid sending the opponent to a board it
//!   wins at once or to a free choice), under both rules.
//! - `leaf`: the alpha-beta's evaluation at the leaves, computed from
//!   the state (by default instead of playouts: it won the SPRTs of
//!   docs/PERFORMANCE.md).
//! - `take`: the evaluation's small-board take probabilities, read
//!   from the state's masks.
//! - `bits`: the small-board tables of the playouts.
//! - `uct`: UCT selection (terms from tables: no division, square root
//!   or logarithm for small visit counts).
//! - `search`: [`UtttMcts`], the iterations and the `Engine` face.
//! - [`bench`](mod@bench): the fixed-iteration bench (signature and iterations/s).

pub mod bench;
mod bits;
mod leaf;
mod node;
mod rollout;
mod search;
mod solver;
mod state;
mod tree;
mod uct;

pub use search::{MctsOptions, UtttMcts};
