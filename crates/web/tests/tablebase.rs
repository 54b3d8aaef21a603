//! The tablebase endpoints with a real two-piece Jungle tablebase built in a
//! temporary folder: probe (values, distances, order, main line), stats,
//! positions outside the tables, other games and rules.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use gamesolver_engines::jungle::tablebase::{build_tablebase, build_tablebase_under_rule};
use gamesolver_games::jungle::{Material, Variant};
use gamesolver_web::{AppState, ServeConfig, router};
use serde_json::{Value, json};

use crate::common;
use common::{json_post, send};

/// Elephant against cat, bottom to move.
const ENDGAME: &str = "7/7/7/7/7/7/1c5/7/E6 w";

struct Server {
    app: axum::Router,
    _tables: tempfile::TempDir,
}

fn server() -> Server {
    let tables = tempfile::tempdir().expect("temporary folder");
    build_tablebase(tables.path(), Variant::Standard, &Material::all_with(2))
        .expect("two-piece tables");
    let config = ServeConfig {
        tablebase: Some(tables.path().to_path_buf()),
        ..ServeConfig::default()
    };
    let state = AppState::new(&config, gamesolver_engines::builtin()).expect("the tablebase opens");
    Server {
        app: router(state),
        _tables: tables,
    }
}

async fn call(server: &Server, request: Request<Body>) -> (StatusCode, Value) {
    let (status, text) = send(server.app.clone(), request).await;
    (status, serde_json::from_str(&text).expect("JSON"))
}

async fn probe(server: &Server, body: Value) -> (StatusCode, Value) {
    call(server, json_post("/api/tablebase/probe", &body.to_string())).await
}

/// Sort key of the lichess order: wins shortest first, draws, losses longest first.
fn rank(entry: &Value) -> i64 {
    let distance = entry["distance"].as_i64().expect("distance");
    match entry["value"].as_str().expect("value") {
        "win" => -1000 + distance,
        "draw" => 0,
        _ => 1000 - distance,
    }
}

