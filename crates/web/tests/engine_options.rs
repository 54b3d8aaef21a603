//! `GET /api/games/{game}/options`: the engine's option table as JSON,
//! the same options the protocol announces after `uci`; the engine
//! requests (`/api/analyse`, `/api/engine-move`, the SSE stream) set them
//! by name, checked by that one table.

use std::io::Cursor;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use gamesolver_api::EngineSpec;
use gamesolver_web::{AppState, ServeConfig, router};
use serde_json::Value;

use crate::common;
use common::{json_post, send};

fn app() -> axum::Router {
    let state = AppState::new(&ServeConfig::default(), gamesolver_engines::builtin())
        .expect("state without a tablebase");
    router(state)
}

async fn get(path: &str) -> (StatusCode, String) {
    let request = Request::get(path).body(Body::empty()).expect("request");
    send(app(), request).await
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let (status, text) = send(app(), json_post(path, &body.to_string())).await;
    (status, serde_json::from_str(&text).expect("JSON"))
}

/// The `option name …` lines the game's engine announces after `uci`.
fn protocol_lines(game: &str) -> Vec<String> {
    let host = gamesolver_engines::builtin()
        .get(game)
        .expect("a built-in game")
        .protocol_host(&EngineSpec::default())
        .expect("a host");
    let mut out = Vec::new();
    host.serve(Box::new(Cursor::new("uci\nquit\n")), &mut out)
        .expect("serves");
    String::from_utf8(out)
        .expect("text")
        .lines()
        .filter(|line| line.starts_with("option name "))
        .map(str::to_string)
        .collect()
}

/// The protocol line `option` of the listing stands for.
fn line_of(option: &Value) -> String {
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let mut line = format!(
        "option name {} type {} default {}",
        text(&option["name"]),
        text(&option["type"]),
        text(&option["default"])
    );
    if option.get("min").is_some() {
        line += &format!(" min {} max {}", option["min"], option["max"]);
    }
    for value in option
        .get("values")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        line += &format!(" var {}", text(value));
    }
    line
}

#[tokio::test]
async fn the_uttt_listing_is_the_protocols_option_lines() {
    let (status, text) = get("/api/games/uttt/options").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let options: Vec<Value> = serde_json::from_str(&text).expect("JSON");
    let free_choice = options
        .iter()
        .find(|o| o["name"] == "FreeChoice")
        .expect("FreeChoice is listed");
    assert_eq!(free_choice["type"], "spin");
    assert!(free_choice["default"].is_i64(), "{free_choice}");
    assert!(free_choice["min"].as_i64() < free_choice["max"].as_i64());
    assert!(!free_choice["doc"].as_str().unwrap_or("").is_empty());
    let lines: Vec<String> = options.iter().map(line_of).collect();
    assert_eq!(lines, protocol_lines("uttt"));
}

#[tokio::test]
async fn every_builtin_game_lists_its_protocol_options() {
    for game in gamesolver_engines::builtin().games() {
        let name = game.info().name;
        let (status, text) = get(&format!("/api/games/{name}/options")).await;
        assert_eq!(status, StatusCode::OK, "{name}: {text}");
        let options: Vec<Value> = serde_json::from_str(&text).expect("JSON");
        let lines: Vec<String> = options.iter().map(line_of).collect();
        assert_eq!(lines, protocol_lines(name), "{name}");
    }
}

#[tokio::test]
async fn an_unknown_game_is_a_404() {
    let (status, text) = get("/api/games/chess/options").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{text}");
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(body["error"], "unknown_game");
    assert!(body["message"].as_str().unwrap_or("").contains("chess"));
}

/// An engine request with a valid option searches; an unknown name, a
/// value out of range or of the wrong kind is a 400 `bad_option` naming
/// the option, on each engine route.
#[tokio::test]
async fn engine_requests_take_options_from_the_table() {
    let search =
        |options: Value| serde_json::json!({"game": "uttt", "nodes": 200, "options": options});
    for path in ["/api/analyse", "/api/engine-move"] {
        let (status, body) = post(path, search(serde_json::json!({"freechoice": 120}))).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        for bad in [
            serde_json::json!({"NoSuchOption": 1}),
            serde_json::json!({"FreeChoice": 1_000_000_000}),
            serde_json::json!({"FreeChoice": "many"}),
            serde_json::json!({"Hash": 8}),
        ] {
            let (status, body) = post(path, search(bad.clone())).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {bad}: {body}");
            assert_eq!(body["error"], "bad_option", "{path} {bad}: {body}");
        }
    }
    let (status, body) = post(
        "/api/analyse",
        serde_json::json!({"game": "tictactoe", "options": {"FreeChoice": 120}}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or("")
            .contains("FreeChoice"),
        "{body}"
    );
}

/// The stream takes the same options as a URL-encoded JSON object.
#[tokio::test]
async fn the_stream_takes_options_as_json() {
    let (status, text) =
        get("/api/analyse/stream?game=uttt&nodes=100&options=%7B%22FreeChoice%22%3A120%7D").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(text.contains("event: done"), "{text}");
    for options in ["%7B%22Nope%22%3A1%7D", "%5B1%5D"] {
        let (status, text) = get(&format!(
            "/api/analyse/stream?game=uttt&nodes=100&options={options}"
        ))
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{options}: {text}");
        assert!(text.contains("bad_option"), "{options}: {text}");
    }
}
