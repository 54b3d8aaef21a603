//! Tic-tac-toe's solved-table capability: the exact solution (computed
//! once, on first use), the detailed `solve` report with its table file,
//! and `query` answers from that file or from memory.

use std::path::Path;
use std::sync::OnceLock;

use gamesolver_api::model::position_of;
use gamesolver_api::{
    FacadeError, GameInfo, PositionErrorKind, PositionReport, Rendered, SolvedOracle, State,
    TablebaseCause, error_chain, position_report,
};
use gamesolver_games::tictactoe::Board;
use gamesolver_retro::analyse;

use super::query_report::Answer;
use super::solution::{TicTacToeSolution, solve, solve_timed};
use super::solve_report::Report;
use super::table::{Oracle, save};

/// The solved game, computed on first use.
#[derive(Default)]
pub struct TicTacToeOracle {
    solution: OnceLock<Option<TicTacToeSolution>>,
}

impl TicTacToeOracle {
    /// The solution (computed once).
    pub fn solution(&self) -> Result<&TicTacToeSolution, FacadeError> {
        self.solution
            .get_or_init(|| solve().ok())
            .as_ref()
            .ok_or_else(|| FacadeError::Internal("tic-tac-toe could not be solved".into()))
    }
}

impl SolvedOracle for TicTacToeOracle {
    fn query(&self, state: &dyn State) -> Result<PositionReport, FacadeError> {
        let board = *position_of::<Board>(state)?;
        let solution = self.solution()?;
        position_report(&board, |b| solution.get(b)).ok_or_else(|| {
            FacadeError::bad_position(
                PositionErrorKind::Unreachable,
                board.to_string(),
                format!("{board} is not reachable from the empty board"),
            )
        })
    }

    fn per_ply_counts(&self) -> serde_json::Value {
        let Ok(solution) = self.solution() else {
            return serde_json::Value::Null;
        };
        let stats = gamesolver_retro::loopfree::SolveStats::of(solution);
        let layers: Vec<_> = stats
            .layers
            .iter()
            .map(|layer| {
                serde_json::json!({
                    "ply": layer.depth,
                    "win": layer.wdl.win,
                    "draw": layer.wdl.draw,
                    "loss": layer.wdl.loss,
                    "finished": layer.finished,
                })
            })
            .collect();
        serde_json::json!({ "positions": stats.positions, "per_ply": layers })
    }

    /// The detailed report: positions by outcome and by ply, the empty
    /// board's value and best moves, complete games; `save` writes the
    /// table file `query --table` reads.
    fn solve_report(
        &self,
        _info: &GameInfo,
        save_to: Option<&Path>,
    ) -> Result<Rendered, FacadeError> {
        let (solution, elapsed) =
            solve_timed().map_err(|e| FacadeError::Internal(error_chain(&e)))?;
        if let Some(path) = save_to {
            save(&solution, path)?;
        }
        let report = Report::new(&solution, elapsed, save_to);
        Ok(Rendered {
            json: to_json(&report)?,
            text: report.text(true),
        })
    }

    fn summary(&self, _info: &GameInfo) -> Result<String, FacadeError> {
        let (solution, elapsed) =
            solve_timed().map_err(|e| FacadeError::Internal(error_chain(&e)))?;
        Ok(Report::new(&solution, elapsed, None).text(false))
    }

    /// The board, its value and distance, every move, the best moves;
    /// from the table file `table` (checked against the rules when it is
    /// loaded) or from a fresh solution.
    fn query_report(
        &self,
        state: &dyn State,
        table: Option<&Path>,
    ) -> Result<Rendered, FacadeError> {
        let board = *position_of::<Board>(state)?;
        let oracle = Oracle::open(table)?;
        let analysis = analyse(&board, |b| oracle.lookup(b)).ok_or_else(|| {
            FacadeError::tablebase(
                TablebaseCause::NotCovered,
                format!("the table has no entry for a position reached from {board}"),
            )
        })?;
        let answer = Answer::new(&board, &analysis);
        Ok(Rendered {
            json: to_json(&answer)?,
            text: answer.text(&board),
        })
    }
}

/// `value` as one line of JSON.
fn to_json(value: &impl serde::Serialize) -> Result<String, FacadeError> {
    serde_json::to_string(value).map_err(|e| FacadeError::Internal(e.to_string()))
}
