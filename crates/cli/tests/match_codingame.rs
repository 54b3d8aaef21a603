//! The match runner with an engine in CodinGame's ultimate tic-tac-toe
//! format: our own engine in `--codingame` mode against itself in the
//! UCI-style protocol, from the balanced two-ply openings (whose moves the
//! CodinGame side is made to replay), and the refusals.

use crate::common;

const OPENINGS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/uttt-openings-2ply.txt"
);

#[test]
fn our_engine_in_codingame_format_plays_whole_games_from_openings() {
    let bin = env!("CARGO_BIN_EXE_gamesolver");
    let codingame = format!("codingame:{bin} engine uttt --codingame --movetime 5");
    let uci = format!("{bin} engine uttt --variant codingame");
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("games.tsv");
    let out = common::ok(&[
        "match",
        "uttt",
        "--variant",
        "codingame",
        "--openings",
        OPENINGS,
        "--engine",
        &codingame,
        "--engine",
        &uci,
        "--nodes",
        "300",
        "--games",
        "4",
        "--grace",
        "10000",
        "--save-games",
        saved.to_str().unwrap(),
    ]);
    assert!(out.contains("4 games at 300 nodes/move"), "{out}");
    assert!(out.contains("(0 by forfeit)"), "{out}");
    // The saved games replay legally from their openings to their end.
    let registry = gamesolver_engines::builtin();
    let uttt = registry.get("uttt").unwrap();
    let text = std::fs::read_to_string(&saved).unwrap();
    let games = gamesolver_api::parse_games(&text).unwrap();
    assert_eq!(games.len(), 4, "{text}");
    for game in &games {
        assert_eq!(game.tag("Forfeit"), None, "{text}");
        assert_eq!(game.rules.as_deref(), Some("codingame"));
        let replayed = game.replay(&registry).unwrap();
        assert!(replayed.end.is_terminal(), "{text}");
        assert_eq!(
            replayed.start.to_text(),
            uttt.parse(game.start.as_deref().unwrap(), Some("codingame"))
                .unwrap()
                .to_text()
        );
    }
}

#[test]
fn codingame_engines_play_ultimate_tic_tac_toe_only() {
    let err = common::fails_cleanly(&[
        "match",
        "jungle",
        "--engine",
        "codingame:./bot",
        "--engine",
        "gamesolver engine jungle",
    ]);
    assert!(err.contains("cannot play jungle"), "{err}");
    let err = common::fails_cleanly(&[
        "match",
        "uttt",
        "--engine",
        "codingame:",
        "--engine",
        "gamesolver engine uttt",
    ]);
    assert!(err.contains("is empty"), "{err}");
}
