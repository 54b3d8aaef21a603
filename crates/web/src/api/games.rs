//! `GET /api/games`: the registered games and what each can do.

use axum::Json;
use axum::extract::State;
use gamesolver_api::{Capabilities, GameDef};
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;

/// One registered game.
#[derive(Clone, Debug, Serialize, ToSchema)]
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
    /// What the game supports (derived from its declaration).
    pub capabilities: Capabilities,
}

impl GameSummary {
    /// The summary of `game`'s declaration.
    fn of(game: &dyn GameDef) -> GameSummary {
        let info = game.info();
        let strings = |items: &[&str]| items.iter().map(|s| s.to_string()).collect();
        GameSummary {
            name: info.name.to_string(),
            aliases: strings(info.aliases),
            title: info.title.to_string(),
            rules: strings(info.rules),
            engines: strings(info.engines),
            capabilities: game.capabilities(),
        }
    }
}

/// The registered games.
#[utoipa::path(get, path = "/api/games", tag = "games",
    responses((status = 200, description = "Every registered game", body = [GameSummary])))]
pub async fn list(State(app): State<AppState>) -> Json<Vec<GameSummary>> {
    Json(app.registry().games().map(GameSummary::of).collect())
}
