//! Engine options of a search request, by name: the game's one option
//! table (`GET /api/games/{game}/options` lists it) checks them as the
//! protocol's `setoption` would; an unknown name or a value the table
//! refuses is a 400 `bad_option`.

use std::collections::BTreeMap;

use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::ApiError;

/// One option's value: a boolean (`check`), a whole number (`spin`) or
/// text (`combo`, `string`, or any value as `setoption` takes it).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum OptionInput {
    /// A `check` option's value.
    Flag(bool),
    /// A `spin` option's value.
    Number(i64),
    /// Any option's value as text.
    Text(String),
}

impl OptionInput {
    /// The value as `setoption` takes it.
    #[must_use]
    pub fn to_text(&self) -> String {
        match self {
            OptionInput::Flag(flag) => flag.to_string(),
            OptionInput::Number(n) => n.to_string(),
            OptionInput::Text(text) => text.clone(),
        }
    }
}

/// Options by name (any case), e.g. `{"FreeChoice": 120}`.
pub type EngineOptions = BTreeMap<String, OptionInput>;

/// The options as the façade's engine spec takes them.
#[must_use]
pub fn as_texts(options: &EngineOptions) -> BTreeMap<String, String> {
    options
        .iter()
        .map(|(name, value)| (name.clone(), value.to_text()))
        .collect()
}

/// The options of a query string's `options` parameter: the same JSON
/// object as a request body's `options` (absent or empty: none).
pub fn from_query(text: Option<&str>) -> Result<EngineOptions, ApiError> {
    match text.map(str::trim) {
        None | Some("") => Ok(EngineOptions::new()),
        Some(text) => serde_json::from_str(text).map_err(|e| {
            ApiError::bad_request(
                "bad_option",
                format!(
                    "options must be a JSON object of option names to booleans, numbers or \
                     text, e.g. {{\"Threads\": 2}}: {e}"
                ),
            )
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_setoption_takes_them() {
        let options = from_query(Some(r#"{"A": true, "B": -3, "C": "x y"}"#)).unwrap();
        let texts = as_texts(&options);
        assert_eq!(texts["A"], "true");
        assert_eq!(texts["B"], "-3");
        assert_eq!(texts["C"], "x y");
        assert!(from_query(None).unwrap().is_empty());
        assert!(from_query(Some(" ")).unwrap().is_empty());
    }

    #[test]
    fn a_query_that_is_no_object_is_a_bad_option() {
        for text in ["[1]", "{", r#"{"A": [1]}"#, r#"{"A": 1.5}"#] {
            let error = from_query(Some(text)).unwrap_err();
            assert_eq!(error.kind(), "bad_option", "{text}");
        }
    }
}
