//! Whole-number arguments: any Python integer (an `int` of any size, a
//! numpy integer, anything with `__index__`); a negative or too large value
//! is a `ValueError` that names the argument and the allowed range (never
//! PyO3's `OverflowError`), a non-integer a `TypeError`.

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// An integer argument as Python gave it: its value, or its text when it
/// does not fit 128 bits.
#[derive(Clone, Debug)]
pub struct Int(Result<i128, String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i128>() {
            Ok(value) => Ok(Int(Ok(value))),
            Err(error) if error.is_instance_of::<PyOverflowError>(obj.py()) => {
                let text = obj
                    .str()
                    .map_or_else(|_| "a huge number".to_string(), |s| s.to_string());
                Ok(Int(Err(text)))
            }
            Err(error) => Err(error),
        }
    }
}

impl Int {
    /// The value when it fits 128 bits.
    pub fn value(&self) -> Option<i128> {
        self.0.as_ref().ok().copied()
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Ok(value) => write!(f, "{value}"),
            Err(text) => f.write_str(text),
        }
    }
}

/// An unsigned integer type an argument may have.
pub trait Unsigned: TryFrom<i128> {
    /// Its largest value.
    const MAX: u128;
}

impl Unsigned for u32 {
    const MAX: u128 = u32::MAX as u128;
}

impl Unsigned for u64 {
    const MAX: u128 = u64::MAX as u128;
}

impl Unsigned for usize {
    const MAX: u128 = usize::MAX as u128;
}

/// `value` as a `T`, or a ValueError naming `name` and the allowed range.
pub fn whole<T: Unsigned>(name: &str, value: Int) -> PyResult<T> {
    value
        .value()
        .and_then(|v| T::try_from(v).ok())
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{name} must be a whole number from 0 to {}, not {value}",
                T::MAX
            ))
        })
}

/// [`whole`] for an optional argument.
pub fn optional_whole<T: Unsigned>(name: &str, value: Option<Int>) -> PyResult<Option<T>> {
    value.map(|v| whole(name, v)).transpose()
}
