//! The tic-tac-toe commands as a user runs them.

use crate::common;

use common::{fails_cleanly as failure, fails_without_hanging, gamesolver, json as stdout_json};
use serde_json::{Value, json};

#[test]
fn solve_reports_the_reference_numbers() {
    let report = stdout_json(&["solve", "tictactoe", "--json"]);
    assert_eq!(report["reachable_positions"], 5478);
    assert_eq!(
        report["finished"],
        json!({"positions": 958, "x_wins": 626, "o_wins": 316, "full_board_draws": 16})
    );
    assert_eq!(
        report["in_play"],
        json!({"positions": 4520, "win": 2836, "draw": 1052, "loss": 632})
    );
    assert_eq!(
        report["without_winner"],
        json!({"positions": 4536, "win": 2836, "draw": 1068, "loss": 632})
    );
    assert_eq!(
        report["start"],
        json!({"position": ".........", "value": "draw", "distance": 9, "best": [0, 1, 2, 3, 4, 5, 6, 7, 8]})
    );
    assert_eq!(
        report["complete_games"],
        json!({"total": 255168, "x_wins": 131184, "o_wins": 77904, "draws": 46080})
    );
    let plies = report["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 10);
    assert_eq!(
        plies[9],
        json!({"ply": 9, "positions": 78, "win": 0, "draw": 16, "loss": 62, "finished": 78})
    );
}

#[test]
fn solve_text_names_both_conventions() {
    let output = gamesolver(&["solve", "tictactoe"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("positions in play            4520"), "{text}");
    assert!(text.contains("in play + full-board draws   4536"), "{text}");
    assert!(text.contains("complete games 255168"), "{text}");
}

#[test]
fn query_demo_position_json_shape() {
    let answer = stdout_json(&["query", "tictactoe", "O...X....", "--json"]);
    let moves: Vec<Value> = [1, 2, 3, 5, 6, 7, 8]
        .iter()
        .map(|&m| json!({"move": m, "value": "draw", "distance": 7}))
        .collect();
    assert_eq!(
        answer,
        json!({
            "position": "O...X....", "to_move": "X", "value": "draw", "distance": 7,
            "best": [1, 2, 3, 5, 6, 7, 8], "moves": moves
        })
    );
}

#[test]
fn query_shows_losing_moves_and_finished_positions() {
    // O to move completes the line 0-1-2 at cell 2 and wins at once.
    let answer = stdout_json(&["query", "tictactoe", "OO.XX.X..", "--json"]);
    assert_eq!(answer["to_move"], "O");
    assert_eq!(answer["value"], "win");
    assert_eq!(answer["distance"], 1);
    assert_eq!(answer["best"], json!([2]));
    let finished = stdout_json(&["query", "tictactoe", "XXXOO....", "--json"]);
    assert_eq!(
        finished,
        json!({"position": "XXXOO....", "to_move": "O", "value": "loss", "distance": 0, "best": [], "moves": []})
    );
    let text = String::from_utf8(gamesolver(&["query", "tictactoe", "O...X...."]).stdout).unwrap();
    assert!(
        text.starts_with(" O | . | .\n---+---+---\n . | X | .\n"),
        "{text}"
    );
    assert!(text.contains("best moves: 1 2 3 5 6 7 8"), "{text}");
}

#[test]
fn saved_table_answers_like_a_fresh_solution() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ttt.table");
    let file = file.to_str().unwrap();
    stdout_json(&["solve", "tictactoe", "--out", file, "--json"]);
    for position in [".........", "O...X....", "XOXOXO...", "XXXOO...."] {
        let from_table = stdout_json(&["query", "tictactoe", position, "--table", file, "--json"]);
        let fresh = stdout_json(&["query", "tictactoe", position, "--json"]);
        assert_eq!(from_table, fresh, "{position}");
    }
}

#[test]
fn bad_positions_say_what_is_wrong() {
    let cases = [
        ("XO", "has 2"),
        ("X...Z....", "'Z'"),
        ("XX.......", "2 X and 0 O"),
        ("XXXOOO...", "both X and O"),
        ("XXXOO.O..", "O moved after it"),
    ];
    for (position, expected) in cases {
        let message = failure(&["query", "tictactoe", position]);
        assert!(message.contains(expected), "{position}: {message}");
    }
}

#[test]
fn bad_table_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.table");
    std::fs::write(&path, b"not a table at all").unwrap();
    let message = failure(&[
        "query",
        "tictactoe",
        ".........",
        "--table",
        path.to_str().unwrap(),
    ]);
    assert!(message.contains("not a gamesolver table"), "{message}");
    let missing = dir.path().join("missing.table");
    let message = failure(&[
        "query",
        "tictactoe",
        ".........",
        "--table",
        missing.to_str().unwrap(),
    ]);
    assert!(message.contains("missing.table"), "{message}");
}

