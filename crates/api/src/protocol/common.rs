//! The protocol options every game's engine host offers: `Engine`, `Hash`
//! and `Seed`.

use super::OptionSpec;
use crate::EngineKind;
use crate::{HASH_MB_RANGE, check_hash_mb};

/// The settings behind the common options, borrowed from a host.
#[derive(Debug)]
pub struct CommonOptions<'a> {
    /// The search (`Engine`: alphabeta or mcts).
    pub kind: &'a mut EngineKind,
    /// Transposition-table size in MB (`Hash`).
    pub hash_mb: &'a mut usize,
    /// Random seed (`Seed`).
    pub seed: &'a mut u64,
}

impl CommonOptions<'_> {
    /// Their announcements after `uci`.
    #[must_use]
    pub fn specs(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                name: "Engine",
                description: format!(
                    "type combo default {} var alphabeta var mcts",
                    self.kind.name()
                ),
            },
            OptionSpec {
                name: "Hash",
                description: format!(
                    "type spin default {} min {} max {}",
                    self.hash_mb,
                    HASH_MB_RANGE.start(),
                    HASH_MB_RANGE.end()
                ),
            },
            OptionSpec {
                name: "Seed",
                description: format!("type spin default {} min 0 max 4294967295", self.seed),
            },
        ]
    }

    /// Sets option `name` to `value` if it is one of them: `None` if it is
    /// not, otherwise whether the value was accepted.
    pub fn set(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let number = || -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("option {name} needs a number, not {value:?}"))
        };
        let result = match name.to_ascii_lowercase().as_str() {
            "engine" => EngineKind::from_name(value)
                .map(|kind| *self.kind = kind)
                .ok_or_else(|| format!("unknown engine {value:?}; use alphabeta or mcts")),
            "hash" => number().and_then(|mb| {
                *self.hash_mb = check_hash_mb(mb).map_err(|e| e.to_string())?;
                Ok(())
            }),
            "seed" => number().map(|seed| *self.seed = seed),
            _ => return None,
        };
        Some(result)
    }
}

/// A `check` option's value: `true` or `false` (any case).
pub fn check_value(name: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("option {name} is true or false, not {value:?}")),
    }
}

/// A `spin` option's value: a whole number in `min..=max`.
pub fn spin_value(name: &str, value: &str, min: i32, max: i32) -> Result<i32, String> {
    value
        .trim()
        .parse::<i32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("option {name} is a whole number {min}..={max}, not {value:?}"))
}

/// The announcement of a `check` option.
#[must_use]
pub fn check_spec(name: &'static str, default: bool) -> OptionSpec {
    OptionSpec {
        name,
        description: format!("type check default {default}"),
    }
}

/// The announcement of a `spin` option.
#[must_use]
pub fn spin_spec(name: &'static str, default: i32, min: i32, max: i32) -> OptionSpec {
    OptionSpec {
        name,
        description: format!("type spin default {default} min {min} max {max}"),
    }
}
