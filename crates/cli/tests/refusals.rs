//! Games resolved by the registry: an unknown game lists the games, a game
//! lacking what the command needs is named, and flags foreign to the game
//! are refused, never ignored.

mod common;

use common::{fails_cleanly, run};

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
    let error = fails_cleanly(&["engine", "uttt", "--quiescence", "false"]);
    assert!(
        error.contains("--quiescence does not apply to uttt"),
        "{error}"
    );
    let error = fails_cleanly(&["engine", "tictactoe"]);
    assert!(error.contains("tictactoe"), "{error}");
    let error = fails_cleanly(&["engine", "chess"]);
    assert!(error.contains("unknown game \"chess\""), "{error}");
}
