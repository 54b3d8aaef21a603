//! Whole-number arguments: a negative or too large value is a `ValueError`
//! that names the argument (instead of PyO3's `OverflowError`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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
pub fn whole<T: Unsigned>(name: &str, value: i128) -> PyResult<T> {
    T::try_from(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{name} must be a whole number from 0 to {}, not {value}",
            T::MAX
        ))
    })
}

/// [`whole`] for an optional argument.
pub fn optional_whole<T: Unsigned>(name: &str, value: Option<i128>) -> PyResult<Option<T>> {
    value.map(|v| whole(name, v)).transpose()
}
