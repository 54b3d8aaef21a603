//! A tablebase damaged while the server runs (issue 26 finding 3): every
//! endpoint that needs the damaged file answers an error naming it (409,
//! the JSON error shape; an `error` event on a stream), never "not
//! covered", never a search's answer instead, never a 5xx; the endpoints
//! that do not need it answer as before. At start-up a damaged file stops
//! the server with its name.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use gamesolver_engines::jungle::tablebase::build_tablebase;
use gamesolver_games::jungle::{Material, Variant};
use gamesolver_web::{AppState, ServeConfig, router};
use serde_json::{Value, json};

use crate::common;
use common::{json_post, send};

/// Elephant against elephant (its file: `E-e.gstb`), bottom to move.
const ELEPHANTS: &str = "7/7/7/7/7/7/1e5/7/E6 w";
/// Lion against a cat (`L-c.gstb`): not damaged.
const LION: &str = "7/7/7/7/7/7/1c5/7/L6 w";

/// Ways a file goes bad under a running server.
#[derive(Clone, Copy, Debug)]
enum Damage {
    CutInPlace,
    FlippedInPlace,
    ReplacedByAForeignFile,
}

fn damage(dir: &std::path::Path, how: Damage) {
    let path = dir.join("E-e.gstb");
    match how {
        Damage::CutInPlace => std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(100)
            .unwrap(),
        Damage::FlippedInPlace => {
            let mut bytes = std::fs::read(&path).unwrap();
            let middle = bytes.len() / 2;
            bytes[middle] ^= 0x5A;
            std::fs::write(&path, bytes).unwrap();
        }
        Damage::ReplacedByAForeignFile => {
            let other = tempfile::tempdir().unwrap();
            build_tablebase(other.path(), Variant::DogOverWolf, &[material("E-e")]).unwrap();
            std::fs::rename(other.path().join("E-e.gstb"), &path).unwrap();
        }
    }
}

fn material(text: &str) -> Material {
    text.parse().unwrap()
}

async fn call(app: &axum::Router, request: Request<Body>) -> (StatusCode, String) {
    send(app.clone(), request).await
}

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, String) {
    call(app, json_post(path, &body.to_string())).await
}

/// A 409 JSON error naming the damaged file.
fn names_the_file(status: StatusCode, text: &str) {
    assert_eq!(status, StatusCode::CONFLICT, "{text}");
    let body: Value = serde_json::from_str(text).unwrap_or_else(|_| panic!("JSON: {text}"));
    assert_eq!(body["error"], "table_file", "{text}");
    assert!(
        body["message"].as_str().unwrap().contains("E-e.gstb"),
        "{text}"
    );
}

#[tokio::test]
async fn every_endpoint_after_a_table_went_bad() {
    for how in [
        Damage::CutInPlace,
        Damage::FlippedInPlace,
        Damage::ReplacedByAForeignFile,
    ] {
        let tables = tempfile::tempdir().unwrap();
        build_tablebase(tables.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        let config = ServeConfig {
            tablebase: Some(tables.path().to_path_buf()),
            ..ServeConfig::default()
        };
        let app =
            router(AppState::new(&config, gamesolver_engines::builtin()).expect("the tables open"));
        let (status, before) = post(
            &app,
            "/api/tablebase/probe",
            json!({"game": "jungle", "position": ELEPHANTS}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{before}");
        damage(tables.path(), how);

        // What needs E-e fails, naming it.
        let (status, text) = post(
            &app,
            "/api/tablebase/probe",
            json!({"game": "jungle", "position": ELEPHANTS}),
        )
        .await;
        names_the_file(status, &text);
        let (status, text) = call(
            &app,
            Request::get("/api/tablebase/stats")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        match how {
            // The statistics file is sealed with the table's size and
            // checksum field: a table cut or replaced is counted again
            // (and fails, naming it); bytes flipped inside it leave the
            // statistics of the table as built, which stand (`tablebase
            // verify` reads every byte).
            Damage::FlippedInPlace => assert_eq!(status, StatusCode::OK, "{text}"),
            Damage::CutInPlace | Damage::ReplacedByAForeignFile => names_the_file(status, &text),
        }
        for engine in ["alphabeta", "mcts"] {
            for path in ["/api/analyse", "/api/engine-move"] {
                let body =
                    json!({"game": "jungle", "engine": engine, "position": ELEPHANTS, "depth": 2});
                let (status, text) = post(&app, path, body).await;
                names_the_file(status, &text);
            }
            let stream = format!(
                "/api/analyse/stream?game=jungle&engine={engine}&depth=2&position={}",
                ELEPHANTS.replace('/', "%2F").replace(' ', "%20")
            );
            let (status, text) =
                call(&app, Request::get(stream).body(Body::empty()).unwrap()).await;
            assert_eq!(status, StatusCode::OK, "{text}");
            assert!(text.contains("event: error"), "{how:?} {engine}: {text}");
            assert!(
                text.contains("E-e.gstb") && !text.contains("event: done"),
                "{text}"
            );
        }

        // What does not need it answers as before.
        let (status, text) = post(
            &app,
            "/api/tablebase/probe",
            json!({"game": "jungle", "position": LION}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{how:?}: {text}");
        assert!(text.contains("\"covered\":true"), "{text}");
        let (status, text) = post(&app, "/api/tablebase/probe", json!({"game": "jungle"})).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        assert!(text.contains("\"covered\":false"), "{text}");
        let (status, text) = post(
            &app,
            "/api/analyse",
            json!({"game": "jungle", "position": LION, "depth": 1}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{how:?}: {text}");
        for (path, body) in [
            (
                "/api/legal-moves",
                json!({"game": "jungle", "position": ELEPHANTS}),
            ),
            (
                "/api/play",
                json!({"game": "jungle", "position": ELEPHANTS, "move": "a1a2"}),
            ),
        ] {
            let (status, text) = post(&app, path, body).await;
            assert_eq!(status, StatusCode::OK, "{path}: {text}");
        }
        let (status, text) = call(
            &app,
            Request::get("/api/tablebase").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{text}");
    }
}

#[test]
fn a_damaged_table_stops_the_server_at_start_up_with_its_name() {
    for how in [Damage::CutInPlace, Damage::FlippedInPlace] {
        let tables = tempfile::tempdir().unwrap();
        build_tablebase(tables.path(), Variant::Standard, &Material::all_with(2)).unwrap();
        damage(tables.path(), how);
        let config = ServeConfig {
            tablebase: Some(tables.path().to_path_buf()),
            ..ServeConfig::default()
        };
        let error = AppState::new(&config, gamesolver_engines::builtin())
            .err()
            .expect("refused");
        assert!(error.to_string().contains("E-e.gstb"), "{how:?}: {error}");
    }
}
