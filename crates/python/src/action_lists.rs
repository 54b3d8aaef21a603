//! `legal_actions()` lists of the games whose actions are the set bits of
//! a move mask (ultimate tic-tac-toe, tic-tac-toe), filled straight from
//! the mask instead of collecting the actions into a `Vec` first.
//!
//! A list is allocated once at its final length (the mask's bit count) and
//! each slot gets a new reference to the action's int, taken from a table
//! of the action ints made at the first call. This costs one allocation
//! and about a dozen instructions per action, whatever the number of small
//! boards open (copying prebuilt per-board lists and concatenating them
//! cost a reallocation per further board of a free choice).

use gamesolver_engines::State;
use gamesolver_engines::facade::model::ModelState;
use gamesolver_engines::facade::tictactoe::TicTacToe;
use gamesolver_engines::facade::uttt::Uttt;
use gamesolver_games::uttt::FULL;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList};

/// Bits of a mask: the actions the table of ints covers.
const MASK_BITS: u32 = u128::BITS;

/// The action ints, `ACTION_INTS[a]` = `a`.
static ACTION_INTS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();

/// The legal-action mask of `state` (bit `a` = action `a` is legal; zero
/// once the game is over) if its game numbers actions by cells, else None.
pub fn legal_action_mask(state: &dyn State) -> Option<u128> {
    let any = state.as_any();
    if let Some(uttt) = any.downcast_ref::<ModelState<Uttt>>() {
        return Some(uttt.game.legal_mask());
    }
    any.downcast_ref::<ModelState<TicTacToe>>().map(|ttt| {
        if gamesolver_core::Game::is_finished(&ttt.game) {
            0
        } else {
            u128::from(FULL & !(ttt.game.x_mask() | ttt.game.o_mask()))
        }
    })
}

/// A new list of the set bits of `mask`, lowest first.
pub fn actions_of_mask(py: Python<'_>, mask: u128) -> PyResult<Bound<'_, PyList>> {
    let ints = ACTION_INTS.get_or_init(py, || {
        (0..MASK_BITS)
            .map(|action| PyInt::new(py, action).unbind())
            .collect()
    });
    PyList::new(py, SetBits(mask).map(|action| ints[action].bind(py)))
}

/// The set bits of a mask, lowest first; its exact length lets
/// `PyList::new` allocate the list once.
struct SetBits(u128);

impl Iterator for SetBits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count_ones() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for SetBits {}
