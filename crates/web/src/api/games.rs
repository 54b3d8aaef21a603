//! `GET /api/games`: the registered games and what each can do;
//! `GET /api/games/{game}/options`: its engine's options.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use gamesolver_api::protocol::OptionSpec;
use gamesolver_api::protocol::options::{OptionKind, OptionValue};
use gamesolver_api::{Capabilities, EngineSpec, FacadeError, GameDef};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiPath;
use crate::state::AppState;

/// One registered game.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameSummary {
    /// Canonical name, used in requests.
    pub name: String,
    /// Other accepted names.
    pub aliases: Vec<String>,
    /// Human title (English).
    pub title: String,
    /// The title in other languages, by language code (`{"zh": "斗兽棋"}`);
    /// a language left out uses `title`.
    pub titles: BTreeMap<String, String>,
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
            titles: info
                .titles
                .iter()
                .map(|(lang, title)| (lang.to_string(), title.to_string()))
                .collect(),
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

/// One engine option, from the engine's option table: what the protocol
/// announces (`option name NAME type TYPE default …`) and `setoption`
/// accepts.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EngineOption {
    /// The protocol name (`setoption` takes it in any case).
    pub name: String,
    /// `spin` (a whole number in `min..=max`), `check` (a boolean),
    /// `combo` (one of `values`) or `string`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The default: a number for `spin`, a boolean for `check`, text
    /// otherwise.
    #[schema(value_type = Object)]
    pub default: serde_json::Value,
    /// The smallest value (`spin` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// The largest value (`spin` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// The values offered (`combo` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<String>>,
    /// What it does, one line.
    pub doc: String,
}

impl From<&OptionSpec> for EngineOption {
    fn from(spec: &OptionSpec) -> EngineOption {
        let (min, max, values) = match spec.kind {
            OptionKind::Spin { min, max } => (Some(min), Some(max), None),
            OptionKind::Combo { vars } => (
                None,
                None,
                Some(vars.iter().map(|v| v.to_string()).collect()),
            ),
            OptionKind::Check | OptionKind::String => (None, None, None),
        };
        let default = match &spec.default {
            OptionValue::Int(n) => serde_json::Value::from(*n),
            OptionValue::Bool(b) => serde_json::Value::from(*b),
            OptionValue::Text(text) => serde_json::Value::from(text.as_str()),
        };
        EngineOption {
            name: spec.name.to_string(),
            kind: spec.kind.name().to_string(),
            default,
            min,
            max,
            values,
            doc: spec.doc.to_string(),
        }
    }
}

/// The options of the game's engine (default engine kind and rules), in
/// the order the protocol announces them.
#[utoipa::path(get, path = "/api/games/{game}/options", tag = "games",
    params(("game" = String, Path, description = "A registered game or alias")),
    responses((status = 200, description = "Every option of the game's engine", body = [EngineOption]),
              (status = 404, description = "No such game (`unknown_game`)", body = ErrorBody)))]
pub async fn options(
    State(app): State<AppState>,
    ApiPath(game): ApiPath<String>,
) -> Result<Json<Vec<EngineOption>>, ApiError> {
    let def = app.registry().get(&game).map_err(|error| match error {
        FacadeError::UnknownGame { .. } => ApiError::from(error).with_status(StatusCode::NOT_FOUND),
        other => other.into(),
    })?;
    let host = def.protocol_host(&EngineSpec::default())?;
    Ok(Json(
        host.options().iter().map(EngineOption::from).collect(),
    ))
}
