//! `gamesolver.solve`: the exact solution of a whole game (tic-tac-toe).

use gamesolver_api::{FacadeError, SolvedOracle};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::engine::game_argument;
use crate::errors::{OrRaise, to_py_err};
use crate::game::PyGame;
use crate::position_arg::position_of;
use crate::registry::first_with;
use crate::report::PyPositionReport;

/// The strong solution of a game: the exact value and distance of every
/// position, and the best moves. Made by `gamesolver.solve(game)`.
///
/// Positions are States of the game or text in its notation. Values are
/// for the side to move; distances are plies to the end of the game under
/// optimal play.
#[pyclass(name = "SolvedTable", module = "gamesolver", frozen)]
pub struct PySolvedTable {
    game: PyGame,
    oracle: &'static dyn SolvedOracle,
}

/// Solves `game` (a name or a Game; default: the first game with a solved
/// table, "tictactoe") and returns its SolvedTable. Raises ValueError for
/// a game without a solved table.
#[pyfunction]
#[pyo3(signature = (game=None, rules=None))]
pub fn solve(
    py: Python<'_>,
    game: Option<&Bound<'_, PyAny>>,
    rules: Option<&str>,
) -> PyResult<PySolvedTable> {
    let game = match game {
        Some(game) => game_argument(game, rules)?,
        None => {
            let name = first_with(|g| g.solved().is_some()).unwrap_or("");
            PyGame::load(name, rules)?
        }
    };
    let def = game.def;
    let oracle = py.detach(|| def.solved()).ok_or_else(|| {
        to_py_err(FacadeError::Unsupported {
            game: def.info().name,
            what: "a solved table",
        })
    })?;
    Ok(PySolvedTable { game, oracle })
}

#[pymethods]
impl PySolvedTable {
    /// Everything about a position: value, distance, every move's verdict,
    /// the best moves and the main line.
    fn query(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyPositionReport> {
        let state = position_of(&self.game, position)?;
        PyPositionReport::new(py, self.oracle.query(state.as_ref()).or_raise()?)
    }

    /// "win", "draw" or "loss" for the side to move.
    fn value(&self, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let state = position_of(&self.game, position)?;
        let report = self.oracle.query(state.as_ref()).or_raise()?;
        Ok(crate::report::verdict_name(report.value))
    }

    /// Plies to the end of the game under optimal play (0 for a finished game).
    fn distance(&self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        let state = position_of(&self.game, position)?;
        Ok(self.oracle.query(state.as_ref()).or_raise()?.distance)
    }

    /// Every best move (higher value; shorter wins and draws, longer losses).
    fn best_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let state = position_of(&self.game, position)?;
        Ok(self.oracle.query(state.as_ref()).or_raise()?.best)
    }

    /// The solution's statistics per ply (counts of won, drawn and lost
    /// positions), as plain Python data.
    fn per_ply_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_python(py, &self.oracle.per_ply_counts())
    }

    /// The game solved.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            def: self.game.def,
            rules: self.game.rules,
        }
    }

    fn __repr__(&self) -> String {
        format!("<gamesolver.SolvedTable of {}>", self.game.name())
    }
}

static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A JSON value as Python data (through `json.loads`).
pub fn json_to_python<'py>(
    py: Python<'py>,
    value: &serde_json::Value,
) -> PyResult<Bound<'py, PyAny>> {
    JSON_LOADS
        .import(py, "json", "loads")?
        .call1((value.to_string(),))
}
