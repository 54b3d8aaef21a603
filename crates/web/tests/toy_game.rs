//! Item 3 of issue 22: a loopy game with tiers registered at run time (the
//! `gamesolver-toy` crate's ring coins, named by no front end) reaches the
//! HTTP API through the registry the server is given: listed with its
//! capabilities, searched, and probed in its own tablebase directory
//! beside Jungle's (`--tablebase DIR` opens `DIR/<game>` for each game).

use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use gamesolver_api::Registry;
use gamesolver_games::jungle::{Material, Variant};
use gamesolver_web::{AppState, ServeConfig, router};
use serde_json::{Value, json};

use crate::common;
use common::{json_post, send};

/// The built-in games and the toy.
fn registry() -> Registry {
    gamesolver_engines::builtin().with(gamesolver_toy::ring_coins())
}

/// The toy's tables up to `pile` coins in `dir`, built through the
/// declaration's tablebase capability.
fn build_toy_tables(registry: &Registry, dir: &Path, pile: u32) {
    let tables = registry
        .get("ringcoins")
        .unwrap()
        .tablebase()
        .expect("the toy declares tablebases");
    let targets: Vec<String> = tables
        .targets(&gamesolver_api::BuildTarget::MaxPieces(pile))
        .unwrap()
        .into_iter()
        .map(|(tier, _)| tier)
        .collect();
    let built = tables
        .build(dir, None, &targets, u64::MAX, &())
        .expect("the toy's tables build");
    assert_eq!(built.len(), pile as usize + 1);
}

async fn call(app: &axum::Router, request: Request<Body>) -> (StatusCode, Value) {
    let (status, text) = send(app.clone(), request).await;
    (status, serde_json::from_str(&text).expect("JSON"))
}

#[tokio::test]
async fn a_game_registered_at_run_time_is_served_with_its_tablebase() {
    let root = tempfile::tempdir().unwrap();
    let registry = registry();
    build_toy_tables(&registry, &root.path().join("ringcoins"), 2);
    let jungle = root.path().join("jungle");
    gamesolver_engines::jungle::tablebase::build_tablebase(
        &jungle,
        Variant::Standard,
        &["E-e".parse::<Material>().unwrap()],
    )
    .unwrap();
    let config = ServeConfig {
        tablebase: Some(root.path().to_path_buf()),
        ..ServeConfig::default()
    };
    let app = router(AppState::new(&config, registry).expect("both tablebases open"));

    let (status, games) = call(
        &app,
        Request::get("/api/games").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let toy = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "ringcoins")
        .expect("the toy is listed");
    assert_eq!(toy["capabilities"]["tablebase"], true, "{toy}");

    let probe = |body: Value| json_post("/api/tablebase/probe", &body.to_string());
    let (status, won) = call(
        &app,
        probe(json!({"game": "ringcoins", "position": "1 0 x"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{won}");
    assert_eq!(won["covered"], true, "{won}");
    assert_eq!(won["report"]["value"], "win", "{won}");
    assert_eq!(won["report"]["best"], json!(["take"]), "{won}");
    let (_, outside) = call(
        &app,
        probe(json!({"game": "ringcoins", "position": "5 0 x"})),
    )
    .await;
    assert_eq!(outside["covered"], false, "{outside}");
    // Jungle's own directory answers Jungle's positions.
    let endgame = json!({"game": "jungle", "position": "7/7/7/7/7/7/1e5/7/E6 w"});
    let (status, jungle_answer) = call(&app, probe(endgame)).await;
    assert_eq!(status, StatusCode::OK, "{jungle_answer}");
    assert_eq!(jungle_answer["report"]["distance"], 33, "{jungle_answer}");

    let search = json!({"game": "ringcoins", "position": "1 0 x", "nodes": 2000, "seed": 1});
    let (status, moved) = call(&app, json_post("/api/engine-move", &search.to_string())).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["report"]["bestmove"], "take", "{moved}");
}
