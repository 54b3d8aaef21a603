//! The solved tic-tac-toe table: built in memory or loaded from a file
//! (`solve --out`, `query --table`).

use std::path::Path;

use gamesolver_api::{FacadeError, IoError, TablebaseCause, TablebaseError, error_chain};
use gamesolver_core::{Indexer, Solution};
use gamesolver_games::tictactoe::{Base3Indexer, Board};
use gamesolver_retro::{FileError, SolvedTable, TableIdentity};

use super::solution::{TicTacToeSolution, solve};

/// What a tic-tac-toe table file is built for.
pub(crate) fn identity() -> TableIdentity {
    TableIdentity::new("tictactoe", "standard", "base3", Base3Indexer.len())
}

/// Saves `solution` as a table file at `path` (a failure is an I/O
/// error on the file, of the system's kind).
pub(crate) fn save(solution: &TicTacToeSolution, path: &Path) -> Result<(), FacadeError> {
    SolvedTable::from_solution(solution, &Base3Indexer, identity())
        .save(path)
        .map_err(|e| {
            let kind = match &e {
                FileError::Io { source, .. } => source.kind(),
                _ => std::io::ErrorKind::Other,
            };
            FacadeError::Io(IoError {
                path: Some(path.to_path_buf()),
                kind,
                message: format!(
                    "cannot write the table to {}: {}",
                    path.display(),
                    error_chain(&e)
                ),
            })
        })
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
    pub(crate) fn open(path: Option<&Path>) -> Result<Oracle, FacadeError> {
        let Some(path) = path else {
            let solution = solve().map_err(|e| FacadeError::Internal(error_chain(&e)))?;
            return Ok(Oracle::Solved(Box::new(solution)));
        };
        let message = |cause: String| {
            format!(
                "cannot use {} as a tic-tac-toe table: {cause}",
                path.display()
            )
        };
        let table = SolvedTable::load(path, &identity()).map_err(|e| {
            FacadeError::Tablebase(TablebaseError::from_chain(
                TablebaseCause::Unreadable,
                &e,
                message(error_chain(&e)),
            ))
        })?;
        table.verify(&Base3Indexer, &Board::empty()).map_err(|e| {
            FacadeError::Tablebase(
                TablebaseError::new(
                    TablebaseCause::Corrupt,
                    message(format!(
                        "the table contradicts the rules: {}",
                        error_chain(&e)
                    )),
                )
                .at(path),
            )
        })?;
        Ok(Oracle::Table(table))
    }

    /// The solution of `board`, if it is reachable.
    pub(crate) fn lookup(&self, board: &Board) -> Option<Solution> {
        match self {
            Oracle::Table(table) => table.lookup(&Base3Indexer, board),
            Oracle::Solved(solution) => solution.get(board),
        }
    }
}
