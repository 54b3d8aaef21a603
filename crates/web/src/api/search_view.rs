//! An engine's search report as the API shows it.

use gamesolver_engines::SearchReport;
use serde::Serialize;
use utoipa::ToSchema;

/// The result (or an intermediate report) of a search.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct SearchView {
    /// The engine's name.
    pub engine: String,
    /// The best move found (absent only when the game is over).
    pub bestmove: Option<String>,
    /// `cp N` or `mate ±P` (plies), as the CLI prints it.
    pub score: String,
    /// Centipawn-like score for the side to move (absent for mate scores).
    pub score_cp: Option<i32>,
    /// Plies to mate, negative when being mated (absent for cp scores).
    pub mate_plies: Option<i32>,
    /// Depth reached.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time used in milliseconds.
    pub time_ms: f64,
    /// Principal variation.
    pub pv: Vec<String>,
    /// `search` or `tablebase`.
    pub source: String,
}

impl From<SearchReport> for SearchView {
    fn from(report: SearchReport) -> SearchView {
        SearchView {
            engine: report.engine.to_string(),
            bestmove: report.bestmove,
            score: report.score,
            score_cp: report.score_cp,
            mate_plies: report.mate_plies,
            depth: report.depth,
            nodes: report.nodes,
            nps: report.nps,
            time_ms: report.time_ms,
            pv: report.pv,
            source: report.source.to_string(),
        }
    }
}
