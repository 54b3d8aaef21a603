//! The pages and their scripts and styles, built into the binary with
//! `include_bytes!` (no install step, no network, no bundler): plain ES
//! modules and CSS from `crates/web/static/`.

use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::state::AppState;

/// One embedded file.
struct Asset {
    /// Its path under `static/`.
    path: &'static str,
    /// Its contents.
    body: &'static [u8],
}

macro_rules! embed {
    ($($path:literal),* $(,)?) => {
        &[$(Asset {
            path: $path,
            body: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/static/", $path)),
        }),*]
    };
}

/// Every file of `static/` (a test checks that none is missing).
const ASSETS: &[Asset] = embed!(
    "index.html",
    "tictactoe.html",
    "uttt.html",
    "jungle.html",
    "jungle-stats.html",
    "mdp.html",
    "css/app.css",
    "js/api.js",
    "js/dom.js",
    "js/game-session.js",
    "js/ttt-board.js",
    "js/tictactoe.js",
    "js/analysis.js",
    "js/uttt.js",
    "js/jungle-board.js",
    "js/jungle.js",
    "js/jungle-stats.js",
    "js/chart.js",
    "js/mdp.js",
    "favicon.svg",
);

/// The pages: URL path → file.
const PAGES: &[(&str, &str)] = &[
    ("/", "index.html"),
    ("/tictactoe", "tictactoe.html"),
    ("/uttt", "uttt.html"),
    ("/jungle", "jungle.html"),
    ("/jungle/stats", "jungle-stats.html"),
    ("/mdp", "mdp.html"),
];

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, extension)| extension) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

fn respond(path: &str) -> Response {
    match ASSETS.iter().find(|asset| asset.path == path) {
        Some(asset) => (
            [
                (header::CONTENT_TYPE, content_type(asset.path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            asset.body,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("no page or file {path:?}; the start page is /"),
        )
            .into_response(),
    }
}

async fn static_file(Path(path): Path<String>) -> Response {
    respond(&path)
}

async fn not_found() -> Response {
    respond("")
}

/// The page routes, `/static/…` and a plain 404 for anything else.
pub fn routes() -> Router<AppState> {
    let mut router = Router::new()
        .route("/static/{*path}", get(static_file))
        .route("/favicon.ico", get(|| async { respond("favicon.svg") }))
        .fallback(not_found);
    for &(url, file) in PAGES {
        router = router.route(url, get(move || async move { respond(file) }));
    }
    router
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files_under(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("static dir is readable") {
            let entry = entry.expect("entry");
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.path().is_dir() {
                files_under(&entry.path(), &format!("{name}/"), out);
            } else {
                out.push(name);
            }
        }
    }

    #[test]
    fn every_static_file_is_embedded_and_every_page_exists() {
        let mut files = Vec::new();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        files_under(&dir, "", &mut files);
        for file in &files {
            assert!(
                ASSETS.iter().any(|asset| asset.path == file.as_str()),
                "static/{file} is not in ASSETS"
            );
        }
        assert_eq!(files.len(), ASSETS.len());
        for (_, file) in PAGES {
            assert!(ASSETS.iter().any(|asset| asset.path == *file));
        }
    }
}
