//! `gamesolver.mdp`: a game against a fixed opponent as a Markov decision
//! process, through the MDP capability of the first game of the registry
//! that declares one (tic-tac-toe's). The Python module `gamesolver.mdp`
//! turns the exact values (text such as `191/192`) into
//! `fractions.Fraction`.

use gamesolver_api::FacadeError;
use gamesolver_api::mdp::{MdpRequest, MdpSettings, MdpSolved};
use pyo3::prelude::*;

use crate::errors::OrRaise;
use crate::numbers::optional_whole;
use crate::registry::registry;
use crate::solved::json_to_python;

/// A solved MDP: its report and the optimal value of every move.
#[pyclass(name = "MdpSession", module = "gamesolver", frozen)]
pub struct PyMdpSession {
    session: Box<dyn MdpSolved>,
}

/// Builds and solves the MDP (see `gamesolver.mdp.solve`, which wraps this).
#[pyfunction]
#[pyo3(signature = (opponent="random", side="x", method="policy-iteration", exact=true, gamma=None, episodes=None, seed=None))]
#[allow(clippy::too_many_arguments)]
pub fn mdp_solve(
    py: Python<'_>,
    opponent: &str,
    side: &str,
    method: &str,
    exact: bool,
    gamma: Option<String>,
    episodes: Option<i128>,
    seed: Option<i128>,
) -> PyResult<PyMdpSession> {
    let defaults = MdpRequest::default();
    let request = MdpRequest {
        opponent: opponent.to_string(),
        side: side.to_string(),
        method: method.to_string(),
        gamma,
        exact,
        episodes: optional_whole("episodes", episodes)?.unwrap_or(defaults.episodes),
        seed: optional_whole("seed", seed)?.unwrap_or(defaults.seed),
    };
    let model = registry()
        .games()
        .find_map(|game| game.mdp())
        .ok_or_else(|| FacadeError::BadLimit("no game has an MDP model".into()))
        .or_raise()?;
    let session = py
        .detach(|| model.solve(&request, &MdpSettings::default()))
        .or_raise()?;
    Ok(PyMdpSession { session })
}

#[pymethods]
impl PyMdpSession {
    /// The report as plain data: optimum, optimum_exact, trace,
    /// first_moves, first_position, outcome_probabilities, policy, states.
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = serde_json::to_value(self.session.report())
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        json_to_python(py, &value)
    }

    /// Every move of `position` (agent to move) with its optimal value:
    /// (move, float, exact text or None).
    fn action_values(&self, position: &str) -> PyResult<Vec<(String, f64, Option<String>)>> {
        self.session.action_values(position).or_raise()
    }
}
