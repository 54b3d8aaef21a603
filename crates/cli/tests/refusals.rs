//! Games resolved by the registry: an unknown game lists the games, a game
//! lacking what the command needs is named, and flags foreign to the game
//! are refused, never ignored.

use crate::common;

use common::{fails_cleanly, gamesolver, run};

#[test]
fn bench_names_a_game_without_one() {
    let error = run(&["bench", "ttt"]).unwrap_err();
    assert!(error.contains("tictactoe has no bench"), "{error}");
    let error = run(&["bench", "chess"]).unwrap_err();
    assert!(
        error.contains("unknown game \"chess\"") && error.contains("uttt"),
        "{error}"
    );
}

#[test]
fn engine_refuses_flags_of_another_game() {
    let error = fails_cleanly(&["engine", "jungle", "--codingame"]);
    assert!(
        error.contains("--codingame") && error.contains("jungle"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "jungle", "--tempo", "3"]);
    assert!(
        error.contains("--tempo does not apply to jungle"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "uttt", "--advance", "50"]);
    assert!(
        error.contains("--advance does not apply to uttt"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "jungle", "--leaf-scale", "800"]);
    assert!(
        error.contains("--leaf-scale does not apply to jungle"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "uttt", "--leaf-scale", "0"]);
    assert!(
        error.contains("--leaf-scale") && error.contains("LeafScale"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "uttt", "--quiescence", "false"]);
    assert!(
        error.contains("--quiescence does not apply to uttt"),
        "{error}"
    );
    // Every registered game has a protocol host now; its options decide
    // which tuning flags apply.
    let error = fails_cleanly(&["engine", "tictactoe", "--tempo", "3"]);
    assert!(
        error.contains("--tempo does not apply to tictactoe"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "tictactoe", "--codingame"]);
    assert!(error.contains("--codingame"), "{error}");
    let error = fails_cleanly(&["engine", "jungle", "--advance", "5000"]);
    assert!(
        error.contains("--advance") && error.contains("0..=1000"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "chess"]);
    assert!(error.contains("unknown game \"chess\""), "{error}");
}

#[test]
fn commands_name_a_game_that_lacks_what_they_need() {
    for (args, expected) in [
        (&["solve", "uttt"][..], "uttt has no solved table"),
        (
            &["query", "jungle", "start"][..],
            "jungle has no solved table",
        ),
        (&["mdp", "jungle"][..], "jungle has no MDP model"),
        (
            &["tablebase", "build", "ULTIMATE", "--max-pieces", "2"][..],
            "uttt has no tablebase",
        ),
        (
            &["selfplay", "uttt", "--tablebase", "x"][..],
            "uttt has no tablebase",
        ),
    ] {
        let error = fails_cleanly(args);
        assert!(error.contains(expected), "{args:?}: {error}");
    }
}

#[test]
fn unknown_games_are_usage_errors_that_list_the_games() {
    for command in ["selfplay", "match", "play", "query", "solve", "mdp"] {
        let output = gamesolver(&[command, "chess"]);
        assert_eq!(output.status.code(), Some(2), "{command}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(
            error.contains("tictactoe, uttt, jungle"),
            "{command}: {error}"
        );
    }
}

#[test]
fn every_game_with_an_engine_plays_itself() {
    let args = [
        "selfplay",
        "ttt",
        "--games",
        "2",
        "--movetime",
        "50",
        "--random-plies",
        "0",
    ];
    let out = run(&args).unwrap();
    assert!(
        out.contains("2 games (alphabeta engine, 50 ms/move): X wins"),
        "{out}"
    );
    // Tic-tac-toe played perfectly from the start is a draw.
    assert!(out.contains("draws 2"), "{out}");
}

/// `--list-options` prints the engine's option table after the flags and
/// `--option`s; an option the table lacks, or a value outside its range,
/// is refused by name.
#[test]
fn engine_lists_and_checks_options_by_the_table() {
    let out = run(&["engine", "uttt", "--list-options", "--option", "Tempo=7"]).unwrap();
    assert!(
        out.contains(
            "Tempo type spin default 7 min -10000 max 10000\n    bonus for the side to move"
        ),
        "{out}"
    );
    assert!(out.contains("Engine type combo default alphabeta"), "{out}");
    let out = run(&["engine", "tictactoe", "--list-options"]).unwrap();
    assert!(out.contains("Rules type combo default standard"), "{out}");
    assert!(!out.contains("Tempo"), "{out}");
    let error = fails_cleanly(&["engine", "jungle", "--option", "FreeChoice=60"]);
    assert!(
        error.contains("--option FreeChoice does not apply to jungle"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "uttt", "--option", "FreeChoice=10001"]);
    assert!(error.contains("-10000..=10000"), "{error}");
}
