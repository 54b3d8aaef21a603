//! Engine options between Python and the game's one option table:
//! values as `setoption` takes them, and the table's options as dicts
//! (`Game.engine_options()`, `Engine.options()`).

use gamesolver_api::protocol::OptionSpec;
use gamesolver_api::protocol::options::{OptionKind, OptionValue};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

use crate::numbers::Int;

/// An option's value as `setoption` takes it: a bool as `true`/`false`,
/// an int in decimal, a str as it is (TypeError for anything else).
pub fn option_text(name: &str, value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(flag.is_true().to_string());
    }
    if let Some(number) = value.extract::<Int>().ok().and_then(|n| n.value()) {
        return Ok(number.to_string());
    }
    if let Ok(text) = value.extract::<String>() {
        return Ok(text);
    }
    Err(PyTypeError::new_err(format!(
        "option {name:?} takes a bool, an int or a str, not {}",
        value.get_type().name()?
    )))
}

/// An option value as a Python int, bool or str.
fn set_value(dict: &Bound<'_, PyDict>, key: &str, value: &OptionValue) -> PyResult<()> {
    match value {
        OptionValue::Int(n) => dict.set_item(key, *n),
        OptionValue::Bool(b) => dict.set_item(key, *b),
        OptionValue::Text(text) => dict.set_item(key, text),
    }
}

/// One option of the table as a dict: `name`, `type` ("spin", "check",
/// "combo", "string"), `default` (int, bool or str), `min` and `max`
/// (spin only), `values` (combo only) and `doc`.
pub fn option_dict<'py>(py: Python<'py>, option: &OptionSpec) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("name", option.name)?;
    dict.set_item("type", option.kind.name())?;
    set_value(&dict, "default", &option.default)?;
    match option.kind {
        OptionKind::Spin { min, max } => {
            dict.set_item("min", min)?;
            dict.set_item("max", max)?;
        }
        OptionKind::Combo { vars } => dict.set_item("values", vars.to_vec())?,
        OptionKind::Check | OptionKind::String => {}
    }
    dict.set_item("doc", option.doc)?;
    Ok(dict)
}

/// [`option_dict`] of each of `defaults` (a host as the game sets it up)
/// with `value`: the option's value in `current` (the same table, set up
/// as an engine is).
pub fn option_dicts_with_values<'py>(
    py: Python<'py>,
    defaults: &[OptionSpec],
    current: &[OptionSpec],
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    defaults
        .iter()
        .map(|option| {
            let dict = option_dict(py, option)?;
            let value = current
                .iter()
                .find(|o| o.name == option.name)
                .map_or(&option.default, |o| &o.default);
            set_value(&dict, "value", value)?;
            Ok(dict)
        })
        .collect()
}
