//! `gamesolver.State`: a position in play (with its move history).

use gamesolver_api::{GameDef, MoveErrorKind, State};
use gamesolver_core::{Outcome, Player};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::action_lists::actions_of_mask;
use crate::arrays::{float32_array, mask_array};
use crate::errors::{OrRaise, move_error};
use crate::game::PyGame;
use crate::numbers::Int;

/// `current_player()` of a finished game (OpenSpiel's `PlayerId.TERMINAL`).
pub const TERMINAL: i32 = -4;

/// A position of a game, changed in place by `apply_action` / `apply_move`.
///
/// Actions are integers in `0 .. game.num_distinct_actions()`, moves the
/// game's notation; both lists come in the same order. `str(state)` is the
/// position in the game's notation (it round-trips through
/// `game.state_from_string`).
#[pyclass(name = "State", module = "gamesolver")]
pub struct PyState {
    def: &'static dyn GameDef,
    /// The library's state.
    pub inner: Box<dyn State>,
}

impl PyState {
    /// Wraps a library state of the game `def`.
    pub fn new(def: &'static dyn GameDef, inner: Box<dyn State>) -> PyState {
        PyState { def, inner }
    }

    /// The game's definition.
    pub fn def(&self) -> &'static dyn GameDef {
        self.def
    }

    /// The action id `action` stands for: an integer (of any size, a numpy
    /// integer too) in the game's action range (ValueError otherwise;
    /// TypeError for a non-integer).
    fn checked_action(&self, action: &Bound<'_, PyAny>) -> PyResult<u32> {
        let space = self.def.info().action_space;
        let value = action.extract::<Int>()?.value();
        value
            .and_then(|v| u32::try_from(v).ok())
            .filter(|&a| a < space)
            .ok_or_else(|| {
                move_error(
                    MoveErrorKind::BadAction,
                    &action.to_string(),
                    format!(
                        "action {action} is out of range: actions of {} are 0..{}",
                        self.def.info().name,
                        space.saturating_sub(1)
                    ),
                )
            })
    }
}

#[pymethods]
impl PyState {
    /// The legal actions (ints), in move-generation order.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        match self.inner.legal_action_mask() {
            Some(mask) => actions_of_mask(py, mask),
            None => PyList::new(py, self.inner.legal_actions()),
        }
    }

    /// The legal moves in the game's notation, in the order of `legal_actions()`.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// An int8 numpy vector of length `num_distinct_actions()`: 1 for a
    /// legal action, 0 otherwise.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let space = self.def.info().action_space as usize;
        mask_array(py, space, &self.inner.legal_actions())
    }

    /// Plays an action. Raises ValueError (the state unchanged) if it is
    /// not legal here.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = self.checked_action(action)?;
        self.inner.play_action(action).or_raise()
    }

    /// Plays a move written in the game's notation. Raises ValueError (the
    /// state unchanged) if it is not legal here.
    fn apply_move(&mut self, mv: &str) -> PyResult<()> {
        self.inner.play(mv).or_raise()
    }

    /// The action id of a move written in the game's notation.
    fn move_to_action(&self, mv: &str) -> PyResult<u32> {
        self.inner.move_to_action(mv).or_raise()
    }

    /// The notation of an action id.
    fn action_to_move(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let action = self.checked_action(action)?;
        self.inner.action_to_move(action).or_raise()
    }

    /// An independent copy (with the history).
    fn clone(&self) -> PyState {
        PyState::new(self.def, self.inner.clone_box())
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// Whether the game is over (Jungle: including draws by third
    /// repetition and 200 plies without a capture since this state's
    /// history began).
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// The player to move: 0 (first: X, bottom) or 1, or -4 (TERMINAL)
    /// when the game is over.
    fn current_player(&self) -> i32 {
        if self.inner.is_terminal() {
            TERMINAL
        } else {
            player_id(self.inner.turn())
        }
    }

    /// The result per player, [first, second]: +1 win, -1 loss, 0 draw;
    /// [0, 0] while the game goes on.
    fn returns(&self) -> [f64; 2] {
        match self.inner.outcome() {
            Some(Outcome::Winner(Player::First)) => [1.0, -1.0],
            Some(Outcome::Winner(Player::Second)) => [-1.0, 1.0],
            Some(Outcome::Draw) | None => [0.0, 0.0],
        }
    }

    /// "first", "second" (who won), "draw", or None while the game goes on.
    fn outcome(&self) -> Option<&'static str> {
        self.inner.outcome().map(|o| match o {
            Outcome::Winner(Player::First) => "first",
            Outcome::Winner(Player::Second) => "second",
            Outcome::Draw => "draw",
        })
    }

    /// The moves played since this state was made from the start or from text.
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// The position as a float32 numpy array of shape
    /// `game.observation_tensor_shape()` (planes, rows, columns); the
    /// layout per game is documented in the package's README.
    fn observation_tensor<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let observation = self.inner.observation();
        float32_array(py, &observation.data, &observation.shape)
    }

    /// The game this state belongs to.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            def: self.def,
            rules: self.inner.rules(),
        }
    }

    /// The rules preset.
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.rules()
    }

    fn __str__(&self) -> String {
        self.inner.to_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "<gamesolver.State {} {:?}>",
            self.def.info().name,
            self.inner.to_text()
        )
    }
}

/// 0 for the first player, 1 for the second.
pub fn player_id(player: Player) -> i32 {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}
