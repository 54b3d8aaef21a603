//! Strong solution of loop-free games by layered retrograde analysis.
//!
//! 1. [`GameGraph::enumerate`] walks the reachable positions breadth-first
//!    from the start, never expanding a finished position, and gives each a
//!    dense id through a [`PositionMap`] (a hash map for any game, or an
//!    array over an [`Indexer`](gamesolver_core::Indexer)'s code space).
//! 2. It orders the positions into layers by their *longest* distance from
//!    the start (Kahn's topological sort), so every move leads to a strictly
//!    deeper layer; a game with a cycle is refused.
//! 3. [`LoopFreeSolution::solve`] values every position from the deepest
//!    layer up: a finished position by its outcome (distance 0), any other by
//!    its best move under the convention of
//!    [`Solution`](gamesolver_core::Solution)'s ordering.
//!
//! In tic-tac-toe the longest distance from the start equals the ply, so the
//! layers are the plies.

mod graph;
mod paths;
mod position_map;
mod solve;
mod stats;

pub use graph::{EnumerateError, GameGraph};
pub use paths::PathCounts;
pub use position_map::{DensePositionMap, HashPositionMap, PositionMap};
pub use solve::LoopFreeSolution;
pub use stats::{LayerStats, SolveStats, WdlCounts};
