//! The OpenAPI document `serve` publishes at `/api/openapi.json` equals the
//! committed `docs/openapi.json`, so the API's description is reviewed
//! with every change to it.
//!
//! After a deliberate change to the API, write the file again with
//! `UPDATE_OPENAPI=1 cargo test -p gamesolver-web --test integration -- openapi_document::`
//! and commit it (see docs/API.md).

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use gamesolver_web::{AppState, ServeConfig, router};
use serde_json::Value;

// `json_post` is the other tests' helper.
#[allow(dead_code)]
use crate::common;
use common::send;

/// The committed document, from this crate's folder.
fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/openapi.json")
}

/// The document the router serves, parsed.
async fn served() -> Value {
    let state = AppState::new(&ServeConfig::default(), gamesolver_engines::builtin())
        .expect("state without a tablebase");
    let request = Request::get("/api/openapi.json")
        .body(Body::empty())
        .expect("request");
    let (status, text) = send(router(state), request).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    serde_json::from_str(&text).expect("the served document is JSON")
}

/// `document` as the committed file holds it: pretty-printed, keys sorted,
/// one newline at the end.
fn file_text(document: &Value) -> String {
    let mut text = serde_json::to_string_pretty(document).expect("JSON prints");
    text.push('\n');
    text
}

#[tokio::test]
async fn the_served_openapi_document_is_the_committed_one() {
    let served = served().await;
    let path = committed_path();
    if std::env::var_os("UPDATE_OPENAPI").is_some_and(|v| v == "1") {
        std::fs::write(&path, file_text(&served)).expect("docs/openapi.json is writable");
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}; write it with UPDATE_OPENAPI=1",
            path.display()
        )
    });
    let committed: Value = serde_json::from_str(&text).expect("docs/openapi.json is JSON");
    assert!(
        served == committed,
        "the served OpenAPI document differs from docs/openapi.json; after a deliberate \
         API change run `UPDATE_OPENAPI=1 cargo test -p gamesolver-web --test integration -- openapi_document::` \
         and commit the file"
    );
    assert!(
        text == file_text(&committed),
        "docs/openapi.json is not in its printed form (pretty, sorted keys); write it again \
         with UPDATE_OPENAPI=1"
    );
}
