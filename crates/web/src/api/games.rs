//! `GET /api/games`: the registered games and what each can do.

use axum::Json;
use axum::extract::State;
use gamesolver_api::GameDef;
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

/// What a game supports (derived from its declaration's capabilities).
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
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
    /// A fixed search workload with a node-count signature (`gamesolver bench`).
    pub bench: bool,
    /// A board picture for terminals (`gamesolver play`).
    pub terminal: bool,
    /// Turn formats its engines speak in matches besides the UCI-style
    /// protocol (`gamesolver match --engine FORMAT:COMMAND`).
    pub bot_formats: Vec<String>,
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

impl GameSummary {
    /// The summary of `game`'s declaration.
    fn of(game: &dyn GameDef) -> GameSummary {
        let info = game.info();
        let strings = |items: &[&str]| items.iter().map(|s| s.to_string()).collect();
        let caps = game.capabilities();
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
                bench: caps.bench,
                terminal: caps.terminal,
                bot_formats: strings(&caps.bot_formats),
            },
        }
    }
}

/// The registered games.
#[utoipa::path(get, path = "/api/games", tag = "games",
    responses((status = 200, description = "Every registered game", body = [GameSummary])))]
pub async fn list(State(app): State<AppState>) -> Json<Vec<GameSummary>> {
    Json(app.registry().games().map(GameSummary::of).collect())
}
