//! The counts of one tier (a row of `gamesolver tablebase stats`), from
//! one streaming pass over its stored file (`TierStats`).

use gamesolver_core::WdlCounts;
use gamesolver_retro::tablebase::TierStats;
use serde::Serialize;

/// Won, drawn and lost positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct WdlSplit {
    /// Won for the side to move.
    pub win: u64,
    /// Drawn.
    pub draw: u64,
    /// Lost for the side to move.
    pub loss: u64,
}

impl From<WdlCounts> for WdlSplit {
    fn from(c: WdlCounts) -> WdlSplit {
        WdlSplit {
            win: c.win,
            draw: c.draw,
            loss: c.loss,
        }
    }
}

impl WdlSplit {
    /// All positions counted.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.win + self.draw + self.loss
    }

    /// The share of wins (0 when nothing is counted).
    #[must_use]
    pub fn win_share(&self) -> f64 {
        self.win as f64 / self.total().max(1) as f64
    }
}

/// Per side to move: positions won in exactly `d` plies at `[d]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinDistances {
    /// The first player ("bottom") to move.
    pub bottom_to_move: Vec<u64>,
    /// The second player ("top") to move.
    pub top_to_move: Vec<u64>,
}

/// The statistics of one stored tier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TierStatsRow {
    /// The tier's name (Jungle calls a tier a material).
    pub material: String,
    /// Positions with the first player to move, by value for it.
    pub bottom_to_move: WdlSplit,
    /// Positions with the second player to move, by value for it.
    pub top_to_move: WdlSplit,
    /// The longest win in plies, if anything is won.
    pub longest_win: Option<u16>,
    /// A position with the longest win, in the game's notation.
    pub longest_win_example: Option<String>,
    /// The tier's pieces.
    pub pieces: u32,
    /// The tier's class, for a game that groups its tiers (Jungle: `2-1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    /// Per side to move, the wins by distance.
    pub win_distances: WinDistances,
}

impl TierStatsRow {
    /// The row of a tier counted as `stats`, with its longest win's
    /// position written as `example`.
    #[must_use]
    pub fn new(
        material: String,
        pieces: u32,
        class: Option<String>,
        stats: TierStats,
        example: Option<String>,
    ) -> TierStatsRow {
        let [bottom, top] = stats.counts;
        let [bottom_wins, top_wins] = stats.win_distances;
        TierStatsRow {
            material,
            bottom_to_move: bottom.into(),
            top_to_move: top.into(),
            longest_win: stats.longest_win.map(|w| w.distance),
            longest_win_example: example,
            pieces,
            class,
            win_distances: WinDistances {
                bottom_to_move: bottom_wins,
                top_to_move: top_wins,
            },
        }
    }
}
