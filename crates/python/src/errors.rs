//! The library's errors as Python exceptions, chosen by the error's type,
//! never its text: a text that is no position is a [`PositionError`]
//! (`kind`: the fault, `text`: the input), a move that cannot be played a
//! [`MoveError`] (`kind`, `move`), both `ValueError`s; a tablebase or table
//! file that cannot be used (missing, damaged, foreign, unreadable) is a
//! [`TablebaseError`] (`cause`, `filename`), an `OSError` (as `gzip`
//! raises for a damaged file), and sound tables that do not fit the
//! request (other rules, nothing stored for it) a [`TablebaseUseError`]
//! (`cause`), a `ValueError`; a failed read or
//! write is the `OSError` subclass of its kind (`FileNotFoundError`,
//! `PermissionError` …) with its `filename`; an engine option the
//! engine's table refuses is an [`OptionError`] (`name`), a `ValueError`;
//! other bad input is a `ValueError`, the library's own
//! failures a `RuntimeError`. The message is always the library's.

use std::path::Path;

use gamesolver_api::{FacadeError, MoveErrorKind, PositionErrorKind, TablebaseCause};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    gamesolver,
    PositionError,
    PyValueError,
    "A text that is not a position of the game. `kind` names the fault \
     (`empty`, `fields`, `board_shape`, `bad_character`, `side_to_move`, \
     `bad_field`, `piece_count`, `placement`, `unreachable`, `wrong_game`, \
     `outside_scope`, `bad_material`, `other`); `text` is the input."
);
pyo3::create_exception!(
    gamesolver,
    MoveError,
    PyValueError,
    "A move or action that cannot be played. `kind` names why \
     (`unreadable`, `illegal`, `game_over`, `bad_action`); `move` is the \
     move text or action number."
);
pyo3::create_exception!(
    gamesolver,
    TablebaseError,
    PyOSError,
    "A tablebase or table file that cannot be used. `cause` names why \
     (`no_tables`, `missing_file`, `not_a_file`, `unreadable`, `not_a_table`, \
     `version`, `foreign`, `truncated`, `checksum`, `corrupt`, `locked`, \
     `build`); `filename` is the file or directory at fault, or None."
);
pyo3::create_exception!(
    gamesolver,
    TablebaseUseError,
    PyValueError,
    "Sound tables that do not fit the request. `cause` names why \
     (`rules_mismatch`: the position is played under other rules, or the \
     preset has no tables; `not_covered`: nothing stored for what was asked)."
);

pyo3::create_exception!(
    gamesolver,
    OptionError,
    PyValueError,
    "An engine option the engine's option table refuses: no such option, a \
     value out of its range, or one of the engine's own settings (kind, \
     hash_mb, seed, rules, tablebase). `name` is the option's name."
);

/// Registers the exception classes in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("TablebaseError", py.get_type::<TablebaseError>())?;
    m.add("TablebaseUseError", py.get_type::<TablebaseUseError>())?;
    m.add("OptionError", py.get_type::<OptionError>())?;
    Ok(())
}

/// `error` with the attributes `attributes` set on its value.
fn with_attributes(error: PyErr, attributes: &[(&str, Option<String>)]) -> PyErr {
    Python::attach(|py| {
        let value = error.value(py);
        for (name, attribute) in attributes {
            // Setting an attribute of a fresh exception cannot fail.
            let _ = value.setattr(*name, attribute.as_deref());
        }
    });
    error
}

/// A [`PositionError`] of `kind` about `text`.
pub fn position_error(kind: PositionErrorKind, text: &str, message: String) -> PyErr {
    with_attributes(
        PositionError::new_err(message),
        &[
            ("kind", Some(kind.name().to_string())),
            ("text", Some(text.to_string())),
        ],
    )
}

/// A [`MoveError`] of `kind` about `mv`.
pub fn move_error(kind: MoveErrorKind, mv: &str, message: String) -> PyErr {
    with_attributes(
        MoveError::new_err(message),
        &[
            ("kind", Some(kind.name().to_string())),
            ("move", Some(mv.to_string())),
        ],
    )
}

/// The path as Python's `filename`.
fn filename(path: Option<&Path>) -> Option<String> {
    path.map(|p| p.display().to_string())
}

/// The Python exception for a library error.
pub fn to_py_err(error: FacadeError) -> PyErr {
    let message = error.to_string();
    match error {
        FacadeError::BadPosition(position) => {
            position_error(position.kind, &position.input, message)
        }
        FacadeError::IllegalMove { mv, kind, .. } => move_error(kind, &mv, message),
        FacadeError::BadAction { action, .. } => {
            move_error(MoveErrorKind::BadAction, &action.to_string(), message)
        }
        FacadeError::Tablebase(tablebase)
            if matches!(
                tablebase.cause,
                TablebaseCause::RulesMismatch | TablebaseCause::NotCovered
            ) =>
        {
            with_attributes(
                TablebaseUseError::new_err(message),
                &[("cause", Some(tablebase.cause.name().to_string()))],
            )
        }
        FacadeError::Tablebase(tablebase) => with_attributes(
            TablebaseError::new_err(message),
            &[
                ("cause", Some(tablebase.cause.name().to_string())),
                ("filename", filename(tablebase.path.as_deref())),
            ],
        ),
        FacadeError::Io(io) => with_attributes(
            PyErr::from(std::io::Error::new(io.kind, message)),
            &[("filename", filename(io.path.as_deref()))],
        ),
        FacadeError::BadOption { name, .. } => {
            with_attributes(OptionError::new_err(message), &[("name", Some(name))])
        }
        FacadeError::Internal(_) => PyRuntimeError::new_err(message),
        FacadeError::UnknownGame { .. }
        | FacadeError::UnknownRules { .. }
        | FacadeError::Unsupported { .. }
        | FacadeError::BadLimit(_)
        | FacadeError::Cancelled => PyValueError::new_err(message),
    }
}

/// `Result<T, FacadeError>` → `PyResult<T>`.
pub trait OrRaise<T> {
    /// The value, or the error raised as a Python exception.
    fn or_raise(self) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, FacadeError> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(to_py_err)
    }
}
