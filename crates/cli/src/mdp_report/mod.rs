//! What `gamesolver mdp` prints: the MDP service's
//! [`MdpDetails`] and the plot's path, as JSON (for `--json`), as text
//! (see [`text`]), and its curve as a chart (see [`chart`]).

mod chart;
mod text;

use gamesolver_api::mdp::MdpDetails;
use serde::Serialize;

/// Everything `gamesolver mdp` reports.
#[derive(Debug, Serialize)]
pub(crate) struct Report {
    /// What the service found.
    #[serde(flatten)]
    pub(crate) details: MdpDetails,
    /// Where the chart was written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) plot: Option<String>,
}
