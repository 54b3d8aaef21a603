//! The dōbutsu shōgi engines: alpha-beta over [`Position`] with
//! [`DobutsuEval`], which plays straight from the solved tables when it
//! has them (the move that keeps the best value: shortest win, longest
//! defence, a draw held), or MCTS.

use gamesolver_core::{Game, Solution};
use gamesolver_games::dobutsu::{Move, Position};
use gamesolver_search::{AlphaBeta, Engine, Limits, Mcts, SearchInfo};

use super::eval::DobutsuEval;
use super::tablebase::TablebaseHandle;
use crate::answer_first::{AnswerFirst, FirstLook, exact_move};
use gamesolver_api::EngineKind;

/// Settings of a dōbutsu shōgi engine.
#[derive(Clone)]
pub struct DobutsuOptions {
    /// The search.
    pub kind: EngineKind,
    /// Transposition-table size for alpha-beta, in MB.
    pub hash_mb: usize,
    /// UCT exploration constant for MCTS.
    pub exploration: f32,
    /// Random seed for MCTS.
    pub seed: u64,
    /// The solved tables, for perfect play (alpha-beta only).
    pub tablebase: Option<TablebaseHandle>,
}

impl Default for DobutsuOptions {
    fn default() -> DobutsuOptions {
        DobutsuOptions {
            kind: EngineKind::Alphabeta,
            hash_mb: 16,
            exploration: 1.0,
            seed: 2026,
            tablebase: None,
        }
    }
}

/// A ready engine for `options`.
///
/// ```
/// use gamesolver_core::Game;
/// use gamesolver_engines::dobutsu::engine::{DobutsuOptions, build};
/// use gamesolver_games::dobutsu::Position;
/// use gamesolver_search::Limits;
///
/// let mut engine = build(&DobutsuOptions::default());
/// let start = Position::start();
/// let info = engine.think(&start, &Limits::depth(4), &mut |_| {});
/// assert!(start.play(info.best_move().unwrap()).is_ok());
/// ```
#[must_use]
pub fn build(options: &DobutsuOptions) -> Box<dyn Engine<Position> + Send> {
    match options.kind {
        EngineKind::Alphabeta => Box::new(DobutsuEngine::new(options)),
        EngineKind::Mcts => Box::new(Mcts::<Position>::new(options.exploration, options.seed)),
    }
}

/// Alpha-beta with the solved tables in front.
pub type DobutsuEngine = AnswerFirst<Position, DobutsuEval, TablebaseLook>;

/// The tables as the first look of [`DobutsuEngine`].
pub struct TablebaseLook {
    tablebase: Option<TablebaseHandle>,
}

impl DobutsuEngine {
    /// The engine `options` describe (its kind is taken to be alpha-beta).
    #[must_use]
    pub fn new(options: &DobutsuOptions) -> DobutsuEngine {
        let mut search = AlphaBeta::new(DobutsuEval, options.hash_mb);
        search.new_game();
        AnswerFirst {
            search,
            look: TablebaseLook {
                tablebase: options.tablebase.clone(),
            },
        }
    }
}

impl TablebaseLook {
    /// The move the tables dictate, if they cover `position` (and answer
    /// every child): the best verdict by the project's convention, its
    /// score the exact one (`mate` in the distance).
    #[must_use]
    pub fn tablebase_move(&self, position: &Position) -> Option<SearchInfo<Move>> {
        let tablebase = self.tablebase.as_ref()?;
        if position.is_finished() || !tablebase.covers(position) {
            return None;
        }
        exact_move(position, |child: &Position| -> Option<Solution> {
            tablebase.probe(child).ok().flatten()
        })
    }
}

impl FirstLook<Position, Position, DobutsuEval> for TablebaseLook {
    /// The tables' move, reported once.
    fn answer(
        &mut self,
        _search: &mut AlphaBeta<Position, DobutsuEval>,
        position: &Position,
        _limits: &Limits,
        progress: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> Option<SearchInfo<Move>> {
        let info = self.tablebase_move(position)?;
        progress(&info);
        Some(info)
    }

    fn searched<'a>(
        &mut self,
        _search: &mut AlphaBeta<Position, DobutsuEval>,
        position: &'a Position,
    ) -> &'a Position {
        position
    }
}
