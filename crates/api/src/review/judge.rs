//! Who evaluates a position for a review ([`Judge`]): the game's exact
//! knowledge where it has some, the engine elsewhere ([`FacadeJudge`]).

use crate::any_engine::AnyEngine;
use crate::error::FacadeError;
use crate::oracles::{SolvedOracle, TablebaseOracle};
use crate::state::State;
use crate::types::{Category, SearchLimits, SearchReport, Verdict};

/// A position's evaluation for the side to move.
#[derive(Clone, Debug)]
pub enum Judgement {
    /// Exactly known (a solved table, a tablebase).
    Exact {
        /// The value.
        value: Verdict,
        /// Plies to the end under best play.
        distance: u32,
        /// The value under the game's no-zeroing rule, for games with one.
        category: Option<Category>,
        /// Every best move.
        best: Vec<String>,
    },
    /// An engine's search.
    Search(SearchReport),
}

/// What evaluates the positions of a review (any unfinished position).
pub trait Judge {
    /// The evaluation of `state` (a game not over) for its side to move.
    fn judge(&mut self, state: &dyn State) -> Result<Judgement, FacadeError>;
}

/// The façade's judge: the game's solved table, then an opened
/// tablebase that covers the position, then one engine (reused from
/// position to position) within `limits`.
pub struct FacadeJudge<'a> {
    /// The game's solved table, if it has one.
    pub solved: Option<&'a dyn SolvedOracle>,
    /// An opened tablebase of the game, if any.
    pub tables: Option<&'a dyn TablebaseOracle>,
    /// The engine, for the positions no table knows (None: such a
    /// position is an error).
    pub engine: Option<Box<dyn AnyEngine>>,
    /// How long the engine searches each position.
    pub limits: SearchLimits,
}

impl Judge for FacadeJudge<'_> {
    fn judge(&mut self, state: &dyn State) -> Result<Judgement, FacadeError> {
        if let Some(solved) = self.solved {
            return Ok(exact(solved.query(state)?));
        }
        if let Some(tables) = self.tables
            && tables.covers(state)
            && let Some(report) = tables.probe(state)?
        {
            return Ok(exact(report));
        }
        let engine = self.engine.as_mut().ok_or(FacadeError::Unsupported {
            game: state.game(),
            what: "engine to review positions no table covers",
        })?;
        Ok(Judgement::Search(engine.search(
            state,
            &self.limits,
            &mut |_| {},
        )?))
    }
}

/// The judgement of a table's report.
fn exact(report: crate::types::PositionReport) -> Judgement {
    Judgement::Exact {
        value: report.value,
        distance: report.distance,
        category: report.category,
        best: report.best,
    }
}
