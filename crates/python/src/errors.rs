//! The library's errors as Python exceptions: bad input of any kind is a
//! `ValueError` carrying the library's message; file-system trouble is an
//! `OSError`.

use gamesolver_api::FacadeError;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// The Python exception for a library error.
pub fn to_py_err(error: FacadeError) -> PyErr {
    match error {
        FacadeError::Io(_) => PyOSError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
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
