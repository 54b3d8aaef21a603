//! The JSON API through the router in process (`tower::ServiceExt::oneshot`):
//! each endpoint's happy path, and bad input answered with a 4xx JSON error
//! that says what was wrong (never a 500).

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use gamesolver_web::{AppState, ServeConfig, router};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::common;
use common::{json_post, send};

fn app_with(config: &ServeConfig) -> (AppState, axum::Router) {
    let state =
        AppState::new(config, gamesolver_engines::builtin()).expect("state without a tablebase");
    (state.clone(), router(state))
}

fn app() -> axum::Router {
    app_with(&ServeConfig::default()).1
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    post_raw(path, &body.to_string()).await
}

async fn post_raw(path: &str, body: &str) -> (StatusCode, Value) {
    let (status, text) = send(app(), json_post(path, body)).await;
    (status, serde_json::from_str(&text).expect("a JSON answer"))
}

async fn get(path: &str) -> (StatusCode, String) {
    send(
        app(),
        Request::get(path).body(Body::empty()).expect("request"),
    )
    .await
}

/// Asserts a 4xx JSON error of the given kind whose message mentions `needle`.
fn assert_error(answer: &(StatusCode, Value), status: StatusCode, kind: &str, needle: &str) {
    let (got, body) = answer;
    assert_eq!(*got, status, "{body}");
    assert_eq!(body["error"], kind, "{body}");
    let message = body["message"].as_str().expect("a message");
    assert!(
        message.contains(needle),
        "{message:?} should mention {needle:?}"
    );
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

#[tokio::test]
async fn games_lists_the_three_builtin_games() {
    let (status, text) = get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games: Value = serde_json::from_str(&text).expect("json");
    let names: Vec<&str> = games
        .as_array()
        .expect("array")
        .iter()
        .map(|g| g["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["tictactoe", "uttt", "jungle", "dobutsu"]);
    assert_eq!(games[1]["rules"][1], "codingame");
}

#[tokio::test]
async fn legal_moves_of_each_start_position() {
    for (game, count) in [("tictactoe", 9), ("uttt", 81), ("jungle", 0)] {
        let (status, view) = post("/api/legal-moves", json!({ "game": game })).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["turn"], "first");
        if count > 0 {
            assert_eq!(view["legal_moves"].as_array().expect("moves").len(), count);
        }
    }
    let (_, jungle) = post("/api/legal-moves", json!({ "game": "doushouqi" })).await;
    assert_eq!(
        jungle["position"],
        "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w"
    );
    assert!(strings(&jungle["legal_moves"]).contains(&"g3g4".to_string()));
}

#[tokio::test]
async fn play_applies_the_moves_and_refuses_an_illegal_one() {
    let (status, view) = post(
        "/api/play",
        json!({ "game": "ttt", "moves": ["4", "0"], "move": "8" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["position"], "O...X...X");
    assert_eq!(strings(&view["history"]), ["4", "0", "8"]);
    assert_eq!(view["turn"], "second");

    let occupied = post(
        "/api/play",
        json!({ "game": "ttt", "moves": ["4"], "move": "4" }),
    )
    .await;
    assert_error(&occupied, StatusCode::BAD_REQUEST, "illegal_move", "4");
    let in_history = post(
        "/api/legal-moves",
        json!({ "game": "jungle", "moves": ["g3g4", "a1a9"] }),
    )
    .await;
    assert_error(
        &in_history,
        StatusCode::BAD_REQUEST,
        "illegal_move",
        "move 2 of 2",
    );
    let finished = post(
        "/api/play",
        json!({ "game": "ttt", "position": "XXXOO....", "move": "5" }),
    )
    .await;
    assert_eq!(finished.0, StatusCode::BAD_REQUEST, "{}", finished.1);
}

#[tokio::test]
async fn a_finished_game_reports_its_result() {
    let (status, view) = post(
        "/api/legal-moves",
        json!({ "game": "tictactoe", "position": "XXXOO...." }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["result"], "first");
    assert_eq!(view["legal_moves"], json!([]));
}

#[tokio::test]
async fn bad_positions_unknown_games_and_rules_are_400s() {
    for (game, position) in [
        ("tictactoe", "XXXXX...."),
        ("tictactoe", "abc"),
        ("uttt", "X *"),
        ("jungle", "l5t/1d3c1 w"),
        ("jungle", ""),
    ] {
        let answer = post(
            "/api/legal-moves",
            json!({ "game": game, "position": position }),
        )
        .await;
        assert_eq!(
            answer.0,
            StatusCode::BAD_REQUEST,
            "{game} {position:?}: {}",
            answer.1
        );
        assert_eq!(answer.1["error"], "bad_position", "{}", answer.1);
    }
    let chess = post("/api/legal-moves", json!({ "game": "chess" })).await;
    assert_error(&chess, StatusCode::BAD_REQUEST, "unknown_game", "chess");
    let rules = post(
        "/api/legal-moves",
        json!({ "game": "jungle", "rules": "house" }),
    )
    .await;
    assert_error(&rules, StatusCode::BAD_REQUEST, "unknown_rules", "house");
}

#[tokio::test]
async fn malformed_oversized_and_untyped_bodies_are_4xx_json() {
    let broken = post_raw("/api/play", "{\"game\": ").await;
    assert_error(&broken, StatusCode::BAD_REQUEST, "bad_json", "");
    let missing = post("/api/play", json!({ "game": "ttt" })).await;
    assert_eq!(missing.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", missing.1);
    assert!(
        missing.1["message"]
            .as_str()
            .expect("message")
            .contains("move")
    );
    let huge = json!({ "game": "jungle", "moves": vec!["g3g4"; 20_000] });
    let too_large = post("/api/legal-moves", huge).await;
    assert_error(
        &too_large,
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        "",
    );
    let many = json!({ "game": "ttt", "moves": vec!["4"; 4001] });
    let too_many = post("/api/legal-moves", many).await;
    assert_error(&too_many, StatusCode::BAD_REQUEST, "too_many_moves", "4001");

    let untyped = Request::post("/api/play")
        .body(Body::from("{}"))
        .expect("request");
    let (status, text) = send(app(), untyped).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(text.contains("unsupported_media_type"));
}

#[tokio::test]
async fn unknown_endpoints_and_methods_are_json_errors() {
    let (status, text) = get("/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(text.contains("not_found"));
    let (status, text) = send(
        app(),
        Request::builder()
            .method(Method::DELETE)
            .uri("/api/play")
            .body(Body::empty())
            .expect("request"),
    )
    .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(text.contains("method_not_allowed"));
}

#[tokio::test]
async fn solved_gives_values_distances_and_best_moves() {
    let (status, report) = post(
        "/api/solved",
        json!({ "game": "tictactoe", "position": "O...X...." }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["value"], "draw");
    assert_eq!(report["distance"], 7);
    assert_eq!(
        strings(&report["best"]),
        ["1", "2", "3", "5", "6", "7", "8"]
    );

    let (_, winning) = post(
        "/api/solved",
        json!({ "game": "ttt", "position": "XX.OO...." }),
    )
    .await;
    assert_eq!(winning["value"], "win");
    assert_eq!(winning["distance"], 1);
    assert_eq!(winning["moves"][0]["move"], "2");
    assert_eq!(winning["moves"][0]["value"], "win");
    assert_eq!(strings(&winning["main_line"]), ["2"]);

    let unsupported = post("/api/solved", json!({ "game": "uttt" })).await;
    assert_error(
        &unsupported,
        StatusCode::BAD_REQUEST,
        "unsupported",
        "solved",
    );
    let (status, _) = get("/api/solved/tictactoe/per-ply").await;
    assert_eq!(status, StatusCode::OK);
    let (status, text) = get("/api/solved/jungle/per-ply").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
}

#[tokio::test]
async fn tablebase_endpoints_without_a_tablebase_say_how_to_get_one() {
    let (status, text) = get("/api/tablebase").await;
    assert_eq!(status, StatusCode::OK);
    assert!(text.contains("\"loaded\":false"));
    let probe = post("/api/tablebase/probe", json!({ "game": "jungle" })).await;
    assert_error(&probe, StatusCode::NOT_FOUND, "no_tablebase", "--tablebase");
    let (status, text) = get("/api/tablebase/stats").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(text.contains("no_tablebase"));
}

#[tokio::test]
async fn analyse_returns_a_legal_best_move() {
    for game in ["uttt", "jungle"] {
        let (status, report) =
            post("/api/analyse", json!({ "game": game, "movetime_ms": 30 })).await;
        assert_eq!(status, StatusCode::OK, "{report}");
        let (_, start) = post("/api/legal-moves", json!({ "game": game })).await;
        let best = report["bestmove"]
            .as_str()
            .expect("a best move")
            .to_string();
        assert!(
            strings(&start["legal_moves"]).contains(&best),
            "{game}: {best}"
        );
        assert!(report["depth"].as_u64().expect("depth") >= 1);
    }
}

#[tokio::test]
async fn bad_limits_engines_and_finished_games_are_refused() {
    for (limits, needle) in [
        (json!({ "movetime_ms": 5000 }), "2000"),
        (json!({ "movetime_ms": 0 }), "movetime_ms"),
        (json!({ "depth": 0 }), "depth"),
        (json!({ "nodes": 0 }), "nodes"),
    ] {
        let mut request = json!({ "game": "uttt" });
        request
            .as_object_mut()
            .expect("object")
            .extend(limits.as_object().expect("object").clone());
        let answer = post("/api/analyse", request).await;
        assert_error(&answer, StatusCode::BAD_REQUEST, "bad_limit", needle);
    }
    let negative = post("/api/analyse", json!({ "game": "uttt", "movetime_ms": -5 })).await;
    assert_eq!(
        negative.0,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        negative.1
    );
    let engine = post(
        "/api/analyse",
        json!({ "game": "uttt", "engine": "stockfish" }),
    )
    .await;
    assert_eq!(engine.0, StatusCode::BAD_REQUEST, "{}", engine.1);
    let over = post(
        "/api/engine-move",
        json!({ "game": "ttt", "position": "XXXOO...." }),
    )
    .await;
    assert_error(&over, StatusCode::BAD_REQUEST, "game_over", "over");
}

#[tokio::test]
async fn engine_move_plays_the_best_move() {
    let (status, answer) = post(
        "/api/engine-move",
        json!({ "game": "uttt", "moves": ["40"], "movetime_ms": 20 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let history = strings(&answer["position"]["history"]);
    assert_eq!(history.len(), 2);
    assert_eq!(
        history[1],
        answer["report"]["bestmove"].as_str().expect("move")
    );
    let reply: u32 = history[1].parse().expect("a cell number");
    assert_eq!(reply / 9, 4, "the reply is on the board X's move sent O to");
}

#[tokio::test]
async fn the_stream_sends_progress_then_the_final_report() {
    let (status, text) = get("/api/analyse/stream?game=uttt&moves=40%2036&movetime_ms=60").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(text.contains("event: info"), "{text}");
    let done = text
        .split("event: done\ndata: ")
        .nth(1)
        .expect("a done event");
    let report: Value = serde_json::from_str(done.lines().next().expect("data")).expect("json");
    assert!(report["bestmove"].is_string());

    let (status, text) = get("/api/analyse/stream?game=uttt&movetime_ms=abc").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("bad_query"), "{text}");
    let (status, text) = get("/api/analyse/stream?game=uttt&movetime_ms=9999").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("bad_limit"), "{text}");
}

#[tokio::test]
async fn a_full_search_queue_answers_503_with_retry_after() {
    let config = ServeConfig {
        max_searches: 1,
        queue_limit: 0,
        ..ServeConfig::default()
    };
    let (state, app) = app_with(&config);
    let long_search = {
        let app = app.clone();
        tokio::spawn(async move {
            let body = json!({ "game": "uttt", "movetime_ms": 1500 }).to_string();
            send(app, json_post("/api/analyse", &body)).await
        })
    };
    for _ in 0..10_000 {
        if state.gate().free_slots() == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(1)).await;
    }
    assert_eq!(
        state.gate().free_slots(),
        0,
        "the long search holds the slot"
    );
    let request = json_post("/api/analyse", &json!({ "game": "uttt" }).to_string());
    let response = app.clone().oneshot(request).await.expect("answer");
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(response.headers()[header::RETRY_AFTER], "2");
    let (status, _) = get("/api/games").await;
    assert_eq!(status, StatusCode::OK, "cheap requests are still served");
    let (status, text) = long_search.await.expect("joined");
    assert_eq!(status, StatusCode::OK, "{text}");
}

#[tokio::test]
async fn mdp_solves_x_against_random_exactly() {
    let (status, view) = post(
        "/api/mdp/solve",
        json!({ "opponent": "random", "side": "x", "method": "policy-iteration" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["optimum_exact"], "191/192");
    assert!(!view["trace"].as_array().expect("trace").is_empty());
    assert_eq!(view["trace_unit"], "round");

    let (status, values) = post(
        "/api/mdp/values",
        json!({ "opponent": "random", "side": "x", "method": "policy-iteration", "position": "........." }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{values}");
    assert_eq!(values["values"].as_array().expect("values").len(), 9);
    assert!(!values["best"].as_array().expect("best").is_empty());

    let method = post(
        "/api/mdp/solve",
        json!({ "opponent": "random", "side": "x", "method": "guessing" }),
    )
    .await;
    assert_eq!(method.0, StatusCode::UNPROCESSABLE_ENTITY, "{}", method.1);
    assert!(
        method.1["message"]
            .as_str()
            .expect("message")
            .contains("policy-iteration")
    );
    let episodes = post(
        "/api/mdp/solve",
        json!({ "opponent": "random", "side": "x", "method": "q-learning", "episodes": 0 }),
    )
    .await;
    assert_error(&episodes, StatusCode::BAD_REQUEST, "bad_limit", "episodes");
    let position = post(
        "/api/mdp/values",
        json!({ "opponent": "random", "side": "x", "method": "policy-iteration", "position": "XO" }),
    )
    .await;
    assert_eq!(position.0, StatusCode::BAD_REQUEST, "{}", position.1);
}

#[tokio::test]
async fn the_openapi_document_describes_every_endpoint() {
    let (status, text) = get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let document: Value = serde_json::from_str(&text).expect("json");
    assert!(
        document["openapi"]
            .as_str()
            .expect("version")
            .starts_with("3.")
    );
    let paths = document["paths"].as_object().expect("paths");
    assert_eq!(paths.len(), 20);
    assert!(paths.contains_key("/api/review/{id}"));
    assert!(paths.contains_key("/api/games/{game}/options"));
    assert!(paths.contains_key("/api/games/{game}/tablebase/stats"));
    assert!(paths.contains_key("/api/games/{game}/puzzles"));
    assert!(document["components"]["schemas"]["PuzzleSet"].is_object());
    assert!(document["components"]["schemas"]["PositionValues"].is_object());
    assert!(document["components"]["schemas"]["ErrorBody"].is_object());
    // The façade's search report, described once (crates/engines, feature
    // `openapi`), field by field.
    let report = &document["components"]["schemas"]["SearchReport"]["properties"];
    for field in [
        "engine",
        "bestmove",
        "score",
        "score_cp",
        "mate_plies",
        "depth",
        "nodes",
        "nps",
        "time_ms",
        "pv",
        "source",
    ] {
        assert!(report[field].is_object(), "SearchReport.{field}: {report}");
    }
}

/// The status, content type, `Location` and body of a GET through `app`.
async fn page(app: axum::Router, path: &str) -> (StatusCode, String, String, String) {
    let response = app
        .oneshot(Request::get(path).body(Body::empty()).expect("request"))
        .await
        .expect("answer");
    let header_text = |name| {
        response
            .headers()
            .get(name)
            .map(|value: &header::HeaderValue| value.to_str().expect("ascii").to_string())
            .unwrap_or_default()
    };
    let (kind, location) = (
        header_text(header::CONTENT_TYPE),
        header_text(header::LOCATION),
    );
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body");
    (
        status,
        kind,
        location,
        String::from_utf8_lossy(&body).into_owned(),
    )
}

#[tokio::test]
async fn pages_and_assets_are_served_from_the_binary() {
    for (path, kind) in [
        ("/", "text/html"),
        ("/static/js/api.js", "text/javascript"),
        ("/static/js/game.js", "text/javascript"),
        ("/static/css/app.css", "text/css"),
    ] {
        let (status, content_type, _, _) = page(app(), path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
    }
    let (status, _) = get("/static/js/missing.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn every_game_has_the_generic_page_and_its_board_module() {
    let registry = gamesolver_engines::builtin();
    for game in registry.games() {
        let name = game.info().name;
        for suffix in ["", "/stats", "/puzzles", "/mdp"] {
            let path = format!("/game/{name}{suffix}");
            let (status, kind, _, body) = page(app(), &path).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert!(kind.starts_with("text/html"), "{path}: {kind}");
            assert!(body.contains("<script type=\"module\""), "{path}");
        }
        let path = format!("/game/{name}/board.js");
        let (status, kind, _, body) = page(app(), &path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(kind.starts_with("text/javascript"), "{path}: {kind}");
        assert!(body.contains("export function createBoard"), "{path}");
        assert!(body.contains("export const sides"), "{path}");
    }
    for missing in [
        "/game/chess",
        "/game/chess/board.js",
        "/game/jungle/nothing",
        "/chess",
    ] {
        let (status, _, _, _) = page(app(), missing).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }
}

#[tokio::test]
async fn the_earlier_addresses_redirect_to_the_generic_page() {
    for (from, to) in [
        ("/tictactoe", "/game/tictactoe"),
        ("/ultimate", "/game/uttt"),
        ("/jungle?fen=7%2F7%20w", "/game/jungle?fen=7%2F7%20w"),
        ("/jungle/stats", "/game/jungle/stats"),
        ("/mdp", "/game/tictactoe/mdp"),
    ] {
        let (status, _, location, _) = page(app(), from).await;
        assert_eq!(status, StatusCode::PERMANENT_REDIRECT, "{from}");
        assert_eq!(location, to, "{from}");
    }
}

#[tokio::test]
async fn a_game_registered_at_run_time_gets_the_page_without_a_board_module() {
    let start = gamesolver_games::tictactoe::Board::default();
    let registry =
        gamesolver_api::Registry::new().with(gamesolver_api::text_game("plain", "Plain", start));
    let state = AppState::new(&ServeConfig::default(), registry).expect("state");
    let (status, _, _, _) = page(router(state.clone()), "/game/plain").await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _, _) = page(router(state.clone()), "/game/plain/board.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, _, _, games) = page(router(state.clone()), "/api/games").await;
    let games: Value = serde_json::from_str(&games).expect("JSON");
    assert_eq!(games[0]["capabilities"]["web_board"], false);
    let (status, _, _, _) = page(router(state), "/mdp").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no game with an MDP model");
}
