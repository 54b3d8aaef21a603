//! The solved tic-tac-toe table: built in memory or loaded from a file.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use gamesolver_core::{Indexer, Solution};
use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_retro::loopfree::{DensePositionMap, GameGraph, LoopFreeSolution};
use gamesolver_retro::{SolvedTable, TableIdentity};

/// The tic-tac-toe solution with its dense base-3 position map.
pub(crate) type TicTacToeSolution = LoopFreeSolution<Board, DensePositionMap<Base3Indexer>>;

/// What a tic-tac-toe table file is built for.
pub(crate) fn identity() -> TableIdentity {
    TableIdentity::new("tictactoe", "standard", "base3", Base3Indexer.len())
}

/// Solves tic-tac-toe from the empty board; returns the solution and the
/// time taken (enumeration, layering, values and distances).
pub(crate) fn solve() -> anyhow::Result<(TicTacToeSolution, Duration)> {
    let started = Instant::now();
    let graph = GameGraph::enumerate(Board::empty(), DensePositionMap::new(Base3Indexer))?;
    let solution = LoopFreeSolution::solve(graph);
    Ok((solution, started.elapsed()))
}

/// Answers queries from a table file, or from a fresh solution if none.
pub(crate) enum Oracle {
    /// A table loaded from a file.
    Table(SolvedTable),
    /// A solution computed in memory.
    Solved(Box<TicTacToeSolution>),
}

impl Oracle {
    /// The table in `path`, or a fresh solution when `path` is `None`. A
    /// table is verified against the rules when it is loaded (every entry
    /// against its children: 5478 positions, a millisecond), so a crafted
    /// file with a valid checksum never gives a wrong answer.
    pub(crate) fn open(path: Option<&Path>) -> anyhow::Result<Oracle> {
        match path {
            Some(path) => {
                let unusable = || format!("cannot use {} as a tic-tac-toe table", path.display());
                let table = SolvedTable::load(path, &identity()).with_context(unusable)?;
                table
                    .verify(&Base3Indexer, &Board::empty())
                    .context("the table contradicts the rules")
                    .with_context(unusable)?;
                Ok(Oracle::Table(table))
            }
            None => Ok(Oracle::Solved(Box::new(solve()?.0))),
        }
    }

    /// The solution of `board`, if it is reachable.
    pub(crate) fn lookup(&self, board: &Board) -> Option<Solution> {
        match self {
            Oracle::Table(table) => table.lookup(&Base3Indexer, board),
            Oracle::Solved(solution) => solution.get(board),
        }
    }
}
