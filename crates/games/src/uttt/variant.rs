//! Rule variants of ultimate tic-tac-toe.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// How a game that runs out of moves without a meta-line ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The usual rule: no legal move left without a meta-line is a draw.
    #[default]
    Standard,
    /// CodinGame's rule: then the player who owns more small boards wins;
    /// equal counts draw.
    CodinGame,
}

/// A variant name that is neither `standard` nor `codingame`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown ultimate tic-tac-toe variant {0:?}; use standard or codingame")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" => Ok(Variant::Standard),
            "codingame" => Ok(Variant::CodinGame),
            _ => Err(ParseVariantError(s.to_string())),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Standard => "standard",
            Variant::CodinGame => "codingame",
        })
    }
}
