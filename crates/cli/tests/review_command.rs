//! Game records and `gamesolver review` as a user runs them: the pinned
//! review of a fixed game at a fixed depth, a review inside the tables
//! against `tablebase probe` move by move, `@FILE` positions, `play
//! --save`, and clear refusals of bad records.

use crate::common;

use std::path::Path;

use common::{fails_cleanly, json, ok, piped};
use serde_json::Value;

/// Elephant against elephant, bottom to move: won in 33 plies.
const E_E: &str = "7/7/7/7/7/7/1e5/7/E6 w";

/// Writes `text` to `dir/name` and returns the path.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The review of a fixed ultimate tic-tac-toe game at depth 3, pinned: a
/// change of the evaluation, the search or the review's formulas shows
/// here.
#[test]
fn a_fixed_game_at_a_fixed_depth_is_reviewed_as_pinned() {
    let temp = tempfile::tempdir().unwrap();
    let game = write(
        temp.path(),
        "uttt.txt",
        "[Game \"uttt\"]\n\n1. 40 36 2. 4 44 3. 80 *\n",
    );
    let review = json(&["review", &game, "--depth", "3", "--json"]);
    let summary: Vec<String> = review["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            format!(
                "{} {} {} {}",
                m["move"], m["class"], m["drop"], m["accuracy"]
            )
        })
        .collect();
    let graph: Vec<f64> = review["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["expected_first"].as_f64().unwrap())
        .collect();
    assert_eq!(summary, PINNED_MOVES, "{review}");
    assert_eq!(graph, PINNED_GRAPH, "{review}");
    assert_eq!(review["sides"][0]["side"], "X");
    assert_eq!(review["positions"][0]["source"], "engine");
    assert_eq!(review["positions"][0]["depth"], 3);
}

/// The moves of the pinned review: move, class, drop, accuracy.
const PINNED_MOVES: [&str; 5] = [
    "\"40\" \"best\" 0.0 100.0",
    "\"36\" \"inaccuracy\" 0.0647 74.7",
    "\"4\" \"mistake\" 0.1492 50.7",
    "\"44\" \"blunder\" 0.1962 40.7",
    "\"80\" \"good\" 0.0073 96.8",
];
/// The first player's expected score at each position of the pinned review.
const PINNED_GRAPH: [f64; 6] = [0.7292, 0.6549, 0.7196, 0.5704, 0.7666, 0.7593];

/// Inside the tables every position's value and distance and every move's
/// class are `tablebase probe`'s.
#[test]
fn a_review_inside_the_tables_agrees_with_the_probe_on_every_move() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().join("tables");
    let dir = dir.to_str().unwrap();
    ok(&[
        "tablebase",
        "build",
        "jungle",
        "--max-pieces",
        "2",
        "--quiet",
        "--dir",
        dir,
    ]);
    // The elephants: best moves, a slower one, and a throw-away of the win.
    let probe = |fen: &str| json(&["tablebase", "probe", "jungle", fen, "--dir", dir, "--json"]);
    let mut fens = vec![E_E.to_string()];
    let mut moves = Vec::new();
    let registry = gamesolver_engines::builtin();
    let jungle = registry.get("jungle").unwrap();
    let mut state = jungle.parse(E_E, None).unwrap();
    for step in 0..6 {
        let answer = probe(&fens[fens.len() - 1]);
        let all = answer["moves"].as_array().unwrap();
        // Best, best, the worst, best, the second, best.
        let pick = match step {
            2 => all.last().unwrap(),
            4 => all.get(1).unwrap_or(&all[0]),
            _ => &all[0],
        };
        let mv = pick["move"].as_str().unwrap().to_string();
        state.play(&mv).unwrap();
        moves.push(mv);
        fens.push(state.to_text());
        if state.is_terminal() {
            break;
        }
    }
    let mut record = gamesolver_api::SavedGame::new("jungle", moves.clone());
    record.start = Some(E_E.to_string());
    let game = write(temp.path(), "elephants.txt", &record.to_text().unwrap());
    let review = json(&[
        "review",
        &game,
        "--tablebase",
        dir,
        "--depth",
        "1",
        "--json",
    ]);
    let positions = review["positions"].as_array().unwrap();
    for (index, fen) in fens.iter().enumerate() {
        let position = &positions[index];
        if position["source"] == "final" {
            continue;
        }
        let answer = probe(fen);
        assert_eq!(position["source"], "exact", "{fen}");
        assert_eq!(position["value"], answer["value"], "{fen}");
        assert_eq!(position["distance"], answer["distance"], "{fen}");
        assert_eq!(position["best"], answer["best"], "{fen}");
        if let Some(m) = review["moves"].as_array().unwrap().get(index) {
            let best = answer["best"].as_array().unwrap();
            let is_best = best.iter().any(|b| *b == m["move"]);
            assert_eq!(m["class"] == "best", is_best, "{fen}: {m}");
            let chosen = answer["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|v| v["move"] == m["move"])
                .unwrap();
            let drop = match (answer["value"].as_str(), chosen["value"].as_str()) {
                (Some(a), Some(b)) if a == b => 0.0,
                (Some("win"), Some("draw")) | (Some("draw"), Some("loss")) => 0.5,
                (Some("win"), Some("loss")) => 1.0,
                other => panic!("a move better than the position: {other:?}"),
            };
            assert_eq!(m["drop"].as_f64().unwrap(), drop, "{fen}: {m}");
            let note = match (answer["value"].as_str(), chosen["value"].as_str()) {
                (Some("win"), Some("loss")) => Value::from("threw-away-win"),
                (Some("win"), Some("draw")) => Value::from("missed-win"),
                _ => Value::Null,
            };
            assert_eq!(
                m.get("exact").cloned().unwrap_or(Value::Null),
                note,
                "{fen}: {m}"
            );
        }
    }
}

