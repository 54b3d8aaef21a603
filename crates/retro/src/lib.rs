//! # gamesolver-retro
//!
//! Retrograde analysis: strong solutions computed backwards from the ends of
//! the game, stored in tables that answer in O(1).
//!
//! - [`loopfree`]: games whose positions never repeat (tic-tac-toe, any game
//!   whose moves add material). Enumerate the reachable positions from the
//!   start, order them into layers, and solve every position from the deepest
//!   layer up.
//! - [`SolvedTable`]: a solution stored densely over an
//!   [`Indexer`](gamesolver_core::Indexer)'s code space, saved to and loaded
//!   from a checksummed file.
//! - [`loopy`]: games with cycles (Jungle endgames), tier by tier, with
//!   un-move generation; positions that can only cycle are draws.
//! - [`tablebase`]: a directory of tier files: building in schedule order
//!   (resumable), probing across tiers.
//! - [`binfile`]: the toolkit both file kinds are written and read with
//!   (frame with magic, version and CRC-32; regular files only; bounded
//!   reads; atomic writes; directory lock; one error enum, [`FileError`]).
//! - [`tbfile`]: tablebase files, one tier each, in compressed blocks
//!   read one at a time: the distance to the end (DTM) and, for games with
//!   a no-zeroing rule, the distance to zeroing (DTZ).
//! - [`zeroing`]: the no-zeroing rule in tablebase answers (win, cursed
//!   win, draw, blessed loss, loss) from DTM, DTZ and the counter.
//! - [`wdlfile`]: win/draw/loss files, one tier each, a fraction of a bit
//!   per position, probed by searches (the distance files serve the root).
//! - [`analyse`]: the value of every legal move of a position, and the best
//!   ones, from any source of solved positions.
//!
//! ```
//! use gamesolver_core::Wdl;
//! use gamesolver_games::tictactoe::{Base3Indexer, Board};
//! use gamesolver_retro::loopfree::{DensePositionMap, GameGraph, LoopFreeSolution};
//!
//! let graph = GameGraph::enumerate(Board::empty(), DensePositionMap::new(Base3Indexer)).unwrap();
//! let solution = LoopFreeSolution::solve(graph);
//! assert_eq!(solution.graph().len(), 5478);
//! assert_eq!(solution.get(&Board::empty()).unwrap().wdl, Wdl::Draw);
//! ```
#![deny(missing_docs)]

mod analysis;
pub mod binfile;
mod error_chain;
pub mod loopfree;
pub mod loopy;
mod table;
mod table_file;
mod table_verify;
pub mod tablebase;
pub mod tbfile;
pub mod wdlfile;
pub mod zeroing;

pub use analysis::{MoveVerdict, PositionAnalysis, analyse};
pub use binfile::FileError;
pub use error_chain::with_causes;
pub use gamesolver_core::WdlCounts;
pub use table::{SolvedTable, TableIdentity};
pub use table_verify::TableInconsistency;

/// Why a table file could not be written or read: the file toolkit's one
/// error enum.
pub type TableFileError = FileError;
