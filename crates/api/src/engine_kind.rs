//! Which search an engine uses, by name (`alphabeta`, `mcts`).

use std::fmt;
use std::str::FromStr;

/// Which search an engine uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Negamax alpha-beta with the game's evaluation (the default: it beats
    /// MCTS, see docs/PERFORMANCE.md).
    #[default]
    Alphabeta,
    /// UCT Monte Carlo tree search with random playouts.
    Mcts,
}

/// A name that is no engine kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {0:?}; use alphabeta or mcts")]
pub struct UnknownEngine(pub String);

impl EngineKind {
    /// Every kind, the default first.
    pub const ALL: [EngineKind; 2] = [EngineKind::Alphabeta, EngineKind::Mcts];

    /// The name used on command lines and in protocol options.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Alphabeta => "alphabeta",
            EngineKind::Mcts => "mcts",
        }
    }

    /// The kind called `name` (case and surrounding blanks ignored), if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<EngineKind> {
        Self::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for EngineKind {
    type Err = UnknownEngine;

    fn from_str(text: &str) -> Result<EngineKind, UnknownEngine> {
        EngineKind::from_name(text).ok_or_else(|| UnknownEngine(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for kind in EngineKind::ALL {
            assert_eq!(kind.to_string().parse::<EngineKind>(), Ok(kind));
        }
        assert_eq!(" MCTS ".parse::<EngineKind>(), Ok(EngineKind::Mcts));
        let error = "minimax".parse::<EngineKind>().unwrap_err();
        assert!(error.to_string().contains("alphabeta or mcts"), "{error}");
    }
}
