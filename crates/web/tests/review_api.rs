//! Game records and reviews over HTTP: a record written and read back, a
//! review started, polled to its end and its classes, and bad input.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use gamesolver_web::{AppState, ServeConfig, router};
use serde_json::{Value, json};

use crate::common::{json_post, send};

async fn call(app: &axum::Router, request: Request<Body>) -> (StatusCode, Value) {
    let (status, text) = send(app.clone(), request).await;
    (status, serde_json::from_str(&text).expect("a JSON answer"))
}

fn app() -> axum::Router {
    let state = AppState::new(&ServeConfig::default(), gamesolver_engines::builtin())
        .expect("state without a tablebase");
    router(state)
}

#[tokio::test]
async fn a_record_is_written_and_read_back() {
    let app = app();
    let request = json!({"game": "jungle", "moves": ["g3g4", "a7a6"], "first": "me"});
    let (status, written) = call(&app, json_post("/api/record/write", &request.to_string())).await;
    assert_eq!(status, StatusCode::OK, "{written}");
    let text = written["text"].as_str().unwrap();
    assert!(text.starts_with("[Game \"jungle\"]\n"), "{text}");
    assert!(
        text.contains("[First \"me\"]") && text.contains("1. g3g4 a7a6 *"),
        "{text}"
    );
    let (status, read) = call(
        &app,
        json_post("/api/record/read", &json!({"text": text}).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["game"], "jungle");
    assert_eq!(read["moves"], json!(["g3g4", "a7a6"]));
    assert_eq!(read["result"], "*");
    let bad = json!({"text": "[Game \"jungle\"]\n1. g3g4 g3g4 *\n"});
    let (status, error) = call(&app, json_post("/api/record/read", &bad.to_string())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["error"], "bad_record");
    assert!(
        error["message"].as_str().unwrap().contains("move 2"),
        "{error}"
    );
}

#[tokio::test]
async fn a_review_runs_in_the_background_to_its_classes() {
    let app = app();
    let request = json!({"game": "tictactoe", "moves": ["0", "4", "8", "2"]});
    let (status, started) = call(&app, json_post("/api/review", &request.to_string())).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["total"], 5);
    let path = format!("/api/review/{}", started["id"]);
    let mut status_body = Value::Null;
    for _ in 0..200 {
        let (status, body) = call(&app, Request::get(&path).body(Body::empty()).unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        if body["finished"] == true {
            status_body = body;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let review = &status_body["review"];
    assert_eq!(status_body["done"], 5, "{status_body}");
    assert_eq!(review["moves"][3]["class"], "blunder", "{review}");
    assert_eq!(review["positions"][0]["source"], "exact");
    let (status, missing) = call(
        &app,
        Request::get("/api/review/999999")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing["error"], "no_review");
}

#[tokio::test]
async fn bad_reviews_are_refused_before_they_start() {
    let app = app();
    for (body, kind) in [
        (
            json!({"game": "uttt", "moves": ["40", "40"]}),
            "illegal_move",
        ),
        (
            json!({"game": "uttt", "moves": [], "movetime_ms": 5000}),
            "bad_limit",
        ),
        (
            json!({"game": "uttt", "moves": [], "depth": 0}),
            "bad_limit",
        ),
        (json!({"game": "chess", "moves": []}), "unknown_game"),
    ] {
        let (status, error) = call(&app, json_post("/api/review", &body.to_string())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {error}");
        assert_eq!(error["error"], kind, "{body}: {error}");
    }
}
