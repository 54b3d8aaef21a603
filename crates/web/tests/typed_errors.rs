//! The API's errors come from the façade's types, not their text: a bad
//! position is a 400 `bad_position` with the fault as `reason` and the
//! text as `input`; a move that cannot be played a 400 `illegal_move`
//! with its reason; a damaged table file a 409 `table_file` with its
//! cause.

use axum::http::StatusCode;
use gamesolver_engines::jungle::tablebase::build_tablebase;
use gamesolver_games::jungle::{Material, Variant};
use gamesolver_web::{AppState, ServeConfig, router};
use serde_json::{Value, json};

use crate::common;
use common::{json_post, send};

/// Elephant against elephant (its file: `E-e.gstb`), bottom to move.
const ELEPHANTS: &str = "7/7/7/7/7/7/1e5/7/E6 w";

/// A router over the registry, with the tables of `dir` if given.
fn app(dir: Option<&std::path::Path>) -> axum::Router {
    let config = ServeConfig {
        tablebase: dir.map(std::path::Path::to_path_buf),
        ..ServeConfig::default()
    };
    router(AppState::new(&config, gamesolver_engines::builtin()).expect("the state opens"))
}

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    let (status, text) = send(app.clone(), json_post(path, &body.to_string())).await;
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON: {text}"));
    (status, body)
}

#[tokio::test]
async fn bad_positions_carry_their_kind_and_input() {
    let app = app(None);
    for (game, position, reason) in [
        ("tictactoe", "XO", "board_shape"),
        ("tictactoe", "XOX?.....", "bad_character"),
        ("tictactoe", "OO.......", "piece_count"),
        ("tictactoe", "XXXOOO...", "unreachable"),
        ("uttt", "X *", "board_shape"),
        ("jungle", "7/7/7/7/7/7/1e5/7/E6", "fields"),
        ("jungle", "7/7/7/7/7/7/1e5/7/E6 q", "side_to_move"),
        ("jungle", "7/7/7/7/7/7/1z5/7/E6 w", "bad_character"),
        ("jungle", "7/7/7/7/7/7/1e5/7/EE5 w", "piece_count"),
        ("jungle", "", "empty"),
        ("dobutsu", "gle/1c1/1C1/ELG b", "fields"),
        ("dobutsu", "gle/1c1/1C1/ELG q -", "side_to_move"),
    ] {
        let (status, body) = post(
            &app,
            "/api/legal-moves",
            json!({ "game": game, "position": position }),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "{game} {position:?}: {body}"
        );
        assert_eq!(body["error"], "bad_position", "{body}");
        assert_eq!(body["reason"], reason, "{game} {position:?}: {body}");
        assert_eq!(body["input"], position, "{body}");
    }
}

#[tokio::test]
async fn moves_that_cannot_be_played_carry_their_reason() {
    let app = app(None);
    for (position, mv, reason) in [
        ("start", "z9", "unreadable"),
        ("XXXOO....", "8", "game_over"),
    ] {
        let (status, body) = post(
            &app,
            "/api/play",
            json!({ "game": "tictactoe", "position": position, "move": mv }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"], "illegal_move", "{body}");
        assert_eq!(body["reason"], reason, "{position} {mv}: {body}");
        assert_eq!(body["input"], mv, "{body}");
    }
    // A move of the history that cannot be played: the same kinds.
    let (status, body) = post(
        &app,
        "/api/legal-moves",
        json!({ "game": "tictactoe", "moves": ["4", "4"] }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"], "illegal_move", "{body}");
    assert_eq!(body["reason"], "illegal", "{body}");
    assert_eq!(body["input"], "4", "{body}");
    assert!(
        body["message"].as_str().unwrap().starts_with("move 2 of 2"),
        "{body}"
    );
}

#[tokio::test]
async fn a_bad_position_and_a_damaged_file_differ_in_status_and_kind() {
    let tables = tempfile::tempdir().unwrap();
    build_tablebase(tables.path(), Variant::Standard, &Material::all_with(2)).unwrap();
    let app = app(Some(tables.path()));
    let file = tables.path().join("E-e.gstb");
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x5A;
    std::fs::write(&file, bytes).unwrap();

    let (status, bad) = post(
        &app,
        "/api/tablebase/probe",
        json!({ "game": "jungle", "position": "7/7 w" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(bad["error"], "bad_position", "{bad}");
    let (status, damaged) = post(
        &app,
        "/api/tablebase/probe",
        json!({ "game": "jungle", "position": ELEPHANTS }),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{damaged}");
    assert_eq!(damaged["error"], "table_file", "{damaged}");
    let reason = damaged["reason"].as_str().expect("a reason");
    assert!(
        ["checksum", "corrupt", "truncated"].contains(&reason),
        "{damaged}"
    );
    assert!(damaged.get("input").is_none(), "{damaged}");
}
