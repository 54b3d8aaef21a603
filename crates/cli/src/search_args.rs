//! Command-line arguments shared by the commands that search.

use std::time::Duration;

use gamesolver_api::{SearchLimits, check_hash_mb};
use gamesolver_search::Limits;

use crate::numbers;

/// How long to think: at most one of these; 20 ms per move by default.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct LimitArgs {
    /// Think this many milliseconds.
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes"], value_parser = numbers::movetime)]
    pub movetime: Option<u64>,
    /// Search to this depth in plies (alpha-beta; for MCTS a node budget is
    /// clearer).
    #[arg(long, value_name = "D", conflicts_with = "nodes", value_parser = numbers::depth)]
    pub depth: Option<u32>,
    /// Search this many nodes (MCTS: iterations).
    #[arg(long, value_name = "N", value_parser = numbers::nodes)]
    pub nodes: Option<u64>,
}

/// The default thinking time per move, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 20;

impl LimitArgs {
    /// The façade's form of these limits.
    #[must_use]
    pub fn search_limits(&self) -> SearchLimits {
        SearchLimits {
            movetime_ms: self.movetime,
            depth: self.depth,
            nodes: self.nodes,
        }
    }

    /// The search limits these arguments ask for.
    #[must_use]
    pub fn limits(&self) -> Limits {
        match (self.movetime, self.depth, self.nodes) {
            (_, Some(d), _) => Limits::depth(d),
            (_, _, Some(n)) => Limits::nodes(n),
            (Some(ms), _, _) => Limits::movetime_ms(ms),
            (None, None, None) => Limits {
                movetime: Some(Duration::from_millis(DEFAULT_MOVETIME_MS)),
                ..Limits::default()
            },
        }
    }
}

/// `--hash MB`: a whole number in the façade's range
/// ([`gamesolver_api::HASH_MB_RANGE`]), the one rule the protocol's
/// `Hash` option and the façade's `EngineSpec` follow too.
pub fn parse_hash_mb(text: &str) -> Result<usize, String> {
    let mb: u64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number of MB"))?;
    check_hash_mb(mb).map_err(|e| e.to_string())
}

/// Which rules the engine commands play by: one flag for every game,
/// checked against the chosen game's presets.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct RuleArgs {
    /// The game's rules preset (ultimate tic-tac-toe: standard, codingame;
    /// Jungle: standard, dog-over-wolf, rat-across-water; dobutsu:
    /// official, try-after-reply, gamesman, fairy-stockfish, pgx).
    /// `--variant` is an alias.
    #[arg(long = "rules", visible_alias = "variant", value_name = "PRESET")]
    pub rules: Option<String>,
}