#[tokio::test]
async fn a_covered_position_has_its_value_sorted_moves_and_main_line() {
    let server = server();
    let (status, info) = call(
        &server,
        Request::get("/api/tablebase")
            .body(Body::empty())
            .expect("request"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["loaded"], true);
    assert_eq!(info["max_pieces"], 2);

    let (status, answer) = probe(&server, json!({ "game": "jungle", "position": ENDGAME })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["covered"], true);
    let report = &answer["report"];
    assert_eq!(report["value"], "win");
    let distance = report["distance"].as_u64().expect("distance");
    let moves = report["moves"].as_array().expect("moves");
    assert_eq!(moves[0]["value"], "win");
    assert_eq!(
        moves[0]["distance"].as_u64(),
        Some(distance),
        "the best move keeps the distance"
    );
    assert!(
        moves
            .windows(2)
            .all(|pair| rank(&pair[0]) <= rank(&pair[1])),
        "{moves:?}"
    );
    let main_line = report["main_line"].as_array().expect("main line");
    assert_eq!(
        main_line.len() as u64,
        distance,
        "the main line plays the win out"
    );

    let after_one = json!({ "game": "jungle", "position": ENDGAME, "moves": [main_line[0]] });
    let (_, next) = probe(&server, after_one).await;
    assert_eq!(next["report"]["value"], "loss");
    assert_eq!(next["report"]["distance"].as_u64(), Some(distance - 1));
}

#[tokio::test]
async fn outside_the_tables_other_games_and_rules() {
    let server = server();
    let (status, start) = probe(&server, json!({ "game": "jungle" })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(start["covered"], false);
    assert!(start["report"].is_null());
    let (status, uttt) = probe(&server, json!({ "game": "uttt" })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{uttt}");
    let rules = json!({ "game": "jungle", "rules": "dog-over-wolf", "position": ENDGAME });
    let (status, other) = probe(&server, rules).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{other}");
    assert!(
        other["message"]
            .as_str()
            .expect("message")
            .contains("standard")
    );
}

#[tokio::test]
async fn stats_list_every_material_with_its_longest_win() {
    let server = server();
    let (status, stats) = call(
        &server,
        Request::get("/api/tablebase/stats")
            .body(Body::empty())
            .expect("request"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let rows = stats.as_array().expect("rows");
    assert!(!rows.is_empty());
    let elephant_cat = rows
        .iter()
        .find(|row| row["material"] == "E-c")
        .expect("E-c");
    let example = elephant_cat["longest_win_example"]
        .as_str()
        .expect("an example");
    let (_, probed) = probe(&server, json!({ "game": "jungle", "position": example })).await;
    assert_eq!(probed["report"]["value"], "win");
    assert_eq!(probed["report"]["distance"], elephant_cat["longest_win"]);
}

fn get(path: &str) -> Request<Body> {
    Request::get(path).body(Body::empty()).expect("request")
}

#[tokio::test]
async fn per_game_stats_are_ready_at_once_and_equal_the_old_path() {
    let server = server();
    let (status, old) = call(&server, get("/api/tablebase/stats")).await;
    assert_eq!(status, StatusCode::OK);
    for name in ["jungle", "Jungle"] {
        let (status, answer) =
            call(&server, get(&format!("/api/games/{name}/tablebase/stats"))).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["game"], "jungle");
        assert_eq!(
            answer["ready"], true,
            "the build wrote the statistics files"
        );
        assert_eq!(answer["done"], answer["total"]);
        assert_eq!(answer["materials"], old);
    }
    let (status, answer) = call(&server, get("/api/games/dobutsu/tablebase/stats")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(answer["error"], "no_tablebase");
    let (status, answer) = call(&server, get("/api/games/chess/tablebase/stats")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(answer["error"], "unknown_game");
    let (_, info) = call(&server, get("/api/tablebase")).await;
    assert_eq!(info["games"], json!(["jungle"]));
}

#[tokio::test]
async fn a_count_without_statistics_files_reports_its_progress_then_the_rows() {
    let tables = tempfile::tempdir().expect("temporary folder");
    build_tablebase(tables.path(), Variant::Standard, &Material::all_with(2))
        .expect("two-piece tables");
    let expected = {
        let config = ServeConfig {
            tablebase: Some(tables.path().to_path_buf()),
            ..ServeConfig::default()
        };
        let state = AppState::new(&config, gamesolver_engines::builtin()).expect("opens");
        let (_, text) = send(router(state), get("/api/tablebase/stats")).await;
        serde_json::from_str::<Value>(&text).expect("JSON")
    };
    for entry in std::fs::read_dir(tables.path()).expect("listed") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "gsst") {
            std::fs::remove_file(path).expect("removed");
        }
    }
    let config = ServeConfig {
        tablebase: Some(tables.path().to_path_buf()),
        ..ServeConfig::default()
    };
    let app = router(AppState::new(&config, gamesolver_engines::builtin()).expect("opens"));
    let mut answers = 0;
    loop {
        let (status, text) = send(app.clone(), get("/api/games/jungle/tablebase/stats")).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        let answer: Value = serde_json::from_str(&text).expect("JSON");
        answers += 1;
        assert!(
            answer["done"].as_u64() <= answer["total"].as_u64(),
            "{answer}"
        );
        if answer["ready"] == true {
            assert_eq!(answer["materials"], expected);
            break;
        }
        assert_eq!(answer["materials"], json!([]), "{answer}");
        assert!(answers < 600, "the count ends");
    }
}

#[tokio::test]
async fn puzzles_are_drawn_from_the_games_tables() {
    let server = server();
    let (status, set) = call(&server, get("/api/games/jungle/puzzles?count=6&seed=3")).await;
    assert_eq!(status, StatusCode::OK, "{set}");
    assert_eq!(set["format"], "gamesolver-puzzles");
    let list = set["puzzles"].as_array().expect("puzzles");
    assert_eq!(list.len(), 6, "{set}");
    for puzzle in list {
        let (_, probed) = probe(
            &server,
            json!({ "game": "jungle", "position": puzzle["position"] }),
        )
        .await;
        let report = &probed["report"];
        assert_eq!(report["value"], "win");
        let winning: Vec<&Value> = report["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter(|m| m["value"] == "win")
            .collect();
        let fastest = winning
            .iter()
            .map(|m| m["distance"].as_u64())
            .min()
            .flatten();
        let quickest: Vec<_> = winning
            .iter()
            .filter(|m| m["distance"].as_u64() == fastest)
            .collect();
        assert_eq!(quickest.len(), 1, "{puzzle}");
        assert_eq!(quickest[0]["move"], puzzle["answer"], "{puzzle}");
        let kind = if winning.len() == 1 {
            "only"
        } else {
            "fastest"
        };
        assert_eq!(puzzle["kind"], kind, "{puzzle}");
    }
    let (_, again) = call(&server, get("/api/games/jungle/puzzles?count=6&seed=3")).await;
    assert_eq!(again, set, "the same seed, the same set");
    for (query, kind) in [
        ("count=0", "bad_limit"),
        ("count=101", "bad_limit"),
        ("grade=9", "bad_limit"),
        ("seed=x", "bad_query"),
    ] {
        let (status, answer) =
            call(&server, get(&format!("/api/games/jungle/puzzles?{query}"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        assert_eq!(answer["error"], kind, "{query}");
    }
    let (status, _) = call(&server, get("/api/games/uttt/puzzles")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Issue 26 finding 9: on a server with a tablebase, MCTS is served too
/// (the table answers inside it, the tree search outside), on every
/// search endpoint.
#[tokio::test]
async fn mcts_is_served_with_a_tablebase() {
    let server = server();
    for path in ["/api/analyse", "/api/engine-move"] {
        for position in [ENDGAME, "start"] {
            let body =
                json!({ "game": "jungle", "engine": "mcts", "position": position, "nodes": 300 });
            let (status, answer) = call(&server, json_post(path, &body.to_string())).await;
            assert_eq!(status, StatusCode::OK, "{path} {position}: {answer}");
            let report = if path == "/api/analyse" {
                &answer
            } else {
                &answer["report"]
            };
            assert_eq!(report["engine"], "mcts", "{answer}");
            let expected = if position == ENDGAME {
                "tablebase"
            } else {
                "search"
            };
            assert_eq!(report["source"], expected, "{answer}");
        }
    }
    let request = Request::get(format!(
        "/api/analyse/stream?game=jungle&engine=mcts&nodes=300&position={}",
        ENDGAME.replace('/', "%2F").replace(' ', "%20")
    ))
    .body(Body::empty())
    .expect("request");
    let (status, text) = send(server.app.clone(), request).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(text.contains("event: done"), "{text}");
    assert!(text.contains("\"source\":\"tablebase\""), "{text}");
}

/// Issue 26: the shared cases of `data/jungle-rule-cases.json` (cursed
/// wins, blessed losses, draws by rule, under the game's 200-ply rule and
/// under tables built for a 20-ply one) answered alike by
/// `/api/tablebase/probe`, `/api/analyse` and `/api/engine-move`: the
/// verdicts of the table, the engine's score a draw for a cursed win or
/// blessed loss, its move one of the probe's best, a game over refused.
#[tokio::test]
async fn every_endpoint_agrees_on_cursed_wins_and_blessed_losses() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/jungle-rule-cases.json"
    );
    let cases: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("the cases"))
        .expect("JSON cases");
    let material: Material = cases["material"]
        .as_str()
        .expect("material")
        .parse()
        .expect("a material");
    for directory in cases["directories"].as_array().expect("directories") {
        let plies = u16::try_from(directory["rule_plies"].as_u64().expect("plies")).expect("u16");
        let tables = tempfile::tempdir().expect("temporary folder");
        build_tablebase_under_rule(tables.path(), Variant::Standard, &[material], plies)
            .expect("the tables");
        let config = ServeConfig {
            tablebase: Some(tables.path().to_path_buf()),
            ..ServeConfig::default()
        };
        let state = AppState::new(&config, gamesolver_engines::builtin()).expect("the tables open");
        let server = Server {
            app: router(state),
            _tables: tables,
        };
        for case in directory["cases"].as_array().expect("cases") {
            let fen = case["fen"].as_str().expect("fen");
            let (status, answer) =
                probe(&server, json!({ "game": "jungle", "position": fen })).await;
            assert_eq!(status, StatusCode::OK, "{plies} {fen}: {answer}");
            let report = &answer["report"];
            for field in ["category", "value", "distance"] {
                assert_eq!(report[field], case[field], "{plies} {fen}: {answer}");
            }
            assert_eq!(
                report.get("drawn_by_rule").unwrap_or(&Value::Null),
                &case["drawn_by_rule"],
                "{plies} {fen}: {answer}"
            );
            let best = report["best"].as_array().expect("best");
            let body = json!({ "game": "jungle", "position": fen, "depth": 2 }).to_string();
            for endpoint in ["/api/analyse", "/api/engine-move"] {
                let (status, answer) = call(&server, json_post(endpoint, &body)).await;
                let Some(score) = case["score"].as_str() else {
                    assert_eq!(
                        status,
                        StatusCode::BAD_REQUEST,
                        "{endpoint} {fen}: {answer}"
                    );
                    assert_eq!(answer["error"], "game_over", "{endpoint} {fen}: {answer}");
                    continue;
                };
                assert_eq!(status, StatusCode::OK, "{endpoint} {plies} {fen}: {answer}");
                let search = if endpoint == "/api/analyse" {
                    &answer
                } else {
                    &answer["report"]
                };
                assert_eq!(search["score"], score, "{endpoint} {plies} {fen}: {answer}");
                assert_eq!(search["source"], "tablebase", "{endpoint} {fen}: {answer}");
                if !best.is_empty() {
                    assert!(
                        best.contains(&search["bestmove"]),
                        "{endpoint} {fen}: {answer}"
                    );
                }
            }
        }
    }
}
