//! `GET /api/games`: the registered games and what each can do.

use axum::Json;
use gamesolver_engines::{GameInfo, Registry};
use serde::Serialize;
use utoipa::ToSchema;

/// What a game supports.
#[derive(Clone, Copy, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct CapabilitiesView {
    /// An exact solution of the whole game (`/api/solved`).
    pub solved_table: bool,
    /// Endgame tablebases (`/api/tablebase/probe`).
    pub tablebase: bool,
    /// Engine search (`/api/analyse`).
    pub search: bool,
    /// Planning against a fixed opponent (`/api/mdp/solve`).
    pub mdp: bool,
    /// Move-path counting.
    pub perft: bool,
}

/// One registered game.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct GameSummary {
    /// Canonical name, used in requests.
    pub name: String,
    /// Other accepted names.
    pub aliases: Vec<String>,
    /// Human title.
    pub title: String,
    /// Rules presets, the default first.
    pub rules: Vec<String>,
    /// Engine kinds.
    pub engines: Vec<String>,
    /// What the game supports.
    pub capabilities: CapabilitiesView,
}

impl From<&GameInfo> for GameSummary {
    fn from(info: &GameInfo) -> GameSummary {
        let strings = |items: &[&str]| items.iter().map(|s| s.to_string()).collect();
        let caps = info.capabilities;
        GameSummary {
            name: info.name.to_string(),
            aliases: strings(info.aliases),
            title: info.title.to_string(),
            rules: strings(info.rules),
            engines: strings(info.engines),
            capabilities: CapabilitiesView {
                solved_table: caps.solved_table,
                tablebase: caps.tablebase,
                search: caps.search,
                mdp: caps.mdp,
                perft: caps.perft,
            },
        }
    }
}

/// The registered games.
#[utoipa::path(get, path = "/api/games", tag = "games",
    responses((status = 200, description = "Every registered game", body = [GameSummary])))]
pub async fn list() -> Json<Vec<GameSummary>> {
    Json(
        Registry::global()
            .games()
            .map(|game| GameSummary::from(game.info()))
            .collect(),
    )
}
