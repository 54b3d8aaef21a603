//! Position arguments: a State of the right game, or position text.

use gamesolver_api::{PositionErrorKind, State};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::errors::{OrRaise, position_error};
use crate::game::PyGame;
use crate::state::PyState;

/// A copy of the position `position` stands for in `game`: a State of that
/// game, or text in its notation.
pub fn position_of(game: &PyGame, position: &Bound<'_, PyAny>) -> PyResult<Box<dyn State>> {
    if let Ok(state) = position.cast::<PyState>() {
        let state = state.borrow();
        let got = state.def().info().name;
        if got != game.name() {
            return Err(position_error(
                PositionErrorKind::WrongGame,
                &state.inner.to_text(),
                format!(
                    "expected a position of {}, got a state of {got}",
                    game.name()
                ),
            ));
        }
        return Ok(state.inner.clone_box());
    }
    if let Ok(text) = position.extract::<String>() {
        return game.def.parse(&text, Some(game.rules)).or_raise();
    }
    Err(PyTypeError::new_err(
        "expected a gamesolver.State or position text",
    ))
}
