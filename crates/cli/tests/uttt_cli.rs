//! The ultimate tic-tac-toe commands as a user runs them: reports, JSON,
//! and clear errors on bad input.

use crate::common;

use common::run;

const START: &str =
    ".................................................................................";

#[test]
fn perft_from_the_start_and_from_a_position() {
    let out = run(&["perft", "uttt", "4"]).unwrap();
    assert!(out.contains("nodes 55080"), "{out}");
    let out = run(&["perft", "uttt", START, "*", "3"]).unwrap();
    assert!(out.contains("nodes 6336"), "{out}");
}

#[test]
fn bestmove_prints_text_and_json() {
    let out = run(&["bestmove", "uttt", "start", "--depth", "4"]).unwrap();
    for field in ["bestmove", "score", "depth    4", "nodes", "nps", "pv"] {
        assert!(out.contains(field), "{field}: {out}");
    }
    let json = run(&[
        "bestmove", "uttt", START, "*", "--nodes", "500", "--engine", "mcts", "--json",
    ])
    .unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["engine"], "mcts");
    assert_eq!(value["nodes"], 500);
    assert!(value["bestmove"].as_str().is_some());
}

#[test]
fn bad_positions_and_arguments_say_what_is_wrong() {
    let err = run(&["bestmove", "uttt", "XO *"]).unwrap_err();
    assert!(
        err.contains("81 cells") && err.contains("2 cell characters"),
        "{err}"
    );
    let err = run(&["bestmove", "uttt", &format!("{START} 4")]).unwrap_err();
    assert!(err.contains("no move has been played"), "{err}");
    let err = run(&["perft", "uttt", "deep"]).unwrap_err();
    assert!(err.contains("depth"), "{err}");
    assert!(run(&["bestmove", "uttt", "start", "--depth", "3", "--nodes", "4"]).is_err());
    assert!(run(&["selfplay", "uttt", "--games", "x"]).is_err());
}

#[test]
fn bench_is_deterministic() {
    let first = run(&["bench", "uttt", "--depth", "6"]).unwrap();
    let second = run(&["bench", "uttt", "--depth", "6"]).unwrap();
    let nodes = |text: &str| {
        text.lines()
            .last()
            .and_then(|l| l.split(" nodes").next())
            .map(str::to_string)
    };
    assert_eq!(nodes(&first), nodes(&second));
}

#[test]
fn selfplay_reports_results_and_move_times() {
    let out = run(&["selfplay", "uttt", "--games", "2", "--movetime", "2"]).unwrap();
    assert!(out.contains("2 games"), "{out}");
    assert!(out.contains("moves over the budget (2 ms)"), "{out}");
    assert!(
        out.contains("X move times over") && out.contains("O move times over"),
        "{out}"
    );
}

#[test]
fn flags_foreign_to_the_game_are_refused() {
    let error = run(&["bestmove", "uttt", "start", "--tablebase", "no-such-dir"]).unwrap_err();
    assert!(error.contains("tablebase"), "{error}");
    let error = run(&["bestmove", "jungle", "startpos", "--variant", "codingame"]).unwrap_err();
    assert!(
        error.contains("codingame") && error.contains("dog-over-wolf"),
        "{error}"
    );
    let error = run(&["bestmove", "chess", "start"]).unwrap_err();
    assert!(error.contains("tictactoe, uttt, jungle"), "{error}");
    let error = run(&["selfplay", "uttt", "--tablebase", "no-such-dir"]).unwrap_err();
    assert!(error.contains("tablebase"), "{error}");
    let error = run(&["bestmove", "uttt", "start", "--rules", "dog-over-wolf"]).unwrap_err();
    assert!(error.contains("standard, codingame"), "{error}");
    let out = run(&[
        "bestmove",
        "uttt",
        "start",
        "--variant",
        "codingame",
        "--depth",
        "2",
    ]);
    assert!(out.is_ok(), "{out:?}");
}
