//! The pages and their scripts and styles, built into the binary with
//! `include_bytes!` (no install step, no network, no bundler): plain ES
//! modules and CSS from `crates/web/static/`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
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
    "page.html",
    "pages/index.html",
    "pages/game.html",
    "pages/stats.html",
    "pages/puzzles.html",
    "pages/mdp.html",
    "css/app.css",
    "js/api.js",
    "js/dom.js",
    "js/i18n.js",
    "js/strings/site.js",
    "js/strings/game.js",
    "js/strings/stats.js",
    "js/strings/mdp.js",
    "js/piece-style.js",
    "js/site.js",
    "js/text-board.js",
    "js/square-board.js",
    "js/game-session.js",
    "js/analysis.js",
    "js/game.js",
    "js/review.js",
    "js/review-graph.js",
    "js/strings/review.js",
    "js/index.js",
    "js/stats.js",
    "js/puzzles.js",
    "js/strings/puzzles.js",
    "js/chart.js",
    "js/mdp.js",
    "favicon.svg",
);

/// A game's pages: `/game/NAME/SUFFIX` → the page's name.
const GAME_PAGES: &[(&str, &str)] = &[
    ("", "game"),
    ("stats", "stats"),
    ("puzzles", "puzzles"),
    ("mdp", "mdp"),
];

/// Where a page's `<main>` goes in the shell `page.html`.
const MAIN_MARK: &str = "<!-- main -->";
/// Where the page's script's name goes in the shell.
const SCRIPT_MARK: &str = "<!-- script -->";

/// The text of the embedded file `path`.
fn text_of(path: &str) -> &'static str {
    ASSETS
        .iter()
        .find(|asset| asset.path == path)
        .and_then(|asset| std::str::from_utf8(asset.body).ok())
        .unwrap_or_default()
}

/// The page `name`: the shell `page.html` (head, navigation bar) around
/// its `<main>` (`pages/NAME.html`), its script `js/NAME.js`.
fn page(name: &str) -> Response {
    let html = text_of("page.html")
        .replace(MAIN_MARK, text_of(&format!("pages/{name}.html")))
        .replace(SCRIPT_MARK, name);
    (
        [
            (header::CONTENT_TYPE, content_type("page.html")),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        html,
    )
        .into_response()
}

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

/// The game page's file for `suffix` (`""`, `stats`, `mdp`) of a registered game.
fn game_page(app: &AppState, name: &str, suffix: &str) -> Response {
    match (
        app.registry().get(name),
        GAME_PAGES.iter().find(|(s, _)| *s == suffix),
    ) {
        (Ok(_), Some((_, name))) => page(name),
        _ => not_found_for(&format!("/game/{name}/{suffix}")),
    }
}

fn not_found_for(path: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("no page {path:?}; the start page is /"),
    )
        .into_response()
}

async fn game_index(State(app): State<AppState>, Path(name): Path<String>) -> Response {
    game_page(&app, &name, "")
}

/// `/game/NAME/PAGE`: a sub-page, or `board.js`, the game's board module
/// (from its declaration).
async fn game_sub(
    State(app): State<AppState>,
    Path((name, page)): Path<(String, String)>,
) -> Response {
    if page != "board.js" {
        return game_page(&app, &name, &page);
    }
    match app
        .registry()
        .get(&name)
        .ok()
        .and_then(|game| game.web_board())
    {
        Some(board) => (
            [
                (header::CONTENT_TYPE, content_type(&page)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            board.module(),
        )
            .into_response(),
        None => not_found_for(&format!("/game/{name}/board.js")),
    }
}

/// Where an earlier address of a game's page (`/NAME`, `/ALIAS`,
/// `/NAME/PAGE`) now is: `/game/NAME[/PAGE]`, the query kept.
fn moved(to: String, uri: &Uri) -> Response {
    let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
    Redirect::permanent(&format!("{to}{query}")).into_response()
}

/// `/mdp`: the planning page of the first game with an MDP model.
async fn first_mdp(State(app): State<AppState>) -> Response {
    match app.registry().games().find(|game| game.mdp().is_some()) {
        Some(game) => {
            Redirect::permanent(&format!("/game/{}/mdp", game.info().name)).into_response()
        }
        None => not_found_for("/mdp"),
    }
}

/// The page routes, `/static/…`, the games' pages and board modules, the
/// earlier addresses of the games of `app`'s registry (`/NAME`, each
/// alias, `/NAME/PAGE`, redirected to `/game/NAME[/PAGE]`) and a plain 404
/// for anything else.
pub fn routes(app: &AppState) -> Router<AppState> {
    let mut router = Router::new()
        .route("/", get(|| async { page("index") }))
        .route("/static/{*path}", get(static_file))
        .route("/favicon.ico", get(|| async { respond("favicon.svg") }))
        .route("/game/{name}", get(game_index))
        .route("/game/{name}/{page}", get(game_sub))
        .route("/mdp", get(first_mdp))
        .fallback(not_found);
    let mut taken = vec!["", "game", "static", "api", "mdp", "favicon.ico"];
    for game in app.registry().games() {
        let info = game.info();
        for &name in std::iter::once(&info.name).chain(info.aliases) {
            if taken.contains(&name) || name.contains(['/', '{', '}', '*']) {
                continue;
            }
            taken.push(name);
            let page = format!("/game/{}", info.name);
            router = router.route(
                &format!("/{name}"),
                get(move |uri: Uri| async move { moved(page, &uri) }),
            );
            let sub = format!("/game/{}", info.name);
            router = router.route(
                &format!("/{name}/{{page}}"),
                get(move |Path(page): Path<String>, uri: Uri| async move {
                    moved(format!("{sub}/{page}"), &uri)
                }),
            );
        }
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
    fn every_static_file_is_embedded_and_every_game_page_exists() {
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
        for name in GAME_PAGES.iter().map(|(_, name)| *name).chain(["index"]) {
            let main = text_of(&format!("pages/{name}.html"));
            assert!(main.starts_with("<main>"), "pages/{name}.html");
            assert!(
                ASSETS
                    .iter()
                    .any(|asset| asset.path == format!("js/{name}.js"))
            );
        }
        assert_eq!(text_of("page.html").matches(MAIN_MARK).count(), 1);
        assert_eq!(text_of("page.html").matches(SCRIPT_MARK).count(), 1);
    }
}
