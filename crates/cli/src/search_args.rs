//! Command-line arguments shared by the commands that search.

use std::time::Duration;

use gamesolver_games::{jungle, uttt};
use gamesolver_search::Limits;

/// How long to think: at most one of these; 20 ms per move by default.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct LimitArgs {
    /// Think this many milliseconds.
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "nodes"])]
    pub movetime: Option<u64>,
    /// Search to this depth in plies (alpha-beta; for MCTS a node budget is
    /// clearer).
    #[arg(long, value_name = "D", conflicts_with = "nodes")]
    pub depth: Option<u32>,
    /// Search this many nodes (MCTS: iterations).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
}

/// The default thinking time per move, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 20;

impl LimitArgs {
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

/// Which rules the engine commands play by: one flag per game that has
/// variants.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct RuleArgs {
    /// Ultimate tic-tac-toe rules variant (`standard` or `codingame`).
    #[arg(long, default_value_t = uttt::Variant::Standard)]
    pub variant: uttt::Variant,
    /// Jungle rules preset: standard, dog-over-wolf or rat-across-water.
    #[arg(long = "rules", default_value = "standard")]
    pub jungle: jungle::Variant,
}