#[test]
fn unknown_games_are_refused_by_the_parser() {
    let output = gamesolver(&["solve", "chess"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("possible values"));
}

#[test]
fn tour_runs_and_explains() {
    let output = gamesolver(&["tour"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("gamesolver solve tictactoe"), "{text}");
    assert!(text.contains("best moves: 1 2 3 5 6 7 8"), "{text}");
    // Dōbutsu's step solves the lions-and-chicks material on the spot and
    // probes a position of it (the whole game's tables are not needed).
    assert!(
        text.contains("gamesolver tablebase build dobutsu --material LC"),
        "{text}"
    );
    let answer = text
        .split("1l1/1c1/1C1/1L1 b -  (LC, ")
        .nth(1)
        .unwrap_or_else(|| panic!("no dobutsu probe answer: {text}"));
    assert!(
        answer.contains("value: ") && answer.contains("best: "),
        "{text}"
    );
}

/// Finding 13: `solve --out` writes only regular files or new paths: a
/// device or a link is refused and left as it was.
#[test]
fn solve_refuses_to_write_through_devices_and_links() {
    let message = failure(&["solve", "tictactoe", "--out", "/dev/full"]);
    assert!(
        message.contains("/dev/full") && message.contains("character device"),
        "{message}"
    );
    assert!(std::fs::metadata("/dev/full").unwrap().len() == 0);
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("notes.txt");
    std::fs::write(&target, b"keep me").unwrap();
    let link = dir.path().join("link.table");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let message = failure(&["solve", "tictactoe", "--out", link.to_str().unwrap()]);
    assert!(message.contains("symbolic link"), "{message}");
    assert_eq!(std::fs::read(&target).unwrap(), b"keep me");
}

/// Finding 10: a FIFO or a device given as a table is refused at once.
#[test]
fn query_refuses_special_files_as_tables() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = common::fifo(dir.path(), "fifo.table");
    for (table, expected) in [
        (fifo.to_str().unwrap(), "named pipe"),
        ("/dev/zero", "character device"),
    ] {
        let args = ["query", "tictactoe", ".........", "--table", table];
        let message = fails_without_hanging(&args);
        assert!(message.contains(expected), "{message}");
    }
}

/// Finding 17: a table with a valid checksum whose values were swapped is
/// refused when it is loaded, not answered from.
#[test]
fn crafted_tables_with_valid_checksums_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ttt.table");
    let file = file.to_str().unwrap();
    stdout_json(&["solve", "tictactoe", "--out", file, "--json"]);
    let bytes = std::fs::read(file).unwrap();
    // Entries start after magic, version, three texts and the count; the
    // empty board is index 0. Make it a win in 9 instead of a draw in 9.
    let start = 10 + 25 + 8;
    let mut crafted = bytes.clone();
    crafted[start] ^= 1;
    let body = crafted.len() - 4;
    let crc = crc32fast::hash(&crafted[..body]);
    crafted[body..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(file, &crafted).unwrap();
    let message = failure(&["query", "tictactoe", ".........", "--table", file]);
    assert!(
        message.contains("contradicts the rules") && message.contains("win in 9"),
        "{message}"
    );
}
