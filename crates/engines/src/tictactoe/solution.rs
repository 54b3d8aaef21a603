//! The exact solution of tic-tac-toe, computed by retrograde analysis.

use std::time::{Duration, Instant};

use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_retro::loopfree::{DensePositionMap, EnumerateError, GameGraph, LoopFreeSolution};

/// The tic-tac-toe solution with its dense base-3 position map.
pub type TicTacToeSolution = LoopFreeSolution<Board, DensePositionMap<Base3Indexer>>;

/// Solves tic-tac-toe from the empty board (all 5478 positions, well
/// under a millisecond in an optimised build).
///
/// ```
/// use gamesolver_core::Wdl;
/// use gamesolver_games::tictactoe::Board;
///
/// let solution = gamesolver_engines::tictactoe::solve().unwrap();
/// assert_eq!(solution.get(&Board::empty()).unwrap().wdl, Wdl::Draw);
/// ```
pub fn solve() -> Result<TicTacToeSolution, EnumerateError> {
    let graph = GameGraph::enumerate(Board::empty(), DensePositionMap::new(Base3Indexer))?;
    Ok(LoopFreeSolution::solve(graph))
}

/// [`solve`], and the time it took (enumeration, layering, values and
/// distances).
pub fn solve_timed() -> Result<(TicTacToeSolution, Duration), EnumerateError> {
    let started = Instant::now();
    let solution = solve()?;
    Ok((solution, started.elapsed()))
}
