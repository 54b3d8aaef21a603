//! `PositionReport` and `MoveVerdict`: what a solved table or a tablebase
//! says about a position.

use gamesolver_api::{MoveVerdictText, PositionReport, Verdict};
use pyo3::prelude::*;

/// "win", "draw" or "loss".
pub fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Win => "win",
        Verdict::Draw => "draw",
        Verdict::Loss => "loss",
    }
}

/// The exact verdict of one move, for the player making it.
#[pyclass(name = "MoveVerdict", module = "gamesolver", frozen, get_all)]
pub struct PyMoveVerdict {
    /// The move in the game's notation.
    #[pyo3(name = "move")]
    mv: String,
    /// "win", "draw" or "loss" for the mover.
    value: &'static str,
    /// Plies to the end of the game after this move under optimal play,
    /// counting the move itself.
    distance: u32,
}

#[pymethods]
impl PyMoveVerdict {
    fn __repr__(&self) -> String {
        format!("<MoveVerdict {} {} {}>", self.mv, self.value, self.distance)
    }
}

/// A position's exact value: `value` ("win"/"draw"/"loss" for the side to
/// move), `distance` (plies to the end under optimal play: shortest win,
/// longest defence), `moves` (every legal move's MoveVerdict, best first),
/// `best` (every best move) and `main_line` (best play to the end, or until
/// the tables end or a cycle).
#[pyclass(name = "PositionReport", module = "gamesolver", frozen, get_all)]
pub struct PyPositionReport {
    /// The position in the game's notation.
    position: String,
    /// "win", "draw" or "loss" for the side to move.
    value: &'static str,
    /// Plies to the end under optimal play.
    distance: u32,
    /// Every legal move with its verdict, best first.
    moves: Vec<Py<PyMoveVerdict>>,
    /// Every best move.
    best: Vec<String>,
    /// Best play from here.
    main_line: Vec<String>,
}

impl PyPositionReport {
    /// The Python form of a library report.
    pub fn new(py: Python<'_>, report: PositionReport) -> PyResult<PyPositionReport> {
        let moves = report
            .moves
            .into_iter()
            .map(|m: MoveVerdictText| {
                Py::new(
                    py,
                    PyMoveVerdict {
                        mv: m.mv,
                        value: verdict_name(m.value),
                        distance: m.distance,
                    },
                )
            })
            .collect::<PyResult<_>>()?;
        Ok(PyPositionReport {
            position: report.position,
            value: verdict_name(report.value),
            distance: report.distance,
            moves,
            best: report.best,
            main_line: report.main_line,
        })
    }
}

#[pymethods]
impl PyPositionReport {
    fn __repr__(&self) -> String {
        format!(
            "<PositionReport {:?}: {} in {} (best {:?})>",
            self.position, self.value, self.distance, self.best
        )
    }
}
