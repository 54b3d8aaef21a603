//! The protocol options every game's engine host offers: `Engine`, `Hash`
//! and `Seed`.

use super::OptionSpec;
use crate::EngineKind;

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
                description: format!("type spin default {} min 1 max 4096", self.hash_mb),
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
                if (1..=4096).contains(&mb) {
                    *self.hash_mb = mb as usize;
                    Ok(())
                } else {
                    Err(format!("Hash must be 1..4096 MB, not {mb}"))
                }
            }),
            "seed" => number().map(|seed| *self.seed = seed),
            _ => return None,
        };
        Some(result)
    }
}