#[test]
fn a_game_record_is_a_position_for_the_commands_that_read_one() {
    let temp = tempfile::tempdir().unwrap();
    let game = write(
        temp.path(),
        "ttt.txt",
        "[Game \"tictactoe\"]\n\n1. 4 0 2. 2 *\n",
    );
    let at = format!("@{game}");
    let answer = json(&["query", "tictactoe", &at, "--json"]);
    assert_eq!(answer["position"], "O.X.X....");
    assert_eq!(answer["best"], serde_json::json!([6]), "{answer}");
    let best = json(&["bestmove", "tictactoe", &at, "--depth", "9", "--json"]);
    assert_eq!(best["bestmove"], "6", "{best}");
    assert!(ok(&["perft", "tictactoe", &at, "1"]).contains('6'));
    let refused = fails_cleanly(&["bestmove", "uttt", &at]);
    assert!(
        refused.contains("a game of tictactoe, not of uttt"),
        "{refused}"
    );
}

#[test]
fn bad_records_are_refused_with_what_is_wrong() {
    let temp = tempfile::tempdir().unwrap();
    for (text, expected) in [
        (
            "[Game \"tictactoe\"]\n1. 4 4 *\n",
            "move 2 (4) cannot be played",
        ),
        ("[Game \"chess\"]\n1. e4 *\n", "unknown game"),
        ("1. 4 0\n", "no [Game"),
        (
            "[Game \"tictactoe\"]\n[Result \"0-1\"]\n1. 0 3 2. 1 4 3. 2 *\n",
            "the moves end the game 1-0",
        ),
        (
            "[Game \"tictactoe\"]\n1. 0 3 2. 1 4 3. 2 5 *\n",
            "after the end",
        ),
    ] {
        let game = write(temp.path(), "bad.txt", text);
        let error = fails_cleanly(&["review", &game, "--depth", "1"]);
        assert!(error.contains(expected), "{text:?}: {error}");
    }
    let missing = temp.path().join("missing.txt");
    let error = fails_cleanly(&["review", missing.to_str().unwrap()]);
    assert!(error.contains("cannot read the game"), "{error}");
}

#[test]
fn play_saves_the_game_it_played() {
    let temp = tempfile::tempdir().unwrap();
    let path = temp.path().join("played.txt");
    let out = piped(
        &[
            "play",
            "tictactoe",
            "--movetime",
            "5",
            "--save",
            path.to_str().unwrap(),
        ],
        "4\nquit\n",
    );
    assert!(out.contains("game saved to"), "{out}");
    let record =
        gamesolver_api::SavedGame::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record.game, "tictactoe");
    assert_eq!(record.first.as_deref(), Some("you"));
    assert_eq!(record.moves.len(), 2, "{record:?}");
    assert_eq!(record.moves[0], "4");
    assert!(record.replay(&gamesolver_engines::builtin()).is_ok());
}
